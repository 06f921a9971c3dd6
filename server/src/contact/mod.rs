//! Contact messages: anyone (a visitor or a member) writes to the company from `/contact`.
//! The message is stored for the back office's inbox, mailed to the company's address and
//! confirmed to the sender.

pub mod handlers;
pub mod message;
pub mod page_form;
pub mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/contact/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::send))
}
