//! The back office's JSON calls about the catalogue and the website info: thin handlers over this subject's functions, which its pages use too.

use super::Fields;
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::{CategoryRow, ServiceRow, WebsiteInfoForm};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use std::sync::Arc;

/// Every category, hidden ones included, by priority.
#[utoipa::path(get, path = "/api/admin/categories/", tag = "back office", responses((status = 200, body = Vec<CategoryRow>), StaffOnly))]
pub async fn category_list(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<Vec<CategoryRow>>, AppError> {
    Ok(Json(super::categories::list(state.db()).await?))
}

/// Adds a category: `name`, `slug` (unique), `icon`, `priority`, `description`, `hidden`.
#[utoipa::path(post, path = "/api/admin/categories/", tag = "back office", request_body = Fields, responses((status = 201, body = CategoryRow), Invalid, StaffOnly))]
pub async fn category_create(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<(StatusCode, Json<CategoryRow>), AppError> {
    Ok((StatusCode::CREATED, Json(super::categories::save(&state, &staff.user, None, &fields).await?)))
}

/// Edits a category, or hides it from the site (`hidden: true`); fields left out stay.
#[utoipa::path(patch, path = "/api/admin/categories/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = Fields, responses((status = 200, body = CategoryRow), Invalid, StaffOnly))]
pub async fn category_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<CategoryRow>, AppError> {
    Ok(Json(super::categories::save(&state, &staff.user, Some(id), &fields).await?))
}

/// Services by title, every status; `search` in the title.
#[utoipa::path(get, path = "/api/admin/services/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ServiceRow>), Invalid, StaffOnly))]
pub async fn service_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ServiceRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let (count, rows) = super::services::list(state.db(), query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// Adds a service: `title`, `slug`, `category`, `summary`, `description`, `price_from`
/// (pounds), `price_unit`, `areas` (a list, or towns one a line), `priority`, `status`.
#[utoipa::path(post, path = "/api/admin/services/", tag = "back office", request_body = Fields, responses((status = 201, body = ServiceRow), Invalid, StaffOnly))]
pub async fn service_create(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<(StatusCode, Json<ServiceRow>), AppError> {
    Ok((StatusCode::CREATED, Json(super::services::save(&state, &staff.user, None, &fields).await?)))
}

/// One service, as staff edit it.
#[utoipa::path(get, path = "/api/admin/services/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = ServiceRow), StaffOnly))]
pub async fn service_show(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<ServiceRow>, AppError> {
    Ok(Json(super::services::one(state.db(), id).await?))
}

/// Edits a service (close it with `status: Closed`); fields left out stay.
#[utoipa::path(patch, path = "/api/admin/services/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = Fields, responses((status = 200, body = ServiceRow), Invalid, StaffOnly))]
pub async fn service_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<ServiceRow>, AppError> {
    Ok(Json(super::services::save(&state, &staff.user, Some(id), &fields).await?))
}

/// The website info, as its form edits it.
#[utoipa::path(get, path = "/api/admin/website-info/", operation_id = "admin_website_info", tag = "back office", responses((status = 200, body = WebsiteInfoForm), StaffOnly))]
pub async fn website_info(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<WebsiteInfoForm>, AppError> {
    Ok(Json(super::website_info::read(&state).await?))
}

/// Replaces the website info: `brand`, `email`, `phones` (one a line, or a list), `address`,
/// `opening_hours`, `socials` (lines of a name and an address).
#[utoipa::path(put, path = "/api/admin/website-info/", tag = "back office", request_body = Fields, responses((status = 200, body = WebsiteInfoForm), Invalid, StaffOnly))]
pub async fn website_info_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<WebsiteInfoForm>, AppError> {
    Ok(Json(super::website_info::save(&state, &staff.user, &fields).await?))
}
