//! The back office's JSON calls about job posts and their applications: thin handlers over this subject's functions, which its pages use too.

use super::{JobAction, texts};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::JobRow;
use axum::Json;
use axum::extract::State;
use entity::words::{Filter, JobPostStatus};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type JobPostStatusFilter = Filter<JobPostStatus>;

/// Job posts, newest first, removed ones included.
#[utoipa::path(get, path = "/api/admin/jobs/", tag = "back office", params(
    ("status" = inline(Option<JobPostStatusFilter>), Query, description = "All (the default), Open, Closed or Removed"),
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of the title or company"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<JobRow>), Invalid, StaffOnly))]
pub async fn job_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<JobRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let show = query.filter(&mut errors, "status", Filter::All);
    errors.finish()?;
    let (count, rows) = super::list(state.db(), show, query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct JobActionBody {
    /// `close`, `reopen` or `remove` (with a reason the poster is told).
    #[schema(required, value_type = String, pattern = "^(close|reopen|remove)$")]
    pub action: Option<String>,
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// A job action from a body or a form, or its field errors.
pub fn parse_job_action(action: Option<&str>, reason: Option<&str>) -> Result<JobAction, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("close") => Some(JobAction::Close),
        Some("reopen") => Some(JobAction::Reopen),
        Some("remove") => Some(JobAction::Remove { reason: errors.required_text("reason", reason, super::REASON_MAX_CHARS) }),
        _ => {
            errors.add("action", texts::CHOOSE_ACTION);
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Closes or reopens a job post, or removes it with a reason its poster is told (its
/// applicants are told it was withdrawn; their applications stay).
#[utoipa::path(post, path = "/api/admin/jobs/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = JobActionBody, responses((status = 200, body = JobRow), Invalid, StaffOnly))]
pub async fn job_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<JobActionBody>,
) -> Result<Json<JobRow>, AppError> {
    let action = parse_job_action(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(super::act(&state, &staff.user, id, action).await?))
}

/// The applications to any job (removed ones included), newest first, with CVs by links that
/// work 15 minutes.
#[utoipa::path(get, path = "/api/admin/jobs/{id}/applications/", tag = "back office", params(
    ("id" = i32, Path, minimum = 1),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<crate::jobs::views::JobApplicationView>), Invalid, StaffOnly))]
pub async fn job_applications(
    State(state): State<Arc<AppState>>,
    _staff: Staff,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<Json<Paginated<crate::jobs::views::JobApplicationView>>, AppError> {
    super::one(state.db(), id).await?;
    crate::jobs::applications::page_of_applications(
        &state,
        &query,
        entity::job_application::Entity::find().filter(entity::job_application::Column::JobId.eq(id)),
    )
    .await
}

#[derive(Deserialize, ToSchema)]
pub struct ApplicationStatusBody {
    #[schema(required, value_type = entity::words::ApplicationDecision)]
    pub status: Option<String>,
}

/// Moves any application along; the applicant is told.
#[utoipa::path(patch, path = "/api/admin/applications/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ApplicationStatusBody, responses((status = 200, body = crate::jobs::views::JobApplicationView), Invalid, StaffOnly))]
pub async fn application_status(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ApplicationStatusBody>,
) -> Result<Json<crate::jobs::views::JobApplicationView>, AppError> {
    let status = crate::jobs::applications::parse_status(body.status.as_deref())?;
    Ok(Json(set_application_status(&state, &staff.user, id, status).await?))
}

/// The staff side of an application's status change, shared by the API and the page.
pub async fn set_application_status(
    state: &AppState,
    staff: &entity::user::Model,
    id: i32,
    status: entity::words::ApplicationStatus,
) -> Result<crate::jobs::views::JobApplicationView, AppError> {
    let row = entity::job_application::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (job, _) = super::one(state.db(), row.job_id).await?;
    crate::jobs::applications::change_status(state, row, &job, status, Some(staff)).await
}
