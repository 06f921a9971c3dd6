//! Becoming a provider: a member applies to provide a service (Pending until staff decide),
//! reads their applications, switches their availability, or withdraws. An approved provider
//! has a public profile.

mod handlers;
pub mod profile;
mod texts;
pub mod views;

use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/service/providers/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::list, handlers::apply)).routes(routes!(handlers::update, handlers::withdraw))
}

/// A provider's photo, as their profile shows it.
pub fn pages() -> Router<Arc<AppState>> {
    Router::new().route(profile::PHOTO_PATH, get(profile::photo))
}
