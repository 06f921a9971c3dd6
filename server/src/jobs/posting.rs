//! Job posts: the list (filtered, searched), one job, posting one with an optional attachment,
//! removing one's own post (its applications stay), and the attachment's download.

use super::place::set_place;
use super::queries::{self, JobFilter, listed_job};
use super::rules::NewJob;
use super::texts;
use super::views::JobView;
use crate::accounts::signed_in::{Member, NO_CREDENTIALS, Viewer};
use crate::domain::uk_time;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, MultipartForm, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated, WRITTEN_TYPES};
use crate::http::upload::{FileField, FormFields, WRITTEN_KINDS};
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::rate_limit::Limit;
use crate::platform::storage::FileKind;
use crate::site::answers::Shared;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use entity::words::{EmploymentType, ListingStatus};
use entity::{job, job_application, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::sync::Arc;

/// How many applications each of `jobs` has.
async fn application_counts(db: &impl sea_orm::ConnectionTrait, jobs: &[i32]) -> Result<HashMap<i32, u64>, sea_orm::DbErr> {
    if jobs.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, i64)> = job_application::Entity::find()
        .select_only()
        .column(job_application::Column::JobId)
        .column_as(job_application::Column::Id.count(), "count")
        .filter(job_application::Column::JobId.is_in(jobs.iter().copied()))
        .group_by(job_application::Column::JobId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(job, count)| (job, count as u64)).collect())
}

/// Open jobs, newest first ("only Open jobs and services are listed": `status=Closed` finds
/// none), or with `mine=true` the member's own posts of every status; `search` uses the
/// full-text index (every word must match, each also as the start of a longer word); `near`
/// lists the nearest first. A job past its closing date counts as Closed.
#[utoipa::path(get, path = "/api/service/jobs/", operation_id = "list_jobs", tag = "jobs", params(
    ("status" = Option<ListingStatus>, Query),
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Words in the title, company, location or description"),
    ("location" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of the job's location, e.g. a town"),
    ("employment_type" = Option<EmploymentType>, Query),
    ("near" = inline(Option<crate::places::PostcodeArea>), Query, description = "A postcode of Great Britain (`LS1 4AP`) or its district (`LS1`): only the jobs placed within `within` miles of it (by the postcode their poster gave, else their town), nearest first, each with `distance_miles`. A well-formed one that names no district of Great Britain is a 400 saying so (Northern Ireland's too)"),
    ("within" = Option<f64>, Query, minimum = 1, maximum = 50, description = "With `near`: the farthest a job may be, in miles; 25 unless said, at most `NEAR_MAX_MILES` (50 unless configured)"),
    ("mine" = Option<bool>, Query, description = "`true`: only the signed-in member's own posts (needs a token)"),
    crate::http::list::PageParams,
), security((), ("bearer" = [])), responses((status = 200, body = Paginated<JobView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, viewer: Viewer, query: ListQuery) -> Result<Shared<Json<Paginated<JobView>>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.word::<ListingStatus>(&mut errors, "status", texts::A_STATUS);
    let employment_type = query.word::<EmploymentType>(&mut errors, "employment_type", texts::AN_EMPLOYMENT_TYPE);
    let mine = query.parsed(&mut errors, "mine", texts::MINE_EXPECTED, |raw| match raw {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    });
    let near = crate::places::Near::asked(&query, &mut errors, state.config().distances);
    errors.finish()?;
    let answer = |list| Shared::list(&query, [Tag::Site, Tag::Jobs], Json(list));
    let owner_id = match (mine, viewer.user_id()) {
        (Some(true), Some(id)) => Some(id),
        (Some(true), None) => return Err(AppError::Unauthorized(NO_CREDENTIALS.into())),
        _ => None,
    };
    let status = match (owner_id, status) {
        (Some(_), status) => status,
        (None, Some(ListingStatus::Closed)) => return Ok(answer(query.page(request, 0, Vec::new())?)),
        (None, _) => Some(ListingStatus::Open),
    };
    let filter = JobFilter {
        status,
        search: query.text("search").map(str::to_string),
        location: query.text("location").map(str::to_string),
        employment_type,
        owner_id,
        near,
    };
    let found = queries::jobs(state.db(), &filter, request.page, request.size).await?;
    let owned: Vec<i32> = found.rows.iter().filter(|row| row.owner_id.is_some() && row.owner_id == viewer.user_id()).map(|row| row.id).collect();
    let counts = application_counts(state.db(), &owned).await?;
    let today = uk_time::today();
    let public_url = &state.config().public_url;
    let results = found
        .rows
        .into_iter()
        .map(|row| {
            let count = counts.get(&row.id).copied().unwrap_or(0);
            let miles = found.miles.get(&row.id).copied();
            JobView::new(row, today, viewer.user_id(), Some(count), public_url).at_distance(miles)
        })
        .collect();
    Ok(answer(query.page(request, found.total, results)?))
}

