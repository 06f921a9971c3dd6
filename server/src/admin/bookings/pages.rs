//! The back office's pages about bookings: each lists, or acts and redirects back (post, redirect, get).

use super::BookingFilter;
use super::api::parse_booking_action;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, listing, page_of, param, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, BookingRow};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::{BookingStatus, Filter};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/bookings", get(bookings_page)).route("/admin/bookings/{id}/{action}", post(booking_action))
}

async fn bookings_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_bookings(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_bookings(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let (date, member) = (param(&params, "date"), param(&params, "member"));
    let Some(wanted) = chosen(&params, "status", Filter::All) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await;
    };
    let filter = BookingFilter {
        date: chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").ok(),
        status: wanted.word(),
        member: Some(member.clone()).filter(|m| !m.is_empty()),
    };
    let request = page_of(&params);
    match super::list(state.db(), &filter, request).await {
        Ok((count, rows)) => {
            let filters = vec![("date", date), ("status", wanted.to_string()), ("member", member)];
            let page = AdminPage {
                url: url_of("/admin/bookings", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Bookings(listing(filters, wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn booking_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = id.parse::<i32>().ok().filter(|id| *id > 0) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await;
    };
    let provider = form.get("provider").map(|id| serde_json::Value::String(id.clone()));
    let outcome = match parse_booking_action(Some(&action), form.get("reason").map(String::as_str), provider.as_ref()) {
        Ok(action) => super::act(&state, &staff.user, id, action).await,
        Err(error) => Err(error),
    };
    let to = |booking: BookingRow| {
        let done = match booking.status {
            BookingStatus::Confirmed => "confirmed",
            BookingStatus::Completed => "completed",
            BookingStatus::Pending | BookingStatus::Cancelled => "cancelled",
        };
        format!("/admin/bookings?done={done}")
    };
    act_then_redirect(&state, None, outcome, to, |status, why| show_bookings(&state, staff, HashMap::new(), status, Some(why))).await
}
