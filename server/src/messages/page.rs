//! The page a reader's mail links to (`/bookings/messages?booking=&reader=&signature=`): the
//! booking's thread and a plain form to answer with text and a photo. The link is signed for
//! its reader, so it works without signing in or JavaScript, and each request checks that they
//! read the thread still (a provider who handed the job back no longer does). A person's visit
//! marks the thread read; a message sent goes back to the page (post, redirect, get).

use super::access::{self, role_of};
use super::handlers::write_from_form;
use super::texts;
use super::thread::{self, Writer};
use super::views::{MessageView, Viewer};
use crate::http::AppError;
use crate::http::extract::MultipartForm;
use crate::http::signed_page::private;
use crate::site::page_form::FromThisSite;
use crate::state::AppState;
use app::data::{LinkedPage, MessageLink, MessagePage, ThreadMessage, ThreadPage};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use entity::words::MessageRole;
use entity::{booking, service, user};
use sea_orm::EntityTrait;
use serde::Deserialize;
use std::sync::Arc;

/// `?booking=ID&reader=ID&expires=SECONDS&signature=HEX`.
#[derive(Deserialize)]
pub struct ThreadQuery {
    booking: Option<String>,
    reader: Option<String>,
    expires: Option<String>,
    signature: Option<String>,
}

/// The booking, reader, expiry and signature a link names, if it names them all.
fn named(query: &ThreadQuery) -> Option<(i32, i32, i64, &str)> {
    Some((
        query.booking.as_deref()?.parse().ok()?,
        query.reader.as_deref()?.parse().ok()?,
        query.expires.as_deref()?.parse().ok()?,
        query.signature.as_deref()?,
    ))
}

/// The reader of a signed link, with the booking, while they read its thread: the signature is
/// ours for them as they are now (a link from before their sign-ins all ended is not).
async fn reader_of(state: &AppState, query: &ThreadQuery) -> Result<Option<(booking::Model, user::Model)>, AppError> {
    let Some((booking_id, reader_id, expires, signature)) = named(query) else { return Ok(None) };
    let Some(reader) = user::Entity::find_by_id(reader_id).one(state.db()).await?.filter(|reader| reader.is_active) else { return Ok(None) };
    if !access::signed(state, booking_id, &reader, expires, signature) {
        return Ok(None);
    }
    let Some(booking) = booking::Entity::find_by_id(booking_id).one(state.db()).await? else { return Ok(None) };
    Ok(role_of(&booking, reader.id).map(|_| (booking, reader)))
}

/// GET: the thread. A person's visit (a browser's navigation) marks it read; a mail scanner
/// fetching the link does not.
pub async fn show(State(state): State<Arc<AppState>>, Query(query): Query<ThreadQuery>, headers: HeaderMap) -> Result<Response, AppError> {
    let visited = headers.get("sec-fetch-mode").is_some_and(|mode| mode == "navigate");
    match reader_of(&state, &query).await? {
        Some((booking, reader)) => page(&state, &booking, &reader, visited, None).await,
        None => closed(&state).await,
    }
}

/// POST: a message from the page's form.
pub async fn write(
    State(state): State<Arc<AppState>>,
    Query(query): Query<ThreadQuery>,
    _from_here: FromThisSite,
    form: MultipartForm,
) -> Result<Response, AppError> {
    let Some((booking, reader)) = reader_of(&state, &query).await? else { return closed(&state).await };
    match write_from_form(&state, booking.id, Writer::Member(&reader), form).await {
        Ok(_) => Ok(Redirect::to(&access::link(&state, booking.id, &reader)).into_response()),
        Err(
            refused @ (AppError::Validation { .. }
            | AppError::BadRequest(_)
            | AppError::PayloadTooLarge(_)
            | AppError::UnsupportedMediaType(_)
            | AppError::TooManyRequests { .. }),
        ) => {
            let status = refused.status();
            let mut answer = page(&state, &booking, &reader, false, Some(refused.to_string())).await?;
            *answer.status_mut() = status;
            Ok(answer)
        }
        Err(error) => Err(error),
    }
}

/// The thread as `reader` sees it (the API's view of each message), read up to its end when
/// `visited`.
async fn page(state: &AppState, booking: &booking::Model, reader: &user::Model, visited: bool, refusal: Option<String>) -> Result<Response, AppError> {
    let service = service::Entity::find_by_id(booking.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let messages = thread::all_of(state.db(), booking.id).await?;
    if let Some(last) = messages.last().filter(|_| visited) {
        thread::mark_read(state.db(), booking.id, reader.id, last.id).await?;
    }
    let names = crate::accounts::members::names_of(state.db(), messages.iter().map(|message| message.author_user_id)).await?;
    let messages = messages
        .into_iter()
        .map(|message| {
            let written_at = message.created_at;
            let shown = MessageView::new(message, &names, &state.storage, Viewer::Member(reader.id));
            ThreadMessage {
                author: shown.author_name,
                role: match shown.author_role {
                    MessageRole::Customer => "customer",
                    MessageRole::Provider => "provider",
                    MessageRole::Staff => "our team",
                }
                .to_owned(),
                mine: shown.mine,
                at: crate::domain::uk_time::local(written_at).format("%-d %B %Y, %H:%M").to_string(),
                at_iso: shown.created_at,
                body: shown.body,
                photo: shown.photo,
                hidden: shown.hidden,
            }
        })
        .collect();
    let path = access::link(state, booking.id, reader);
    let page = ThreadPage {
        about: crate::scheduling::texts::when(&service.title, booking.date, &booking.time),
        messages,
        form_path: path,
        refusal,
        closed: (!booking.status.takes_messages()).then(|| texts::CANCELLED.to_owned()),
    };
    Ok(private(Html(state.site.linked_html(LinkedPage::Thread(page), access::PAGE).await?).into_response()))
}

/// A link that is not ours, or for a thread its reader no longer reads.
async fn closed(state: &AppState) -> Result<Response, AppError> {
    let message = MessagePage {
        heading: "These messages are not open to you".into(),
        lead: "The link is incomplete, or it is for a booking you no longer have. Sign in to see your bookings and your jobs.".into(),
        actions: Vec::new(),
        onward: MessageLink { href: "/user/login".into(), label: "Sign in".into() },
    };
    let html = state.site.message_html(message, access::PAGE).await?;
    Ok(private((StatusCode::NOT_FOUND, Html(html)).into_response()))
}
