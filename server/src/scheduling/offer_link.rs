//! The link in a visit offer's mail, which works without signing in: it opens a page saying what
//! the visit is, whose buttons (each a POST: mail scanners open links, they do not press
//! buttons) accept or decline it.

use super::dispatch::{self, Answer};
use super::texts;
use crate::http::AppError;
use crate::http::signed_page::private;
use crate::state::AppState;
use app::data::MessagePage;
use axum::extract::{Query, State};
use axum::http::{Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use entity::{booking, booking_offer, service, user};
use sea_orm::EntityTrait;
use serde::Deserialize;
use std::sync::Arc;

pub const PATH: &str = "/schedule/offer";
const ACTION: &str = "job-offer";

/// `?offer=ID&signature=HEX`, and `answer=accept|decline` on a POST.
#[derive(Deserialize)]
pub struct OfferQuery {
    offer: Option<String>,
    answer: Option<String>,
    signature: Option<String>,
}

/// The site path of `offer`'s page, signed for its provider.
pub fn path(state: &AppState, offer: i32) -> String {
    format!("{PATH}?offer={offer}&signature={}", state.links.sign(ACTION, offer))
}

/// The offer a link names, if its signature is ours.
fn signed(state: &AppState, query: &OfferQuery) -> Option<i32> {
    let offer = query.offer.as_deref()?.parse::<i32>().ok()?;
    state.links.verify(ACTION, offer, query.signature.as_deref()?).then_some(offer)
}

/// The page, kept by no cache and its address sent to no other site: the address is the power
/// to accept.
async fn page(state: &AppState, status: StatusCode, message: MessagePage) -> Result<Response, AppError> {
    Ok(private((status, Html(state.site.message_html(message, PATH).await?)).into_response()))
}

/// GET shows the visit and the buttons; POST answers.
pub async fn answer(State(state): State<Arc<AppState>>, method: Method, Query(query): Query<OfferQuery>) -> Result<Response, AppError> {
    let Some(offer_id) = signed(&state, &query) else { return page(&state, StatusCode::BAD_REQUEST, texts::invalid_offer_link()).await };
    let offer = booking_offer::Entity::find_by_id(offer_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let booking = booking::Entity::find_by_id(offer.booking_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(booking.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let visit = texts::visit_summary(&service.title, &booking);
    let provider = user::Entity::find_by_id(offer.provider_user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let answer = match (method == Method::POST, query.answer.as_deref()) {
        (true, Some("accept")) => Answer::Accept,
        (true, Some("decline")) => Answer::Decline,
        (true, _) => return page(&state, StatusCode::BAD_REQUEST, texts::invalid_offer_link()).await,
        (false, _) => {
            let message = match offer.outcome {
                None if offer.expires_at > chrono::Utc::now() && provider.is_active => texts::offer_question(&visit, &path(&state, offer_id)),
                _ => texts::offer_closed_page(&visit),
            };
            return page(&state, StatusCode::OK, message).await;
        }
    };
    match dispatch::answer(&state, &provider, offer_id, answer).await {
        Ok(()) => page(&state, StatusCode::OK, texts::offer_answered(&visit, answer)).await,
        Err(AppError::Conflict(_)) => page(&state, StatusCode::CONFLICT, texts::offer_closed_page(&visit)).await,
        Err(error) => Err(error),
    }
}
