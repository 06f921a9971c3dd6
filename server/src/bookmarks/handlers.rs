//! The member's own bookmarks: list, save (idempotent, for merging a visitor's), remove.

use super::texts;
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId, named_record};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::{bookmark, job, service};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// A saved service or job, with what a list needs to show it.
#[derive(Serialize, ToSchema)]
pub struct BookmarkView {
    id: i32,
    /// The service's id, or null for a job.
    #[schema(required)]
    service: Option<i32>,
    /// The job's id, or null for a service.
    #[schema(required)]
    job: Option<i32>,
    title: String,
    /// The site path of its page.
    link: String,
    #[schema(format = DateTime)]
    created_at: String,
}

/// Titles of the bookmarked services and jobs, by id.
async fn titles(db: &impl ConnectionTrait, rows: &[bookmark::Model]) -> Result<(HashMap<i32, String>, HashMap<i32, String>), DbErr> {
    let service_ids: Vec<i32> = rows.iter().filter_map(|b| b.service_id).collect();
    let job_ids: Vec<i32> = rows.iter().filter_map(|b| b.job_id).collect();
    let services = service::Entity::find().filter(service::Column::Id.is_in(service_ids)).all(db).await?.into_iter().map(|s| (s.id, s.title)).collect();
    let jobs = job::Entity::find()
        .filter(job::Column::Id.is_in(job_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|j| (j.id, format!("{} at {}", j.title, j.company)))
        .collect();
    Ok((services, jobs))
}

async fn views(db: &impl ConnectionTrait, rows: Vec<bookmark::Model>) -> Result<Vec<BookmarkView>, DbErr> {
    let (services, jobs) = titles(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let (title, link) = match (row.service_id, row.job_id) {
                (Some(id), _) => (services.get(&id).cloned().unwrap_or_default(), format!("/services/details?id={id}")),
                (_, Some(id)) => (jobs.get(&id).cloned().unwrap_or_default(), format!("/apply?id={id}")),
                (None, None) => (String::new(), String::new()),
            };
            BookmarkView { id: row.id, service: row.service_id, job: row.job_id, title, link, created_at: crate::http::timestamp(row.created_at) }
        })
        .collect())
}

/// The member's bookmarks, newest first.
#[utoipa::path(get, path = "/api/bookmarks/", operation_id = "list_bookmarks", tag = "bookmarks", security(("bearer" = [])), params(
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<BookmarkView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<BookmarkView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let select = bookmark::Entity::find()
        .filter(bookmark::Column::UserId.eq(member.user.id))
        .order_by_desc(bookmark::Column::CreatedAt)
        .order_by_desc(bookmark::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    Ok(Json(query.page(request, count, views(state.db(), rows).await?)?))
}

/// A service or a job to save: give exactly one of the two.
#[derive(Deserialize, ToSchema)]
pub struct NewBookmark {
    #[schema(required = false, nullable, value_type = i32, minimum = 1)]
    service: Option<serde_json::Value>,
    #[schema(required = false, nullable, value_type = i32, minimum = 1)]
    job: Option<serde_json::Value>,
}

/// Saves a service or a job: 201 when new, 200 with the one already saved.
#[utoipa::path(post, path = "/api/bookmarks/", tag = "bookmarks", security(("bearer" = [])), request_body = NewBookmark, responses((status = 201, body = BookmarkView), (status = 200, description = "Already saved", body = BookmarkView), Invalid, Unauthenticated))]
pub async fn save(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<NewBookmark>,
) -> Result<(StatusCode, Json<BookmarkView>), AppError> {
    let mut errors = FieldErrors::default();
    let (field, id) = match (&body.service, &body.job) {
        (Some(value), None) => {
            let id = errors.whole_number("service", Some(value));
            ("service", named_record::<service::Entity>(state.db(), &mut errors, "service", id).await?.map(|found| found.id))
        }
        (None, Some(value)) => {
            let id = errors.whole_number("job", Some(value));
            ("job", named_record::<job::Entity>(state.db(), &mut errors, "job", id).await?.map(|found| found.id))
        }
        _ => return Err(AppError::BadRequest(texts::SERVICE_OR_JOB.into())),
    };
    errors.finish()?;
    let id = id.expect("validated");
    let column = if field == "service" { bookmark::Column::ServiceId } else { bookmark::Column::JobId };
    let existing = || bookmark::Entity::find().filter(bookmark::Column::UserId.eq(member.user.id)).filter(column.eq(id)).one(state.db());
    if let Some(saved) = existing().await? {
        return Ok((StatusCode::OK, Json(views(state.db(), vec![saved]).await?.remove(0))));
    }
    let (service_id, job_id) = if field == "service" { (Some(id), None) } else { (None, Some(id)) };
    let change = Change::begin(&state).await?;
    let row = bookmark::ActiveModel {
        user_id: Set(member.user.id),
        service_id: Set(service_id),
        job_id: Set(job_id),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    match insert_if_new(change.db(), row).await? {
        Some(saved) => {
            change.commit().await?;
            Ok((StatusCode::CREATED, Json(views(state.db(), vec![saved]).await?.remove(0))))
        }
        // Saved twice at once (a merge racing a click): the unique index keeps one.
        None => {
            let saved = existing().await?.ok_or(AppError::NotFound)?;
            Ok((StatusCode::OK, Json(views(state.db(), vec![saved]).await?.remove(0))))
        }
    }
}

/// Removes one of the member's bookmarks.
#[utoipa::path(delete, path = "/api/bookmarks/{id}/", operation_id = "remove_bookmark", tag = "bookmarks", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 204, description = "Removed"), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn remove(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    let change = Change::begin(&state).await?;
    let result =
        bookmark::Entity::delete_many().filter(bookmark::Column::Id.eq(id)).filter(bookmark::Column::UserId.eq(member.user.id)).exec(change.db()).await?;
    change.commit().await?;
    if result.rows_affected == 0 {
        return Err(AppError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
