//! Providers at work: their working terms (areas, hours, days off, buffer, notice, jobs a day),
//! the free slots those give a service at a postcode, the length and amount of a booking, and
//! who is offered a booking first.

pub mod availability;
pub mod dispatch;
mod handlers;
pub mod hours;
pub mod length;
pub mod offer_order;
pub mod slots;
pub mod terms;
pub mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/schedule/terms/` and `/api/service/{id}/slots/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::show_terms, handlers::save_terms)).routes(routes!(handlers::service_slots))
}
