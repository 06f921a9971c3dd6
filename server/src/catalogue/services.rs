//! Services: filtered, ordered pages of them, and one service in full.

use super::coverage_index::{CoverageIndex, Found, KeptCoverage};
use crate::domain::Pence;
use crate::http::list::{Counting, PageRequest, ids_of_page, in_order_of};
use crate::places::Near;
use crate::platform::search::{Searched, contains_ignoring_case, matching};
use crate::reviews::queries::{ReviewRow, latest_of_each, ratings};
use app::data::{CategoryRef, ServiceCard, ServiceDetail};
use entity::words::ListingStatus;
use entity::{category, service};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, StreamTrait};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ServiceOrder {
    #[default]
    Priority,
    PriorityDesc,
    Price,
    PriceDesc,
    Title,
    /// Nearest first: a near search's own order.
    Distance,
}

impl ServiceOrder {
    pub fn parse(raw: &str) -> Option<Self> {
        Some(match raw {
            "distance" => ServiceOrder::Distance,
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
    pub status: Option<ListingStatus>,
    pub search: Option<String>,
    /// A town the service covers, matched whole and ignoring case.
    pub area: Option<String>,
    /// Only the services covering a point, each with its distance.
    pub near: Option<NearServices>,
    pub order: ServiceOrder,
}

/// A search near a point, and what answers it: where services work, and the radius of a base
/// that says none (`SERVICE_RADIUS_MILES`).
#[derive(Clone, Debug)]
pub struct NearServices {
    pub near: Near,
    pub coverage: Arc<CoverageIndex>,
    pub default_radius: u32,
}

impl NearServices {
    /// A search near `near`, answered from where services work (loaded if need be).
    pub async fn new(db: &(impl ConnectionTrait + StreamTrait), coverage: &KeptCoverage, near: Near, default_radius: u32) -> Result<Self, DbErr> {
        Ok(NearServices { near, coverage: coverage.get(db).await?, default_radius })
    }
}

/// One page of services, how many match in all, and in a near search how far each is (miles).
#[derive(Debug, Default)]
pub struct ServicePage {
    pub rows: Vec<(service::Model, CategoryRef)>,
    pub total: u64,
    pub miles: HashMap<i32, f64>,
}

/// How many reviews a service's page and API answer show (the contract's "latest 10").
pub const LATEST_REVIEWS: u64 = 10;

/// The id, category and last change of every Open service, for the sitemap.
pub async fn open_services_changed(db: &impl ConnectionTrait) -> Result<Vec<(i32, i32, chrono::DateTime<chrono::Utc>)>, DbErr> {
    service::Entity::find()
        .filter(service::Column::Status.eq(ListingStatus::Open))
        .select_only()
        .columns([service::Column::Id, service::Column::CategoryId, service::Column::UpdatedAt])
        .order_by_asc(service::Column::Id)
        .into_tuple()
        .all(db)
        .await
}

/// One page of services and how many match in all.
pub async fn services(db: &impl ConnectionTrait, filter: &ServiceFilter, page: u64, page_size: u64) -> Result<ServicePage, DbErr> {
    let found = filter.near.as_ref().map(|near| near.coverage.covering(&near.near, near.default_radius));
    let request = PageRequest { page: page.max(1), size: page_size };
    let by_words = filter.search.as_deref().is_some_and(|s| !s.is_empty()) || filter.area.as_deref().is_some_and(|s| !s.is_empty());
    if let (Some(found), Some(near), ServiceOrder::Distance, false) = (&found, &filter.near, filter.order, by_words) {
        // Nearest first, filtered in memory: only the page's rows are read.
        let nearest: Vec<Found> = found.iter().filter(|found| near.coverage.is_in(found.service_id, filter.category_id, filter.status)).copied().collect();
        return page_near(db, &nearest, request).await;
    }
    if found.as_ref().is_some_and(Vec::is_empty) {
        return Ok(ServicePage::default());
    }
    let mut query = service::Entity::find();
    if let Some(category_id) = filter.category_id {
        query = query.filter(service::Column::CategoryId.eq(category_id));
    }
    if let Some(status) = &filter.status {
        query = query.filter(service::Column::Status.eq(*status));
    }
    // A search, or a text matched anywhere in a column, reads every candidate: once is enough.
    let mut counting = Counting::Apart;
    if let Some(search) = filter.search.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(matching(db.get_database_backend(), Searched::Services, search));
        counting = Counting::WithThePage;
    }
    if let Some(area) = filter.area.as_deref().filter(|s| !s.is_empty()) {
        query = query.filter(covers(area));
        counting = Counting::WithThePage;
    }
    if let (Some(found), ServiceOrder::Distance) = (&found, filter.order) {
        // Nearest first among those the words match: their ids, in the order found. (The words'
        // matches are few; an IN list of every service found near is long.)
        let matching: HashSet<i32> = query.select_only().column(service::Column::Id).into_tuple().all(db).await?.into_iter().collect();
        let nearest: Vec<Found> = found.iter().filter(|found| matching.contains(&found.service_id)).copied().collect();
        return page_near(db, &nearest, request).await;
    }
    query = match filter.order {
        // Without a point, there is no distance: the default order.
        ServiceOrder::Priority | ServiceOrder::Distance => query.order_by_asc(service::Column::Priority),
        ServiceOrder::PriorityDesc => query.order_by_desc(service::Column::Priority),
        ServiceOrder::Price => query.order_by_asc(service::Column::PriceFromPence),
        ServiceOrder::PriceDesc => query.order_by_desc(service::Column::PriceFromPence),
        ServiceOrder::Title => query.order_by_asc(service::Column::Title),
    }
    .order_by_asc(service::Column::Id);
    if let Some(found) = &found {
        // Another order near a point: the matches in that order, kept if found near.
        let miles: HashMap<i32, f64> = found.iter().map(|found| (found.service_id, found.miles)).collect();
        let ids: Vec<i32> = query.select_only().column(service::Column::Id).into_tuple().all(db).await?;
        let ordered: Vec<Found> = ids.into_iter().filter_map(|id| miles.get(&id).map(|&miles| Found { service_id: id, miles })).collect();
        return page_near(db, &ordered, request).await;
    }
    let (total, ids) = ids_of_page(db, query, service::Column::Id, request, counting).await?;
    Ok(ServicePage { rows: by_ids(db, &ids).await?, total, miles: HashMap::new() })
}

/// `request`'s page of the services `found` near a point, in that order, with their distances
/// (of the page's alone: a search near a city finds thousands).
async fn page_near(db: &impl ConnectionTrait, found: &[Found], request: PageRequest) -> Result<ServicePage, DbErr> {
    let page = request.slice(found);
    let ids: Vec<i32> = page.iter().map(|found| found.service_id).collect();
    Ok(ServicePage { rows: by_ids(db, &ids).await?, total: found.len() as u64, miles: page.iter().map(|found| (found.service_id, found.miles)).collect() })
}

/// The services of `ids` that exist, in that order, with their category.
pub(crate) async fn by_ids(db: &impl ConnectionTrait, ids: &[i32]) -> Result<Vec<(service::Model, CategoryRef)>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = service::Entity::find().filter(service::Column::Id.is_in(ids.iter().copied())).find_also_related(category::Entity).all(db).await?;
    Ok(in_order_of(ids, rows, |(s, _)| s.id).into_iter().filter_map(|(s, c)| c.map(|c| (s, CategoryRef { id: c.id, slug: c.slug, name: c.name }))).collect())
}

/// The service's areas (a JSON array of towns) hold `town`: the town's JSON string, quotes
/// included, is looked for in the lower-cased array, so "Bath" does not match "Bathgate".
fn covers(town: &str) -> sea_orm::sea_query::SimpleExpr {
    let quoted = serde_json::to_string(town.trim()).expect("a string serialises");
    contains_ignoring_case((service::Entity, service::Column::Areas), &quoted)
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
                price_from: Pence::from_stored(s.price_from_pence).to_string(),
                price_unit: s.price_unit,
                category,
                rating_average,
                rating_count,
                distance_miles: None,
            }
        })
        .collect())
}

