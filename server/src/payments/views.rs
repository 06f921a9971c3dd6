//! A payment as the API shows it: the booking it pays for, the amount with its currency, where
//! it stands, and its receipt number.

use crate::catalogue::views::BookedService;
use crate::domain::Pence;
use crate::http::timestamp;
use entity::words::{BookingPayment, BookingStatus, Currency, PaymentProvider, PaymentStatus};
use entity::{booking, payment, service};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct PaidBooking {
    id: i32,
    service: BookedService,
    #[schema(format = Date)]
    date: String,
    /// `HH:MM`, UK time.
    time: String,
    status: BookingStatus,
    payment_status: BookingPayment,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentView {
    id: i32,
    booking: PaidBooking,
    /// Pounds, e.g. `"120.00"`: the booking's amount when the payment started.
    #[schema(value_type = crate::domain::Pence)]
    amount: String,
    currency: Currency,
    status: PaymentStatus,
    provider: PaymentProvider,
    /// True with the built-in test provider: no card is charged and no money moves.
    test_mode: bool,
    /// Where the member pays, while the payment is Pending.
    checkout_url: Option<String>,
    /// The number printed on the receipt, e.g. `BW-000012`.
    receipt_number: String,
    #[schema(format = DateTime)]
    created_at: String,
    #[schema(format = DateTime)]
    paid_at: Option<String>,
    #[schema(format = DateTime)]
    refunded_at: Option<String>,
}

/// The receipt number of a payment: stable, and readable over the phone.
pub fn receipt_number(payment_id: i32) -> String {
    format!("BW-{payment_id:06}")
}

impl PaymentView {
    pub fn new(row: payment::Model, booking: &booking::Model, service: &service::Model) -> Self {
        PaymentView {
            id: row.id,
            booking: PaidBooking {
                id: booking.id,
                service: BookedService::of(service),
                date: booking.date.format("%Y-%m-%d").to_string(),
                time: booking.time.clone(),
                status: booking.status,
                payment_status: booking.payment_status,
            },
            amount: Pence::from_stored(row.amount_pence).to_string(),
            currency: row.currency,
            status: row.status,
            provider: row.provider,
            test_mode: row.provider == PaymentProvider::Test,
            checkout_url: row.checkout_url.filter(|_| row.status == PaymentStatus::Pending),
            receipt_number: receipt_number(row.id),
            created_at: timestamp(row.created_at),
            paid_at: row.paid_at.map(timestamp),
            refunded_at: row.refunded_at.map(timestamp),
        }
    }
}
