//! What scheduling says: its refusals and its notices.

use crate::notifications::notice::Notice;
use app::data::{MessageAction, MessageLink, MessagePage};
use chrono::NaiveDate;
use entity::words::{BookingStatus, Word};

const SCHEDULE: &str = "/user/schedule";

pub const NOT_A_PROVIDER: &str = "Working terms are for approved providers: apply to provide a service first, and set them once staff approve you.";
pub const FROM_IN_PAST: &str = "Choose today or a later date.";
pub const TO_BEFORE_FROM: &str = "Choose a date on or after the first.";
pub const NOT_FREE: &str = "That time is not free: choose one of the times offered for your postcode.";
pub const TAKEN_MEANWHILE: &str = "Someone booked that time meanwhile: choose another.";
pub const SLOT_GONE: &str = "That time is no longer free: choose another.";
pub const TERMS_FIRST: &str = "Set your working terms first: the calendar feed holds the jobs they bring you.";
pub const OFFER_CLOSED: &str = "This offer is no longer open: it was answered, it lapsed, or the booking was cancelled.";

pub fn span_too_long(max_days: u32) -> String {
    format!("Ask for at most {max_days} days at once.")
}

/// The district of a stored postcode (`LS6` of `LS6 1AA`): all of where a job is that a
/// provider learns before taking it.
pub fn district(postcode: &str) -> &str {
    postcode.split_whitespace().next().unwrap_or_default()
}

/// The provider's notice of a job offered to them.
pub fn offered(service: &str, booking: &entity::booking::Model, expires_at: chrono::DateTime<chrono::Utc>, offer_path: String) -> Notice {
    let district = district(&booking.postcode);
    let answer_by = crate::domain::uk_time::local(expires_at).format("%H:%M on %A %-d %B");
    Notice {
        title: "New job offered".into(),
        message: format!(
            "{} in {district}. Accept or decline it by {answer_by}, or it is offered to someone else.",
            when(service, booking.date, &booking.time)
        ),
        link: offer_path,
        calendar: None,
    }
}

/// The customer's notice that a provider took their booking.
pub fn provider_coming(when: &str, first_name: &str, invite: String) -> Notice {
    Notice {
        title: "Booking confirmed".into(),
        message: format!(
            "Your booking of {when} is confirmed: {first_name} will come. Your bookings page shows who is coming, with their photo if they have added one; the attached update marks it confirmed in your calendar."
        ),
        link: "/user/bookings".into(),
        calendar: Some(invite),
    }
}

/// The provider's notice that a job offered or assigned to them was cancelled.
pub fn visit_cancelled(when: &str) -> Notice {
    Notice {
        title: "Job cancelled".into(),
        message: format!("The booking of {when} was cancelled: the time is free again on your schedule."),
        link: SCHEDULE.into(),
        calendar: None,
    }
}

/// What a job in the provider's calendar feed says beside its time and place.
pub fn feed_description(customer_first_name: &str, notes: &str, public_url: &str) -> String {
    let notes = if notes.is_empty() { String::new() } else { format!(" Notes: {notes}") };
    format!("For {customer_first_name}.{notes} Your schedule: {public_url}{SCHEDULE}")
}

/// A job as the offer's page names it: `Cleaning on Monday 2 March 2026 at 09:30 in LS6, until 10:30`.
pub fn visit_summary(service: &str, booking: &entity::booking::Model) -> String {
    let district = district(&booking.postcode);
    let until = booking.ends_at.map(|ends_at| format!(", until {}", crate::domain::uk_time::local(ends_at).format("%H:%M on %A %-d %B"))).unwrap_or_default();
    format!("{} in {district}{until}", when(service, booking.date, &booking.time))
}

pub fn invalid_offer_link() -> MessagePage {
    MessagePage {
        heading: "This link does not work".into(),
        lead: "The link is incomplete or has been changed. Open it again from the email, or answer the offer on your schedule.".into(),
        actions: Vec::new(),
        onward: schedule_link(),
    }
}

