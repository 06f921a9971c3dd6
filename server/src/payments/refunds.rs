//! What happens to the money when a booking is cancelled: a paid booking a member cancels at
//! least the refund window (24 hours by default, `REFUND_WINDOW_HOURS`) before it starts, UK
//! time, is refunded in full through the provider; a later cancellation keeps the payment. One
//! the company cancels is always refunded. An unpaid booking's open checkout is closed so it
//! cannot be paid after the cancellation.
//!
//! A refund is first recorded as owed, in the transaction of the change that owes it (the
//! cancellation, or staff's refund), and made afterwards: once at once, then by a worker until
//! the provider answers, always with the payment's one idempotency key, so the money goes back
//! once however often it is tried. The payment reads Refunded only when it has been, so the
//! records and the money never disagree, whatever fails in between.

use super::checkout::unavailable;
use super::events;
use super::provider::{CheckoutState, Outcome, ProviderEvent};
use super::texts;
use crate::http::AppError;
use crate::platform::change::Change;
use crate::platform::periodic;
use crate::platform::retry::backoff;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use entity::words::{BookingPayment, PaymentStatus};
use entity::{booking, payment};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::sync::Arc;

/// How often the worker looks for owed refunds due another try.
const EVERY: std::time::Duration = std::time::Duration::from_secs(15);

/// How long an attempt holds an owed refund: longer than any call to the provider takes, so
/// two servers do not try one refund at once (the idempotency key would make that harmless).
const CLAIM: Duration = Duration::minutes(2);

/// Owed refunds tried a round, at most: the rest wait for the next round.
const ROUND: u64 = 50;

/// Starts the worker that makes owed refunds.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "owed refunds", EVERY, |state| async move { make_due(&state, Utc::now()).await.map(drop) });
}

/// The last moment a cancellation of `booking` is refunded.
pub fn refund_until(booking: &booking::Model, window_hours: u32) -> DateTime<Utc> {
    crate::scheduling::starts_at(booking) - Duration::hours(i64::from(window_hours))
}

/// What a cancellation does with the booking's money, decided before the cancellation is
/// written.
pub enum CancellationMoney {
    /// Nothing was paid (or it was refunded already); an open checkout, if any, is to be marked Cancelled.
    Unpaid { open_checkout: Option<payment::Model> },
    /// Paid, and to be refunded: recorded as owed with the cancellation, made right after it.
    Refund { payment: payment::Model },
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
    // Paid, but not through the site (recorded by staff, or with no charge to refund): the
    // company refunds it by hand.
    let Some(paid) = paid.filter(|paid| paid.charge_reference.is_some()) else {
        return Err(AppError::BadRequest(texts::PAID_OUTSIDE.into()));
    };
    if !by_company && Utc::now() >= refund_until(&booking, state.config().payments.refund_window_hours) {
        return Ok(CancellationMoney::Kept { payment: paid });
    }
    Ok(CancellationMoney::Refund { payment: paid })
}

impl CancellationMoney {
    /// The first attempt at the refund this settlement owes, if any, right after the commit
    /// that owed it.
    pub async fn make_refund_now(&self, state: &AppState) {
        if let CancellationMoney::Refund { payment } = self {
            make_now(state, payment.id).await;
        }
    }

    /// Writes the money's side of the cancellation, inside its transaction. False when a
    /// refund was owed or made already (by a racing cancellation or refund): nothing to tell.
    pub async fn record(&self, db: &impl ConnectionTrait) -> Result<bool, DbErr> {
        match self {
            CancellationMoney::Unpaid { open_checkout: Some(open) } => {
                payment::Entity::update_many()
                    .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Cancelled))
                    .col_expr(payment::Column::CheckoutUrl, Expr::value(Option::<String>::None))
                    .col_expr(payment::Column::UpdatedAt, Expr::value(Utc::now()))
                    .filter(payment::Column::Id.eq(open.id))
                    .filter(payment::Column::Status.eq(PaymentStatus::Pending))
                    .exec(db)
                    .await?;
            }
            CancellationMoney::Refund { payment } => return owe(db, payment).await,
            CancellationMoney::Unpaid { open_checkout: None } | CancellationMoney::Kept { .. } => {}
        }
        Ok(true)
    }
}

/// Records that `paid` is to be refunded in full, inside the transaction of the change that
/// owes it; false when it was owed (or refunded) already. [`make`] makes it after the commit.
pub async fn owe(db: &impl ConnectionTrait, paid: &payment::Model) -> Result<bool, DbErr> {
    let now = Utc::now();
    let owed = payment::Entity::update_many()
        .col_expr(payment::Column::RefundOwedAt, Expr::value(now))
        .col_expr(payment::Column::RefundRetryAt, Expr::value(now))
        .col_expr(payment::Column::UpdatedAt, Expr::value(now))
        .filter(payment::Column::Id.eq(paid.id))
        .filter(payment::Column::Status.eq(PaymentStatus::Paid))
        .filter(payment::Column::RefundOwedAt.is_null())
        .exec(db)
        .await?;
    Ok(owed.rows_affected == 1)
}

