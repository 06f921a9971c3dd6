//! Cancelling a booking, by its member or by the company: what happens to the money is
//! decided first (an open checkout closed), then in one transaction the booking is marked
//! Cancelled (the record is kept), a refund recorded as owed, the member told with a calendar
//! update that removes the event, and, for staff, the audit log written; the refund is made
//! after the commit (see [`crate::payments::refunds`]).

use super::texts;
use crate::domain::Pence;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::payments::refunds::{CancellationMoney, settle_before_cancelling};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::scheduling::calendar::Invite;
use crate::scheduling::dispatch;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde_json::json;
use std::collections::HashMap;

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
    let reason = match &by {
        CancelledBy::Member => None,
        CancelledBy::Staff { reason, .. } => Some(reason.as_str()),
    };
    let cancelled = write(&mut change, state, &notifier, row, service, &money, Some((member, reason))).await?;
    if let (true, CancelledBy::Staff { staff, reason }) = (cancelled, by) {
        let when = crate::scheduling::texts::when(&service.title, row.date, &row.time);
        let action = Action::new("booking.cancel", "booking", Some(row.id), texts::cancelled_entry(member.id, &when)).because(Some(reason)).changed(
            json!({"status": row.status, "payment_status": row.payment_status}),
            json!({"status": BookingStatus::Cancelled, "refunded": matches!(money, CancellationMoney::Refund { .. })}),
        );
        change.audit(staff, action).await?;
    }
    change.commit().await?;
    if cancelled {
        money.make_refund_now(state).await;
    }
    Ok(())
}

/// Writes the cancellation of `row` in `change`, its money settled as `money`, if it is still
/// open (of two cancellations at once, one changes it): the money's side recorded, the member
/// in `told` told (with the reason staff gave, if any) with a calendar update that removes the
/// event, the offers closed and the provider it was offered or given to told. Whether it was
/// cancelled now; the refund, if any, is made after the commit ([`CancellationMoney::make_refund_now`]).
pub async fn write(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    row: &booking::Model,
    service: &service::Model,
    money: &CancellationMoney,
    told: Option<(&user::Model, Option<&str>)>,
) -> Result<bool, AppError> {
    let changed = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(BookingStatus::Cancelled))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(row.id))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_open)))
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Ok(false);
    }
    // As it is now: a provider may have accepted it, or it may have moved, since it was read.
    let current = booking::Entity::find_by_id(row.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    money.record(change.db()).await?;
    let when = crate::scheduling::texts::when(&service.title, current.date, &current.time);
    if let Some((member, reason)) = told {
        let invite = Invite::of(&current, service, member, notifier.brand(), state.config()).render(BookingStatus::Cancelled, Utc::now());
        let money_said = match money {
            CancellationMoney::Refund { payment } => texts::refunded(Pence::from_stored(payment.amount_pence)),
            CancellationMoney::Kept { payment } => texts::not_refunded(state.config().payments.refund_window_hours, Pence::from_stored(payment.amount_pence)),
            CancellationMoney::Unpaid { .. } => String::new(),
        };
        change.notify(notifier, member, texts::cancelled(&when, reason, &money_said, invite)).await?;
    }
    // The provider it was offered or assigned to no longer holds the time.
    dispatch::withdraw_offers(change, row.id, Utc::now()).await?;
    if let Some(provider) = current.provider_user_id {
        let provider = user::Entity::find_by_id(provider).one(change.db()).await?.ok_or(AppError::NotFound)?;
        change.notify(notifier, &provider, crate::scheduling::texts::visit_cancelled(&when)).await?;
    }
    Ok(true)
}

/// The bookings of `member` still to come (open, and not yet started), each with its service.
pub async fn to_come_of(db: &impl ConnectionTrait, member: i32, now: DateTime<Utc>) -> Result<Vec<(booking::Model, service::Model)>, DbErr> {
    let rows: Vec<booking::Model> = booking::Entity::find()
        .filter(booking::Column::UserId.eq(member))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_open)))
        .all(db)
        .await?
        .into_iter()
        .filter(|row| crate::scheduling::starts_at(row) > now)
        .collect();
    let services: HashMap<i32, service::Model> = service::Entity::find()
        .filter(service::Column::Id.is_in(rows.iter().map(|row| row.service_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s))
        .collect();
    Ok(rows.into_iter().filter_map(|row| services.get(&row.service_id).cloned().map(|service| (row, service))).collect())
}
