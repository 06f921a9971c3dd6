//! The HTTP edge: the one error type, extractors (the signed-in `Member`, JSON bodies, the
//! client address), serving connections (HTTP/1.1 and HTTP/2, with hyper's own server), kept
//! answers ahead of the router, private file links, the OpenAPI document assembled from the routes, and
//! what operators read: health, request ids and logs, metrics.

pub mod api;
pub mod body_deadline;
pub mod credentials;
pub mod error;
pub mod extract;
pub mod files;
pub mod front;
pub mod health;
pub mod list;
pub mod metrics;
pub mod observe;
pub mod openapi;
pub mod origin;
pub mod security_headers;
pub mod serve;
pub mod signed_page;
pub mod upload;

pub use error::AppError;

/// A moment as the API writes it: ISO 8601 in UTC, to the second (`2026-11-23T09:30:00Z`).
pub fn timestamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
