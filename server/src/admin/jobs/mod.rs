//! Job posts as staff see them (removed ones included), and what staff do to one: close it,
//! reopen it, or remove it with the reason its poster is told (through the jobs feature's own
//! removal, which also tells the applicants); the applications to any job, with CVs by signed
//! links, moved along through the jobs feature's own status change.

pub mod api;
pub mod pages;
mod texts;

use crate::domain::uk_time;
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::jobs::posting::{RemovedByStaff, remove_post};
use crate::jobs::queries::{open_on, status_on};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::{ApplicationRow, JobRow};
use app::routes::Tag;
use chrono::{NaiveDate, Utc};
use entity::words::{Filter, JobPostStatus, ListingStatus};
use entity::{job, job_application, user};
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::json;
use std::collections::HashMap;

pub const REASON_MAX_CHARS: usize = 1000;

pub async fn list(db: &impl ConnectionTrait, show: Filter<JobPostStatus>, text: Option<&str>, page: PageRequest) -> Result<(u64, Vec<JobRow>), DbErr> {
    let today = uk_time::today();
    let mut select = job::Entity::find().order_by_desc(job::Column::CreatedAt).order_by_desc(job::Column::Id);
    let listed = job::Column::RemovedAt.is_null();
    select = match show.word() {
        None => select,
        Some(JobPostStatus::Open) => select.filter(listed).filter(open_on(today)),
        Some(JobPostStatus::Closed) => select.filter(listed).filter(open_on(today).not()),
        Some(JobPostStatus::Removed) => select.filter(job::Column::RemovedAt.is_not_null()),
    };
    if let Some(text) = text {
        let like = |column| crate::admin::contains(column, text);
        select = select.filter(Condition::any().add(like(job::Column::Title)).add(like(job::Column::Company)));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows_for(db, rows).await?))
}

async fn rows_for(db: &impl ConnectionTrait, jobs: Vec<job::Model>) -> Result<Vec<JobRow>, DbErr> {
    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
    let counts: HashMap<i32, i64> = job_application::Entity::find()
        .select_only()
        .column(job_application::Column::JobId)
        .column_as(job_application::Column::Id.count(), "count")
        .filter(job_application::Column::JobId.is_in(ids))
        .group_by(job_application::Column::JobId)
        .into_tuple::<(i32, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let posters: HashMap<i32, String> = user::Entity::find()
        .filter(user::Column::Id.is_in(jobs.iter().filter_map(|j| j.owner_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.email))
        .collect();
    let today = uk_time::today();
    Ok(jobs
        .into_iter()
        .map(|j| JobRow {
            status: post_status(&j, today),
            applications: counts.get(&j.id).copied().unwrap_or(0) as u64,
            poster_email: j.owner_id.and_then(|id| posters.get(&id).cloned()).unwrap_or_default(),
            posted_at: j.posted_at.to_string(),
            closes_at: j.closes_at.map(|d| d.to_string()),
            id: j.id,
            title: j.title,
            company: j.company,
            location: j.location,
        })
        .collect())
}

pub async fn one(db: &impl ConnectionTrait, id: i32) -> Result<(job::Model, JobRow), AppError> {
    let row = job::Entity::find_by_id(id).one(db).await?.ok_or(AppError::NotFound)?;
    let view = rows_for(db, vec![row.clone()]).await?.into_iter().next().expect("one job");
    Ok((row, view))
}

/// What staff do to a job post.
pub enum JobAction {
    Close,
    Reopen,
    Remove { reason: String },
}

pub async fn act(state: &AppState, staff: &user::Model, id: i32, action: JobAction) -> Result<JobRow, AppError> {
    let (row, _) = one(state.db(), id).await?;
    if row.removed_at.is_some() {
        return Err(AppError::BadRequest(texts::REMOVED.into()));
    }
    let today = uk_time::today();
    let (to, name, verb) = match action {
        JobAction::Remove { reason } => {
            remove_post(state, &row, Some(RemovedByStaff { staff, reason })).await?;
            return Ok(one(state.db(), id).await?.1);
        }
        JobAction::Close if status_on(&row, today) == ListingStatus::Open => (ListingStatus::Closed, "job.close", "Closed"),
        JobAction::Reopen if row.status == ListingStatus::Closed && row.closes_at.is_none_or(|closes| closes >= today) => {
            (ListingStatus::Open, "job.reopen", "Reopened")
        }
        JobAction::Reopen if row.closes_at.is_some_and(|closes| closes < today) => {
            return Err(AppError::BadRequest(texts::CLOSING_DATE_PASSED.into()));
        }
        _ => return Err(AppError::BadRequest(texts::ALREADY_SO.into())),
    };
    let mut change = Change::begin(state).await?;
    // Conditional on what staff saw: of two staff acting at once, one changes it.
    let changed = job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(to))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job::Column::Id.eq(id))
        .filter(job::Column::Status.eq(row.status))
        .filter(job::Column::RemovedAt.is_null())
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::CHANGED_MEANWHILE.into()));
    }
    change
        .audit(
            staff,
            Action::new(name, "job", Some(id), texts::post_entry(verb, &row.title, &row.company)).changed(json!({"status": row.status}), json!({"status": to})),
        )
        .await?;
    change.touches([Tag::Jobs, Tag::Job(id)]);
    change.commit().await?;
    Ok(one(state.db(), id).await?.1)
}

/// A post as staff see it: removed, or open or closed as the site shows it.
fn post_status(row: &job::Model, today: NaiveDate) -> JobPostStatus {
    match (row.removed_at, status_on(row, today)) {
        (Some(_), _) => JobPostStatus::Removed,
        (None, ListingStatus::Open) => JobPostStatus::Open,
        (None, ListingStatus::Closed) => JobPostStatus::Closed,
    }
}

/// The applications to a job, newest first, for the page.
pub async fn applications(state: &AppState, job_id: i32) -> Result<Vec<ApplicationRow>, DbErr> {
    Ok(job_application::Entity::find()
        .filter(job_application::Column::JobId.eq(job_id))
        .order_by_desc(job_application::Column::CreatedAt)
        .all(state.db())
        .await?
        .into_iter()
        .map(|a| ApplicationRow {
            id: a.id,
            full_name: a.full_name,
            email: a.email,
            phone_number: a.phone_number,
            cover_letter: a.cover_letter,
            cv: state.storage.signed_url(&a.resume),
            status: a.status,
            created_at: crate::http::timestamp(a.created_at),
        })
        .collect())
}
