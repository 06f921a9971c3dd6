//! Booking a service: the member asks for a date, time and address; the amount comes from the
//! service's price; cancelling keeps the record.

pub(crate) mod calendar;
pub mod cancellation;
pub mod completion;
mod handlers;
pub mod progress;
pub mod reminders;
mod reschedule;
pub(crate) mod texts;
pub(crate) mod views;

use crate::domain::uk_time;
use crate::state::AppState;
use chrono::{DateTime, NaiveTime, Utc};
use entity::booking;
use entity::words::Dispatch;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// As far ahead as a booking may be made (a year and a day), in days from today.
pub const BOOKABLE_DAYS_AHEAD: i64 = 366;

/// `/api/service/booking/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list, handlers::book))
        .routes(routes!(handlers::show, handlers::cancel))
        .routes(routes!(handlers::move_booking))
}

/// When `booking` starts: its recorded start, or for a booking made before starts were
/// recorded, its date and time in the UK.
pub fn starts_at(booking: &booking::Model) -> DateTime<Utc> {
    booking.starts_at.unwrap_or_else(|| {
        let time = NaiveTime::parse_from_str(&booking.time, "%H:%M").unwrap_or(NaiveTime::MIN);
        uk_time::to_utc(booking.date.and_time(time))
    })
}

/// The provider who took `booking` (accepted it, and has it still), if one did.
pub fn provider_who_took(booking: &booking::Model) -> Option<i32> {
    booking.provider_user_id.filter(|_| booking.dispatch == Some(Dispatch::Accepted))
}
