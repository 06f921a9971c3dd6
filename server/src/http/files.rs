//! `/files/{key}`: members' documents, only through signed links that expire. A link that is
//! unsigned, tampered with or expired answers 403 and says nothing about the file.

use crate::http::AppError;
use crate::platform::storage::FileKind;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Deserialize)]
pub struct Signature {
    expires: Option<i64>,
    signature: Option<String>,
}

pub async fn download(State(state): State<Arc<AppState>>, Path(key): Path<String>, Query(link): Query<Signature>) -> Result<Response, AppError> {
    let forbidden = || AppError::Forbidden("This link is invalid or has expired.".into());
    let (Some(expires), Some(signature)) = (link.expires, link.signature) else { return Err(forbidden()) };
    if !state.storage.verify(&key, expires, &signature) {
        return Err(forbidden());
    }
    let kind = key.rsplit_once('.').and_then(|(_, extension)| FileKind::from_extension(extension)).ok_or_else(forbidden)?;
    let bytes = state.storage.get(&key).await?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind.content_type()));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    Ok(response)
}