pub async fn service_by_id(db: &impl ConnectionTrait, id: i32) -> Result<Option<(service::Model, CategoryRef)>, DbErr> {
    Ok(by_ids(db, &[id]).await?.pop())
}

pub async fn service_detail(db: &impl ConnectionTrait, id: i32) -> Result<Option<ServiceDetail>, DbErr> {
    Ok(service_details(db, &[id]).await?.pop())
}

/// The services of `ids` that exist, in full and in that order: a batch of service pages in a
/// few queries.
pub async fn service_details(db: &impl ConnectionTrait, ids: &[i32]) -> Result<Vec<ServiceDetail>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = by_ids(db, ids).await?;
    let found: Vec<i32> = rows.iter().map(|(s, _)| s.id).collect();
    let mut reviews = latest_of_each(db, &found, LATEST_REVIEWS).await?;
    let mut providers = crate::providers::profile::links_of(db, &found).await?;
    let texts: Vec<(String, ListingStatus)> = rows.iter().map(|(s, _)| (s.description.clone(), s.status)).collect();
    Ok(service_cards(db, rows)
        .await?
        .into_iter()
        .zip(texts)
        .map(|(service, (description, status))| {
            let reviews = reviews.remove(&service.id).unwrap_or_default().iter().map(ReviewRow::card).collect();
            let providers = providers.remove(&service.id).unwrap_or_default();
            ServiceDetail { service, description, status, reviews, providers, cover: Default::default() }
        })
        .collect())
}
