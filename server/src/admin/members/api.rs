//! The back office's JSON calls about members: thin handlers over this subject's functions, which its pages use too.

use super::{AccountChange, texts};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::MemberRow;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// Members, newest first.
#[utoipa::path(get, path = "/api/admin/members/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a name or an email address"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<MemberRow>), Invalid, StaffOnly))]
pub async fn member_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<MemberRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let (count, rows) = super::search(state.db(), query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// One member's account.
#[utoipa::path(get, path = "/api/admin/members/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = MemberRow), StaffOnly))]
pub async fn member(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<MemberRow>, AppError> {
    Ok(Json(super::row_of(state.db(), super::find(state.db(), id).await?).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct AccountChangeBody {
    /// `deactivate` (every sign-in ends at once), `reactivate`, `grant_staff`, `remove_staff` or
    /// `reset_second_factor` (a lost authenticator: set up anew at the next sign-in).
    #[schema(required, value_type = String, pattern = "^(deactivate|reactivate|grant_staff|remove_staff|reset_second_factor)$")]
    pub action: Option<String>,
}

/// Deactivates or reactivates an account, or grants or removes staff rights.
#[utoipa::path(post, path = "/api/admin/members/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = AccountChangeBody, responses((status = 200, body = MemberRow), Invalid, StaffOnly))]
pub async fn member_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<AccountChangeBody>,
) -> Result<Json<MemberRow>, AppError> {
    let change = body.action.as_deref().map(str::trim).and_then(AccountChange::parse).ok_or_else(|| AppError::field("action", texts::CHOOSE_ACTION))?;
    Ok(Json(super::change(&state, &staff.user, id, change).await?))
}

/// A copy of everything we hold about a member, for their subject access request (the day it
/// arrived goes in the audit log).
#[utoipa::path(get, path = "/api/admin/members/{id}/data/", tag = "back office", params(("id" = i32, Path, minimum = 1), ("requested_on" = String, Query, format = Date, description = "The day the request arrived")), responses((status = 200, description = "The member's data, as an attachment", content_type = "application/json", body = Object), Invalid, StaffOnly))]
pub async fn member_data(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<axum::response::Response, AppError> {
    let requested_on = super::requested_on(query.text("requested_on"))?;
    let data = super::export_for_request(&state, &staff.user, id, requested_on).await?;
    Ok(crate::data_rights::download(data, &format!("member-{id}-data-{requested_on}.json")))
}

#[derive(Deserialize, ToSchema)]
pub struct ErasureBody {
    /// The day the request arrived.
    #[schema(required, value_type = String, format = Date)]
    pub requested_on: Option<String>,
    /// The member's email address, typed again to confirm.
    #[schema(required, value_type = String, format = Email)]
    pub confirm_email: Option<String>,
}

/// Erases a member's personal data on their request, as "Delete my account" does.
#[utoipa::path(post, path = "/api/admin/members/{id}/erase/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ErasureBody, responses((status = 200, body = MemberRow), Invalid, StaffOnly))]
pub async fn member_erase(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ErasureBody>,
) -> Result<Json<MemberRow>, AppError> {
    let requested_on = super::requested_on(body.requested_on.as_deref())?;
    Ok(Json(super::erase_for_request(&state, &staff.user, id, requested_on, body.confirm_email.as_deref().unwrap_or("")).await?))
}
