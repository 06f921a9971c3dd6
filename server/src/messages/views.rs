//! A message as its readers see it: a hidden one says so instead of what it said (staff still
//! read it, with why it was hidden); a photo is a signed link that works for 15 minutes.

use super::{access, thread};
use crate::accounts::texts::first_name_or;
use crate::platform::storage::Storage;
use crate::reviews::texts::FORMER_MEMBER;
use crate::state::AppState;
use entity::words::MessageRole;
use entity::{booking_message, user};
use sea_orm::DbErr;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A writer's first name, or "Former member" once their account is erased.
pub fn first_name_of(full_name: &str) -> &str {
    if full_name == FORMER_MEMBER { FORMER_MEMBER } else { first_name_or(full_name, FORMER_MEMBER) }
}

/// Who is reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Member(i32),
    Staff,
}

#[derive(Serialize, ToSchema)]
pub struct MessageView {
    pub(super) id: i32,
    /// The writer's first name (their full name, for staff).
    pub(super) author_name: String,
    /// What the writer was to the booking: `customer`, `provider` or `staff`.
    pub(super) author_role: MessageRole,
    /// Whether the reader wrote it.
    pub(super) mine: bool,
    /// Empty for a photo alone, and for a hidden message (but to staff).
    pub(super) body: String,
    /// A signed link to the photo, working for 15 minutes; null without one, or hidden.
    pub(super) photo: Option<String>,
    #[schema(format = DateTime)]
    pub(super) created_at: String,
    pub(super) hidden: bool,
    /// Why staff hid it: shown to staff and to its writer.
    pub(super) hidden_reason: Option<String>,
}

impl MessageView {
    /// `names` holds each writer's full name by account id.
    pub fn new(message: booking_message::Model, names: &HashMap<i32, String>, storage: &Storage, viewer: Viewer) -> Self {
        let mine = viewer == Viewer::Member(message.author_user_id);
        let full_name = names.get(&message.author_user_id).map_or(FORMER_MEMBER, String::as_str);
        let author_name = match viewer {
            Viewer::Staff => full_name.to_owned(),
            Viewer::Member(_) => first_name_of(full_name).to_owned(),
        };
        let hidden = message.hidden_at.is_some();
        let shown = !hidden || viewer == Viewer::Staff;
        MessageView {
            id: message.id,
            author_name,
            author_role: message.author_role,
            mine,
            body: if shown { message.body } else { String::new() },
            photo: message.photo.filter(|_| shown).map(|key| storage.signed_url(&key)),
            created_at: crate::http::timestamp(message.created_at),
            hidden,
            hidden_reason: message.hidden_reason.filter(|_| mine || viewer == Viewer::Staff),
        }
    }
}

/// A booking's thread as the lists of bookings and jobs show it.
#[derive(Serialize, ToSchema)]
pub struct ThreadSummary {
    /// The thread's page, signed for the reader (it works without signing in).
    link: String,
    /// Messages of others the reader has not read.
    unread: u64,
}

impl ThreadSummary {
    /// The thread of a booking just made, which nobody has written on yet.
    pub fn new_thread(state: &AppState, booking: i32, reader: &user::Model) -> Self {
        ThreadSummary { link: access::link(state, booking, reader), unread: 0 }
    }
}

/// The threads of `bookings` as `reader` sees them, by booking id.
pub async fn summaries(state: &AppState, reader: &user::Model, bookings: &[i32]) -> Result<HashMap<i32, ThreadSummary>, DbErr> {
    if bookings.is_empty() {
        return Ok(HashMap::new());
    }
    let unread: HashMap<i32, u64> = thread::unread(state.db(), reader.id).await?.into_iter().collect();
    Ok(bookings
        .iter()
        .map(|&booking| (booking, ThreadSummary { unread: unread.get(&booking).copied().unwrap_or(0), ..ThreadSummary::new_thread(state, booking, reader) }))
        .collect())
}
