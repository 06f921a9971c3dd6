//! The back office's pages about members: each lists, or acts and redirects back (post, redirect, get).

use super::{AccountChange, texts};
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, done_notice, error_text, listing, page_of, param, record_id, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin/members", get(members_page))
        .route("/admin/members/{id}", get(member_page))
        .route("/admin/members/{id}/data", get(member_data))
        .route("/admin/members/{id}/{action}", post(member_action))
}

async fn members_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let search = param(&params, "q");
    let request = page_of(&params);
    match super::search(state.db(), Some(search.as_str()).filter(|s| !s.is_empty()), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/members", &params),
                staff_email: staff.user.email,
                notice: None,
                view: AdminView::Members(listing(vec![("q", search)], (), rows, count, request)),
            };
            render(&state, StatusCode::OK, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn member_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_member(&state, staff, &id, StatusCode::OK, notice).await
}

async fn show_member(state: &AppState, staff: StaffSession, id: &str, status: StatusCode, notice: Option<String>) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(id) = record_id(id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let row = match super::find(state.db(), id).await {
        Ok(member) => super::row_of(state.db(), member).await.map_err(AppError::from),
        Err(error) => Err(error),
    };
    match row {
        Ok(row) => render(state, status, AdminPage { url: path, staff_email: staff.user.email, notice, view: AdminView::Member(row) }).await,
        Err(AppError::NotFound) => error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        Err(error) => error.into_response(),
    }
}

/// The member's data as a file, for their emailed request.
async fn member_data(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(member) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let outcome = match super::requested_on(params.get("requested_on").map(String::as_str)) {
        Ok(day) => super::export_for_request(&state, &staff.user, member, day)
            .await
            .map(|data| crate::data_rights::download(data, &format!("member-{member}-data-{day}.json"))),
        Err(error) => Err(error),
    };
    match outcome {
        Ok(response) => response,
        Err(error @ AppError::Internal(_)) => error.into_response(),
        Err(error) => show_member(&state, staff, &id, error.status(), Some(error_text(&error))).await,
    }
}

async fn member_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(member) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let outcome = if action == "erase" {
        match super::requested_on(form.get("requested_on").map(String::as_str)) {
            Ok(day) => super::erase_for_request(&state, &staff.user, member, day, form.get("confirm_email").map_or("", String::as_str)).await.map(|_| "erased"),
            Err(error) => Err(error),
        }
    } else {
        match AccountChange::parse(&action) {
            Some(change) => super::change(&state, &staff.user, member, change).await.map(|_| match change {
                AccountChange::Deactivate => "deactivated",
                AccountChange::Reactivate => "reactivated",
                AccountChange::GrantStaff => "staff-granted",
                AccountChange::RemoveStaff => "staff-removed",
                AccountChange::ResetSecondFactor => "factor-reset",
            }),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        }
    };
    act_then_redirect(&state, None, outcome, |done| format!("{path}?done={done}"), |status, why| show_member(&state, staff, &id, status, Some(why))).await
}
