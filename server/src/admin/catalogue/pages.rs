//! The back office's pages about the catalogue and the website info: each lists, or acts and redirects back (post, redirect, get).

use super::{Fields, texts};
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, done_notice, listing, page_of, param, record_id, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, ServiceRow};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin/catalogue", get(catalogue_page))
        .route("/admin/categories", post(category_save))
        .route("/admin/categories/{id}", post(category_save))
        .route("/admin/categories/{id}/{visibility}", post(category_visibility))
        .route("/admin/services", post(service_save))
        .route("/admin/services/new", get(service_page))
        .route("/admin/services/{id}", get(service_page).post(service_save))
        .route("/admin/website-info", get(website_info_page).post(website_info_save))
}

async fn catalogue_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_catalogue(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_catalogue(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let search = param(&params, "q");
    let request = page_of(&params);
    let loaded = async {
        let categories = super::categories::list(state.db()).await?;
        let (count, rows) = super::services::list(state.db(), Some(search.as_str()).filter(|s| !s.is_empty()), request).await?;
        Ok::<_, sea_orm::DbErr>((categories, count, rows))
    };
    match loaded.await {
        Ok((categories, count, rows)) => {
            let view = AdminView::Catalogue { categories, services: listing(vec![("q", search.clone())], (), rows, count, request) };
            render(state, status, AdminPage { url: url_of("/admin/catalogue", &params), staff_email: staff.user.email, notice, view }).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn category_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    id: Option<Path<String>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    let outcome = super::categories::save(&state, &staff.user, id, &Fields::posted(form)).await;
    finish(&state, staff, outcome.map(|_| "/admin/catalogue?done=category-saved".to_string())).await
}

async fn category_visibility(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path((id, visibility)): Path<(String, String)>) -> Response {
    let (Some(id), Some(hidden)) = (
        record_id(&id),
        match visibility.as_str() {
            "hide" => Some(true),
            "show" => Some(false),
            _ => None,
        },
    ) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await;
    };
    let fields = Fields([("hidden".to_string(), serde_json::Value::Bool(hidden))].into_iter().collect());
    let outcome = super::categories::save(&state, &staff.user, Some(id), &fields).await;
    finish(&state, staff, outcome.map(|_| "/admin/catalogue?done=category-saved".to_string())).await
}

/// After a catalogue form: back to where it was, or the catalogue again saying what was refused.
async fn finish(state: &AppState, staff: StaffSession, outcome: Result<String, AppError>) -> Response {
    act_then_redirect(state, Some("/admin/catalogue"), outcome, |to| to, |status, why| show_catalogue(state, staff, HashMap::new(), status, Some(why))).await
}

async fn service_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, id: Option<Path<String>>, Query(params): Params) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    show_service(&state, staff, id, StatusCode::OK, done_notice(&params, texts::done)).await
}

async fn show_service(state: &AppState, staff: StaffSession, id: Option<i32>, status: StatusCode, notice: Option<String>) -> Response {
    let service = match id {
        Some(id) => match super::services::one(state.db(), id).await {
            Ok(service) => Some(service),
            Err(AppError::NotFound) => return error_page(&state.site, StatusCode::NOT_FOUND, &format!("/admin/services/{id}")).await,
            Err(error) => return error.into_response(),
        },
        None => None,
    };
    let categories = match super::categories::list(state.db()).await {
        Ok(categories) => categories,
        Err(error) => return AppError::from(error).into_response(),
    };
    let url = id.map_or("/admin/services/new".to_string(), |id| format!("/admin/services/{id}"));
    render(state, status, AdminPage { url, staff_email: staff.user.email, notice, view: AdminView::ServiceForm { service, categories } }).await
}

async fn service_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    id: Option<Path<String>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    let outcome = super::services::save(&state, &staff.user, id, &Fields::posted(form)).await;
    let to = |saved: ServiceRow| format!("/admin/services/{}?done=service-saved", saved.id);
    act_then_redirect(&state, Some("/admin/catalogue"), outcome, to, |status, why| show_service(&state, staff, id, status, Some(why))).await
}

async fn website_info_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    show_website_info(&state, staff, StatusCode::OK, done_notice(&params, texts::done)).await
}

async fn show_website_info(state: &AppState, staff: StaffSession, status: StatusCode, notice: Option<String>) -> Response {
    match super::website_info::read(state).await {
        Ok(info) => {
            render(state, status, AdminPage { url: "/admin/website-info".into(), staff_email: staff.user.email, notice, view: AdminView::WebsiteInfo(info) })
                .await
        }
        Err(error) => error.into_response(),
    }
}

async fn website_info_save(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Form(form): Form<HashMap<String, String>>) -> Response {
    let outcome = super::website_info::save(&state, &staff.user, &Fields::posted(form)).await;
    act_then_redirect(
        &state,
        None,
        outcome,
        |_| "/admin/website-info?done=info-saved".to_string(),
        |status, why| show_website_info(&state, staff, status, Some(why)),
    )
    .await
}
