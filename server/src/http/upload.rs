//! Files in multipart forms: read up to a size limit (refused as soon as they pass it), and
//! taken only when their first bytes say they are of an allowed kind, whatever their name says.

use crate::http::AppError;
use crate::http::extract::{MultipartForm, form_error};
use crate::platform::storage::FileKind;
use axum::extract::multipart::Field;
use bytes::{Bytes, BytesMut};
use std::collections::HashMap;

/// The contract's limit for a profile picture; documents' is `UPLOAD_MAX_MIB` (`Limits::document_bytes`).
pub const PICTURE_LIMIT: usize = 2 * 1024 * 1024;
/// Personal documents: a passport or a bill may be a photo.
pub const DOCUMENT_KINDS: &[FileKind] = &[FileKind::Pdf, FileKind::Doc, FileKind::Docx, FileKind::Jpeg, FileKind::Png];
/// CVs and job attachments: documents, not photos.
pub const WRITTEN_KINDS: &[FileKind] = &[FileKind::Pdf, FileKind::Doc, FileKind::Docx];
pub const PICTURE_KINDS: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Webp];

/// Reads one uploaded file, keeping at most `limit` bytes. A larger one is refused, once read
/// to its end: answering mid-upload would reset the connection under a client still sending,
/// which would then never see the answer (the form's own cap still bounds what is read).
pub async fn read_file(field: &mut Field<'_>, name: &str, limit: usize) -> Result<Bytes, AppError> {
    let mut bytes = BytesMut::new();
    let mut too_large = false;
    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&format!("The upload of {name} was interrupted"), e))? {
        too_large |= bytes.len() + chunk.len() > limit;
        if !too_large {
            bytes.extend_from_slice(&chunk);
        }
    }
    if too_large {
        return Err(AppError::PayloadTooLarge(format!("The file for {name} is too large: at most {} MiB.", limit / (1024 * 1024))));
    }
    Ok(bytes.freeze())
}

/// One file of a form, checked: `None` for an empty file (what a browser sends for a file
/// input left empty).
pub async fn read_upload(field: &mut Field<'_>, name: &str, limit: usize, kinds: &[FileKind]) -> Result<Option<Upload>, AppError> {
    let bytes = read_file(field, name, limit).await?;
    if bytes.is_empty() {
        return Ok(None);
    }
    Ok(Some(Upload { kind: check_kind(name, &bytes, kinds)?, bytes }))
}

/// Whether a file's refusal (too large, wrong kind) waits for the rest of the form to be read,
/// for the reason `read_file` gives; anything else (a broken form) answers at once.
pub fn is_file_refusal(error: &AppError) -> bool {
    matches!(error, AppError::PayloadTooLarge(_) | AppError::UnsupportedMediaType(_))
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
    /// Reads `form`, taking the files named in `files` (an empty file is no file). A field sent twice is refused, so that no value
    /// is silently dropped.
    pub async fn read(MultipartForm(mut form): MultipartForm, files: &[FileField]) -> Result<Self, AppError> {
        let mut fields = FormFields { texts: HashMap::new(), files: HashMap::new() };
        // A file too large or of the wrong kind is refused once the form is read to its end
        // (see `read_file`).
        let mut refused = None;
        while let Some(mut field) = form.next_field().await.map_err(|e| form_error("The form could not be read", e))? {
            let name = field.name().unwrap_or("").to_string();
            if fields.texts.contains_key(&name) || fields.files.contains_key(name.as_str()) {
                return Err(AppError::field(&name, "Send this field once."));
            }
            if let Some(rule) = files.iter().find(|rule| rule.name == name) {
                match read_upload(&mut field, rule.name, rule.limit, rule.kinds).await {
                    Ok(Some(upload)) => _ = fields.files.insert(rule.name, upload),
                    Ok(None) => {}
                    Err(error) if is_file_refusal(&error) => _ = refused.get_or_insert(error),
                    Err(error) => return Err(error),
                }
                continue;
            }
            let value = field.text().await.map_err(|e| form_error(&format!("The field {name} could not be read"), e))?;
            fields.texts.insert(name, value.trim().to_string());
        }
        match refused {
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
