//! Moving a booking to another time, by its member, until the refund window closes. Where the
//! service's providers keep hours the new time must be free: the provider it is with keeps it
//! if they are free then, else it is offered afresh to the best free provider. Elsewhere the
//! company confirms the new time. Every move raises the calendar sequence and tells the member
//! (and the provider) with the updated event.

use super::texts;
use crate::domain::uk_time;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::payments::refunds::refund_until;
use crate::places::PostcodeArea;
use crate::platform::change::Change;
use crate::scheduling::availability::{Among, Availability};
use crate::scheduling::calendar::Invite;
use crate::scheduling::{self, dispatch};
use crate::state::AppState;
use chrono::{Duration, NaiveDate, NaiveTime, Utc};
use entity::words::{BookingStatus, Dispatch};
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// Moves `row` (the member's own) to `date` at `time`, UK time.
pub async fn reschedule(
    state: &AppState,
    row: booking::Model,
    service: &service::Model,
    member: &user::Model,
    date: NaiveDate,
    time: NaiveTime,
) -> Result<booking::Model, AppError> {
    if !row.status.is_open() {
        return Err(AppError::BadRequest(texts::ONLY_TO_COME_MOVED.into()));
    }
    let now = Utc::now();
    let window = state.config().payments.refund_window_hours;
    if now >= refund_until(&row, window) {
        return Err(AppError::BadRequest(texts::too_late_to_move(window)));
    }
    let starts_at = uk_time::to_utc(date.and_time(time));
    if starts_at <= now {
        return Err(AppError::field("time", texts::TIME_PASSED));
    }
    let length = dispatch::length_of_visit(&row, service);
    let point = PostcodeArea::parse(&row.postcode).ok().map(|area| area.point());
    let availability = match (row.dispatch, point) {
        (None, _) => None,
        (Some(_), Some(point)) => {
            let availability = Availability::load(state.db(), service.id, date, date, length, Some(row.id)).await?;
            if availability.free_at(point, starts_at, length, now).is_empty() {
                return Err(AppError::field("time", scheduling::texts::NOT_FREE));
            }
            Some((availability, point))
        }
        (Some(_), None) => return Err(AppError::field("time", scheduling::texts::NOT_FREE)),
    };

    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // The first write claims the move: from the booking as read, so two moves at once cannot both happen.
    let claimed = booking::Entity::update_many()
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(row.id))
        .filter(booking::Column::CalendarSequence.eq(row.calendar_sequence))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_open)))
        .exec(change.db())
        .await?;
    if claimed.rows_affected == 0 {
        return Err(AppError::Conflict(crate::scheduling::texts::CHANGED_MEANWHILE.into()));
    }
    let when = crate::scheduling::texts::when(&service.title, date, &time.format("%H:%M").to_string());
    let ends_at;
    let (mut status, mut provider_id, mut dispatch_state) = (row.status, row.provider_user_id, row.dispatch);
    match availability {
        None => {
            // The company confirms the new time, as it did the first.
            ends_at = starts_at + row.starts_at.zip(row.ends_at).map_or(Duration::hours(1), |(starts, ends)| ends - starts);
            status = BookingStatus::Pending;
        }
        Some((availability, point)) => {
            // The provider it is with keeps it if they are free then.
            let kept = match row.provider_user_id {
                Some(provider) => availability.claim(change.db(), point, starts_at, length, now, Among::Only(provider)).await?,
                None => None,
            };
            match kept {
                Some((provider, slot)) => {
                    ends_at = slot.ends_at;
                    let provider = user::Entity::find_by_id(provider).one(change.db()).await?.ok_or(AppError::NotFound)?;
                    change.notify(&notifier, &provider, scheduling::texts::visit_moved(&when)).await?;
                }
                None => {
                    dispatch::withdraw_offers(&change, row.id, now).await?;
                    let (provider, slot) = availability
                        .claim(change.db(), point, starts_at, length, now, Among::AllBut(&[]))
                        .await?
                        .ok_or_else(|| AppError::Conflict(scheduling::texts::TAKEN_MEANWHILE.into()))?;
                    (ends_at, status, provider_id, dispatch_state) = (slot.ends_at, BookingStatus::Pending, Some(provider), Some(Dispatch::Offered));
                    if let Some(former) = row.provider_user_id {
                        let former = user::Entity::find_by_id(former).one(change.db()).await?.ok_or(AppError::NotFound)?;
                        change
                            .notify(
                                &notifier,
                                &former,
                                scheduling::texts::visit_cancelled(&crate::scheduling::texts::when(&service.title, row.date, &row.time)),
                            )
                            .await?;
                    }
                }
            }
        }
    }
    booking::Entity::update_many()
        .col_expr(booking::Column::Date, Expr::value(date))
        .col_expr(booking::Column::Time, Expr::value(time.format("%H:%M").to_string()))
        .col_expr(booking::Column::StartsAt, Expr::value(Some(starts_at)))
        .col_expr(booking::Column::EndsAt, Expr::value(Some(ends_at)))
        .col_expr(booking::Column::Status, Expr::value(status))
        .col_expr(booking::Column::ProviderUserId, Expr::value(provider_id))
        .col_expr(booking::Column::Dispatch, Expr::value(dispatch_state))
        // A reminder belongs to the time it was for.
        .col_expr(booking::Column::ReminderQueuedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None))
        .filter(booking::Column::Id.eq(row.id))
        .exec(change.db())
        .await?;
    let saved = booking::Entity::find_by_id(row.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    if saved.dispatch == Some(Dispatch::Offered) && saved.provider_user_id != row.provider_user_id {
        dispatch::offer(&mut change, state, &notifier, &saved, service, saved.provider_user_id.expect("just offered"), now).await?;
    }
    let invite = Invite::of(&saved, service, member, notifier.brand(), state.config()).render(saved.status, now);
    change.notify(&notifier, member, texts::moved(&when, invite)).await?;
    change.commit().await?;
    Ok(saved)
}
