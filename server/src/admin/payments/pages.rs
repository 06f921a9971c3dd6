//! The back office's pages about payments: each lists, or acts and redirects back (post, redirect, get).

use super::texts;
use crate::accounts::staff_session::StaffSession;
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
use entity::words::Filter;
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/payments", get(payments_page)).route("/admin/payments/{id}/refund", post(payment_refund))
}

async fn payments_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_payments(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_payments(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::All) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/payments").await };
    let request = page_of(&params);
    match super::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/payments", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Payments(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn payment_refund(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/payments").await };
    let mut errors = crate::http::extract::FieldErrors::default();
    let reason = errors.required_text("reason", form.get("reason").map(String::as_str), super::REASON_MAX_CHARS);
    let outcome = match errors.finish() {
        Ok(()) => super::refund(&state, &staff.user, id, reason).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/payments"),
        outcome,
        |_| "/admin/payments?done=refunded".to_string(),
        |status, why| show_payments(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}
