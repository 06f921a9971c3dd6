//! Accounts: registration with emailed codes, JWT sessions with rotating refresh tokens,
//! password reset, the member's profile and documents, and staff accounts.

pub mod codes;
pub mod members;
pub mod page_forms;
pub mod profile;
pub mod sign_in;
pub mod signed_in;
pub mod staff;
pub mod staff_session;
pub mod texts;
pub mod tokens;

use crate::state::AppState;
use axum::http::{HeaderValue, header};
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/auth/`: each route with its OpenAPI description.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    let profile_form = OpenApiRouter::new().routes(routes!(profile::show, profile::update)).layer(crate::http::extract::uploads_limited_by_the_form());
    OpenApiRouter::new()
        .routes(routes!(sign_in::register))
        .routes(routes!(sign_in::verify_email))
        .routes(routes!(sign_in::resend_otp))
        .routes(routes!(sign_in::login))
        .routes(routes!(sign_in::refresh))
        .routes(routes!(sign_in::logout))
        .routes(routes!(sign_in::password_reset))
        .routes(routes!(sign_in::password_reset_confirm))
        .routes(routes!(profile::delete_certificate))
        .routes(routes!(profile::update_password))
        .merge(profile_form)
        // Tokens, codes' answers and personal data: never kept by a browser or a proxy.
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
}
