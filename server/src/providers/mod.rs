//! Becoming a provider: a member applies to provide a service (Pending until staff decide),
//! reads their applications, switches their availability, or withdraws.

mod handlers;
mod texts;
pub mod views;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/service/providers/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::list, handlers::apply)).routes(routes!(handlers::update, handlers::withdraw))
}
