//! Applying what a provider tells us, once: the event is recorded by its id first, in the same
//! transaction as the change it makes, so a replayed webhook, a second click or two deliveries
//! at once change the payment, the booking and the member's notices exactly once.

use super::provider::{Outcome, ProviderAmount, ProviderEvent};
use super::texts;
use crate::domain::Pence;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::state::AppState;
use chrono::Utc;
use entity::words::{BookingPayment, PaymentStatus};
use entity::{booking, payment, payment_event, service, user};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter};

/// Whether the event changed anything.
#[derive(Debug, PartialEq, Eq)]
pub enum Applied {
    Changed,
    /// Seen before, about no payment of ours, or no longer able to change it.
    Unchanged,
}

pub async fn apply(state: &AppState, event: &ProviderEvent) -> Result<Applied, AppError> {
    let provider = state.payments.kind();
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // The write that claims the event comes first: on SQLite it takes the write lock, so the
    // reads below see what is committed, and a second delivery stops here.
    let claimed = payment_event::Entity::insert(payment_event::ActiveModel {
        provider: Set(provider),
        event_id: Set(event.id.clone()),
        kind: Set(event.kind.clone()),
        payment_id: Set(None),
        received_at: Set(Utc::now()),
        problem: Set(None),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([payment_event::Column::Provider, payment_event::Column::EventId]).do_nothing().to_owned())
    .exec_without_returning(change.db())
    .await?;
    if claimed == 0 {
        change.commit().await?;
        return Ok(Applied::Unchanged);
    }
    let Some(row) =
        payment::Entity::find().filter(payment::Column::Provider.eq(provider)).filter(payment::Column::Reference.eq(&event.checkout)).one(change.db()).await?
    else {
        // Another system's checkout on the same account: recorded, nothing else to do.
        change.commit().await?;
        return Ok(Applied::Unchanged);
    };
    payment_event::Entity::update_many()
        .col_expr(payment_event::Column::PaymentId, Expr::value(row.id))
        .filter(payment_event::Column::Provider.eq(provider))
        .filter(payment_event::Column::EventId.eq(&event.id))
        .exec(change.db())
        .await?;
    let applied = match &event.outcome {
        Outcome::Paid { amount: Some(amount), .. } if !is_the_payments(amount, &row) => {
            // Money that is not the payment's (a changed price, another currency) settles
            // nothing by itself: kept with the reason, for staff on the dashboard.
            let taken = texts::amount_taken(amount.minor_units, &amount.currency);
            let problem = texts::wrong_amount(&taken, row.id, Pence::from_stored(row.amount_pence));
            tracing::error!(payment = row.id, event = %event.id, %problem, "a payment event was not applied");
            payment_event::Entity::update_many()
                .col_expr(payment_event::Column::Problem, Expr::value(problem))
                .filter(payment_event::Column::Provider.eq(provider))
                .filter(payment_event::Column::EventId.eq(&event.id))
                .exec(change.db())
                .await?;
            Applied::Unchanged
        }
        Outcome::Paid { charge, .. } => paid(state, &mut change, &notifier, &row, charge).await?,
        Outcome::Expired => closed(change.db(), &row, PaymentStatus::Cancelled).await?,
        Outcome::Failed => {
            let applied = closed(change.db(), &row, PaymentStatus::Failed).await?;
            if applied == Applied::Changed {
                let (booking, service, member) = paid_for(change.db(), &row).await?;
                let notice = texts::not_taken(Pence::from_stored(row.amount_pence), &service.title, booking.date, booking.id);
                change.notify(&notifier, &member, notice).await?;
            }
            applied
        }
    };
    change.commit().await?;
    Ok(applied)
}

/// Whether what the provider says it took is the payment's amount, in pounds sterling.
fn is_the_payments(amount: &ProviderAmount, row: &payment::Model) -> bool {
    amount.currency.eq_ignore_ascii_case("gbp") && amount.minor_units == row.amount_pence
}

/// The booking, its service and its member.
async fn paid_for(txn: &DatabaseTransaction, row: &payment::Model) -> Result<(booking::Model, service::Model, user::Model), AppError> {
    let missing = || AppError::Internal(anyhow::anyhow!("payment {} has lost its booking, service or member", row.id));
    let booking = booking::Entity::find_by_id(row.booking_id).one(txn).await?.ok_or_else(missing)?;
    let service = service::Entity::find_by_id(booking.service_id).one(txn).await?.ok_or_else(missing)?;
    let member = user::Entity::find_by_id(row.user_id).one(txn).await?.ok_or_else(missing)?;
    Ok((booking, service, member))
}

/// Money taken: the payment is Paid, the booking too, and the member gets the receipt. A late
/// payment of a checkout we had closed is still money taken, and recorded as such.
async fn paid(state: &AppState, change: &mut Change<'_>, notifier: &Notifier, row: &payment::Model, charge: &str) -> Result<Applied, AppError> {
    let txn = change.db();
    let now = Utc::now();
    let changed = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Paid))
        .col_expr(payment::Column::ChargeReference, Expr::value(charge))
        .col_expr(payment::Column::PaidAt, Expr::value(now))
        .col_expr(payment::Column::CheckoutUrl, Expr::value(Option::<String>::None))
        .col_expr(payment::Column::UpdatedAt, Expr::value(now))
        .filter(payment::Column::Id.eq(row.id))
        .filter(payment::Column::Status.is_in([PaymentStatus::Pending, PaymentStatus::Cancelled, PaymentStatus::Failed]))
        .exec(txn)
        .await?;
    if changed.rows_affected == 0 {
        return Ok(Applied::Unchanged);
    }
    let first_payment = booking::Entity::update_many()
        .col_expr(booking::Column::PaymentStatus, Expr::value(BookingPayment::Paid))
        .filter(booking::Column::Id.eq(row.booking_id))
        .filter(booking::Column::PaymentStatus.eq(BookingPayment::Unpaid))
        .exec(txn)
        .await?
        .rows_affected
        == 1;
    let (booking, service, member) = paid_for(txn, row).await?;
    let amount = Pence::from_stored(row.amount_pence);
    let test_mode = if state.payments.kind() == entity::words::PaymentProvider::Test { texts::TEST_MODE } else { "" };
    let after = if booking.status.refunds_a_late_payment() {
        texts::REFUND_OF_CANCELLED
    } else if !first_payment {
        texts::REFUND_OF_SECOND
    } else {
        ""
    };
    let notice = texts::received(amount, &service.title, booking.date, &booking.time, row.id, after, test_mode);
    change.notify(notifier, &member, notice).await?;
    Ok(Applied::Changed)
}

/// A checkout closed unpaid: the payment ends Cancelled or Failed; the booking stays Unpaid.
async fn closed(txn: &DatabaseTransaction, row: &payment::Model, status: PaymentStatus) -> Result<Applied, AppError> {
    let changed = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(status))
        .col_expr(payment::Column::CheckoutUrl, Expr::value(Option::<String>::None))
        .col_expr(payment::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(payment::Column::Id.eq(row.id))
        .filter(payment::Column::Status.eq(PaymentStatus::Pending))
        .exec(txn)
        .await?;
    Ok(if changed.rows_affected == 1 { Applied::Changed } else { Applied::Unchanged })
}
