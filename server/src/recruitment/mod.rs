//! Recruitment requests: an employer (a visitor or a member) asks the company to find staff.
//! The request is stored, mailed to the company's address and confirmed to the sender.

pub mod handlers;
pub mod page_form;
pub mod request;
pub mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/send-recruitment/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::send))
}
