//! Reviews that members leave on services: one per member and service, never by the service's
//! own provider; every completed booking's customer is invited to leave one (or update theirs),
//! and the provider who did the job may answer it.

mod answers;
mod handlers;
pub mod invitation;
pub mod queries;
pub mod texts;
pub mod views;
mod writing;

use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/reviews/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::list, handlers::create)).routes(routes!(handlers::report)).routes(routes!(answers::answer))
}

/// The page a review invitation links to.
pub fn pages() -> Router<Arc<AppState>> {
    Router::new().route(invitation::PAGE, get(invitation::show).post(invitation::leave))
}
