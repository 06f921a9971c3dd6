//! The back office's JSON calls about contact messages: thin handlers over this subject's functions, which its pages use too.

use crate::accounts::signed_in::Staff;
use crate::admin::inbox::{self, INBOX_NOTES_MAX_CHARS, parse_inbox_update};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::ContactRow;
use axum::Json;
use axum::extract::State;
use entity::words::{ContactStatus, Filter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type ContactStatusFilter = Filter<ContactStatus>;

/// The contact inbox, newest first.
#[utoipa::path(get, path = "/api/admin/contact-messages/", tag = "back office", params(
    ("status" = inline(Option<ContactStatusFilter>), Query, description = "New (the default), Answered, Closed or All"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ContactRow>), Invalid, StaffOnly))]
pub async fn contact_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ContactRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::Only(ContactStatus::New));
    errors.finish()?;
    let (count, rows) = inbox::list::<entity::contact_message::Model>(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct ContactUpdate {
    /// Left out, it stays.
    #[schema(required = false, value_type = ContactStatus)]
    pub status: Option<String>,
    /// Only staff read them; left out, they stay.
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ INBOX_NOTES_MAX_CHARS }>)]
    pub staff_notes: Option<String>,
}

/// Parses a contact message's status and notes change, or its field errors.
pub fn parse_contact_update(body: &ContactUpdate) -> Result<(Option<ContactStatus>, Option<String>), AppError> {
    parse_inbox_update(body.status.as_deref(), body.staff_notes.as_deref())
}

/// Moves a contact message along and keeps notes on it.
#[utoipa::path(patch, path = "/api/admin/contact-messages/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ContactUpdate, responses((status = 200, body = ContactRow), Invalid, StaffOnly))]
pub async fn contact_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ContactUpdate>,
) -> Result<Json<ContactRow>, AppError> {
    let (status, notes) = parse_contact_update(&body)?;
    Ok(Json(inbox::update::<entity::contact_message::Model>(&state, &staff.user, id, status, notes).await?))
}
