//! The catalogue's read API: categories, services (filtered, ordered, searched), one service
//! with its latest reviews, and the website info.

use super::services::{self, LATEST_REVIEWS, ServiceFilter, ServiceOrder};
use super::texts;
use super::views::{CategoryView, ServiceDetailView, ServiceView, WebsiteInfoView};
use super::website_info::website_info_with_id;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{ErrorBody, Invalid};
use crate::reviews::queries::{ratings, reviews};
use crate::reviews::views::ReviewView;
use crate::site::answers::Shared;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use entity::category;
use entity::words::ListingStatus;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::sync::Arc;

/// Every category by priority, each with its number of Open services: from the site's data that
/// every page shows, kept until a write touches the site (the counts are not made per request).
#[utoipa::path(get, path = "/api/service/categories/", tag = "catalogue", params(crate::http::list::PageParams), responses((status = 200, body = Paginated<CategoryView>), Invalid, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list_categories(State(state): State<Arc<AppState>>, query: ListQuery) -> Result<Shared<Json<Paginated<CategoryView>>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let site = state.site.site_data().await?;
    let count = site.categories.len() as u64;
    let results = request.slice(&site.categories).iter().cloned().map(CategoryView::from).collect();
    Ok(Shared::made_from([Tag::Site], Json(query.page(request, count, results)?)))
}

/// `status` as the contract spells it.
/// Open services, filtered and ordered ("only Open jobs and services are listed": `status=Closed`
/// finds none); `search` uses the full-text index (every word must match, each also as the start
/// of a longer word).
#[utoipa::path(get, path = "/api/service/", tag = "catalogue", params(
    ("category__slug" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Only this category's services"),
    ("status" = Option<ListingStatus>, Query),
    ("ordering" = Option<String>, Query, description = "`priority` (the default), `-priority`, `price_from`, `-price_from`, `title`, or with `near` `distance` (its default)", pattern = r"^(-?priority|-?price_from|title|distance)$"),
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Words in the title, summary, description or areas"),
    ("area" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "A town the service is offered in"),
    ("near" = inline(Option<crate::places::PostcodeArea>), Query, description = "A postcode of Great Britain (`LS1 4AP`) or its district (`LS1`): only the services covering it, nearest first unless `ordering` says otherwise, each with `distance_miles`. A well-formed one that names no district of Great Britain is a 400 saying so (Northern Ireland's too)"),
    ("within" = Option<f64>, Query, minimum = 1, maximum = 50, description = "With `near`: the farthest a service's nearest base may be, in miles; 25 unless said, at most `NEAR_MAX_MILES` (50 unless configured)"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ServiceView>), Invalid, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list_services(State(state): State<Arc<AppState>>, query: ListQuery) -> Result<Shared<Json<Paginated<ServiceView>>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.word::<ListingStatus>(&mut errors, "status", texts::A_STATUS);
    let asked_order = query.parsed(&mut errors, "ordering", texts::ORDERING_EXPECTED, ServiceOrder::parse);
    let near = crate::places::Near::asked(&query, &mut errors, state.config().distances);
    let order = asked_order.unwrap_or(if near.is_some() { ServiceOrder::Distance } else { ServiceOrder::Priority });
    errors.finish()?;
    let answer = |list| Shared::list(&query, [Tag::Site, Tag::Services], Json(list));
    if status == Some(ListingStatus::Closed) {
        return Ok(answer(query.page(request, 0, Vec::new())?));
    }
    let status = Some(ListingStatus::Open);
    let category_id = match query.text("category__slug") {
        Some(slug) => match category::Entity::find().filter(category::Column::Slug.eq(slug)).one(state.db()).await? {
            Some(found) => Some(found.id),
            // No such category has no services.
            None => return Ok(answer(query.page(request, 0, Vec::new())?)),
        },
        None => None,
    };
    let near = match near {
        Some(near) => Some(super::services::NearServices::new(state.db(), &state.site.coverage, near, state.config().distances.default_radius_miles).await?),
        None => None,
    };
    let filter =
        ServiceFilter { category_id, status, search: query.text("search").map(str::to_string), area: query.text("area").map(str::to_string), near, order };
    let found = services::services(state.db(), &filter, request.page, request.size).await?;
    let ids: Vec<i32> = found.rows.iter().map(|(row, _)| row.id).collect();
    let ratings = ratings(state.db(), &ids).await?;
    let results = found
        .rows
        .into_iter()
        .map(|(row, category)| {
            let rating = ratings.get(&row.id).copied().unwrap_or((None, 0));
            let miles = found.miles.get(&row.id).copied();
            ServiceView::new(row, category, rating, &state.storage).at_distance(miles)
        })
        .collect();
    Ok(answer(query.page(request, found.total, results)?))
}

/// One service, whatever its status, with its latest 10 reviews.
#[utoipa::path(get, path = "/api/service/{id}/", tag = "catalogue", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = ServiceDetailView), (status = 404, description = "No such service", body = ErrorBody)))]
pub async fn show_service(State(state): State<Arc<AppState>>, RecordId(id): RecordId) -> Result<Shared<Json<ServiceDetailView>>, AppError> {
    let (row, category) = services::service_by_id(state.db(), id).await?.ok_or(AppError::NotFound)?;
    let rating = ratings(state.db(), &[id]).await?.get(&id).copied().unwrap_or((None, 0));
    let latest = reviews(state.db(), Some(id), 0, LATEST_REVIEWS).await?;
    let service = ServiceView::new(row, category, rating, &state.storage);
    Ok(Shared::made_from([Tag::Site, Tag::Service(id)], Json(ServiceDetailView::new(service, latest.iter().map(ReviewView::from).collect()))))
}

/// The company's contact details: a list with one item (spec section 1 uses the first).
#[utoipa::path(get, path = "/api/website-info/", tag = "catalogue", responses((status = 200, body = Paginated<WebsiteInfoView>)))]
pub async fn website_info(State(state): State<Arc<AppState>>, query: ListQuery) -> Result<Shared<Json<Paginated<WebsiteInfoView>>>, AppError> {
    let (id, info) = website_info_with_id(state.db(), state.config().brand.as_deref()).await?;
    let request = crate::http::list::PageRequest { page: 1, size: 1 };
    Ok(Shared::made_from([Tag::Site], Json(query.page(request, 1, vec![WebsiteInfoView::new(id, info)])?)))
}
