//! The back office's pages about recruitment requests and the talent pool: each lists, or acts and redirects back (post, redirect, get).

use super::api::RecruitmentUpdate;
use super::api::parse_recruitment_update;
use super::api::talent_filter;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::inbox;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, error_text, listing, page_of, param, record_id, render, url_of};
use crate::admin::recruitment::talent;
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::{Filter, RecruitmentStatus};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin/recruitment", get(recruitment_page))
        .route("/admin/recruitment/{id}", post(recruitment_save))
        .route("/admin/talent", get(talent_page))
}

async fn recruitment_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_recruitment(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_recruitment(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(RecruitmentStatus::New)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/recruitment").await;
    };
    let request = page_of(&params);
    match inbox::list::<entity::recruitment_request::Model>(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/recruitment", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Recruitment(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn recruitment_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(body): Form<RecruitmentUpdate>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/recruitment").await };
    let outcome = match parse_recruitment_update(&body) {
        Ok((status, notes)) => inbox::update::<entity::recruitment_request::Model>(&state, &staff.user, id, status, notes).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/recruitment"),
        outcome,
        |row| format!("/admin/recruitment?status={}&done=request-saved", row.status),
        |status, why| show_recruitment(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn talent_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let (role, location, kind) = (param(&params, "role"), param(&params, "location"), param(&params, "employment_type"));
    let mut errors = crate::http::extract::FieldErrors::default();
    let filter = talent_filter(Some(&role), Some(&location), Some(&kind), &mut errors);
    let notice = errors.finish().err().map(|error| error_text(&error));
    let filter = if notice.is_some() { talent::TalentFilter { employment_type: None, ..filter } } else { filter };
    let request = page_of(&params);
    match talent::search(state.db(), &filter, &state.storage, request).await {
        Ok((count, rows)) => {
            let filters = vec![("role", role), ("location", location), ("employment_type", kind)];
            let page = AdminPage {
                url: url_of("/admin/talent", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::TalentPool(listing(filters, filter.employment_type, rows, count, request)),
            };
            render(&state, StatusCode::OK, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}
