//! Jobs: filtered pages of them, newest first, and their cards for pages.

use crate::http::list::PageRequest;
use crate::domain::Pence;
use crate::platform::search::{Searched, contains_ignoring_case, matching};
use app::data::{JobCard, JobDetail};
use entity::job;
use entity::words::{EmploymentType, ListingStatus};
use sea_orm::{ActiveEnum, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

#[derive(Clone, Debug, Default)]
pub struct JobFilter {
    pub status: Option<ListingStatus>,
    pub search: Option<String>,
    pub location: Option<String>,
    pub employment_type: Option<EmploymentType>,
    pub owner_id: Option<i32>,
}

/// One page of jobs, newest first, and how many match in all.
pub async fn jobs(db: &impl ConnectionTrait, filter: &JobFilter, page: u64, page_size: u64) -> Result<(Vec<job::Model>, u64), DbErr> {
    let mut query = job::Entity::find();
    if let Some(status) = &filter.status {
        query = query.filter(job::Column::Status.eq(*status));
    }
    if let Some(search) = filter.search.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(matching(db.get_database_backend(), Searched::Jobs, search));
    }
    if let Some(location) = filter.location.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(contains_ignoring_case((job::Entity, job::Column::Location), location));
    }
    if let Some(kind) = &filter.employment_type {
        query = query.filter(job::Column::EmploymentType.eq(*kind));
    }
    if let Some(owner) = filter.owner_id {
        query = query.filter(job::Column::OwnerId.eq(owner));
    }
    let paginator = query.order_by_desc(job::Column::PostedAt).order_by_desc(job::Column::Id).paginate(db, page_size);
    let total = paginator.num_items().await?;
    let rows = match (PageRequest { page: page.max(1), size: page_size }).offset_within(total) {
        Some(_) => paginator.fetch_page(page.saturating_sub(1)).await?,
        None => Vec::new(),
    };
    Ok((rows, total))
}

pub fn job_card(j: &job::Model) -> JobCard {
    JobCard {
        id: j.id,
        slug: j.slug.clone(),
        title: j.title.clone(),
        company: j.company.clone(),
        location: j.location.clone(),
        employment_type: j.employment_type.to_value(),
        salary_min: j.salary_min_pence.map(|p| Pence::from_stored(p).to_string()),
        salary_max: j.salary_max_pence.map(|p| Pence::from_stored(p).to_string()),
        salary_period: j.salary_period.to_value(),
        posted_at: j.posted_at.format("%Y-%m-%d").to_string(),
        closes_at: j.closes_at.map(|d| d.format("%Y-%m-%d").to_string()),
    }
}

pub fn job_detail(j: &job::Model) -> JobDetail {
    JobDetail { job: job_card(j), description: j.description.clone(), status: j.status.to_value() }
}
