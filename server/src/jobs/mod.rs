//! Jobs: posting them, applying for them with a CV and following the applications, and
//! closing them when their closing date passes.

pub mod applications;
pub mod expiry;
pub mod place;
pub mod posting;
pub mod queries;
mod rules;
mod texts;
pub mod views;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/service/jobs/`, `/api/job-apply/` and `/api/service/applications/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(posting::list, posting::post))
        .routes(routes!(applications::apply))
        .layer(crate::http::extract::uploads_limited_by_the_form());
    OpenApiRouter::new()
        .merge(uploads)
        .routes(routes!(posting::show, posting::remove))
        .routes(routes!(posting::attachment))
        .routes(routes!(applications::list_for_job))
        .routes(routes!(applications::list_own))
        .routes(routes!(applications::withdraw, applications::set_status))
}
