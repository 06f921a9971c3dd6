//! The JSON API under `/api/`, grouped by resource. Every handler returns `AppError` on
//! failure, which renders the contract's error body.

mod auth;
mod extract;
mod files;
mod openapi;
mod profile;

use crate::error::AppError;
use crate::state::AppState;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post, put};
use std::sync::Arc;

/// Several documents at 5 MiB each may come in one profile update.
const MULTIPART_LIMIT: usize = 40 * 1024 * 1024;

pub fn router(state: Arc<AppState>) -> Router {
    let api = Router::new()
        .route("/auth/register/", post(auth::register))
        .route("/auth/verify-email/", post(auth::verify_email))
        .route("/auth/resend-otp/", post(auth::resend_otp))
        .route("/auth/login/", post(auth::login))
        .route("/auth/token/refresh/", post(auth::refresh))
        .route("/auth/logout/", post(auth::logout))
        .route("/auth/password-reset/", post(auth::password_reset))
        .route("/auth/password-reset-confirm/", post(auth::password_reset_confirm))
        .route("/auth/profile/", get(profile::show).patch(profile::update).layer(DefaultBodyLimit::max(MULTIPART_LIMIT)))
        .route("/auth/certificate/{id}/", delete(profile::delete_certificate))
        .route("/auth/update-password/", put(profile::update_password))
        .route("/openapi.json", get(openapi::document))
        .route("/docs", get(openapi::page))
        .fallback(|| async { AppError::NotFound });
    Router::new()
        .nest("/api", api)
        .route("/files/{*key}", get(files::download))
        .with_state(state)
}
