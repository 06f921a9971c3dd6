//! What the payments feature says: refusals of a checkout, the provider's failures as the
//! member is told them, the notices of money taken or not, the checkout's line and what staff
//! read of an event not applied.

use super::views::receipt_number;
use crate::domain::Pence;
use crate::notifications::notice::Notice;
use chrono::NaiveDate;

pub const BOOKING_EXPECTED: &str = "A booking is a whole number from 1;";

pub const BOOKING_CANCELLED: &str = "This booking is cancelled.";
pub const ALREADY_PAID: &str = "This booking is already paid.";
pub const REFUNDED: &str = "This booking's payment was refunded.";
pub const NOTHING_TO_PAY: &str = "This booking has nothing to pay.";
pub const PAYMENT_BUSY: &str = "The payment is being changed by another request. Please try again.";
pub const PAID_OUTSIDE: &str = "This booking was paid outside the site: please contact us to cancel it and arrange your refund.";
/// Why a refund owed was not made, for staff.
pub const NO_CHARGE_TO_REFUND: &str = "The payment has no charge to refund: it was taken outside the site.";

pub const PROVIDER_UNREACHABLE: &str = "The payment provider could not be reached.";
pub const PROVIDER_UNREADABLE: &str = "The payment provider's answer could not be read.";
pub const NOT_A_SESSION: &str = "Not a Checkout Session id.";
pub const NO_CHECKOUT_PAGE: &str = "The payment provider gave no checkout page.";
pub const CHECKOUT_ALREADY_PAID: &str = "The checkout was already paid.";
pub const REFUND_FAILED: &str = "The payment provider could not refund the payment.";

pub fn provider_refused(message: &str) -> String {
    format!("The payment provider refused: {message}")
}

/// The line the member sees on the checkout: `Boiler service on Monday 7 December 2026 at 09:30`.
pub fn checkout_line(service: &str, date: NaiveDate, time: &str) -> String {
    format!("{service} on {} at {time}", date.format("%A %-d %B %Y"))
}

/// What the provider took when it is not the payment's amount.
pub fn amount_taken(minor_units: i64, currency: &str) -> String {
    match currency.eq_ignore_ascii_case("gbp") {
        true => format!("£{}", Pence::from_stored(minor_units)),
        false => format!("{minor_units} minor units of {}", currency.to_uppercase()),
    }
}

/// Why an event was not applied, for staff on the dashboard.
pub fn wrong_amount(taken: &str, payment_id: i32, amount: Pence) -> String {
    format!("The provider took {taken} for payment {payment_id}, which is £{amount}: not applied.")
}

pub fn not_taken(amount: Pence, service: &str, date: NaiveDate, booking_id: i32) -> Notice {
    Notice {
        title: "Payment not taken".into(),
        message: format!(
            "Your payment of £{amount} for {service} on {} did not go through, so the booking is still unpaid. You can try again from your bookings.",
            date.format("%A %-d %B %Y")
        ),
        link: format!("/payment?booking={booking_id}"),
        calendar: None,
    }
}

/// What a receipt adds after its first sentences.
pub const TEST_MODE: &str = " This was a test-mode payment: no card was charged.";
pub const REFUND_OF_CANCELLED: &str =
    " The booking had been cancelled, so we will refund this payment; contact us if you have not heard from us within two working days.";
pub const REFUND_OF_SECOND: &str =
    " The booking had already been paid, so we will refund this second payment; contact us if you have not heard from us within two working days.";

/// The receipt; `after` is empty, [`REFUND_OF_CANCELLED`] or [`REFUND_OF_SECOND`], `test_mode` empty or [`TEST_MODE`].
pub fn received(amount: Pence, service: &str, date: NaiveDate, time: &str, payment_id: i32, after: &str, test_mode: &str) -> Notice {
    Notice {
        title: "Payment received".into(),
        message: format!(
            "Thank you: we have received £{amount} for {service} on {} at {time}. Your receipt number is {}.{after}{test_mode}",
            date.format("%A %-d %B %Y"),
            receipt_number(payment_id)
        ),
        link: format!("/user/payments?receipt={payment_id}"),
        calendar: None,
    }
}
