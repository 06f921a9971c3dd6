//! Reading the public catalogue: categories, services, jobs, reviews and the website info.
//! Pages and the API both call these plain functions.

use crate::domain::Pence;
use app::data::{CategoryCard, CategoryRef, JobCard, JobDetail, Pagination, ReviewView, ServiceCard, ServiceDetail, WebsiteInfo};
use entity::{category, job, review, service, user, website_info};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{BTreeMap, HashMap};

pub const OPEN: &str = "Open";

/// The contact details used until the company enters its own (spec section 3).
pub fn default_website_info(brand: &str) -> WebsiteInfo {
    WebsiteInfo {
        brand: brand.to_string(),
        email: "hello@brightway.example".into(),
        phones: vec!["+44 20 7946 0000".into(), "+44 20 7946 0123".into()],
        address: "221 Example Street, London, W1A 1AA".into(),
        opening_hours: "Mon-Fri 09:00-18:00".into(),
        socials: BTreeMap::new(),
    }
}

pub fn website_info_view(row: website_info::Model) -> WebsiteInfo {
    WebsiteInfo {
        brand: row.brand,
        email: row.email,
        phones: serde_json::from_str(&row.phones).unwrap_or_default(),
        address: row.address,
        opening_hours: row.opening_hours,
        socials: serde_json::from_str(&row.socials).unwrap_or_default(),
    }
}

/// The first website info row, or the defaults; `brand` from configuration wins when set.
pub async fn website_info(db: &impl ConnectionTrait, brand: Option<&str>) -> Result<WebsiteInfo, DbErr> {
    let mut info = match website_info::Entity::find().order_by_asc(website_info::Column::Id).one(db).await? {
        Some(row) => website_info_view(row),
        None => default_website_info(brand.unwrap_or("Brightway")),
    };
    if let Some(brand) = brand {
        info.brand = brand.to_string();
    }
    Ok(info)
}

/// Every category by priority, with how many open services it has.
pub async fn categories(db: &impl ConnectionTrait) -> Result<Vec<CategoryCard>, DbErr> {
    let counts: HashMap<i32, i64> = service::Entity::find()
        .select_only()
        .column(service::Column::CategoryId)
        .column_as(service::Column::Id.count(), "count")
        .filter(service::Column::Status.eq(OPEN))
        .group_by(service::Column::CategoryId)
        .into_tuple::<(i32, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let rows = category::Entity::find().order_by_asc(category::Column::Priority).order_by_asc(category::Column::Name).all(db).await?;
    Ok(rows
        .into_iter()
        .map(|c| CategoryCard {
            service_count: counts.get(&c.id).copied().unwrap_or(0),
            id: c.id,
            slug: c.slug,
            name: c.name,
            description: c.description,
            icon: c.icon,
            priority: c.priority,
        })
        .collect())
}

pub fn pagination(page: u64, page_size: u64, total_items: u64) -> Pagination {
    Pagination { page, page_size, total_items, total_pages: total_items.div_ceil(page_size).max(1) }
}

/// Average (one decimal) and count of the ratings of each service.
async fn ratings(db: &impl ConnectionTrait, service_ids: &[i32]) -> Result<HashMap<i32, (Option<f64>, i64)>, DbErr> {
    if service_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = review::Entity::find()
        .select_only()
        .column(review::Column::ServiceId)
        .column_as(review::Column::Rating.sum(), "total")
        .column_as(review::Column::Id.count(), "count")
        .filter(review::Column::ServiceId.is_in(service_ids.iter().copied()))
        .group_by(review::Column::ServiceId)
        .into_tuple::<(i32, i64, i64)>()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, total, count)| {
            let average = (count > 0).then(|| (total as f64 / count as f64 * 10.0).round() / 10.0);
            (id, (average, count))
        })
        .collect())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ServiceOrder {
    #[default]
    Priority,
    PriorityDesc,
    Price,
    PriceDesc,
    Title,
}

