//! The member's calls: a booking's thread (its customer's, or its provider's while they have
//! the job), writing to it, and the unread counts.

use super::access;
use super::texts;
use super::thread::{self, Writer};
use super::views::{MessageView, Viewer};
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, MultipartForm, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated};
use crate::http::upload::{FileField, FormFields, Upload};
use crate::platform::rate_limit::Limit;
use crate::platform::storage::FileKind;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use entity::{booking, booking_message, service};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// The photos a message takes: what cameras and phones save, whose metadata can be taken out.
pub const PHOTO_KINDS: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Webp];
pub const PHOTO_TYPES: &str = "image/jpeg, image/png, image/webp";

/// A message: text, a photo, or both.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct MessageForm {
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ texts::BODY_MAX_CHARS }>)]
    body: Option<String>,
    /// A JPEG, PNG or WebP (at most `UPLOAD_MAX_MIB`, 5 MiB by default), stored without the place it
    /// was taken and its other metadata.
    #[schema(value_type = Option<String>, format = Binary)]
    photo: Option<Vec<u8>>,
}

/// A message's text and photo from its form, or the form's errors.
pub async fn message_of(state: &AppState, form: MultipartForm) -> Result<(String, Option<Upload>), AppError> {
    let mut fields = FormFields::read(form, &[FileField::one("photo", state.config().limits.document_bytes, PHOTO_KINDS)]).await?;
    let mut errors = FieldErrors::default();
    let body = errors.text_or_empty::<{ texts::BODY_MAX_CHARS }>("body", fields.text("body"));
    let photo = fields.take_file("photo");
    errors.finish()?;
    if body.is_empty() && photo.is_none() {
        return Err(AppError::field("body", texts::EMPTY));
    }
    Ok((body, photo))
}

/// Writes the message `form` holds on booking `booking_id`'s thread, within the writer's hourly
/// limit: the API's calls and the thread's page alike. A thread the writer may not write on is
/// refused before the form is read.
pub async fn write_from_form(state: &AppState, booking_id: i32, writer: Writer<'_>, form: MultipartForm) -> Result<booking_message::Model, AppError> {
    let limit = Limit::per_hour(state.config().limits.messages_per_hour);
    state.limiter.check("message", &writer.user().id.to_string(), limit).await?;
    let booking = booking::Entity::find_by_id(booking_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    thread::open_to(&booking, writer)?;
    let (body, photo) = message_of(state, form).await?;
    thread::write(state, booking_id, writer, body, photo).await
}

/// A booking's messages, oldest first; reading them marks them read.
#[utoipa::path(get, path = "/api/service/booking/{id}/messages/", operation_id = "list_booking_messages", tag = "messages", security(("bearer" = [])), params(
    ("id" = i32, Path, minimum = 1),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<MessageView>), Invalid, Unauthenticated, (status = 404, description = "Not a booking of yours, or a page past the last", body = ErrorBody)))]
pub async fn list_messages(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<Json<Paginated<MessageView>>, AppError> {
    Ok(Json(thread::listed(&state, id, Viewer::Member(member.user.id), &query).await?))
}

/// Writes on a booking's thread: text, a photo, or both. The other readers are mailed, each
/// at most once in `MESSAGE_MAIL_MINUTES` (10) a thread.
#[utoipa::path(post, path = "/api/service/booking/{id}/messages/", operation_id = "write_booking_message", tag = "messages", security(("bearer" = [])),
    params(("id" = i32, Path, minimum = 1)),
    request_body(content = MessageForm, content_type = "multipart/form-data", encoding(("photo" = (content_type = PHOTO_TYPES)))),
    responses(
        (status = 201, body = MessageView), Invalid, Unauthenticated,
        (status = 404, description = "Not a booking of yours", body = ErrorBody),
        (status = 413, description = "The photo is over the upload limit", body = ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG or WebP", body = ErrorBody),
        RateLimited,
    ))]
pub async fn write_message(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    form: MultipartForm,
) -> Result<(StatusCode, Json<MessageView>), AppError> {
    let saved = write_from_form(&state, id, Writer::Member(&member.user), form).await?;
    let names = std::collections::HashMap::from([(member.user.id, member.user.full_name.clone())]);
    Ok((StatusCode::CREATED, Json(MessageView::new(saved, &names, &state.storage, Viewer::Member(member.user.id)))))
}

/// A thread with messages the member has not read.
#[derive(Serialize, ToSchema)]
pub struct UnreadThread {
    /// The booking's id.
    booking: i32,
    /// `Boiler service on Monday 4 January 2027 at 09:00`.
    about: String,
    /// The thread's page, signed for the member.
    link: String,
    unread: u64,
}

#[derive(Serialize, ToSchema)]
pub struct UnreadView {
    /// Every message of others the member has not read.
    total: u64,
    /// The threads holding them.
    bookings: Vec<UnreadThread>,
}

/// What the member has not read on the threads of their bookings and jobs.
#[utoipa::path(get, path = "/api/messages/unread/", operation_id = "unread_messages", tag = "messages", security(("bearer" = [])), responses((status = 200, body = UnreadView), Unauthenticated))]
pub async fn unread(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<UnreadView>, AppError> {
    let counts = thread::unread(state.db(), member.user.id).await?;
    let bookings: HashMap<i32, booking::Model> = booking::Entity::find()
        .filter(booking::Column::Id.is_in(counts.iter().map(|(id, _)| *id)))
        .all(state.db())
        .await?
        .into_iter()
        .map(|b| (b.id, b))
        .collect();
    let titles: HashMap<i32, String> = service::Entity::find()
        .filter(service::Column::Id.is_in(bookings.values().map(|b| b.service_id)))
        .all(state.db())
        .await?
        .into_iter()
        .map(|s| (s.id, s.title))
        .collect();
    let threads: Vec<UnreadThread> = counts
        .into_iter()
        .filter_map(|(id, unread)| {
            let booking = bookings.get(&id)?;
            let about = crate::scheduling::texts::when(titles.get(&booking.service_id)?, booking.date, &booking.time);
            Some(UnreadThread { booking: id, about, link: access::link(&state, id, &member.user), unread })
        })
        .collect();
    Ok(Json(UnreadView { total: threads.iter().map(|thread| thread.unread).sum(), bookings: threads }))
}
