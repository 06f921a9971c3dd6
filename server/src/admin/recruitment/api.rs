//! The back office's JSON calls about recruitment requests and the talent pool: thin handlers over this subject's functions, which its pages use too.

use super::texts;
use crate::accounts::signed_in::Staff;
use crate::admin::inbox::{self, INBOX_NOTES_MAX_CHARS, parse_inbox_update};
use crate::admin::recruitment::talent::{self, TalentFilter};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::{RecruitmentRow, TalentRow};
use axum::Json;
use axum::extract::State;
use entity::words::{EmploymentType, Filter, RecruitmentStatus, Word};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type RecruitmentStatusFilter = Filter<RecruitmentStatus>;

/// The recruitment inbox, newest first.
#[utoipa::path(get, path = "/api/admin/recruitment/", tag = "back office", params(
    ("status" = inline(Option<RecruitmentStatusFilter>), Query, description = "New (the default), Contacted, Closed or All"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<RecruitmentRow>), Invalid, StaffOnly))]
pub async fn recruitment_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<RecruitmentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::Only(RecruitmentStatus::New));
    errors.finish()?;
    let (count, rows) = inbox::list::<entity::recruitment_request::Model>(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct RecruitmentUpdate {
    /// Left out, it stays.
    #[schema(required = false, value_type = RecruitmentStatus)]
    pub status: Option<String>,
    /// Only staff read them; left out, they stay.
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ INBOX_NOTES_MAX_CHARS }>)]
    pub staff_notes: Option<String>,
}

/// Parses a recruitment request's status and notes change, or its field errors.
pub fn parse_recruitment_update(body: &RecruitmentUpdate) -> Result<(Option<RecruitmentStatus>, Option<String>), AppError> {
    parse_inbox_update(body.status.as_deref(), body.staff_notes.as_deref())
}

/// Moves a request along and keeps notes on it.
#[utoipa::path(patch, path = "/api/admin/recruitment/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = RecruitmentUpdate, responses((status = 200, body = RecruitmentRow), Invalid, StaffOnly))]
pub async fn recruitment_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<RecruitmentUpdate>,
) -> Result<Json<RecruitmentRow>, AppError> {
    let (status, notes) = parse_recruitment_update(&body)?;
    Ok(Json(inbox::update::<entity::recruitment_request::Model>(&state, &staff.user, id, status, notes).await?))
}

/// The talent filters of a request, or their field errors.
pub fn talent_filter(role: Option<&str>, location: Option<&str>, kind: Option<&str>, errors: &mut FieldErrors) -> TalentFilter {
    let kind = kind.map(str::trim).filter(|k| !k.is_empty()).and_then(|k| {
        let kind = EmploymentType::parse(k);
        if kind.is_none() {
            errors.add("employment_type", texts::CHOOSE_EMPLOYMENT_TYPE);
        }
        kind
    });
    let text = |value: Option<&str>| value.map(str::trim).filter(|v| !v.is_empty()).map(|v| v.chars().take(100).collect());
    TalentFilter { role: text(role), location: text(location), employment_type: kind }
}

/// The talent pool, newest first.
#[utoipa::path(get, path = "/api/admin/talent/", tag = "back office", params(
    ("role" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a role they look for"),
    ("location" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a town they would work in"),
    ("employment_type" = inline(Option<EmploymentType>), Query),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<TalentRow>), Invalid, StaffOnly))]
pub async fn talent_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<TalentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let filter = talent_filter(query.text("role"), query.text("location"), query.text("employment_type"), &mut errors);
    errors.finish()?;
    let (count, rows) = talent::search(state.db(), &filter, &state.storage, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}