/// The key every attempt at refunding `paid` sends: the provider refunds once per key.
fn idempotency_key(paid: &payment::Model) -> String {
    format!("refund-{}-{}", paid.id, paid.created_at.timestamp())
}

/// One attempt at the owed refund of payment `id`, if it is due at `now` and no one else is
/// making it: the provider is asked, then the payment (and its booking) marked Refunded; a
/// failure is kept with the time of the next attempt. Whether the refund is made now.
pub async fn make(state: &AppState, id: i32, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let claim = Change::begin(state).await?;
    let claimed = payment::Entity::update_many()
        .col_expr(payment::Column::RefundRetryAt, Expr::value(now + CLAIM))
        .filter(payment::Column::Id.eq(id))
        .filter(payment::Column::Status.eq(PaymentStatus::Paid))
        .filter(payment::Column::RefundOwedAt.is_not_null())
        .filter(payment::Column::RefundRetryAt.lte(now))
        .exec(claim.db())
        .await?;
    claim.commit().await?;
    if claimed.rows_affected == 0 {
        return Ok(false);
    }
    let Some(paid) = payment::Entity::find_by_id(id).one(state.db()).await? else { return Ok(false) };
    let answer = match &paid.charge_reference {
        Some(charge) => state.payments.refund(charge, &idempotency_key(&paid)).await.map_err(|error| error.0),
        None => Err(texts::NO_CHARGE_TO_REFUND.to_string()),
    };
    match answer {
        Ok(reference) => {
            let change = Change::begin(state).await?;
            let now = Utc::now();
            payment::Entity::update_many()
                .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Refunded))
                .col_expr(payment::Column::RefundReference, Expr::value(reference))
                .col_expr(payment::Column::RefundedAt, Expr::value(now))
                .col_expr(payment::Column::RefundRetryAt, Expr::value(Option::<DateTime<Utc>>::None))
                .col_expr(payment::Column::RefundError, Expr::value(Option::<String>::None))
                .col_expr(payment::Column::UpdatedAt, Expr::value(now))
                .filter(payment::Column::Id.eq(id))
                .filter(payment::Column::Status.eq(PaymentStatus::Paid))
                .exec(change.db())
                .await?;
            booking::Entity::update_many()
                .col_expr(booking::Column::PaymentStatus, Expr::value(BookingPayment::Refunded))
                .filter(booking::Column::Id.eq(paid.booking_id))
                .exec(change.db())
                .await?;
            change.commit().await?;
            Ok(true)
        }
        Err(error) => {
            let attempts = paid.refund_attempts + 1;
            tracing::warn!(payment = id, attempts, %error, "an owed refund was not made; it will be tried again");
            let change = Change::begin(state).await?;
            payment::Entity::update_many()
                .col_expr(payment::Column::RefundAttempts, Expr::value(attempts))
                .col_expr(payment::Column::RefundError, Expr::value(error))
                .col_expr(payment::Column::RefundRetryAt, Expr::value(now + backoff(state.config().payments.refund_retry_after, attempts)))
                .filter(payment::Column::Id.eq(id))
                .exec(change.db())
                .await?;
            change.commit().await?;
            Ok(false)
        }
    }
}

/// The first attempt at an owed refund, right after the commit that owed it: made now when the
/// provider answers; whatever fails, the change that owed it stands and the worker tries again.
pub async fn make_now(state: &AppState, id: i32) {
    if let Err(error) = make(state, id, Utc::now()).await {
        tracing::error!(payment = id, %error, "an owed refund could not be tried now; the worker will try it");
    }
}

/// Tries every owed refund whose next attempt is due at `now`; returns how many were made.
pub async fn make_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let due: Vec<i32> = payment::Entity::find()
        .select_only()
        .column(payment::Column::Id)
        .filter(payment::Column::Status.eq(PaymentStatus::Paid))
        .filter(payment::Column::RefundOwedAt.is_not_null())
        .filter(payment::Column::RefundRetryAt.lte(now))
        .order_by_asc(payment::Column::RefundRetryAt)
        .limit(ROUND)
        .into_tuple()
        .all(state.db())
        .await?;
    let mut made = 0;
    for id in due {
        made += usize::from(make(state, id, now).await?);
    }
    Ok(made)
}
