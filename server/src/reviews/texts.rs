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

/// Told to the providers of `service` (id `service_id`).
pub fn new_review(reviewer: &str, service: &str, service_id: i32, rating: u8) -> Notice {
    Notice {
        title: "New review".into(),
        message: format!("{reviewer} rated {service} {rating} out of 5."),
        link: format!("/services/details?id={service_id}"),
        calendar: None,
    }
}
