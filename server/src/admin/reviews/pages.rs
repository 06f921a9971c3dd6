//! The back office's pages about reviews: each lists, or acts and redirects back (post, redirect, get).

use super::api::parse_moderation;
use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, chosen, done_notice, listing, page_of, record_id, render, url_of};
use crate::http::AppError;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, ReviewRow};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::{Filter, ReviewState};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/reviews", get(reviews_page)).route("/admin/reviews/{id}/{action}", post(review_action))
}

async fn reviews_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params, texts::done);
    show_reviews(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_reviews(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(show) = chosen(&params, "show", Filter::Only(ReviewState::Reported)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/reviews").await;
    };
    let request = page_of(&params);
    match super::list(state.db(), show, request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/reviews", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Reviews(listing(vec![("show", show.to_string())], show, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn review_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/reviews").await };
    // `hide`, `restore`, `keep` for the review; `answer-hide`, `answer-restore` for its answer.
    let (verb, of_answer) = match action.strip_prefix("answer-") {
        Some(verb) => (verb, true),
        None => (action.as_str(), false),
    };
    let outcome = match parse_moderation(Some(verb), form.get("reason").map(String::as_str)) {
        Ok(decision) if of_answer => super::moderate_answer(&state, &staff.user, id, decision).await,
        Ok(decision) => super::moderate(&state, &staff.user, id, decision).await,
        Err(error) => Err(error),
    };
    let to = |row: ReviewRow| {
        let done = match (of_answer, row.hidden, row.answer.as_ref().is_some_and(|a| a.hidden), verb) {
            (true, _, true, _) => "answer-hidden",
            (true, _, false, _) => "answer-restored",
            (false, true, _, _) => "review-hidden",
            (false, false, _, "restore") => "review-restored",
            _ => "review-kept",
        };
        format!("/admin/reviews?done={done}")
    };
    act_then_redirect(&state, Some("/admin/reviews"), outcome, to, |status, why| show_reviews(&state, staff, HashMap::new(), status, Some(why))).await
}
