//! Applying for a job with a CV, and following applications: the applicant's own list and
//! withdrawal, the job owner's list of applicants and their status. CVs are private: they are
//! shown only as signed links that expire, to the applicant and to the job's owner.

use super::queries::{listed_job, status_on};
use super::texts;
use super::views::JobApplicationView;
use crate::accounts::signed_in::Member;
use crate::domain::{UkPhone, uk_time};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, MultipartForm, NO_FILE, RecordId, named_record, no_such_record, not_a_choice};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated, WRITTEN_TYPES};
use crate::http::upload::{FileField, FormFields, WRITTEN_KINDS};
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::platform::rate_limit::Limit;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::words::{ApplicationDecision, ApplicationStatus, ListingStatus, Word};
use entity::{job, job_application, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

const NAME_MAX_CHARS: usize = 150;
const COVER_LETTER_MAX_CHARS: usize = 5000;

/// The multipart form of `POST /api/job-apply/`: the job, how to reach the applicant, a cover
/// letter, and the CV (PDF or Word, at most 5 MiB, checked by content).
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct JobApplicationForm {
    /// The job's id; it must be open, and not one the member posted.
    #[schema(value_type = i32, minimum = 1)]
    job: i32,
    #[schema(value_type = crate::domain::Text<{ NAME_MAX_CHARS }>)]
    full_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    #[schema(value_type = crate::domain::UkPhone)]
    phone_number: String,
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ COVER_LETTER_MAX_CHARS }>)]
    cover_letter: Option<String>,
    #[schema(value_type = String, format = Binary)]
    resume: Vec<u8>,
}

/// The jobs of `applications`, by id (removed ones included: an application outlives its post).
async fn jobs_of(db: &impl sea_orm::ConnectionTrait, applications: &[job_application::Model]) -> Result<HashMap<i32, job::Model>, sea_orm::DbErr> {
    let ids: Vec<i32> = applications.iter().map(|a| a.job_id).collect();
    Ok(job::Entity::find().filter(job::Column::Id.is_in(ids)).all(db).await?.into_iter().map(|j| (j.id, j)).collect())
}

/// Applies for an open job with a CV. The applicant and the job's owner are told.
#[utoipa::path(post, path = "/api/job-apply/", operation_id = "apply_for_job", tag = "job applications", security(("bearer" = [])), request_body(content = JobApplicationForm, content_type = "multipart/form-data", encoding(("resume" = (content_type = WRITTEN_TYPES)))), responses((status = 201, body = JobApplicationView), Invalid, Unauthenticated, (status = 413, description = "The CV is over the upload limit (UPLOAD_MAX_MIB, 5 MiB by default)", body = ErrorBody), (status = 415, description = "The CV is not a PDF or Word document", body = ErrorBody), RateLimited))]
pub async fn apply(State(state): State<Arc<AppState>>, member: Member, form: MultipartForm) -> Result<(StatusCode, Json<JobApplicationView>), AppError> {
    state.limiter.check("job-apply", &member.user.id.to_string(), Limit::per_hour(state.config().limits.job_applications_per_hour)).await?;
    let mut fields = FormFields::read(form, &[FileField::one("resume", state.config().limits.document_bytes, WRITTEN_KINDS)]).await?;
    let mut errors = FieldErrors::default();
    let job_id = errors.whole_number("job", fields.value("job").as_ref());
    let full_name = errors.text::<NAME_MAX_CHARS>("full_name", fields.text("full_name"));
    let email = errors.email("email", fields.text("email"));
    let phone = errors.required("phone_number", fields.text("phone_number"));
    let phone = if phone.is_empty() { None } else { UkPhone::parse(&phone).map_err(|problem| errors.add("phone_number", problem)).ok() };
    let cover_letter = errors.text_or_empty::<COVER_LETTER_MAX_CHARS>("cover_letter", fields.text("cover_letter"));
    let resume = fields.take_file("resume");
    if resume.is_none() {
        errors.add("resume", NO_FILE);
    }
    // A removed job is as missing as one that never existed.
    let job = match named_record::<job::Entity>(state.db(), &mut errors, "job", job_id).await? {
        Some(removed) if removed.removed_at.is_some() => {
            errors.add("job", no_such_record(removed.id));
            None
        }
        found => found,
    };
    if let Some(found) = &job {
        if status_on(found, uk_time::today()) != ListingStatus::Open {
            errors.add("job", texts::CLOSED_TO_APPLICATIONS);
        } else if found.owner_id == Some(member.user.id) {
            errors.add("job", texts::OWN_JOB);
        }
    }
    errors.finish()?;
    let (job, email, phone, resume) = (job.expect("validated"), email.expect("validated"), phone.expect("validated"), resume.expect("validated"));

    let key = state.storage.put("job-applications", resume.kind, resume.bytes).await?;
    let notifier = Notifier::new(&state).await;
    let saved = async {
        let mut change = Change::begin(&state).await?;
        let application = job_application::ActiveModel {
            job_id: Set(job.id),
            user_id: Set(member.user.id),
            full_name: Set(full_name),
            email: Set(email.as_str().to_string()),
            phone_number: Set(phone.as_str().to_string()),
            cover_letter: Set(cover_letter),
            resume: Set(key.clone()),
            status: Set(ApplicationStatus::Submitted),
            created_at: Set(Utc::now()),
            updated_at: Set(None),
            ..Default::default()
        };
        let saved = insert_if_new(change.db(), application).await?.ok_or_else(|| AppError::field("job", texts::ALREADY_APPLIED))?;
        change.notify(&notifier, &member.user, texts::application_sent(&job.title, &job.company)).await?;
        if let Some(owner) = match job.owner_id {
            Some(owner_id) => user::Entity::find_by_id(owner_id).one(change.db()).await?,
            None => None,
        } {
            let received = texts::new_application(&saved.full_name, &job.title);
            change.notify_naming(&notifier, &owner, received, &member.user, &saved.full_name).await?;
        }
        change.commit().await?;
        Ok::<_, AppError>(saved)
    }
    .await;
    let saved = state.storage.unless_failed(&[key], saved).await?;
    Ok((StatusCode::CREATED, Json(JobApplicationView::new(saved, &job, uk_time::today(), &state.storage))))
}

