//! Bookmarks: a member's saved services and jobs. A visitor's live in the browser and are
//! merged in here on login (saving one twice keeps one).

mod handlers;
mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/bookmarks/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::list, handlers::save)).routes(routes!(handlers::remove))
}
