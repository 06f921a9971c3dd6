//! Uploaded files behind one interface (object_store): a folder under `data/uploads/` by
//! default, an S3-compatible bucket when `STORAGE_URL` is `s3://bucket/prefix` (credentials
//! and endpoint from the usual `AWS_*` variables). Files get random names and are reachable
//! only through links signed with a server key that expire after 15 minutes.

use anyhow::Context;
use bytes::Bytes;
use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use object_store::aws::AmazonS3ConfigKey;
use object_store::path::Path;
use object_store::{ClientConfigKey, ObjectStore, ObjectStoreExt};
use sha2::Sha256;
use std::sync::Arc;

pub const LINK_LIFETIME: Duration = Duration::minutes(15);

pub struct Storage {
    store: Arc<dyn ObjectStore>,
    key: Vec<u8>,
    public_url: String,
    /// The longest a store request may take, retries included.
    timeout: std::time::Duration,
}

/// What an upload turned out to be, by its first bytes (never by its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Doc,
    Docx,
    Jpeg,
    Png,
    Webp,
}

impl FileKind {
    pub fn sniff(bytes: &[u8]) -> Option<FileKind> {
        let starts = |magic: &[u8]| bytes.starts_with(magic);
        if starts(b"%PDF-") {
            Some(FileKind::Pdf)
        } else if starts(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            Some(FileKind::Doc)
        } else if starts(b"PK\x03\x04") && contains(bytes, b"[Content_Types].xml") && contains(bytes, b"word/") {
            Some(FileKind::Docx)
        } else if starts(&[0xFF, 0xD8, 0xFF]) {
            Some(FileKind::Jpeg)
        } else if starts(b"\x89PNG\r\n\x1a\n") {
            Some(FileKind::Png)
        } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(FileKind::Webp)
        } else {
            None
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Doc => "doc",
            FileKind::Docx => "docx",
            FileKind::Jpeg => "jpg",
            FileKind::Png => "png",
            FileKind::Webp => "webp",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Pdf => "application/pdf",
            FileKind::Doc => "application/msword",
            FileKind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            FileKind::Jpeg => "image/jpeg",
            FileKind::Png => "image/png",
            FileKind::Webp => "image/webp",
        }
    }

    pub fn from_extension(extension: &str) -> Option<FileKind> {
        [FileKind::Pdf, FileKind::Doc, FileKind::Docx, FileKind::Jpeg, FileKind::Png, FileKind::Webp].into_iter().find(|k| k.extension() == extension)
    }
}

/// Why a stored file could not be written or read.
#[derive(Debug)]
pub enum StorageError {
    /// No file by that key.
    NotFound,
    /// The disk has no room left.
    Full,
    /// An S3 store that did not answer properly: a network failure, a timeout or its own 5xx,
    /// all retried already.
    Unavailable,
    /// A fault of ours to fix: permissions, a wrong bucket, a bug.
    Failed(anyhow::Error),
}

fn failure(error: object_store::Error) -> StorageError {
    match error {
        object_store::Error::NotFound { .. } => StorageError::NotFound,
        error if is_out_of_space(&error) => {
            tracing::error!(%error, "the file storage is full");
            StorageError::Full
        }
        object_store::Error::Generic { store: "S3", source } => {
            tracing::error!(error = %source, "the file storage is unavailable");
            StorageError::Unavailable
        }
        error => StorageError::Failed(error.into()),
    }
}

fn timed_out() -> StorageError {
    tracing::error!("the file storage did not answer in time");
    StorageError::Unavailable
}

