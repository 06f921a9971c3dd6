//! What happens to the money when a booking is cancelled: a paid booking a member cancels at
//! least the refund window (24 hours by default, `REFUND_WINDOW_HOURS`) before it starts, UK
//! time, is refunded in full through the provider; a later cancellation keeps the payment. One
//! the company cancels is always refunded. An unpaid booking's open checkout is closed so it
//! cannot be paid after the cancellation.

use super::checkout::unavailable;
use super::events;
use super::provider::{CheckoutState, Outcome, ProviderEvent};
use crate::domain::uk_time;
use crate::http::AppError;
use crate::state::AppState;
use chrono::{DateTime, Duration, NaiveTime, Utc};
use entity::words::{BookingPayment, PaymentStatus};
use entity::{booking, payment};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// The last moment a cancellation of `booking` is refunded.
pub fn refund_until(booking: &booking::Model, window_hours: u32) -> DateTime<Utc> {
    let time = NaiveTime::parse_from_str(&booking.time, "%H:%M").unwrap_or(NaiveTime::MIN);
    uk_time::to_utc(booking.date.and_time(time)) - Duration::hours(i64::from(window_hours))
}

/// What a cancellation does with the booking's money, decided (and any refund made) before the
/// cancellation is written.
pub enum CancellationMoney {
    /// Nothing was paid (or it was refunded already); an open checkout, if any, is to be marked Cancelled.
    Unpaid { open_checkout: Option<payment::Model> },
    /// Refunded at the provider: `refund_reference` names the refund.
    Refunded { payment: payment::Model, refund_reference: String },
    /// Paid, and cancelled too late for a refund: the payment is kept.
    Kept { payment: payment::Model },
}

/// Settles the money of a booking about to be cancelled. `by_company`: the company cancels
/// (the member did nothing late), so a payment is refunded whatever the time.
pub async fn settle_before_cancelling(state: &AppState, booking: &booking::Model, by_company: bool) -> Result<CancellationMoney, AppError> {
    let mut booking = booking.clone();
    // Already refunded: no money left to settle.
    if booking.payment_status == BookingPayment::Refunded {
        return Ok(CancellationMoney::Unpaid { open_checkout: None });
    }
    if booking.payment_status == BookingPayment::Unpaid {
        let open = payment::Entity::find()
            .filter(payment::Column::BookingId.eq(booking.id))
            .filter(payment::Column::Status.eq(PaymentStatus::Pending))
            .one(state.db())
            .await?;
        let Some(open) = open else { return Ok(CancellationMoney::Unpaid { open_checkout: None }) };
        let Some(reference) = open.reference.clone() else { return Ok(CancellationMoney::Unpaid { open_checkout: Some(open) }) };
        if state.payments.close_checkout(&reference).await.is_ok() {
            return Ok(CancellationMoney::Unpaid { open_checkout: Some(open) });
        }
        // The checkout could not be closed: it may have been paid a moment ago.
        match state.payments.checkout_state(&reference).await.map_err(unavailable)? {
            CheckoutState::Paid { charge, amount } => {
                let event = ProviderEvent {
                    id: format!("checked:{reference}:paid"),
                    kind: "checkout.checked".into(),
                    checkout: reference,
                    outcome: Outcome::Paid { charge, amount },
                };
                events::apply(state, &event).await?;
                booking = booking::Entity::find_by_id(booking.id).one(state.db()).await?.ok_or(AppError::NotFound)?;
            }
            CheckoutState::Expired | CheckoutState::Open => return Ok(CancellationMoney::Unpaid { open_checkout: Some(open) }),
        }
    }
    let paid = payment::Entity::find()
        .filter(payment::Column::BookingId.eq(booking.id))
        .filter(payment::Column::Status.eq(PaymentStatus::Paid))
        .one(state.db())
        .await?;
    // Paid, but not through the site (recorded by staff): the company refunds it by hand.
    let Some(paid) = paid else {
        return Err(AppError::BadRequest("This booking was paid outside the site: please contact us to cancel it and arrange your refund.".into()));
    };
    if !by_company && Utc::now() >= refund_until(&booking, state.config().payments.refund_window_hours) {
        return Ok(CancellationMoney::Kept { payment: paid });
    }
    let charge = paid.charge_reference.clone().ok_or_else(|| AppError::Internal(anyhow::anyhow!("payment {} is Paid with no charge", paid.id)))?;
    let refund_reference = state.payments.refund(&charge, &format!("refund-{}-{}", paid.id, paid.created_at.timestamp())).await.map_err(unavailable)?;
    Ok(CancellationMoney::Refunded { payment: paid, refund_reference })
}

impl CancellationMoney {
    /// Writes the money's side of the cancellation, inside its transaction. False when a
    /// refund was recorded already (by a racing cancellation or refund): nothing to tell.
    pub async fn record(&self, db: &impl ConnectionTrait, booking_id: i32) -> Result<bool, DbErr> {
        let now = Utc::now();
        match self {
            CancellationMoney::Unpaid { open_checkout: Some(open) } => {
                payment::Entity::update_many()
                    .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Cancelled))
                    .col_expr(payment::Column::CheckoutUrl, Expr::value(Option::<String>::None))
                    .col_expr(payment::Column::UpdatedAt, Expr::value(now))
                    .filter(payment::Column::Id.eq(open.id))
                    .filter(payment::Column::Status.eq(PaymentStatus::Pending))
                    .exec(db)
                    .await?;
            }
            CancellationMoney::Refunded { payment, refund_reference } => {
                let changed = payment::Entity::update_many()
                    .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Refunded))
                    .col_expr(payment::Column::RefundReference, Expr::value(refund_reference.clone()))
                    .col_expr(payment::Column::RefundedAt, Expr::value(now))
                    .col_expr(payment::Column::UpdatedAt, Expr::value(now))
                    .filter(payment::Column::Id.eq(payment.id))
                    .filter(payment::Column::Status.eq(PaymentStatus::Paid))
                    .exec(db)
                    .await?;
                booking::Entity::update_many()
                    .col_expr(booking::Column::PaymentStatus, Expr::value(BookingPayment::Refunded))
                    .filter(booking::Column::Id.eq(booking_id))
                    .exec(db)
                    .await?;
                return Ok(changed.rows_affected == 1);
            }
            CancellationMoney::Unpaid { open_checkout: None } | CancellationMoney::Kept { .. } => {}
        }
        Ok(true)
    }
}
