//! Every completed booking's customer is invited, once, to review it: a notification and its
//! mail, both linking to a form signed for them (`/reviews/write?booking=&expires=&signature=`)
//! that works without signing in or JavaScript for `LINK_DAYS` (the form posts back to the
//! link it was opened with, so using it gives it no longer). A member who reviewed the service
//! before is invited to update that review instead. What the form sends is a review naming the
//! booking: "Verified booking". Once saved, the page redirects to itself saying thank you
//! (post, redirect, get), so that reloading it sends nothing again.

use super::texts;
use super::writing::{self, Source};
use crate::domain::Rating;
use crate::http::AppError;
use crate::http::error::TOO_MANY_REQUESTS;
use crate::http::signed_page::private;
use crate::messages::views::first_name_of;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::rate_limit::{Limit, Refused};
use crate::providers::profile::with_profiles;
use crate::scheduling::provider_who_took;
use crate::site::page_form::FromThisSite;
use crate::state::AppState;
use app::data::{LinkedPage, MessageLink, MessagePage, ReviewFormPage};
use app::routes::Route;
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use entity::{booking, review, service, user};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The page an invitation links to.
pub const PAGE: &str = "/reviews/write";
const ACTION: &str = "review-invitation";
/// How long an invitation's link works.
const LINK_DAYS: i64 = 60;

/// The form's signed path for booking `booking_id` of `customer`, working for `LINK_DAYS`.
pub fn link(state: &AppState, booking_id: i32, customer: i32) -> String {
    let expires = (chrono::Utc::now() + chrono::Duration::days(LINK_DAYS)).timestamp();
    format!("{PAGE}?booking={booking_id}&expires={expires}&signature={}", state.links.sign(&action(booking_id, expires), customer))
}

fn action(booking_id: i32, expires: i64) -> String {
    format!("{ACTION}-{booking_id}-{expires}")
}

/// Invites `customer` to review `completed` (of `service`), within the change that completes it.
pub async fn invite(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    completed: &booking::Model,
    service: &service::Model,
    customer: &user::Model,
) -> Result<(), DbErr> {
    if !customer.is_active {
        return Ok(());
    }
    let updating = earlier_review(change.db(), customer.id, service.id).await?.is_some();
    let when = crate::scheduling::texts::when(&service.title, completed.date, &completed.time);
    change.notify(notifier, customer, texts::invitation(&when, updating, link(state, completed.id, customer.id))).await
}

async fn earlier_review(db: &impl ConnectionTrait, member: i32, service: i32) -> Result<Option<review::Model>, DbErr> {
    review::Entity::find().filter(review::Column::UserId.eq(member)).filter(review::Column::ServiceId.eq(service)).one(db).await
}

/// `?booking=ID&expires=SECONDS&signature=HEX`, and `saved=1` where saving redirects.
#[derive(Deserialize)]
pub struct InvitationQuery {
    booking: Option<String>,
    expires: Option<String>,
    signature: Option<String>,
    saved: Option<String>,
}

/// The page's own signed address, as the visitor opened it: where its form posts.
fn own_path(booking: i32, expires: i64, signature: &str) -> String {
    format!("{PAGE}?booking={booking}&expires={expires}&signature={signature}")
}

/// The completed booking a link names, with its customer and the link's own path, if the link
/// is ours, has not expired, and its customer's account is open.
async fn invited(state: &AppState, query: &InvitationQuery) -> Result<Option<(booking::Model, user::Model, String)>, AppError> {
    let read = || -> Option<(i32, i64, &str)> {
        Some((query.booking.as_deref()?.parse().ok()?, query.expires.as_deref()?.parse().ok()?, query.signature.as_deref()?))
    };
    let Some((booking_id, expires, signature)) = read() else { return Ok(None) };
    if expires <= chrono::Utc::now().timestamp() {
        return Ok(None);
    }
    let Some(booking) = booking::Entity::find_by_id(booking_id).one(state.db()).await? else { return Ok(None) };
    if !booking.status.may_be_reviewed() || !state.links.verify(&action(booking_id, expires), booking.user_id, signature) {
        return Ok(None);
    }
    let customer = user::Entity::find_by_id(booking.user_id).one(state.db()).await?.filter(|customer| customer.is_active);
    Ok(customer.map(|customer| (booking, customer, own_path(booking_id, expires, signature))))
}

/// GET: the form, with the member's earlier review of the service if they have one; or, where
/// saving redirected, the thanks.
pub async fn show(State(state): State<Arc<AppState>>, Query(query): Query<InvitationQuery>) -> Result<Response, AppError> {
    let Some((booking, customer, path)) = invited(&state, &query).await? else { return closed(&state).await };
    let earlier = earlier_review(state.db(), customer.id, booking.service_id).await?;
    if earlier.as_ref().is_some_and(|review| review.hidden_at.is_some()) {
        return taken_down(&state).await;
    }
    let typed = earlier.as_ref().map(|r| (u8::try_from(r.rating).ok(), r.review.clone())).unwrap_or_default();
    let outcome = if query.saved.as_deref() == Some("1") && earlier.is_some() { Outcome::Saved } else { Outcome::Asking };
    page(&state, &booking, path, earlier.is_some(), typed, outcome).await
}

