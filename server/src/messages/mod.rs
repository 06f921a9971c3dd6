//! Messages on a booking: one thread per booking between its customer, the provider who took
//! it (while they have it) and the company's staff, in text and photos. Photos are stored
//! without their metadata and read only through signed links; readers are mailed about new
//! messages at most once a thread in `MESSAGE_MAIL_MINUTES`; staff may hide a message.

pub mod access;
pub(crate) mod handlers;
pub mod mail;
mod page;
mod staff;
pub(crate) mod texts;
pub mod thread;
pub mod views;

use crate::http::extract::uploads_limited_by_the_form;
use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The member's calls and the back office's; the forms with a photo are held to their own
/// limits.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_messages, handlers::write_message))
        .routes(routes!(staff::staff_messages, staff::staff_write_message))
        .layer(uploads_limited_by_the_form())
        .routes(routes!(handlers::unread))
        .routes(routes!(staff::hide_message))
}

/// The thread's page, which a reader's mail links to.
pub fn pages() -> Router<Arc<AppState>> {
    Router::new().route(access::PAGE, get(page::show).post(page::write).layer(uploads_limited_by_the_form()))
}
