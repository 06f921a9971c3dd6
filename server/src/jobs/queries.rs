//! Jobs as the site and the API see them. A job is open while its status is Open and its
//! closing date (UK time) has not passed, so it closes at the end of that day without anyone
//! touching it; a removed job is in no list and on no page.

use crate::domain::{Pence, uk_time};
use crate::http::list::{Counting, PageRequest, ids_of_page, in_order_of};
use crate::places::{Near, Point};
use crate::platform::search::{Searched, contains_ignoring_case, matching};
use app::data::{JobCard, JobDetail};
use chrono::NaiveDate;
use entity::job;
use entity::words::{EmploymentType, ListingStatus};
use futures::TryStreamExt;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select, StreamTrait};
use std::collections::HashMap;

#[derive(Clone, Debug, Default)]
pub struct JobFilter {
    pub status: Option<ListingStatus>,
    pub search: Option<String>,
    pub location: Option<String>,
    pub employment_type: Option<EmploymentType>,
    pub owner_id: Option<i32>,
    /// Only the jobs placed within its distance of its point, nearest first.
    pub near: Option<Near>,
}

/// One page of jobs, how many match in all, and in a near search how far each is (miles).
#[derive(Debug, Default)]
pub struct JobPage {
    pub rows: Vec<job::Model>,
    pub total: u64,
    pub miles: HashMap<i32, f64>,
}

/// Jobs open on `today`: Open, and closing today or later (or never).
pub fn open_on(today: NaiveDate) -> Condition {
    Condition::all()
        .add(job::Column::Status.eq(ListingStatus::Open))
        .add(Condition::any().add(job::Column::ClosesAt.is_null()).add(job::Column::ClosesAt.gte(today)))
}

/// The status a job shows today: a job past its closing date is Closed.
pub fn status_on(row: &job::Model, today: NaiveDate) -> ListingStatus {
    status_of(row.status, row.closes_at, today)
}

/// The status a job of `status` closing on `closes_at` has today.
pub fn status_of(status: ListingStatus, closes_at: Option<NaiveDate>, today: NaiveDate) -> ListingStatus {
    match closes_at {
        Some(closes) if closes < today => ListingStatus::Closed,
        _ => status,
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
pub async fn jobs(db: &(impl ConnectionTrait + StreamTrait), filter: &JobFilter, page: u64, page_size: u64) -> Result<JobPage, DbErr> {
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
        // Spelled out: `StreamTrait` has a method of the same name.
        query = query.filter(matching(ConnectionTrait::get_database_backend(db), Searched::Jobs, search));
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
    let request = PageRequest { page: page.max(1), size: page_size };
    if let Some(near) = &filter.near {
        return nearest(db, query, near, request).await;
    }
    let query = query.order_by_desc(job::Column::PostedAt).order_by_desc(job::Column::Id);
    let (total, ids) = ids_of_page(db, query, job::Column::Id, request, counting).await?;
    Ok(JobPage { rows: by_ids(db, &ids).await?, total, miles: HashMap::new() })
}

/// A page of the jobs of `query` placed within `near`'s distance, nearest first (the newest
/// first at one distance): those in a box around the point, by the coordinates' index, each
/// measured as it is read. A box around a city holds thousands of rows on the large data:
/// streamed, only the few numbers kept of each are held, not every row at once.
async fn nearest(db: &(impl ConnectionTrait + StreamTrait), query: Select<job::Entity>, near: &Near, request: PageRequest) -> Result<JobPage, DbErr> {
    let point = near.area.point();
    let mut placed = in_box_around(query, point, near.within_miles)
        .select_only()
        .columns([job::Column::Id, job::Column::Latitude, job::Column::Longitude, job::Column::PostedAt])
        .into_tuple::<(i32, f64, f64, NaiveDate)>()
        .stream(db)
        .await?;
    let mut found: Vec<(i32, f64, NaiveDate)> = Vec::new();
    while let Some((id, latitude, longitude, posted)) = placed.try_next().await? {
        let miles = point.miles_to(Point { latitude, longitude });
        if miles <= near.within_miles {
            found.push((id, miles, posted));
        }
    }
    // A stream holds its pooled connection until dropped: before the next query.
    drop(placed);
    found.sort_by(|a, b| a.1.total_cmp(&b.1).then(b.2.cmp(&a.2)).then(b.0.cmp(&a.0)));
    let page = request.slice(&found);
    let ids: Vec<i32> = page.iter().map(|(id, _, _)| *id).collect();
    Ok(JobPage { rows: by_ids(db, &ids).await?, total: found.len() as u64, miles: page.iter().map(|&(id, miles, _)| (id, miles)).collect() })
}

/// The jobs of `query` placed in a box holding every point within `miles` of `point`, read by
/// the coordinates' index: to be measured exactly.
pub fn in_box_around(query: Select<job::Entity>, point: Point, miles: f64) -> Select<job::Entity> {
    let (south, north, west, east) = point.bounding_box(miles);
    query.filter(job::Column::Latitude.between(south, north)).filter(job::Column::Longitude.between(west, east))
}

/// The jobs of `ids`, in that order.
async fn by_ids(db: &impl ConnectionTrait, ids: &[i32]) -> Result<Vec<job::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = job::Entity::find().filter(job::Column::Id.is_in(ids.iter().copied())).all(db).await?;
    Ok(in_order_of(ids, rows, |j| j.id))
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
        distance_miles: None,
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