/// What became of what the form sent.
enum Outcome {
    Asking,
    Refused(String),
    Saved,
}

/// POST: the review, saved; or the form again with why not and what was typed.
pub async fn leave(
    State(state): State<Arc<AppState>>,
    Query(query): Query<InvitationQuery>,
    _from_here: FromThisSite,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let Some((booking, customer, path)) = invited(&state, &query).await? else { return closed(&state).await };
    let rating = form.get("rating").and_then(|r| r.trim().parse::<i64>().ok()).and_then(|r| Rating::new(r).ok());
    let raw = form.get("review").map(String::as_str).unwrap_or_default();
    let updating = earlier_review(state.db(), customer.id, booking.service_id).await?.is_some();
    let typed = (rating.map(Rating::get), raw.trim().to_owned());
    let refused = |why: String| page(&state, &booking, path.clone(), updating, typed.clone(), Outcome::Refused(why));
    let (Some(rating), false) = (rating, raw.trim().is_empty()) else {
        return refused(texts::RATING_AND_REVIEW_REQUIRED.into()).await;
    };
    let text = match crate::domain::text::check(raw, super::handlers::REVIEW_MAX_CHARS, false) {
        Ok(text) => text.to_owned(),
        Err(problem) => return refused(problem.message().into_owned()).await,
    };
    let limit = Limit::per_hour(state.config().limits.reviews_per_hour);
    match state.limiter.check("review", &customer.id.to_string(), limit).await {
        Ok(()) => {}
        Err(Refused::UsedUp { .. }) => return refused(TOO_MANY_REQUESTS.into()).await,
        Err(refusal) => return Err(refusal.into()),
    }
    let service = service::Entity::find_by_id(booking.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    match writing::save(&state, &customer, &service, rating, text, Source::Invitation(&booking)).await {
        Ok(_) => Ok(private(Redirect::to(&format!("{path}&saved=1")).into_response())),
        Err(AppError::Forbidden(_)) => taken_down(&state).await,
        Err(AppError::BadRequest(why)) => refused(why).await,
        Err(error) => Err(error),
    }
}

async fn page(
    state: &AppState,
    booking: &booking::Model,
    path: String,
    updating: bool,
    typed: (Option<u8>, String),
    outcome: Outcome,
) -> Result<Response, AppError> {
    let service = service::Entity::find_by_id(booking.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let provider = match provider_who_took(booking) {
        Some(id) if !with_profiles(state.db(), Some(&[id])).await?.is_empty() => {
            user::Entity::find_by_id(id).one(state.db()).await?.map(|p| (first_name_of(&p.full_name).to_owned(), Route::provider(id).url()))
        }
        _ => None,
    };
    let (status, refusal, saved) = match outcome {
        Outcome::Asking => (StatusCode::OK, None, false),
        Outcome::Refused(why) => (StatusCode::BAD_REQUEST, Some(why), false),
        Outcome::Saved => (StatusCode::OK, None, true),
    };
    let page = ReviewFormPage {
        about: crate::scheduling::texts::when(&service.title, booking.date, &booking.time),
        service_id: service.id,
        provider,
        form_path: path,
        rating: typed.0,
        review: typed.1,
        updating,
        refusal,
        saved,
    };
    let html = state.site.linked_html(LinkedPage::ReviewForm(page), PAGE).await?;
    Ok(private((status, Html(html)).into_response()))
}

/// The invitation of a review staff took down: it is not written again.
async fn taken_down(state: &AppState) -> Result<Response, AppError> {
    let message = MessagePage {
        heading: "This review was taken down".into(),
        lead: texts::TAKEN_DOWN.into(),
        actions: Vec::new(),
        onward: MessageLink { href: "/contact".into(), label: "Contact us".into() },
    };
    let html = state.site.message_html(message, PAGE).await?;
    Ok(private((StatusCode::FORBIDDEN, Html(html)).into_response()))
}

/// A link that is not ours, has expired, or is for a booking that is not completed.
async fn closed(state: &AppState) -> Result<Response, AppError> {
    let message = MessagePage {
        heading: "This invitation is not open".into(),
        lead: "The link is incomplete or has expired. Sign in to see your bookings, or write to us if you would like to leave a review.".into(),
        actions: Vec::new(),
        onward: MessageLink { href: "/user/bookings".into(), label: "My bookings".into() },
    };
    let html = state.site.message_html(message, PAGE).await?;
    Ok(private((StatusCode::NOT_FOUND, Html(html)).into_response()))
}
