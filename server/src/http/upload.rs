//! Files in multipart forms: read up to a size limit (refused as soon as they pass it), and
//! taken only when their first bytes say they are of an allowed kind, whatever their name says.

use crate::http::AppError;
use crate::http::extract::{MultipartForm, form_error};
use crate::platform::storage::FileKind;
use axum::extract::multipart::Field;
use bytes::{Bytes, BytesMut};
use std::collections::HashMap;

pub const DOCUMENT_LIMIT: usize = 5 * 1024 * 1024;
pub const PICTURE_LIMIT: usize = 2 * 1024 * 1024;
/// Personal documents: a passport or a bill may be a photo.
pub const DOCUMENT_KINDS: &[FileKind] = &[FileKind::Pdf, FileKind::Doc, FileKind::Docx, FileKind::Jpeg, FileKind::Png];
/// CVs and job attachments: documents, not photos.
pub const WRITTEN_KINDS: &[FileKind] = &[FileKind::Pdf, FileKind::Doc, FileKind::Docx];
pub const PICTURE_KINDS: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Webp];

/// Reads one uploaded file, refusing it as soon as it passes `limit` bytes.
pub async fn read_file(field: &mut Field<'_>, name: &str, limit: usize) -> Result<Bytes, AppError> {
    let mut bytes = BytesMut::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&format!("The upload of {name} was interrupted"), e))? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > limit {
            return Err(AppError::PayloadTooLarge(format!("The file for {name} is too large: at most {} MiB.", limit / (1024 * 1024))));
        }
    }
    Ok(bytes.freeze())
}

/// What the file is, if it is one of `allowed`; a 415 naming them otherwise.
pub fn check_kind(name: &str, bytes: &[u8], allowed: &[FileKind]) -> Result<FileKind, AppError> {
    let names = allowed.iter().map(|k| k.extension().to_uppercase()).collect::<Vec<_>>().join(", ");
    match FileKind::sniff(bytes) {
        Some(kind) if allowed.contains(&kind) => Ok(kind),
        _ => Err(AppError::UnsupportedMediaType(format!("The file for {name} must be one of: {names}."))),
    }
}

/// A file a form takes, under its field name.
pub struct FileField {
    pub name: &'static str,
    pub limit: usize,
    pub kinds: &'static [FileKind],
}

/// A checked upload.
pub struct Upload {
    pub kind: FileKind,
    pub bytes: Bytes,
}

/// A multipart form read whole: text fields by name, trimmed, and the files it takes.
pub struct FormFields {
    texts: HashMap<String, String>,
    files: HashMap<&'static str, Upload>,
}

impl FormFields {
    /// Reads `form`, taking the files named in `files` (an empty file is no file: a browser
    /// sends one for a file input left empty). A field sent twice is refused, so that no value
    /// is silently dropped.
    pub async fn read(MultipartForm(mut form): MultipartForm, files: &[FileField]) -> Result<Self, AppError> {
        let mut fields = FormFields { texts: HashMap::new(), files: HashMap::new() };
        // A file of the wrong kind is refused once the (size-limited) form is read to its end:
        // answering mid-upload would reset the connection under a client still sending.
        let mut wrong_kind = None;
        while let Some(mut field) = form.next_field().await.map_err(|e| form_error("The form could not be read", e))? {
            let name = field.name().unwrap_or("").to_string();
            if fields.texts.contains_key(&name) || fields.files.contains_key(name.as_str()) {
                return Err(AppError::field(&name, "Send this field once."));
            }
            if let Some(rule) = files.iter().find(|rule| rule.name == name) {
                let bytes = read_file(&mut field, rule.name, rule.limit).await?;
                if !bytes.is_empty() {
                    match check_kind(rule.name, &bytes, rule.kinds) {
                        Ok(kind) => _ = fields.files.insert(rule.name, Upload { kind, bytes }),
                        Err(error) => _ = wrong_kind.get_or_insert(error),
                    }
                }
                continue;
            }
            let value = field.text().await.map_err(|e| form_error(&format!("The field {name} could not be read"), e))?;
            fields.texts.insert(name, value.trim().to_string());
        }
        match wrong_kind {
            Some(error) => Err(error),
            None => Ok(fields),
        }
    }

    /// A text field as sent (trimmed), if it was.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.get(name).map(String::as_str)
    }

    /// A text field as a JSON string, for the checks that take JSON values.
    pub fn value(&self, name: &str) -> Option<serde_json::Value> {
        self.texts.get(name).map(|text| serde_json::Value::String(text.clone()))
    }

    pub fn take_file(&mut self, name: &str) -> Option<Upload> {
        self.files.remove(name)
    }
}
