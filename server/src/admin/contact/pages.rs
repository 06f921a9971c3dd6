//! The back office's pages about contact messages: each lists, or acts and redirects back (post, redirect, get).

use super::api::ContactUpdate;
use super::api::parse_contact_update;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::inbox;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, listing, page_of, record_id, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::{ContactStatus, Filter};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/contact", get(contact_page)).route("/admin/contact/{id}", post(contact_save))
}

async fn contact_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_contact(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_contact(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(ContactStatus::New)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/contact").await;
    };
    let request = page_of(&params);
    match inbox::list::<entity::contact_message::Model>(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/contact", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Contact(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn contact_save(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(body): Form<ContactUpdate>) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/contact").await };
    let outcome = match parse_contact_update(&body) {
        Ok((status, notes)) => inbox::update::<entity::contact_message::Model>(&state, &staff.user, id, status, notes).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/contact"),
        outcome,
        |row| format!("/admin/contact?status={}&done=message-saved", row.status),
        |status, why| show_contact(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}
