//! The one error type of the API: every handler returns it, and it renders the contract's
//! error body (`{"error": true, "message": ..., <field>: [...]}`), never internals.

use crate::platform::rate_limit::Refused;
use crate::platform::storage::StorageError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 with one list of messages per field; `message` is the first of them.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<String, Vec<String>> },
    #[error("{0}")]
    BadRequest(String),
    /// 401; the sentence is also the `detail`.
    #[error("{0}")]
    Unauthorized(String),
    /// 403; the sentence is also the `detail`.
    #[error("{0}")]
    Forbidden(String),
    #[error("Not found.")]
    NotFound,
    /// 404 for a page number past the end of a list.
    #[error("Invalid page.")]
    PageOutOfRange,
    #[error("This method is not allowed here.")]
    MethodNotAllowed,
    /// 410: what was asked for was taken down for good.
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    Conflict(String),
    #[error("The file is too large.")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_seconds: u64 },
    /// 502: a service we depend on (the payment provider) failed; the request may be retried.
    #[error("{0}")]
    BadGateway(String),
    /// 503 with `Retry-After`: the database or the file storage cannot be reached just now.
    #[error("{0}")]
    Unavailable(String),
    /// 507: the file storage is full; nothing was stored.
    #[error("There is no room to store files just now. Please try again later.")]
    StorageFull,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// 503 while the database cannot be reached.
    pub fn database_unavailable() -> Self {
        AppError::Unavailable("The service is unavailable for a moment. Please try again shortly.".into())
    }

    /// A validation error of one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        AppError::Validation { message: message.clone(), fields: BTreeMap::from([(field.to_string(), vec![message])]) }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Validation { .. } | AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound | AppError::PageOutOfRange => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Gone(_) => StatusCode::GONE,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::BadGateway(_) => StatusCode::BAD_GATEWAY,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::StorageFull => StatusCode::INSUFFICIENT_STORAGE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// What a client is told once a rate limit is used up.
pub const TOO_MANY_REQUESTS: &str = "Too many requests. Please try again later.";

/// 429 once a rate limit is used up.
impl From<Refused> for AppError {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::UsedUp { retry_after_seconds } => AppError::TooManyRequests { message: TOO_MANY_REQUESTS.into(), retry_after_seconds },
            Refused::Failed(error) => error.into(),
        }
    }
}

/// What a store's failure means to the client: no such file (404), a full disk (507), a store
/// that did not answer properly (503), or else a fault of ours to fix (500).
impl From<StorageError> for AppError {
    fn from(error: StorageError) -> Self {
        match error {
            StorageError::NotFound => AppError::NotFound,
            StorageError::Full => AppError::StorageFull,
            StorageError::Unavailable => AppError::Unavailable("File storage is unavailable for a moment. Please try again shortly.".into()),
            StorageError::Failed(error) => AppError::Internal(error),
        }
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(error: sea_orm::DbErr) -> Self {
        if crate::platform::db::is_unavailable(&error) {
            tracing::warn!(%error, "the database is unavailable");
            return AppError::database_unavailable();
        }
        AppError::Internal(error.into())
    }
}

/// What a 503 asks a client to wait: a database restart or a store's hiccup takes seconds.
pub(crate) const RETRY_UNAVAILABLE_AFTER_SECONDS: u64 = 5;

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut body = Map::new();
        body.insert("error".into(), Value::Bool(true));
        let message = match &self {
            AppError::Internal(error) => {
                tracing::error!(error = format!("{error:#}"), "request failed");
                "Internal Server Error".to_string()
            }
            AppError::PayloadTooLarge(message) => message.clone(),
            other => other.to_string(),
        };
        body.insert("message".into(), json!(message));
        match &self {
            AppError::Validation { fields, .. } => {
                for (field, messages) in fields {
                    body.insert(field.clone(), json!(messages));
                }
            }
            AppError::Unauthorized(detail) | AppError::Forbidden(detail) => {
                body.insert("detail".into(), json!(detail));
            }
            _ => {}
        }
        let mut response = (status, Json(Value::Object(body))).into_response();
        match self {
            AppError::TooManyRequests { retry_after_seconds, .. } => {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_seconds.into());
            }
            AppError::Unavailable(_) => {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, RETRY_UNAVAILABLE_AFTER_SECONDS.into());
            }
            _ => {}
        }
        response
    }
}
