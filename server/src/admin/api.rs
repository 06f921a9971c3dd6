//! The back office's JSON calls: thin handlers over the same functions its pages use.

use crate::accounts::signed_in::Staff;
use crate::admin::{audit, dashboard, texts};
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::{AuditRow, Dashboard};
use axum::Json;
use axum::extract::State;
use std::sync::Arc;

/// What waits for staff.
#[utoipa::path(get, path = "/api/admin/dashboard/", tag = "back office", responses((status = 200, body = Dashboard), StaffOnly))]
pub async fn dashboard(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<Dashboard>, AppError> {
    Ok(Json(dashboard::counts(state.db()).await?))
}

/// The audit log, newest first.
#[utoipa::path(get, path = "/api/admin/audit/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Matches the staff member, the action, the subject's type or the summary"),
    ("subject_type" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "With subject_id: one record's history, e.g. provider"),
    ("subject_id" = Option<i32>, Query, minimum = 1),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<AuditRow>), Invalid, StaffOnly))]
pub async fn audit_log(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<AuditRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let subject_id = query.parsed(&mut errors, "subject_id", texts::SUBJECT_ID_EXPECTED, |raw| raw.parse::<i32>().ok().filter(|id| *id > 0));
    let subject = match (query.text("subject_type"), subject_id) {
        (Some(kind), Some(id)) => Some((kind, id)),
        (None, None) => None,
        _ => {
            errors.add("subject_type", texts::SUBJECT_TOGETHER);
            None
        }
    };
    errors.finish()?;
    let (count, rows) = audit::search(state.db(), query.text("search"), subject, request).await?;
    Ok(Json(query.page(request, count, rows.into_iter().map(audit::row).collect())?))
}
