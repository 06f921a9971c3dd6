//! The HTTP edge: the one error type, extractors (the signed-in `Member`, JSON bodies, the
//! client address), private file links, and the OpenAPI document assembled from the routes.

pub mod api;
pub mod error;
pub mod extract;
pub mod files;
pub mod member;
pub mod openapi;
pub mod security_headers;
pub mod serve;

pub use error::AppError;
