//! What the back office says about bookings: its refusals and the pages' done notices (the
//! member's notices of each step are the bookings feature's).

/// The start of the error for a `date` filter that is not a date.
pub(super) const DATE_EXPECTED: &str = "A date is YYYY-MM-DD;";
pub(super) const CHOOSE_ACTION: &str = "Choose confirm, assign, complete or cancel.";
pub(super) const ALREADY_CANCELLED: &str = "This booking is already cancelled.";

/// What a `done` code in the address says, after a booking's action.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "confirmed" => "Booking confirmed. The member has been told, with a calendar update.",
        "completed" => "Booking marked completed. The member has been invited to review the service.",
        "cancelled" => "Booking cancelled, and any payment refunded. The member has been told why.",
        "sent" => "Message sent. The customer and the provider are told by email.",
        "hidden" => "Message hidden. Its writer has been told why.",
        _ => return None,
    })
}
