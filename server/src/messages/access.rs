//! Who reads and writes a booking's thread: its customer and the provider who took it, while
//! they have it (staff read every thread from the back office). Anyone else finds no such
//! thread: 404, as for a booking that does not exist. A thread's link in a mail is signed for
//! its reader and lasts `LINK_DAYS`, so that the page it opens works without signing in; each
//! use is checked against who may read the thread now. The link names the reader's link
//! version: when every sign-in of theirs ends (a password change, say), so do their links.

use crate::scheduling::provider_who_took;
use crate::state::AppState;
use entity::words::MessageRole;
use entity::{booking, user};

/// The page where a reader reads and answers a booking's thread.
pub const PAGE: &str = "/bookings/messages";
const ACTION: &str = "booking-thread";
/// How long a thread's link works: a mail's, or one the lists give (made afresh each time).
const LINK_DAYS: i64 = 30;

/// What `user_id` is to `booking`'s thread now, if anything.
pub fn role_of(booking: &booking::Model, user_id: i32) -> Option<MessageRole> {
    if booking.user_id == user_id {
        Some(MessageRole::Customer)
    } else if provider_who_took(booking) == Some(user_id) {
        Some(MessageRole::Provider)
    } else {
        None
    }
}

/// The members who read `booking`'s thread now, staff aside.
pub fn readers(booking: &booking::Model) -> Vec<i32> {
    std::iter::once(booking.user_id).chain(provider_who_took(booking)).collect()
}

/// The thread page's path for `reader`, signed, working for `LINK_DAYS`.
pub fn link(state: &AppState, booking_id: i32, reader: &user::Model) -> String {
    let expires = (chrono::Utc::now() + chrono::Duration::days(LINK_DAYS)).timestamp();
    let signature = state.links.sign(&action(booking_id, expires, reader.link_version), reader.id);
    format!("{PAGE}?booking={booking_id}&reader={}&expires={expires}&signature={signature}", reader.id)
}

/// Whether `signature` is ours for `reader` (as they are now) on `booking_id`'s thread, and
/// `expires` to come.
pub fn signed(state: &AppState, booking_id: i32, reader: &user::Model, expires: i64, signature: &str) -> bool {
    expires > chrono::Utc::now().timestamp() && state.links.verify(&action(booking_id, expires, reader.link_version), reader.id, signature)
}

/// What a link signs: links made before link versions existed are version 0, and stay valid
/// until their reader's version is first raised.
fn action(booking_id: i32, expires: i64, version: i32) -> String {
    match version {
        0 => format!("{ACTION}-{booking_id}-{expires}"),
        version => format!("{ACTION}-{booking_id}-{expires}-{version}"),
    }
}
