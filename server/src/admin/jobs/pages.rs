//! The back office's pages about job posts and their applications: each lists, or acts and redirects back (post, redirect, get).

use super::api::parse_job_action;
use super::api::set_application_status;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, listing, page_of, param, record_id, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::Filter;
use sea_orm::EntityTrait;
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin/jobs", get(jobs_page))
        .route("/admin/jobs/{id}/applications", get(job_applications_page))
        .route("/admin/jobs/{id}/{action}", post(job_action))
        .route("/admin/applications/{id}", post(application_status))
}

async fn jobs_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_jobs(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_jobs(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let search = param(&params, "q");
    let Some(show) = chosen(&params, "status", Filter::All) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let request = page_of(&params);
    match super::list(state.db(), show, Some(search.as_str()).filter(|s| !s.is_empty()), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/jobs", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Jobs(listing(vec![("status", show.to_string()), ("q", search)], show, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn job_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let outcome = match parse_job_action(Some(&action), form.get("reason").map(String::as_str)) {
        Ok(action) => super::act(&state, &staff.user, id, action).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/jobs"),
        outcome,
        |_| "/admin/jobs?done=job-changed".to_string(),
        |status, why| show_jobs(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn job_applications_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let path = format!("/admin/jobs/{id}/applications");
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    show_job_applications(&state, staff, id, StatusCode::OK, done_notice(&params, texts::done)).await
}

async fn show_job_applications(state: &AppState, staff: StaffSession, id: i32, status: StatusCode, notice: Option<String>) -> Response {
    let path = format!("/admin/jobs/{id}/applications");
    let job = match super::one(state.db(), id).await {
        Ok((_, job)) => job,
        Err(AppError::NotFound) => return error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        Err(error) => return error.into_response(),
    };
    match super::applications(state, id).await {
        Ok(applications) => {
            render(state, status, AdminPage { url: path, staff_email: staff.user.email, notice, view: AdminView::JobApplications { job, applications } }).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn application_status(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let application = match entity::job_application::Entity::find_by_id(id).one(state.db()).await {
        Ok(Some(application)) => application,
        Ok(None) => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await,
        Err(error) => return AppError::from(error).into_response(),
    };
    let outcome = match crate::jobs::applications::parse_status(form.get("status").map(String::as_str)) {
        Ok(status) => set_application_status(&state, &staff.user, id, status).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        None,
        outcome,
        |_| format!("/admin/jobs/{}/applications?done=application-saved", application.job_id),
        |status, why| show_job_applications(&state, staff, application.job_id, status, Some(why)),
    )
    .await
}
