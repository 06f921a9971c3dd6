//! Job seekers: people who register with the agency with the work they want and a private CV,
//! and, if they ask and confirm their address, get job alerts: a mail of new matching jobs at
//! most once a day, each with a one-click unsubscribe that needs no sign-in (PECR).

pub mod alerts;
pub mod links;
mod registration;
mod texts;
mod wanted_work;

use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/job-seekers/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(registration::register)).layer(crate::http::extract::uploads_limited_by_the_form())
}

/// The pages the links in alert mails open: confirming the address, and unsubscribing (a GET
/// from the mail's link, or the RFC 8058 one-click POST from the mail client).
pub fn pages() -> Router<Arc<AppState>> {
    Router::new()
        .route(links::CONFIRM_PATH, get(links::confirm).post(links::confirm))
        .route(links::UNSUBSCRIBE_PATH, get(links::unsubscribe).post(links::unsubscribe))
}
