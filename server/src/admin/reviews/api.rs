//! The back office's JSON calls about reviews: thin handlers over this subject's functions, which its pages use too.

use super::{Moderation, texts};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::ReviewRow;
use axum::Json;
use axum::extract::State;
use entity::words::{Filter, ReviewState};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type ReviewStateFilter = Filter<ReviewState>;

/// Reviews to moderate, newest first.
#[utoipa::path(get, path = "/api/admin/reviews/", tag = "back office", params(
    ("show" = inline(Option<ReviewStateFilter>), Query, description = "Reported (the default: shown reviews with open reports), Hidden or All"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ReviewRow>), Invalid, StaffOnly))]
pub async fn review_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ReviewRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let show = query.filter(&mut errors, "show", Filter::Only(ReviewState::Reported));
    errors.finish()?;
    let (count, rows) = super::list(state.db(), show, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct ModerationBody {
    /// `hide` (with a reason), `restore` or `keep` (closes its reports).
    #[schema(required, value_type = String, pattern = "^(hide|restore|keep)$")]
    pub action: Option<String>,
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// A moderation decision from a body or a form, or its field errors.
pub fn parse_moderation(action: Option<&str>, reason: Option<&str>) -> Result<Moderation, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("hide") => Some(Moderation::Hide { reason: errors.required_text("reason", reason, super::REASON_MAX_CHARS) }),
        Some("restore") => Some(Moderation::Restore),
        Some("keep") => Some(Moderation::Keep),
        _ => {
            errors.add("action", texts::CHOOSE_ACTION);
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Hides a review (it leaves every page and its service's average at once), restores it, or
/// keeps it; its open reports close.
#[utoipa::path(post, path = "/api/admin/reviews/{id}/moderation/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ModerationBody, responses((status = 200, body = ReviewRow), Invalid, StaffOnly))]
pub async fn review_moderation(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ModerationBody>,
) -> Result<Json<ReviewRow>, AppError> {
    let decision = parse_moderation(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(super::moderate(&state, &staff.user, id, decision).await?))
}

/// Hides the provider's answer under a review (it leaves every page at once) or restores it.
#[utoipa::path(post, path = "/api/admin/reviews/{id}/answer/moderation/", operation_id = "answer_moderation", tag = "back office", params(("id" = i32, Path, minimum = 1, description = "The review's id")), request_body = ModerationBody, responses((status = 200, body = ReviewRow), Invalid, StaffOnly))]
pub async fn answer_moderation(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ModerationBody>,
) -> Result<Json<ReviewRow>, AppError> {
    let decision = parse_moderation(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(super::moderate_answer(&state, &staff.user, id, decision).await?))
}
