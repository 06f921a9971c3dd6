//! Reviews that members leave on services: one per member and service, never by the service's
//! own provider.

mod handlers;
pub mod queries;
pub mod texts;
pub mod views;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/reviews/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::list, handlers::create)).routes(routes!(handlers::report))
}
