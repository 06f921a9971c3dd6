//! Providers at work: their working terms (areas, hours, days off, buffer, notice, jobs a day),
//! the free slots those give a service at a postcode, the length and amount of a booking, and
//! who is offered a booking first.

pub mod availability;
pub mod book_page;
pub mod dispatch;
mod feed;
pub mod free_times;
mod handlers;
pub mod hours;
pub mod length;
pub mod offer_link;
pub mod offer_order;
mod schedule;
pub mod slots;
pub mod terms;
pub mod texts;

use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/schedule/…` (the provider's terms, jobs and answers) and `/api/service/{id}/slots/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        // A job marked done takes photos: held to the form's own limit.
        .routes(routes!(handlers::complete_visit))
        .layer(crate::http::extract::uploads_limited_by_the_form())
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
