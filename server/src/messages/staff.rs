//! The back office's calls on messages: staff read any booking's thread, write on it as the
//! company, and hide a message with a reason.

use super::handlers::{MessageForm, PHOTO_TYPES, write_from_form};
use super::texts;
use super::thread::{self, Writer};
use super::views::{MessageView, Viewer};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, MultipartForm, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, StaffOnly};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// A booking's messages, oldest first, hidden ones with what they said and why they were hidden.
#[utoipa::path(get, path = "/api/admin/bookings/{id}/messages/", operation_id = "staff_booking_messages", tag = "back office", params(
    ("id" = i32, Path, minimum = 1),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<MessageView>), Invalid, StaffOnly, (status = 404, description = "No such booking, or a page past the last", body = ErrorBody)))]
pub async fn staff_messages(
    State(state): State<Arc<AppState>>,
    _staff: Staff,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<Json<Paginated<MessageView>>, AppError> {
    Ok(Json(thread::listed(&state, id, Viewer::Staff, &query).await?))
}

/// Writes on a booking's thread as the company; its customer and provider are mailed.
#[utoipa::path(post, path = "/api/admin/bookings/{id}/messages/", operation_id = "staff_write_booking_message", tag = "back office",
    params(("id" = i32, Path, minimum = 1)),
    request_body(content = MessageForm, content_type = "multipart/form-data", encoding(("photo" = (content_type = PHOTO_TYPES)))),
    responses(
        (status = 201, body = MessageView), Invalid, StaffOnly,
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 413, description = "The photo is over the upload limit", body = ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG or WebP", body = ErrorBody),
        RateLimited,
    ))]
pub async fn staff_write_message(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    form: MultipartForm,
) -> Result<(StatusCode, Json<MessageView>), AppError> {
    let saved = write_from_form(&state, id, Writer::Staff(&staff.user), form).await?;
    let names = std::collections::HashMap::from([(staff.user.id, staff.user.full_name.clone())]);
    Ok((StatusCode::CREATED, Json(MessageView::new(saved, &names, &state.storage, Viewer::Staff))))
}

#[derive(Deserialize, ToSchema)]
pub struct HideBody {
    /// Why: its writer is told.
    #[schema(required, value_type = String, max_length = 500)]
    reason: Option<String>,
}

/// Hides a message from its booking's customer and provider; its writer is told why, and the
/// audit log keeps it.
#[utoipa::path(post, path = "/api/admin/messages/{id}/hide/", operation_id = "staff_hide_message", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = HideBody,
    responses((status = 200, body = MessageView), Invalid, StaffOnly, (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn hide_message(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<HideBody>,
) -> Result<Json<MessageView>, AppError> {
    let mut errors = FieldErrors::default();
    let reason = errors.required_text("reason", body.reason.as_deref(), texts::REASON_MAX_CHARS);
    errors.finish()?;
    Ok(Json(thread::hide(&state, &staff.user, id, reason).await?))
}
