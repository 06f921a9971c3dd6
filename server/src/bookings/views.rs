//! A booking as the API shows it.

use crate::catalogue::views::BookedService;
use crate::domain::Pence;
use crate::payments::refunds::refund_until;
use entity::words::{BookingPayment, BookingStatus};
use entity::{booking, service};
use serde::Serialize;
use utoipa::ToSchema;

/// The contract's booking.
#[derive(Serialize, ToSchema)]
pub struct BookingView {
    id: i32,
    service: BookedService,
    #[schema(format = Date)]
    date: String,
    /// `HH:MM`, UK time.
    #[schema(pattern = "^[0-2][0-9]:[0-5][0-9]$")]
    time: String,
    address_line_1: String,
    city: String,
    postcode: String,
    notes: String,
    /// Hours or days for an hourly or daily price; 1 for a fixed price.
    length: i32,
    status: BookingStatus,
    /// Pounds sterling, from the service's price when booked.
    #[schema(value_type = crate::domain::Pence)]
    amount: String,
    payment_status: BookingPayment,
    /// Cancelling before this moment refunds a paid booking in full; later, the payment is kept.
    #[schema(format = DateTime)]
    refund_until: String,
    #[schema(format = DateTime)]
    created_at: String,
}

impl BookingView {
    pub fn new(row: booking::Model, service: &service::Model, refund_window_hours: u32) -> Self {
        BookingView {
            refund_until: crate::http::timestamp(refund_until(&row, refund_window_hours)),
            id: row.id,
            service: BookedService::of(service),
            date: row.date.format("%Y-%m-%d").to_string(),
            time: row.time,
            address_line_1: row.address_line_1,
            city: row.city,
            postcode: row.postcode,
            notes: row.notes,
            length: row.length,
            status: row.status,
            amount: Pence::from_stored(row.amount_pence).to_string(),
            payment_status: row.payment_status,
            created_at: crate::http::timestamp(row.created_at),
        }
    }
}