/// Whether `error` comes from a disk with no room left (ENOSPC or EDQUOT).
fn is_out_of_space(error: &object_store::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = cause {
        if let Some(io) = error.downcast_ref::<std::io::Error>()
            && matches!(io.kind(), std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded)
        {
            return true;
        }
        cause = error.source();
    }
    false
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

type HmacSha256 = Hmac<Sha256>;

/// A store on the same network answers a connection at once; one that does not is down.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// A duration as object_store's settings read it ("30s").
fn humantime_seconds(duration: std::time::Duration) -> String {
    format!("{}s", duration.as_secs().max(1))
}

impl Storage {
    /// `storage_url`: `s3://bucket[/prefix]`, or a local folder (`file:///path` or a path);
    /// an S3 store takes `options` over what the environment says.
    /// A request to an S3 store gives up after `timeout`, retries included, so that an upload
    /// to a store that cannot be reached answers 503 in seconds rather than minutes.
    pub fn open(storage_url: &str, options: &[(String, String)], key: &[u8], public_url: &str, timeout: std::time::Duration) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = if let Some(location) = storage_url.strip_prefix("s3://") {
            let (bucket, prefix) = location.split_once('/').unwrap_or((location, ""));
            let mut builder = object_store::aws::AmazonS3Builder::from_env();
            for (name, value) in options {
                builder = builder.with_config(name.parse().with_context(|| format!("{name} is not an S3 option"))?, value);
            }
            let bucket = builder
                .with_bucket_name(bucket)
                // On top of the options read from the environment (AWS_ALLOW_HTTP and others).
                .with_config(AmazonS3ConfigKey::Client(ClientConfigKey::ConnectTimeout), humantime_seconds(CONNECT_TIMEOUT))
                .with_config(AmazonS3ConfigKey::Client(ClientConfigKey::Timeout), humantime_seconds(timeout))
                .with_retry(object_store::RetryConfig { max_retries: 3, retry_timeout: timeout, ..Default::default() })
                .build()
                .context("STORAGE_URL names an S3 bucket that cannot be used")?;
            match prefix.trim_matches('/') {
                "" => Arc::new(bucket),
                prefix => Arc::new(object_store::prefix::PrefixStore::new(bucket, prefix)),
            }
        } else {
            let folder = storage_url.strip_prefix("file://").unwrap_or(storage_url);
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create the uploads folder {folder}"))?;
            Arc::new(object_store::local::LocalFileSystem::new_with_prefix(folder)?)
        };
        Ok(Storage { store, key: key.to_vec(), public_url: public_url.to_string(), timeout })
    }

    /// Stores `bytes` under a random name in `folder`; returns the key. A store that cannot be
    /// reached within the timeout is unavailable; whatever failed, nothing is left
    /// stored (the local store writes a temporary file and renames it; an S3 upload cut off by
    /// the timeout may have landed after all, so it is deleted, best effort).
    pub async fn put(&self, folder: &str, kind: FileKind, bytes: Bytes) -> Result<String, StorageError> {
        let key = format!("{folder}/{}.{}", hex::encode(rand::random::<[u8; 16]>()), kind.extension());
        if let Err(error) = self.replace(&key, bytes).await {
            if !matches!(error, StorageError::Full) {
                self.delete(&key).await;
            }
            return Err(error);
        }
        Ok(key)
    }

    /// Writes `bytes` over the file stored as `key` (a whole new file, never half of one).
    pub async fn replace(&self, key: &str, bytes: Bytes) -> Result<(), StorageError> {
        match tokio::time::timeout(self.timeout, self.store.put(&Path::from(key), bytes.into())).await {
            Ok(stored) => stored.map(drop).map_err(failure),
            Err(_) => Err(timed_out()),
        }
    }

    /// A stored file: not found if there is none by that key.
    pub async fn get(&self, key: &str) -> Result<Bytes, StorageError> {
        let fetched = async { self.store.get(&Path::from(key)).await?.bytes().await };
        match tokio::time::timeout(self.timeout, fetched).await {
            Ok(fetched) => fetched.map_err(failure),
            Err(_) => Err(timed_out()),
        }
    }

    /// Whether the store answers: asking for a name that is never used finds nothing, which
    /// is an answer; failing to ask is not.
    pub async fn check(&self) -> anyhow::Result<()> {
        match self.store.head(&Path::from(".readiness-check")).await {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// Removes a file; one that is already gone is not an error.
    pub async fn delete(&self, key: &str) {
        if let Err(error) = self.store.delete(&Path::from(key)).await {
            tracing::warn!(%key, %error, "could not delete a stored file");
        }
    }

    /// `outcome` of writing the records that point at the files `keys`, stored just before:
    /// when it failed the files are deleted, so that none is left that nothing points at.
    pub async fn unless_failed<T, E>(&self, keys: &[String], outcome: Result<T, E>) -> Result<T, E> {
        if outcome.is_err() {
            for key in keys {
                self.delete(key).await;
            }
        }
        outcome
    }

    fn signature(&self, key: &str, expires: i64) -> String {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("{key}\n{expires}").as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// An absolute link to `key` that works for 15 minutes.
    pub fn signed_url(&self, key: &str) -> String {
        let expires = (Utc::now() + LINK_LIFETIME).timestamp();
        format!("{}/files/{key}?expires={expires}&signature={}", self.public_url, self.signature(key, expires))
    }

    /// Whether a link's signature is ours and it has not expired.
    pub fn verify(&self, key: &str, expires: i64, signature: &str) -> bool {
        if expires < Utc::now().timestamp() {
            return false;
        }
        let Ok(given) = hex::decode(signature) else { return false };
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("{key}\n{expires}").as_bytes());
        mac.verify_slice(&given).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_come_from_content_not_names() {
        assert_eq!(FileKind::sniff(b"%PDF-1.7\n..."), Some(FileKind::Pdf));
        assert_eq!(FileKind::sniff(b"\x89PNG\r\n\x1a\n...."), Some(FileKind::Png));
        assert_eq!(FileKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some(FileKind::Jpeg));
        assert_eq!(FileKind::sniff(b"RIFF\x10\x00\x00\x00WEBPVP8 "), Some(FileKind::Webp));
        assert_eq!(FileKind::sniff(b"PK\x03\x04....[Content_Types].xml....word/document.xml"), Some(FileKind::Docx));
        assert_eq!(FileKind::sniff(b"PK\x03\x04 just a zip"), None);
        assert_eq!(FileKind::sniff(b"#!/bin/sh\nrm -rf /"), None);
        assert_eq!(FileKind::sniff(b"<html><script>"), None);
    }

    #[tokio::test]
    async fn links_are_signed_and_expire() {
        let folder = tempfile::tempdir().unwrap();
        let storage = Storage::open(folder.path().to_str().unwrap(), &[], b"secret", "http://127.0.0.1:3000", std::time::Duration::from_secs(10)).unwrap();
        let key = storage.put("passports", FileKind::Pdf, Bytes::from_static(b"%PDF-1.7")).await.unwrap();
        assert!(key.starts_with("passports/") && key.ends_with(".pdf"));
        assert_eq!(storage.get(&key).await.unwrap(), Bytes::from_static(b"%PDF-1.7"));
        let url = storage.signed_url(&key);
        let query = url.split_once('?').unwrap().1;
        let expires: i64 = query.split('&').next().unwrap().trim_start_matches("expires=").parse().unwrap();
        let signature = query.split("signature=").nth(1).unwrap();
        assert!(storage.verify(&key, expires, signature));
        assert!(!storage.verify(&key, expires + 1, signature), "the expiry is signed");
        assert!(!storage.verify("passports/other.pdf", expires, signature), "the key is signed");
        assert!(!storage.verify(&key, Utc::now().timestamp() - 1, &storage.signature(&key, Utc::now().timestamp() - 1)), "expired links fail");
        assert!(!storage.verify(&key, expires, "zz"));
    }
}
