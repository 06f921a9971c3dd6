//! What the bookings feature says: its refusals, the notices of each step of a booking, the
//! calendar invite's description and the audit log's summaries.

use crate::domain::Pence;
use crate::notifications::notice::Notice;
use chrono::NaiveDate;
use entity::words::{BookingStatus, Word};

pub const DATE_IN_PAST: &str = "Choose today or a later date.";
pub const DATE_FORMAT: &str = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
pub const TIME_FORMAT: &str = "Time has wrong format. Use HH:MM, e.g. 09:30.";
pub const TIME_PASSED: &str = "Choose a time later than now.";
pub const COMPLETED_NOT_CANCELLED: &str = "A completed booking cannot be cancelled.";
pub const ONLY_TO_COME_MOVED: &str = "Only a booking still to come can be moved.";

const BOOKINGS: &str = "/user/bookings";

pub fn received(service: &str, date: NaiveDate, time: &str, invite: String) -> Notice {
    Notice {
        title: "Booking received".into(),
        message: format!(
            "We have received your booking of {service} on {} at {time}. We will confirm it shortly; the attached invite adds it to your calendar.",
            date.format("%A %-d %B %Y")
        ),
        link: BOOKINGS.into(),
        calendar: Some(invite),
    }
}

pub fn confirmed(when: &str, invite: String) -> Notice {
    Notice {
        title: "Booking confirmed".into(),
        message: format!("Your booking of {when} is confirmed. The attached update marks it confirmed in your calendar."),
        link: BOOKINGS.into(),
        calendar: Some(invite),
    }
}

/// The provider's first message on a job they marked done: what they said of it.
pub fn work_done(notes: &str) -> String {
    match notes {
        "" => "I have marked the job done.".to_owned(),
        notes => format!("I have marked the job done.\n\n{notes}"),
    }
}

/// What a cancellation's notice says of the money, after its first sentence.
pub fn refunded(amount: Pence) -> String {
    format!(" Your payment of £{amount} is refunded to your card; it usually shows within 5 to 10 working days.")
}

pub fn not_refunded(window_hours: u32, amount: Pence) -> String {
    format!(" As it was cancelled less than {window_hours} hours before it starts, your payment of £{amount} is not refunded.")
}

/// Cancelled by the member, or by staff for `reason`; `money` is [`refunded`], [`not_refunded`] or empty.
pub fn cancelled(when: &str, reason: Option<&str>, money: &str, invite: String) -> Notice {
    let message = match reason {
        None => format!("Your booking of {when} is cancelled; the attached update removes it from your calendar.{money}"),
        Some(reason) => {
            format!(
                "We are sorry: we have had to cancel your booking of {when}. Our reason: {reason} The attached update removes it from your calendar.{money}"
            )
        }
    };
    Notice { title: "Booking cancelled".into(), message, link: BOOKINGS.into(), calendar: Some(invite) }
}

pub fn reminder(service: &str, date: NaiveDate, time: &str, address: &str, postcode: &str) -> Notice {
    Notice {
        title: "Booking reminder".into(),
        message: format!("A reminder: {service} is booked for {} at {time}, at {address}, {postcode}.", date.format("%A %-d %B")),
        link: BOOKINGS.into(),
        calendar: None,
    }
}

/// Why a booking cannot be confirmed or completed: it is `status` (lower case).
pub fn cannot_confirm(status: BookingStatus) -> String {
    format!("Only a pending booking can be confirmed; this one is {}.", status.as_str().to_lowercase())
}

/// The audit log's summaries of staff steps.
pub fn cancelled_entry(member_id: i32, when: &str) -> String {
    format!("Cancelled member {member_id}'s booking of {when}")
}

pub fn confirmed_entry(member_id: i32, when: &str) -> String {
    format!("Confirmed member {member_id}'s booking of {when}")
}

pub fn completed_entry(member_id: i32, when: &str) -> String {
    format!("Marked completed member {member_id}'s booking of {when}")
}

pub fn too_late_to_move(window_hours: u32) -> String {
    format!("A booking can be moved until {window_hours} hours before it starts. Please contact us.")
}

pub fn moved(when: &str, invite: String) -> Notice {
    Notice {
        title: "Booking moved".into(),
        message: format!("Your booking is now {when}. The attached update moves it in your calendar."),
        link: BOOKINGS.into(),
        calendar: Some(invite),
    }
}
