//! Cancelling a booking, by its member or by the company: what happens to the money is
//! decided first (an open checkout closed), then in one transaction the booking is marked
//! Cancelled (the record is kept), a refund recorded as owed, the member told with a calendar
//! update that removes the event, and, for staff, the audit log written; the refund is made
//! after the commit (see [`crate::payments::refunds`]).

use super::calendar::Invite;
use super::texts;
use crate::admin::audit::Action;
use crate::domain::Pence;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::payments::refunds::{self, CancellationMoney, settle_before_cancelling};
use crate::platform::change::Change;
use crate::scheduling::dispatch;
use crate::state::AppState;
use chrono::Utc;
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

pub enum CancelledBy<'a> {
    Member,
    /// A member of staff, with the reason the member is told.
    Staff {
        staff: &'a user::Model,
        reason: String,
    },
}

/// Cancels `row` of `member`; cancelling a cancelled booking changes nothing, a completed one
/// is refused.
pub async fn cancel(state: &AppState, row: &booking::Model, service: &service::Model, member: &user::Model, by: CancelledBy<'_>) -> Result<(), AppError> {
    match row.status {
        BookingStatus::Cancelled => return Ok(()),
        BookingStatus::Completed => return Err(AppError::BadRequest(texts::COMPLETED_NOT_CANCELLED.into())),
        BookingStatus::Pending | BookingStatus::Confirmed => {}
    }
    // An open checkout is closed before the cancellation is written (idempotent at the
    // provider, so a retry after a failure is safe); a refund is only owed until the commit.
    let money = settle_before_cancelling(state, row, matches!(by, CancelledBy::Staff { .. })).await?;
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // Only a booking still open is cancelled: of two cancellations at once, one changes it.
    let changed = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(BookingStatus::Cancelled))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(row.id))
        .filter(booking::Column::Status.is_in([BookingStatus::Pending, BookingStatus::Confirmed]))
        .exec(change.db())
        .await?;
    if changed.rows_affected == 1 {
        // As it is now: a provider may have accepted it, or it may have moved, since it was read.
        let current = booking::Entity::find_by_id(row.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
        money.record(change.db()).await?;
        let invite = Invite::of(&current, service, member, notifier.brand(), state.config()).render(BookingStatus::Cancelled, Utc::now());
        let money_said = match &money {
            CancellationMoney::Refund { payment } => texts::refunded(Pence::from_stored(payment.amount_pence)),
            CancellationMoney::Kept { payment } => texts::not_refunded(state.config().payments.refund_window_hours, Pence::from_stored(payment.amount_pence)),
            CancellationMoney::Unpaid { .. } => String::new(),
        };
        let when = texts::when(&service.title, current.date, &current.time);
        let reason = match &by {
            CancelledBy::Member => None,
            CancelledBy::Staff { reason, .. } => Some(reason.as_str()),
        };
        change.notify(&notifier, member, texts::cancelled(&when, reason, &money_said, invite)).await?;
        // The provider it was offered or assigned to no longer holds the time.
        dispatch::withdraw_offers(&change, row.id, Utc::now()).await?;
        if let Some(provider) = current.provider_user_id {
            let provider = user::Entity::find_by_id(provider).one(change.db()).await?.ok_or(AppError::NotFound)?;
            change.notify(&notifier, &provider, crate::scheduling::texts::job_cancelled(&when)).await?;
        }
        if let CancelledBy::Staff { staff, reason } = by {
            let action = Action::new("booking.cancel", "booking", Some(row.id), texts::cancelled_entry(member.id, &when)).because(Some(reason)).changed(
                json!({"status": row.status, "payment_status": row.payment_status}),
                json!({"status": BookingStatus::Cancelled, "refunded": matches!(money, CancellationMoney::Refund { .. })}),
            );
            change.audit(staff, action).await?;
        }
    }
    change.commit().await?;
    if let (CancellationMoney::Refund { payment }, true) = (&money, changed.rows_affected == 1) {
        refunds::make_now(state, payment.id).await;
    }
    Ok(())
}