impl ServiceOrder {
    pub fn parse(raw: &str) -> Option<Self> {
        Some(match raw {
            "priority" => ServiceOrder::Priority,
            "-priority" => ServiceOrder::PriorityDesc,
            "price_from" => ServiceOrder::Price,
            "-price_from" => ServiceOrder::PriceDesc,
            "title" => ServiceOrder::Title,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, Default)]
pub struct ServiceFilter {
    pub category_id: Option<i32>,
    /// `None` lists every status.
    pub status: Option<String>,
    pub search: Option<String>,
    pub order: ServiceOrder,
}

fn contains_ignoring_case(column: impl sea_orm::sea_query::IntoColumnRef, needle: &str) -> sea_orm::sea_query::SimpleExpr {
    use sea_orm::sea_query::ExprTrait;
    let escaped = needle.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column))).like(sea_orm::sea_query::LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

/// One page of services and how many match in all.
pub async fn services(
    db: &impl ConnectionTrait,
    filter: &ServiceFilter,
    page: u64,
    page_size: u64,
) -> Result<(Vec<(service::Model, CategoryRef)>, u64), DbErr> {
    let mut query = service::Entity::find();
    if let Some(category_id) = filter.category_id {
        query = query.filter(service::Column::CategoryId.eq(category_id));
    }
    if let Some(status) = &filter.status {
        query = query.filter(service::Column::Status.eq(status.as_str()));
    }
    if let Some(search) = filter.search.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(
            sea_orm::Condition::any()
                .add(contains_ignoring_case((service::Entity, service::Column::Title), search))
                .add(contains_ignoring_case((service::Entity, service::Column::Summary), search)),
        );
    }
    query = match filter.order {
        ServiceOrder::Priority => query.order_by_asc(service::Column::Priority),
        ServiceOrder::PriorityDesc => query.order_by_desc(service::Column::Priority),
        ServiceOrder::Price => query.order_by_asc(service::Column::PriceFromPence),
        ServiceOrder::PriceDesc => query.order_by_desc(service::Column::PriceFromPence),
        ServiceOrder::Title => query.order_by_asc(service::Column::Title),
    }
    .order_by_asc(service::Column::Id);
    let paginator = query.find_also_related(category::Entity).paginate(db, page_size);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.saturating_sub(1)).await?;
    let rows = rows
        .into_iter()
        .filter_map(|(s, c)| c.map(|c| (s, CategoryRef { id: c.id, slug: c.slug, name: c.name })))
        .collect();
    Ok((rows, total))
}

/// Service rows as cards, with their ratings.
pub async fn service_cards(db: &impl ConnectionTrait, rows: Vec<(service::Model, CategoryRef)>) -> Result<Vec<ServiceCard>, DbErr> {
    let ids: Vec<i32> = rows.iter().map(|(s, _)| s.id).collect();
    let ratings = ratings(db, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|(s, category)| {
            let (rating_average, rating_count) = ratings.get(&s.id).copied().unwrap_or((None, 0));
            ServiceCard {
                id: s.id,
                areas: serde_json::from_str(&s.areas).unwrap_or_default(),
                slug: s.slug,
                title: s.title,
                summary: s.summary,
                price_from: Pence(s.price_from_pence).to_string(),
                price_unit: s.price_unit,
                category,
                rating_average,
                rating_count,
            }
        })
        .collect())
}

pub async fn service_by_id(db: &impl ConnectionTrait, id: i32) -> Result<Option<(service::Model, CategoryRef)>, DbErr> {
    Ok(service::Entity::find_by_id(id)
        .find_also_related(category::Entity)
        .one(db)
        .await?
        .and_then(|(s, c)| c.map(|c| (s, CategoryRef { id: c.id, slug: c.slug, name: c.name }))))
}

/// Shows a member by first name and initial: reviews are public, surnames need not be.
pub fn public_name(full_name: &str) -> String {
    let mut parts = full_name.split_whitespace();
    match (parts.next(), parts.last()) {
        (Some(first), Some(last)) => format!("{first} {}.", last.chars().next().unwrap_or_default()),
        (Some(first), None) => first.to_string(),
        _ => "A customer".to_string(),
    }
}