/// The offer's page: the job, and a button for each answer.
pub fn offer_question(visit: &str, path: &str) -> MessagePage {
    MessagePage {
        heading: "A job for you".into(),
        lead: format!("{visit}. Will you take it?"),
        actions: vec![
            MessageAction { path: format!("{path}&answer=accept"), label: "Accept the job".into() },
            MessageAction { path: format!("{path}&answer=decline"), label: "Decline it".into() },
        ],
        onward: schedule_link(),
    }
}

pub fn offer_closed_page(visit: &str) -> MessagePage {
    MessagePage { heading: "This offer is no longer open".into(), lead: format!("{visit}: {}", OFFER_CLOSED), actions: Vec::new(), onward: schedule_link() }
}

pub fn offer_answered(visit: &str, answer: super::dispatch::Answer) -> MessagePage {
    let (heading, lead) = match answer {
        super::dispatch::Answer::Accept => ("Job accepted", format!("{visit} is on your schedule, and the customer has been told you are coming.")),
        super::dispatch::Answer::Decline => ("Job declined", format!("{visit} has been offered to someone else. Thank you for saying so quickly.")),
    };
    MessagePage { heading: heading.into(), lead, actions: Vec::new(), onward: schedule_link() }
}

fn schedule_link() -> MessageLink {
    MessageLink { href: SCHEDULE.into(), label: "Your schedule".into() }
}

/// The provider's notice that a job of theirs moved to another time they are free.
pub fn visit_moved(when: &str) -> Notice {
    Notice {
        title: "Job moved".into(),
        message: format!("The customer moved their booking: it is now {when}. Your schedule and calendar feed show the new time."),
        link: SCHEDULE.into(),
        calendar: None,
    }
}

/// The customer's notice that their provider handed the job back.
pub fn handed_back(when: &str, invite: String) -> Notice {
    Notice {
        title: "Finding another provider".into(),
        message: format!("Your provider can no longer do your booking of {when}. We are offering it to another provider and will tell you who is coming."),
        link: "/user/bookings".into(),
        calendar: Some(invite),
    }
}

pub const NO_PROVIDERS_CONFIRM: &str = "This service's providers keep no hours: confirm the booking instead.";
pub const PROVIDERS_ASSIGN: &str = "This service's providers keep hours: assign the booking to one of them, which confirms it.";
pub const ONLY_TO_COME_ASSIGNED: &str = "Only a booking still to come can be assigned.";
pub const NOT_ITS_PROVIDER: &str = "Choose one of the service's approved providers.";
pub const PROVIDER_BUSY: &str = "This provider has another job at that time: choose another, or move one of the bookings first.";

/// The provider's notice of a job staff gave them.
pub fn assigned(visit: &str) -> Notice {
    Notice {
        title: "Job assigned to you".into(),
        message: format!("Our team has given you a job: {visit}. It is on your schedule and in your calendar feed."),
        link: SCHEDULE.into(),
        calendar: None,
    }
}

/// The audit log's summary of an assignment.
pub fn assigned_entry(member_id: i32, when: &str, provider_id: i32) -> String {
    format!("Assigned member {member_id}'s booking of {when} to provider {provider_id}")
}

pub const CANNOT_HAND_BACK: &str = "Only a job you accepted, still to come, can be handed back.";

/// A booking as its notices name it: `Cleaning on Monday 2 March 2026 at 09:30`.
pub fn when(service: &str, date: NaiveDate, time: &str) -> String {
    format!("{service} on {} at {time}", date.format("%A %-d %B %Y"))
}

/// The calendar invite's description.
pub fn invite_description(brand: &str, booking_id: i32, service: &str, public_url: &str) -> String {
    format!("{brand} booking {booking_id}: {service}. Manage it at {public_url}/user/bookings")
}

pub fn cannot_complete(status: BookingStatus) -> String {
    format!("Only a confirmed booking can be marked completed; this one is {}.", status.as_str().to_lowercase())
}

pub const DATE_TOO_FAR: &str = "Choose a date within the next year.";
pub const NOT_OPEN: &str = "This service is not open for bookings.";
pub const NOT_STARTED: &str = "You can mark a job done once it has started.";
pub const CHANGED_MEANWHILE: &str = "Someone else changed this booking meanwhile. Reload to see it.";
