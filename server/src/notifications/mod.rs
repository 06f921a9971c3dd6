//! Notifications: written on the marketplace's events in the same transaction as the event,
//! each also mailed through the outbox; the member reads and marks them here.

mod handlers;
pub mod notice;
mod texts;
pub mod views;

use crate::state::AppState;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/notifications` (the spec's path, without a slash; also served with one).
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list))
        .route("/api/notifications/", get(handlers::list))
        .routes(routes!(handlers::update))
        .routes(routes!(handlers::read_all))
}