/// Newest reviews first, of one service or of all.
pub async fn reviews(db: &impl ConnectionTrait, service_id: Option<i32>, limit: u64) -> Result<Vec<ReviewView>, DbErr> {
    let mut query = review::Entity::find().find_also_related(user::Entity).order_by_desc(review::Column::CreatedAt).order_by_desc(review::Column::Id);
    if let Some(id) = service_id {
        query = query.filter(review::Column::ServiceId.eq(id));
    }
    let rows = query.limit(limit).all(db).await?;
    let service_ids: Vec<i32> = rows.iter().map(|(r, _)| r.service_id).collect();
    let titles: HashMap<i32, String> = service::Entity::find()
        .select_only()
        .column(service::Column::Id)
        .column(service::Column::Title)
        .filter(service::Column::Id.is_in(service_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|(r, u)| ReviewView {
            id: r.id,
            service_id: r.service_id,
            service_title: titles.get(&r.service_id).cloned().unwrap_or_default(),
            user_name: u.map(|u| public_name(&u.full_name)).unwrap_or_else(|| "A customer".into()),
            rating: r.rating.clamp(1, 5) as u8,
            review: r.review,
            created_at: r.created_at.format("%Y-%m-%d").to_string(),
        })
        .collect())
}

pub async fn service_detail(db: &impl ConnectionTrait, id: i32) -> Result<Option<ServiceDetail>, DbErr> {
    let Some((row, category)) = service_by_id(db, id).await? else { return Ok(None) };
    let description = row.description.clone();
    let status = row.status.clone();
    let service = service_cards(db, vec![(row, category)]).await?.remove(0);
    let reviews = reviews(db, Some(id), 10).await?;
    Ok(Some(ServiceDetail { service, description, status, reviews }))
}

#[derive(Clone, Debug, Default)]
pub struct JobFilter {
    pub status: Option<String>,
    pub search: Option<String>,
    pub location: Option<String>,
    pub employment_type: Option<String>,
    pub owner_id: Option<i32>,
}

/// One page of jobs, newest first, and how many match in all.
pub async fn jobs(db: &impl ConnectionTrait, filter: &JobFilter, page: u64, page_size: u64) -> Result<(Vec<job::Model>, u64), DbErr> {
    let mut query = job::Entity::find();
    if let Some(status) = &filter.status {
        query = query.filter(job::Column::Status.eq(status.as_str()));
    }
    if let Some(search) = filter.search.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(
            sea_orm::Condition::any()
                .add(contains_ignoring_case((job::Entity, job::Column::Title), search))
                .add(contains_ignoring_case((job::Entity, job::Column::Company), search))
                .add(contains_ignoring_case((job::Entity, job::Column::Location), search)),
        );
    }
    if let Some(location) = filter.location.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(contains_ignoring_case((job::Entity, job::Column::Location), location));
    }
    if let Some(kind) = &filter.employment_type {
        query = query.filter(job::Column::EmploymentType.eq(kind.as_str()));
    }
    if let Some(owner) = filter.owner_id {
        query = query.filter(job::Column::OwnerId.eq(owner));
    }
    let paginator = query.order_by_desc(job::Column::PostedAt).order_by_desc(job::Column::Id).paginate(db, page_size);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.saturating_sub(1)).await?;
    Ok((rows, total))
}

pub fn job_card(j: &job::Model) -> JobCard {
    JobCard {
        id: j.id,
        slug: j.slug.clone(),
        title: j.title.clone(),
        company: j.company.clone(),
        location: j.location.clone(),
        employment_type: j.employment_type.clone(),
        salary_min: j.salary_min_pence.map(|p| Pence(p).to_string()),
        salary_max: j.salary_max_pence.map(|p| Pence(p).to_string()),
        salary_period: j.salary_period.clone(),
        posted_at: j.posted_at.format("%Y-%m-%d").to_string(),
        closes_at: j.closes_at.map(|d| d.format("%Y-%m-%d").to_string()),
    }
}

pub fn job_detail(j: &job::Model) -> JobDetail {
    JobDetail { job: job_card(j), description: j.description.clone(), status: j.status.clone() }
}

/// Every id of a table, ascending; for enumerating pages.
pub async fn all_ids<E: EntityTrait>(db: &impl ConnectionTrait, id: E::Column) -> Result<Vec<i32>, DbErr> {
    E::find().select_only().column(id).order_by_asc(id).into_tuple::<i32>().all(db).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn public_names_keep_the_surname_initial_only() {
        assert_eq!(super::public_name("Amelia Jane Hughes"), "Amelia H.");
        assert_eq!(super::public_name("Cher"), "Cher");
        assert_eq!(super::public_name("  "), "A customer");
    }
}
