//! Booking a service: the member asks for a date, time and address; the amount comes from the
//! service's price; cancelling keeps the record.

pub mod cancellation;
pub mod completion;
mod handlers;
mod marking_done;
pub mod progress;
pub mod reminders;
mod reschedule;
pub(crate) mod texts;
pub(crate) mod views;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/service/booking/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        // A visit marked done takes photos: held to the form's own limit.
        .routes(routes!(marking_done::complete_visit))
        .layer(crate::http::extract::uploads_limited_by_the_form())
        .routes(routes!(handlers::list, handlers::book))
        .routes(routes!(handlers::show, handlers::cancel))
        .routes(routes!(handlers::move_booking))
}
