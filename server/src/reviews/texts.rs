//! What the reviews feature says: its refusals, the thanks for a report, the names reviews are
//! shown under and the notice of a new review.

use crate::notifications::notice::Notice;

pub const CANNOT_REVIEW_OWN_SERVICE: &str = "You cannot review a service you provide.";
pub const ALREADY_REVIEWED: &str = "You have already reviewed this service.";
pub const CANNOT_REPORT_OWN_REVIEW: &str = "You cannot report your own review.";
pub const REPORTED: &str = "Thank you. Our team will look at this review.";
/// The start of the error for a `service` filter that is not an id.
pub const SERVICE_EXPECTED: &str = "A service is a whole number from 1;";

/// The name an erased account's reviews are kept under.
pub const FORMER_MEMBER: &str = "Former member";
/// The author of a review whose name is empty.
pub const A_CUSTOMER: &str = "A customer";

pub const ALREADY_ANSWERED: &str = "You have already answered this review.";
pub const NOT_YOUR_VISIT: &str = "Only the provider who did the job a review is about can answer it.";
pub const RATING_AND_REVIEW_REQUIRED: &str = "Rating & review are required.";
/// A review staff hid is not written again from its invitation.
pub const TAKEN_DOWN: &str = "Our team took your review of this service down, so it cannot be changed. Write to us if you think that was a mistake.";

/// Told to the providers of `service` (id `service_id`); `theirs` to the one who did the job,
/// who may answer it from their schedule.
pub fn new_review(reviewer: &str, service: &str, service_id: i32, rating: u8, theirs: bool) -> Notice {
    match theirs {
        false => Notice {
            title: "New review".into(),
            message: format!("{reviewer} rated {service} {rating} out of 5."),
            link: format!("/services/details?id={service_id}"),
            calendar: None,
        },
        true => Notice {
            title: "New review of your job".into(),
            message: format!("{reviewer} rated your job of {service} {rating} out of 5. You can answer it publicly, once, from your past jobs."),
            link: "/user/schedule".into(),
            calendar: None,
        },
    }
}

/// Told to a review's author when the provider answers it.
pub fn answered(provider: &str, service: &str, service_id: i32) -> Notice {
    Notice {
        title: "Your review was answered".into(),
        message: format!("{provider} answered your review of {service}."),
        link: format!("/services/details?id={service_id}"),
        calendar: None,
    }
}

/// The invitation to review a completed booking (`when`), to the form at `link`; `updating`
/// when the member reviewed the service before.
pub fn invitation(when: &str, updating: bool, link: String) -> Notice {
    let ask = match updating {
        false => "How did it go? Rate it and tell others in a few words: it helps neighbours choose and good providers grow.",
        true => "How did it go? You reviewed this service before: you can update your review to say how this booking went.",
    };
    Notice { title: "How did it go?".into(), message: format!("Your booking of {when} is complete. Thank you! {ask}"), link, calendar: None }
}
