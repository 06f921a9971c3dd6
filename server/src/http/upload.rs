//! Files in multipart forms: kept up to a size limit, and taken only when their first bytes say
//! they are of an allowed kind, whatever their name says. A refused file is answered once the
//! whole form is read: answering mid-upload would reset the connection under a client still
//! sending, which would then never see the answer (the form's own cap bounds what is read).

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

/// Reads one uploaded file to its end, keeping at most `limit` bytes; a larger one is refused.
async fn read_file(field: &mut Field<'_>, name: &str, limit: usize) -> Result<Bytes, AppError> {
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

/// The first file of a form refused (too large, of the wrong kind), kept until the form is read
/// to its end.
#[derive(Default)]
pub struct FileRefusal(Option<AppError>);

impl FileRefusal {
    /// Reads one file of the form, checked: `None` for an empty file (what a browser sends for
    /// a file input left empty) and for a refused one, whose refusal is kept for [`Self::answer`].
    /// A form that cannot be read is an error at once.
    pub async fn read(&mut self, field: &mut Field<'_>, name: &str, limit: usize, kinds: &[FileKind]) -> Result<Option<Upload>, AppError> {
        let checked = match read_file(field, name, limit).await {
            Ok(bytes) if bytes.is_empty() => return Ok(None),
            Ok(bytes) => check_kind(name, &bytes, kinds).map(|kind| Upload { kind, bytes }),
            Err(error) => Err(error),
        };
        match checked {
            Ok(upload) => Ok(Some(upload)),
            Err(refused @ (AppError::PayloadTooLarge(_) | AppError::UnsupportedMediaType(_))) => {
                self.0.get_or_insert(refused);
                Ok(None)
            }
            Err(error) => Err(error),
        }
    }

    /// The refusal, once the form is read: an error if a file was refused.
    pub fn answer(self) -> Result<(), AppError> {
        self.0.map_or(Ok(()), Err)
    }
}

/// What the file is, if it is one of `allowed`; a 415 naming them otherwise.
fn check_kind(name: &str, bytes: &[u8], allowed: &[FileKind]) -> Result<FileKind, AppError> {
    let names = allowed.iter().map(|k| k.extension().to_uppercase()).collect::<Vec<_>>().join(", ");
    match FileKind::sniff(bytes) {
        Some(kind) if allowed.contains(&kind) => Ok(kind),
        _ => Err(AppError::UnsupportedMediaType(format!("The file for {name} must be one of: {names}."))),
    }
}

/// A file a form takes, under its field name: one, or up to `most` of them (the field sent
/// once a file).
pub struct FileField {
    pub name: &'static str,
    pub limit: usize,
    pub kinds: &'static [FileKind],
    pub most: usize,
}

impl FileField {
    /// A field of one file.
    pub fn one(name: &'static str, limit: usize, kinds: &'static [FileKind]) -> Self {
        FileField { name, limit, kinds, most: 1 }
    }
}

/// A checked upload.
pub struct Upload {
    pub kind: FileKind,
    pub bytes: Bytes,
}

/// A multipart form read whole: text fields by name, trimmed, and the files it takes.
pub struct FormFields {
    texts: HashMap<String, String>,
    files: HashMap<&'static str, Vec<Upload>>,
}

impl FormFields {
    /// Reads `form`, taking the files named in `files` (an empty file is no file). A field sent
    /// more often than it takes is refused, so that no value is silently dropped.
    pub async fn read(MultipartForm(mut form): MultipartForm, files: &[FileField]) -> Result<Self, AppError> {
        let mut fields = FormFields { texts: HashMap::new(), files: HashMap::new() };
        let mut refusal = FileRefusal::default();
        while let Some(mut field) = form.next_field().await.map_err(|e| form_error("The form could not be read", e))? {
            let name = field.name().unwrap_or("").to_string();
            if let Some(rule) = files.iter().find(|rule| rule.name == name) {
                let taken = fields.files.entry(rule.name).or_default();
                if taken.len() == rule.most {
                    return Err(AppError::field(
                        &name,
                        &match rule.most {
                            1 => "Send this field once.".to_owned(),
                            most => format!("Send at most {most} files."),
                        },
                    ));
                }
                if let Some(upload) = refusal.read(&mut field, rule.name, rule.limit, rule.kinds).await? {
                    taken.push(upload);
                }
                continue;
            }
            if fields.texts.contains_key(&name) {
                return Err(AppError::field(&name, "Send this field once."));
            }
            let value = field.text().await.map_err(|e| form_error(&format!("The field {name} could not be read"), e))?;
            fields.texts.insert(name, value.trim().to_string());
        }
        refusal.answer()?;
        Ok(fields)
    }

    /// A text field as sent (trimmed), if it was.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.get(name).map(String::as_str)
    }

    /// A text field as a JSON string, for the checks that take JSON values.
    pub fn value(&self, name: &str) -> Option<serde_json::Value> {
        self.texts.get(name).map(|text| serde_json::Value::String(text.clone()))
    }

    /// The file of a field of one file, if one was sent.
    pub fn take_file(&mut self, name: &str) -> Option<Upload> {
        self.take_files(name).pop()
    }

    /// The files sent under `name`, in the form's order.
    pub fn take_files(&mut self, name: &str) -> Vec<Upload> {
        self.files.remove(name).unwrap_or_default()
    }
}
