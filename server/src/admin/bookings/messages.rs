//! The back office's pages of a booking's messages: the thread (hidden messages with why), a
//! message written as the company, and a message hidden with a reason, each through the
//! messages feature's own rules (post, redirect, get).

use super::texts;
use crate::accounts::staff_session::StaffSession;
use crate::admin::pages::{Params, StaffPage, act_then_redirect, done_notice, record_id, render};
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::messages::texts::{BODY_MAX_CHARS, REASON_MAX_CHARS};
use crate::messages::thread::{self, Writer};
use crate::platform::rate_limit::Limit;
use crate::reviews::texts::FORMER_MEMBER;
use crate::site::handlers::error_page;
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, BookingThread, StaffMessage};
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use entity::words::Word;
use entity::{booking, booking_message, service, user};
use sea_orm::{DbErr, EntityTrait};
use std::collections::HashMap;
use std::sync::Arc;

pub(in crate::admin) fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/admin/bookings/{id}/messages", get(thread_page).post(write)).route("/admin/messages/{id}/hide", post(hide))
}

async fn thread_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await };
    let notice = done_notice(&params, texts::done);
    show_thread(&state, staff, id, StatusCode::OK, notice).await
}

async fn show_thread(state: &AppState, staff: StaffSession, id: i32, status: StatusCode, notice: Option<String>) -> Response {
    match thread_of(state, id).await {
        Ok(Some(thread)) => {
            let page =
                AdminPage { url: format!("/admin/bookings/{id}/messages"), staff_email: staff.user.email, notice, view: AdminView::BookingThread(thread) };
            render(state, status, page).await
        }
        Ok(None) => error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await,
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn thread_of(state: &AppState, id: i32) -> Result<Option<BookingThread>, DbErr> {
    let db = state.db();
    let Some(booking) = booking::Entity::find_by_id(id).one(db).await? else { return Ok(None) };
    let Some(service) = service::Entity::find_by_id(booking.service_id).one(db).await? else { return Ok(None) };
    let customer = user::Entity::find_by_id(booking.user_id).one(db).await?.map_or_else(|| FORMER_MEMBER.to_owned(), |customer| customer.full_name);
    let messages = thread::all_of(db, id).await?;
    let names = crate::accounts::members::names_of(db, messages.iter().map(|message| message.author_user_id)).await?;
    let messages = messages
        .into_iter()
        .map(|message| StaffMessage {
            id: message.id,
            author: names.get(&message.author_user_id).cloned().unwrap_or_else(|| FORMER_MEMBER.to_owned()),
            role: message.author_role.as_str().to_owned(),
            at: crate::domain::uk_time::local(message.created_at).format("%-d %B %Y, %H:%M").to_string(),
            body: message.body,
            photo: message.photo.map(|key| state.storage.signed_url(&key)),
            hidden_reason: message.hidden_at.map(|_| message.hidden_reason.unwrap_or_default()),
        })
        .collect();
    let about = format!("{}, for {customer}", crate::scheduling::texts::when(&service.title, booking.date, &booking.time));
    Ok(Some(BookingThread { booking_id: id, about, messages }))
}

async fn write(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(form): Form<HashMap<String, String>>) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await };
    let outcome = async {
        let mut errors = FieldErrors::default();
        let body = errors.required_text("body", form.get("body").map(String::as_str), BODY_MAX_CHARS);
        errors.finish()?;
        state.limiter.check("message", &staff.user.id.to_string(), Limit::per_hour(state.config().limits.messages_per_hour)).await?;
        thread::write(&state, id, Writer::Staff(&staff.user), body, None).await
    }
    .await;
    let to = |_| format!("/admin/bookings/{id}/messages?done=sent");
    act_then_redirect(&state, Some("/admin/bookings"), outcome, to, |status, why| show_thread(&state, staff, id, status, Some(why))).await
}

async fn hide(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(form): Form<HashMap<String, String>>) -> Response {
    let message = match record_id(&id) {
        Some(id) => booking_message::Entity::find_by_id(id).one(state.db()).await,
        None => Ok(None),
    };
    let message = match message {
        Ok(Some(message)) => message,
        Ok(None) => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await,
        Err(error) => return AppError::from(error).into_response(),
    };
    let outcome = async {
        let mut errors = FieldErrors::default();
        let reason = errors.required_text("reason", form.get("reason").map(String::as_str), REASON_MAX_CHARS);
        errors.finish()?;
        thread::hide(&state, &staff.user, message.id, reason).await
    }
    .await;
    let booking = message.booking_id;
    let to = |_| format!("/admin/bookings/{booking}/messages?done=hidden");
    act_then_redirect(&state, None, outcome, to, |status, why| show_thread(&state, staff, booking, status, Some(why))).await
}
