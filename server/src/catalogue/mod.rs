//! The public catalogue: categories, services and the company's website info. Pages and the
//! API read it through these plain functions.

pub mod categories;
pub mod coverage;
pub mod coverage_index;
mod handlers;
pub mod services;
mod texts;
pub mod views;
pub mod website_info;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/service/categories/`, `/api/service/`, `/api/service/{id}/`, `/api/website-info/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_categories))
        .routes(routes!(handlers::list_services))
        .routes(routes!(handlers::show_service))
        .routes(routes!(handlers::website_info))
}
