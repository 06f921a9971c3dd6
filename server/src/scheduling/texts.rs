//! What scheduling says: its refusals and its notices.

use crate::notifications::notice::Notice;

const SCHEDULE: &str = "/user/schedule";

pub const NOT_A_PROVIDER: &str = "Working terms are for approved providers: apply to provide a service first, and set them once staff approve you.";
pub const FROM_IN_PAST: &str = "Choose today or a later date.";
pub const TO_BEFORE_FROM: &str = "Choose a date on or after the first.";
pub const NOT_FREE: &str = "That time is not free: choose one of the times offered for your postcode.";
pub const TAKEN_MEANWHILE: &str = "Someone booked that time meanwhile: choose another.";

pub fn span_too_long(max_days: u32) -> String {
    format!("Ask for at most {max_days} days at once.")
}

/// The provider's notice of a job offered to them.
pub fn offered(service: &str, booking: &entity::booking::Model, expires_at: chrono::DateTime<chrono::Utc>) -> Notice {
    let district = booking.postcode.split_whitespace().next().unwrap_or_default();
    let answer_by = crate::domain::uk_time::local(expires_at).format("%H:%M on %A %-d %B");
    Notice {
        title: "New job offered".into(),
        message: format!(
            "{} in {district}. Accept or decline it on your schedule by {answer_by}, or it is offered to someone else.",
            crate::bookings::texts::when(service, booking.date, &booking.time)
        ),
        link: SCHEDULE.into(),
        calendar: None,
    }
}
