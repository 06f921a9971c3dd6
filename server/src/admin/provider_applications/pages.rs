//! The back office's pages about provider applications: each lists, or acts and redirects back (post, redirect, get).

use super::api::DecisionBody;
use super::api::parse_decision;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, listing, page_of, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, ProviderApplication};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::{Filter, ProviderStatus};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/providers", get(providers_page)).route("/admin/providers/{id}/decision", post(decide))
}

async fn providers_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_providers(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_providers(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(ProviderStatus::Pending)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/providers").await;
    };
    let request = page_of(&params);
    match super::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/providers", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::ProviderApplications(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn decide(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(body): Form<DecisionBody>) -> Response {
    let Some(id) = id.parse::<i32>().ok().filter(|id| *id > 0) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/providers").await;
    };
    let outcome = match parse_decision(&body) {
        Ok(decision) => super::decide(&state, &staff.user, id, decision).await,
        Err(error) => Err(error),
    };
    let to = |application: ProviderApplication| {
        let done = if application.status == ProviderStatus::Approved { "approved" } else { "rejected" };
        format!("/admin/providers?done={done}")
    };
    act_then_redirect(&state, None, outcome, to, |status, why| show_providers(&state, staff, HashMap::new(), status, Some(why))).await
}