/// The member's own job applications, newest first.
#[utoipa::path(get, path = "/api/service/applications/", tag = "job applications", security(("bearer" = [])), params(
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<JobApplicationView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list_own(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<JobApplicationView>>, AppError> {
    let select = job_application::Entity::find().filter(job_application::Column::UserId.eq(member.user.id));
    page_of_applications(&state, &query, select).await
}

/// One page of `select`'s applications, newest first, each with its job.
pub async fn page_of_applications(
    state: &AppState,
    query: &ListQuery,
    select: sea_orm::Select<job_application::Entity>,
) -> Result<Json<Paginated<JobApplicationView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let select = select.order_by_desc(job_application::Column::CreatedAt).order_by_desc(job_application::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    let jobs = jobs_of(state.db(), &rows).await?;
    let today = uk_time::today();
    let results = rows.into_iter().filter_map(|row| jobs.get(&row.job_id).map(|job| JobApplicationView::new(row, job, today, &state.storage))).collect();
    Ok(Json(query.page(request, count, results)?))
}

/// The applications to one of the member's job posts, with their CVs; anyone else's post is
/// not found.
#[utoipa::path(get, path = "/api/service/jobs/{id}/applications/", tag = "job applications", security(("bearer" = [])), params(
    ("id" = i32, Path, minimum = 1),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<JobApplicationView>), Invalid, Unauthenticated, (status = 404, description = "Not one of your job posts", body = ErrorBody)))]
pub async fn list_for_job(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<Json<Paginated<JobApplicationView>>, AppError> {
    let job = listed_job(state.db(), id).await?.filter(|j| j.owner_id == Some(member.user.id)).ok_or(AppError::NotFound)?;
    page_of_applications(&state, &query, job_application::Entity::find().filter(job_application::Column::JobId.eq(job.id))).await
}

/// Withdraws one of the member's applications: it and its CV are deleted.
#[utoipa::path(delete, path = "/api/service/applications/{id}/", operation_id = "withdraw_application", tag = "job applications", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 204, description = "Withdrawn"), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn withdraw(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    let row =
        job_application::Entity::find_by_id(id).filter(job_application::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let change = Change::begin(&state).await?;
    let deleted = job_application::Entity::delete_many().filter(job_application::Column::Id.eq(row.id)).exec(change.db()).await?;
    change.commit().await?;
    if deleted.rows_affected == 1 {
        state.storage.delete(&row.resume).await;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub struct ApplicationStatusChange {
    /// Where the application now stands.
    #[schema(required, value_type = ApplicationDecision)]
    status: Option<String>,
}

/// Moves an application to one of the member's job posts along; the applicant is told.
#[utoipa::path(patch, path = "/api/service/applications/{id}/", tag = "job applications", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = ApplicationStatusChange, responses((status = 200, body = JobApplicationView), Invalid, Unauthenticated, (status = 404, description = "Not an application to one of your job posts", body = ErrorBody)))]
pub async fn set_status(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ApplicationStatusChange>,
) -> Result<Json<JobApplicationView>, AppError> {
    let row = job_application::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let job = listed_job(state.db(), row.job_id).await?.filter(|j| j.owner_id == Some(member.user.id)).ok_or(AppError::NotFound)?;
    let status = parse_status(body.status.as_deref())?;
    Ok(Json(change_status(&state, row, &job, status, None).await?))
}

/// A status the job's owner (or staff) may give an application, or the field error.
pub fn parse_status(raw: Option<&str>) -> Result<ApplicationStatus, AppError> {
    let mut errors = FieldErrors::default();
    let raw = errors.required("status", raw);
    let decision = match ApplicationDecision::parse(&raw) {
        Some(decision) => Some(decision),
        None if raw.is_empty() => None,
        None => {
            errors.add("status", not_a_choice::<ApplicationDecision>(&raw));
            None
        }
    };
    errors.finish()?;
    Ok(decision.expect("validated").into())
}

/// Moves an application along and tells the applicant, in one transaction; by staff, the
/// audit log records it too.
pub async fn change_status(
    state: &AppState,
    row: job_application::Model,
    job: &job::Model,
    status: ApplicationStatus,
    staff: Option<&user::Model>,
) -> Result<JobApplicationView, AppError> {
    if status == row.status {
        return Ok(JobApplicationView::new(row, job, uk_time::today(), &state.storage));
    }
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    job_application::Entity::update_many()
        .col_expr(job_application::Column::Status, Expr::value(status))
        .col_expr(job_application::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job_application::Column::Id.eq(row.id))
        .exec(change.db())
        .await?;
    let updated = job_application::Entity::find_by_id(row.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    if let Some(applicant) = user::Entity::find_by_id(row.user_id).one(change.db()).await? {
        change.notify(&notifier, &applicant, texts::application_update(&job.title, &job.company, status)).await?;
    }
    if let Some(staff) = staff {
        let entry = Action::new("application.status", "job_application", Some(row.id), texts::status_entry(row.id, &job.title, status))
            .changed(serde_json::json!({"status": row.status}), serde_json::json!({"status": status}));
        change.audit(staff, entry).await?;
    }
    change.commit().await?;
    Ok(JobApplicationView::new(updated, job, uk_time::today(), &state.storage))
}