/// One job, open or closed; a removed one is not found.
#[utoipa::path(get, path = "/api/service/jobs/{id}/", operation_id = "show_job", tag = "jobs", params(("id" = i32, Path, minimum = 1)), security((), ("bearer" = [])), responses((status = 200, body = JobView), Unauthenticated, (status = 404, description = "No such job", body = ErrorBody)))]
pub async fn show(State(state): State<Arc<AppState>>, viewer: Viewer, RecordId(id): RecordId) -> Result<Shared<Json<JobView>>, AppError> {
    let row = listed_job(state.db(), id).await?.ok_or(AppError::NotFound)?;
    let count = if row.owner_id.is_some() && row.owner_id == viewer.user_id() {
        Some(application_counts(state.db(), &[id]).await?.get(&id).copied().unwrap_or(0))
    } else {
        None
    };
    Ok(Shared::made_from([Tag::Site, Tag::Job(id)], Json(JobView::new(row, uk_time::today(), viewer.user_id(), count, &state.config().public_url))))
}

/// Posts a job, Open at once and owned by the member; every page showing jobs is refreshed.
#[utoipa::path(post, path = "/api/service/jobs/", tag = "jobs", security(("bearer" = [])), request_body(content = super::rules::JobPostForm, content_type = "multipart/form-data", encoding(("attachment" = (content_type = WRITTEN_TYPES)))), responses((status = 201, body = JobView), Invalid, Unauthenticated, (status = 413, description = "The attachment is over the upload limit (UPLOAD_MAX_MIB, 5 MiB by default)", body = ErrorBody), (status = 415, description = "The attachment is not a PDF or Word document", body = ErrorBody), RateLimited))]
pub async fn post(State(state): State<Arc<AppState>>, member: Member, form: MultipartForm) -> Result<(StatusCode, Json<JobView>), AppError> {
    state.limiter.check("job-post", &member.user.id.to_string(), Limit::per_hour(state.config().limits.job_posts_per_hour)).await?;
    let mut fields = FormFields::read(form, &[FileField::one("attachment", state.config().limits.document_bytes, WRITTEN_KINDS)]).await?;
    let new_job = NewJob::parse(&fields)?;
    let attachment = match fields.take_file("attachment") {
        Some(upload) => Some(state.storage.put("job-attachments", upload.kind, upload.bytes).await?),
        None => None,
    };
    let now = Utc::now();
    let mut row = job::ActiveModel {
        slug: Set(new_job.slug()),
        owner_id: Set(Some(member.user.id)),
        title: Set(new_job.title),
        company: Set(new_job.company),
        employment_type: Set(new_job.employment_type),
        salary_min_pence: Set(new_job.salary_min.map(|p| p.pence())),
        salary_max_pence: Set(new_job.salary_max.map(|p| p.pence())),
        salary_period: Set(new_job.salary_period),
        description: Set(new_job.description),
        status: Set(ListingStatus::Open),
        posted_at: Set(uk_time::today()),
        closes_at: Set(Some(new_job.closes_at)),
        attachment: Set(attachment.clone()),
        removed_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    set_place(&mut row, new_job.postcode.as_ref(), &new_job.location);
    row.location = Set(new_job.location);
    let saved = async {
        let mut change = Change::begin(&state).await?;
        let saved = row.insert(change.db()).await?;
        change.touches([Tag::Jobs, Tag::Job(saved.id)]);
        change.commit().await?;
        Ok::<_, sea_orm::DbErr>(saved)
    }
    .await;
    let saved = state.storage.unless_failed(attachment.as_slice(), saved).await?;
    Ok((StatusCode::CREATED, Json(JobView::new(saved, uk_time::today(), Some(member.user.id), Some(0), &state.config().public_url))))
}

/// Removes one of the member's job posts: it leaves every list and page at once, and its
/// applications are kept (their applicants are told). Removing it again changes nothing.
#[utoipa::path(delete, path = "/api/service/jobs/{id}/", operation_id = "remove_job", tag = "jobs", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 204, description = "Removed"), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn remove(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    let row = job::Entity::find_by_id(id).filter(job::Column::OwnerId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    remove_post(&state, &row, None).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Who removes a job post: its owner, or staff with the reason its poster is told.
pub struct RemovedByStaff<'a> {
    pub staff: &'a user::Model,
    pub reason: String,
}

