//! Starting to pay for a booking. The amount is the booking's, from the database; a booking has
//! one checkout open at a time (the database's partial unique index decides between two starts
//! at once), and opening it at the provider is idempotent per payment, so a retry or a second
//! start finds the same checkout instead of making another.

use super::events::{self, Applied};
use super::provider::{CheckoutRequest, CheckoutState, Outcome, ProviderError, ProviderEvent};
use super::texts;
use crate::accounts::signed_in::Member;
use crate::domain::Pence;
use crate::http::AppError;
use crate::platform::change::Change;
use crate::platform::db::is_unique_violation;
use crate::state::AppState;
use chrono::{Duration, Utc};
use entity::words::{BookingPayment, BookingStatus, Currency, PaymentStatus};
use entity::{booking, payment, service};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

/// The payment the member is to pay through, and whether this call made it.
pub struct Started {
    pub payment: payment::Model,
    pub created: bool,
}

/// A checkout about to close is not handed out: the member needs time to pay.
const LEAST_TIME_TO_PAY_MINUTES: i64 = 5;

pub async fn start(state: &AppState, member: &Member, booking: &booking::Model, service: &service::Model) -> Result<Started, AppError> {
    let refuse = |message: &str| AppError::field("booking", message);
    match (booking.status, booking.payment_status) {
        (BookingStatus::Cancelled, _) => return Err(refuse(texts::BOOKING_CANCELLED)),
        (_, BookingPayment::Paid) => return Err(refuse(texts::ALREADY_PAID)),
        (_, BookingPayment::Refunded) => return Err(refuse(texts::REFUNDED)),
        (_, BookingPayment::Unpaid) => {}
    }
    if booking.amount_pence <= 0 {
        return Err(refuse(texts::NOTHING_TO_PAY));
    }
    // Each turn either answers or closes a stale checkout; three cover a race lost on the way.
    for _ in 0..3 {
        let open = payment::Entity::find()
            .filter(payment::Column::BookingId.eq(booking.id))
            .filter(payment::Column::Status.eq(PaymentStatus::Pending))
            .one(state.db())
            .await?;
        let Some(open) = open else {
            match create(state, member, booking).await {
                Ok(row) => return Ok(Started { payment: checkout(state, member, booking, service, row).await?, created: true }),
                // Another start made it a moment ago: take that one on the next turn.
                Err(error) if is_unique_violation(&error) => continue,
                Err(error) => return Err(error.into()),
            }
        };
        let usable = open.expires_at.is_some_and(|at| at > Utc::now() + Duration::minutes(LEAST_TIME_TO_PAY_MINUTES));
        match (&open.reference, usable) {
            (Some(_), true) => return Ok(Started { payment: open, created: false }),
            // Its checkout was never opened (the provider failed, or another start is opening
            // it now): opening it is idempotent.
            (None, true) => return Ok(Started { payment: checkout(state, member, booking, service, open).await?, created: false }),
            (None, false) => {
                close(state, &open).await?;
            }
            (Some(reference), false) => match state.payments.checkout_state(reference).await.map_err(unavailable)? {
                CheckoutState::Open => return Ok(Started { payment: open, created: false }),
                CheckoutState::Paid { charge, amount } => {
                    let event = ProviderEvent {
                        id: format!("checked:{reference}:paid"),
                        kind: "checkout.checked".into(),
                        checkout: reference.clone(),
                        outcome: Outcome::Paid { charge, amount },
                    };
                    events::apply(state, &event).await?;
                    return Err(refuse(texts::ALREADY_PAID));
                }
                CheckoutState::Expired => {
                    let event = ProviderEvent {
                        id: format!("checked:{reference}:expired"),
                        kind: "checkout.checked".into(),
                        checkout: reference.clone(),
                        outcome: Outcome::Expired,
                    };
                    if events::apply(state, &event).await? == Applied::Unchanged {
                        close(state, &open).await?;
                    }
                }
            },
        }
    }
    Err(AppError::Conflict(texts::PAYMENT_BUSY.into()))
}

async fn create(state: &AppState, member: &Member, booking: &booking::Model) -> Result<payment::Model, sea_orm::DbErr> {
    let now = Utc::now();
    let open_for = Duration::from_std(state.config().payments.checkout_open_for).unwrap_or(Duration::hours(1));
    let change = Change::begin(state).await?;
    let saved = payment::ActiveModel {
        booking_id: Set(booking.id),
        user_id: Set(member.user.id),
        amount_pence: Set(booking.amount_pence),
        currency: Set(Currency::Gbp),
        status: Set(PaymentStatus::Pending),
        provider: Set(state.payments.kind()),
        expires_at: Set(Some(now + open_for)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    change.commit().await?;
    Ok(saved)
}

/// A Pending payment that can no longer be paid ends Cancelled.
async fn close(state: &AppState, row: &payment::Model) -> Result<(), AppError> {
    let change = Change::begin(state).await?;
    payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Cancelled))
        .col_expr(payment::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(payment::Column::Id.eq(row.id))
        .filter(payment::Column::Status.eq(PaymentStatus::Pending))
        .exec(change.db())
        .await?;
    change.commit().await?;
    Ok(())
}

/// Opens the payment's checkout at the provider and keeps its reference and address.
async fn checkout(
    state: &AppState,
    member: &Member,
    booking: &booking::Model,
    service: &service::Model,
    row: payment::Model,
) -> Result<payment::Model, AppError> {
    let public_url = &state.config().public_url;
    let description = texts::checkout_line(&service.title, booking.date, &booking.time);
    let request = CheckoutRequest {
        payment_id: row.id,
        booking_id: booking.id,
        idempotency_key: format!("payment-{}-{}", row.id, row.created_at.timestamp()),
        amount: Pence::from_stored(row.amount_pence),
        description: &description,
        customer_email: &member.user.email,
        success_url: format!("{public_url}/success?payment={}", row.id),
        cancel_url: format!("{public_url}/cancel?payment={}", row.id),
        expires_at: row.expires_at.unwrap_or_else(Utc::now),
    };
    let opened = state.payments.open_checkout(&request).await.map_err(unavailable)?;
    let mut active: payment::ActiveModel = row.into();
    active.reference = Set(Some(opened.reference));
    active.checkout_url = Set(Some(opened.url));
    active.updated_at = Set(Utc::now());
    let change = Change::begin(state).await?;
    let saved = active.update(change.db()).await?;
    change.commit().await?;
    Ok(saved)
}

pub fn unavailable(error: ProviderError) -> AppError {
    AppError::BadGateway(error.0)
}
