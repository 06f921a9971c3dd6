//! Who reads and writes a booking's thread: its customer and the provider who took it, while
//! they have it (staff read every thread from the back office). Anyone else finds no such
//! thread: 404, as for a booking that does not exist. A thread's link in a mail is signed for
//! its reader, so that the page it opens works without signing in, and is checked against who
//! may read the thread now.

use crate::http::AppError;
use crate::state::AppState;
use entity::booking;
use entity::words::{Dispatch, MessageRole};
use sea_orm::{ConnectionTrait, EntityTrait};

/// The page where a reader reads and answers a booking's thread.
pub const PAGE: &str = "/bookings/messages";
const ACTION: &str = "booking-thread";

/// What `user_id` is to `booking`'s thread now, if anything.
pub fn role_of(booking: &booking::Model, user_id: i32) -> Option<MessageRole> {
    if booking.user_id == user_id {
        Some(MessageRole::Customer)
    } else if booking.provider_user_id == Some(user_id) && booking.dispatch == Some(Dispatch::Accepted) {
        Some(MessageRole::Provider)
    } else {
        None
    }
}

/// The members who read `booking`'s thread now, staff aside.
pub fn readers(booking: &booking::Model) -> Vec<i32> {
    let provider = booking.provider_user_id.filter(|_| booking.dispatch == Some(Dispatch::Accepted));
    std::iter::once(booking.user_id).chain(provider).collect()
}

/// Booking `booking_id` and what `user_id` is to its thread, or 404.
pub async fn thread_for(db: &impl ConnectionTrait, user_id: i32, booking_id: i32) -> Result<(booking::Model, MessageRole), AppError> {
    let booking = booking::Entity::find_by_id(booking_id).one(db).await?.ok_or(AppError::NotFound)?;
    let role = role_of(&booking, user_id).ok_or(AppError::NotFound)?;
    Ok((booking, role))
}

/// The thread page's path for `reader`, signed.
pub fn link(state: &AppState, booking_id: i32, reader: i32) -> String {
    format!("{PAGE}?booking={booking_id}&reader={reader}&signature={}", state.links.sign(&action(booking_id), reader))
}

/// Whether `signature` is ours for `reader` on `booking_id`'s thread.
pub fn signed(state: &AppState, booking_id: i32, reader: i32, signature: &str) -> bool {
    state.links.verify(&action(booking_id), reader, signature)
}

fn action(booking_id: i32) -> String {
    format!("{ACTION}-{booking_id}")
}
