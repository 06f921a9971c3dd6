//! Providers at work: their working terms (areas, hours, days off, buffer, notice, visits a
//! day), the free slots those give a service at a postcode, the length and amount of a booking,
//! who is offered a booking first and who took it, when a visit starts, its calendar invite,
//! and how a booking is named in notices. `bookings` uses this; this never uses `bookings`.

pub mod availability;
pub mod book_page;
pub mod calendar;
pub mod dispatch;
mod feed;
pub mod free_times;
mod handlers;
pub mod hours;
pub mod length;
pub mod offer_link;
pub mod offer_order;
pub mod schedule;
pub mod slots;
pub mod terms;
pub mod texts;

use crate::domain::uk_time;
use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use chrono::{DateTime, NaiveTime, Utc};
use entity::booking;
use entity::words::Dispatch;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/schedule/…` (the provider's terms, jobs and answers) and `/api/service/{id}/slots/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::show_terms, handlers::save_terms))
        .routes(routes!(handlers::service_slots))
        .routes(routes!(schedule::list_visits))
        .routes(routes!(handlers::accept_offer))
        .routes(routes!(handlers::decline_offer))
        .routes(routes!(handlers::hand_back))
        .routes(routes!(feed::show_address, feed::renew_address))
        .routes(routes!(feed::calendar))
}

/// The page a job offer's mail links to.
pub fn pages() -> Router<Arc<AppState>> {
    Router::new().route(offer_link::PATH, get(offer_link::answer).post(offer_link::answer))
}

/// The provider who took `booking` (accepted it, and has it still), if one did.
pub fn provider_who_took(booking: &booking::Model) -> Option<i32> {
    booking.provider_user_id.filter(|_| booking.dispatch == Some(Dispatch::Accepted))
}

/// When `booking` starts: its recorded start, or for a booking made before starts were
/// recorded, its date and time in the UK.
pub fn starts_at(booking: &booking::Model) -> DateTime<Utc> {
    booking.starts_at.unwrap_or_else(|| {
        let time = NaiveTime::parse_from_str(&booking.time, "%H:%M").unwrap_or(NaiveTime::MIN);
        uk_time::to_utc(booking.date.and_time(time))
    })
}
