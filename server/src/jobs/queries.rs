//! Jobs as the site and the API see them. A job is open while its status is Open and its
//! closing date (UK time) has not passed, so it closes at the end of that day without anyone
//! touching it; a removed job is in no list and on no page.

use crate::domain::{Pence, uk_time};
use crate::http::list::{Counting, PageRequest, ids_of_page, in_order_of};
use crate::platform::search::{Searched, contains_ignoring_case, matching};
use app::data::{JobCard, JobDetail};
use chrono::NaiveDate;
use entity::job;
use entity::words::{EmploymentType, ListingStatus};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select};

#[derive(Clone, Debug, Default)]
pub struct JobFilter {
    pub status: Option<ListingStatus>,
    pub search: Option<String>,
    pub location: Option<String>,
    pub employment_type: Option<EmploymentType>,
    pub owner_id: Option<i32>,
}

/// Jobs open on `today`: Open, and closing today or later (or never).
pub fn open_on(today: NaiveDate) -> Condition {
    Condition::all()
        .add(job::Column::Status.eq(ListingStatus::Open))
        .add(Condition::any().add(job::Column::ClosesAt.is_null()).add(job::Column::ClosesAt.gte(today)))
}

/// The status a job shows today: a job past its closing date is Closed.
pub fn status_on(row: &job::Model, today: NaiveDate) -> ListingStatus {
    match row.closes_at {
        Some(closes) if closes < today => ListingStatus::Closed,
        _ => row.status,
    }
}

/// Jobs that have not been removed.
pub fn listed() -> Select<job::Entity> {
    job::Entity::find().filter(job::Column::RemovedAt.is_null())
}

/// A job that has not been removed, by id.
pub async fn listed_job(db: &impl ConnectionTrait, id: i32) -> Result<Option<job::Model>, DbErr> {
    listed().filter(job::Column::Id.eq(id)).one(db).await
}

/// The jobs of `ids` that have not been removed, in no particular order.
pub async fn listed_jobs(db: &impl ConnectionTrait, ids: &[i32]) -> Result<Vec<job::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    listed().filter(job::Column::Id.is_in(ids.iter().copied())).all(db).await
}

/// Whether job `id` existed and was removed.
pub async fn was_removed(db: &impl ConnectionTrait, id: i32) -> Result<bool, DbErr> {
    Ok(job::Entity::find_by_id(id).filter(job::Column::RemovedAt.is_not_null()).count(db).await? > 0)
}

/// One page of jobs, newest first, and how many match in all.
pub async fn jobs(db: &impl ConnectionTrait, filter: &JobFilter, page: u64, page_size: u64) -> Result<(Vec<job::Model>, u64), DbErr> {
    let today = uk_time::today();
    let mut query = listed();
    match filter.status {
        Some(ListingStatus::Open) => query = query.filter(open_on(today)),
        Some(ListingStatus::Closed) => query = query.filter(open_on(today).not()),
        None => {}
    }
    // A search, or a text matched anywhere in a column, reads every candidate: once is enough.
    let mut counting = Counting::Apart;
    if let Some(search) = filter.search.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(matching(db.get_database_backend(), Searched::Jobs, search));
        counting = Counting::WithThePage;
    }
    if let Some(location) = filter.location.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(contains_ignoring_case((job::Entity, job::Column::Location), location));
        counting = Counting::WithThePage;
    }
    if let Some(kind) = &filter.employment_type {
        query = query.filter(job::Column::EmploymentType.eq(*kind));
    }
    if let Some(owner) = filter.owner_id {
        query = query.filter(job::Column::OwnerId.eq(owner));
    }
    let query = query.order_by_desc(job::Column::PostedAt).order_by_desc(job::Column::Id);
    let (total, ids) = ids_of_page(db, query, job::Column::Id, PageRequest { page: page.max(1), size: page_size }, counting).await?;
    if ids.is_empty() {
        return Ok((Vec::new(), total));
    }
    let rows = job::Entity::find().filter(job::Column::Id.is_in(ids.iter().copied())).all(db).await?;
    Ok((in_order_of(&ids, rows, |j| j.id), total))
}

/// The id and last change of every job open today, for the pages worth prerendering and listing in the sitemap.
pub async fn open_jobs_changed(db: &impl ConnectionTrait) -> Result<Vec<(i32, chrono::DateTime<chrono::Utc>)>, DbErr> {
    listed()
        .filter(open_on(uk_time::today()))
        .select_only()
        .column(job::Column::Id)
        .column(job::Column::UpdatedAt)
        .order_by_asc(job::Column::Id)
        .into_tuple()
        .all(db)
        .await
}

pub fn job_card(j: &job::Model) -> JobCard {
    JobCard {
        id: j.id,
        slug: j.slug.clone(),
        title: j.title.clone(),
        company: j.company.clone(),
        location: j.location.clone(),
        employment_type: j.employment_type,
        salary_min: j.salary_min_pence.map(|p| Pence::from_stored(p).to_string()),
        salary_max: j.salary_max_pence.map(|p| Pence::from_stored(p).to_string()),
        salary_period: j.salary_period,
        posted_at: j.posted_at.format("%Y-%m-%d").to_string(),
        closes_at: j.closes_at.map(|d| d.format("%Y-%m-%d").to_string()),
    }
}

/// Where a job's attachment is downloaded from: a stable address, since the attachment is the
/// employer's public description of the job, not personal data.
pub fn attachment_path(job_id: i32) -> String {
    format!("/api/service/jobs/{job_id}/attachment/")
}

pub fn job_detail(j: &job::Model) -> JobDetail {
    JobDetail {
        job: job_card(j),
        description: j.description.clone(),
        status: status_on(j, uk_time::today()),
        attachment: j.attachment.as_ref().map(|_| attachment_path(j.id)),
    }
}
