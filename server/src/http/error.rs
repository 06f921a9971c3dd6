//! The one error type of the API: every handler returns it, and it renders the contract's
//! error body (`{"error": true, "message": ..., <field>: [...]}`), never internals.

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
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
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
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(error: sea_orm::DbErr) -> Self {
        AppError::Internal(error.into())
    }
}

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
        if let AppError::TooManyRequests { retry_after_seconds, .. } = self {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_seconds.into());
        }
        response
    }
}