/// Removes a post from every list and page (its applications stay) and tells its applicants;
/// removed by staff, the poster is told why and the audit log records it. Removing it again
/// changes nothing.
pub async fn remove_post(state: &AppState, row: &job::Model, by_staff: Option<RemovedByStaff<'_>>) -> Result<(), AppError> {
    if row.removed_at.is_some() {
        return Ok(());
    }
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // Of two removals at once, one changes the row and tells the applicants.
    let changed = job::Entity::update_many()
        .col_expr(job::Column::RemovedAt, Expr::value(Utc::now()))
        .col_expr(job::Column::Status, Expr::value(ListingStatus::Closed))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job::Column::Id.eq(row.id))
        .filter(job::Column::RemovedAt.is_null())
        .exec(change.db())
        .await?;
    if changed.rows_affected == 1 {
        let applicants: Vec<i32> = job_application::Entity::find()
            .filter(job_application::Column::JobId.eq(row.id))
            .select_only()
            .column(job_application::Column::UserId)
            .into_tuple()
            .all(change.db())
            .await?;
        for applicant in user::Entity::find().filter(user::Column::Id.is_in(applicants)).all(change.db()).await? {
            change.notify(&notifier, &applicant, texts::job_withdrawn(&row.title, &row.company)).await?;
        }
        if let Some(RemovedByStaff { staff, reason }) = by_staff {
            if let Some(poster) = match row.owner_id {
                Some(owner) => user::Entity::find_by_id(owner).one(change.db()).await?,
                None => None,
            } {
                change.notify(&notifier, &poster, texts::post_removed(&row.title, &row.company, &reason)).await?;
            }
            let entry = Action::new("job.remove", "job", Some(row.id), texts::removed_entry(&row.title, &row.company))
                .because(Some(reason))
                .changed(serde_json::json!({"removed": false}), serde_json::json!({"removed": true}));
            change.audit(staff, entry).await?;
        }
    }
    change.touches([Tag::Jobs, Tag::Job(row.id)]);
    change.commit().await?;
    Ok(())
}

/// A job's attachment: the employer's public description of the job, at a stable address.
#[utoipa::path(get, path = "/api/service/jobs/{id}/attachment/", tag = "jobs", params(("id" = i32, Path, minimum = 1)), responses((status = 200, description = "The file (PDF or Word)", content_type = WRITTEN_TYPES), (status = 404, description = "No such job, or it has no attachment", body = ErrorBody)))]
pub async fn attachment(State(state): State<Arc<AppState>>, RecordId(id): RecordId) -> Result<Response, AppError> {
    let row = listed_job(state.db(), id).await?.ok_or(AppError::NotFound)?;
    let key = row.attachment.ok_or(AppError::NotFound)?;
    let kind = key.rsplit_once('.').and_then(|(_, extension)| FileKind::from_extension(extension)).ok_or(AppError::NotFound)?;
    let bytes = state.storage.get(&key).await?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind.content_type()));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    let disposition = format!("attachment; filename=\"{}.{}\"", row.slug, kind.extension());
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(|_| AppError::NotFound)?);
    Ok(response)
}
