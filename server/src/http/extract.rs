//! Request extractors that fail with the contract's error body instead of axum's plain text.

use crate::http::AppError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::sync::Arc;

/// A JSON body; a malformed one is a 400 that says so.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(AppError::BadRequest(match rejection {
                axum::extract::rejection::JsonRejection::MissingJsonContentType(_) => "Send the body as JSON (Content-Type: application/json).".into(),
                other => format!("The request body is not valid JSON: {}", other.body_text()),
            })),
        }
    }
}

/// The client's address, for rate limits: the peer, or the first `X-Forwarded-For` hop when
/// the server is configured to trust its proxy.
pub struct ClientAddress(pub String);

impl FromRequestParts<Arc<AppState>> for ClientAddress {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        if state.config().trust_proxy {
            if let Some(forwarded) = parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()) {
                if let Some(first) = forwarded.split(',').next().map(str::trim).filter(|s| !s.is_empty()) {
                    return Ok(ClientAddress(first.to_string()));
                }
            }
        }
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(address)| address.ip().to_string());
        Ok(ClientAddress(peer.unwrap_or_else(|| "unknown".into())))
    }
}

/// Collects field errors; `finish` turns them into one 400 whose message is the first.
#[derive(Default)]
pub struct FieldErrors(std::collections::BTreeMap<String, Vec<String>>, Option<String>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        let message = message.into();
        self.1.get_or_insert_with(|| message.clone());
        self.0.entry(field.to_string()).or_default().push(message);
    }

    /// `value` trimmed, or a "required" error for `field`.
    pub fn required(&mut self, field: &str, value: Option<&str>) -> String {
        let value = value.map(str::trim).unwrap_or_default();
        if value.is_empty() {
            self.add(field, "This field is required.");
        }
        value.to_string()
    }

    /// A new password for `field`, checked against the contract's rules.
    pub fn new_password(&mut self, field: &str, value: Option<String>, email: Option<&crate::domain::Email>) -> String {
        let password = value.unwrap_or_default();
        if password.is_empty() {
            self.add(field, "This field is required.");
        } else if let Err(problem) = crate::accounts::password_rules::check_password(&password, email) {
            self.add(field, problem);
        }
        password
    }

    pub fn finish(self) -> Result<(), AppError> {
        match self.1 {
            None => Ok(()),
            Some(message) => Err(AppError::Validation { message, fields: self.0 }),
        }
    }
}
