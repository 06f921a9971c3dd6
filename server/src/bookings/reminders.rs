//! Reminder mails, 24 hours before a booked time: a periodic task that claims each booking's
//! reminder with one conditional update, so that it goes out once, however many servers run.

use super::texts;
use crate::domain::uk_time;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::periodic;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};
use std::sync::Arc;

/// How long before the booked time the reminder goes.
pub const AHEAD: Duration = Duration::hours(24);
/// How often due reminders are looked for.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Looks for due reminders every minute, for as long as the server runs.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "booking reminders", EVERY, |state| async move { queue_due(&state, Utc::now()).await.map(drop) });
}

/// Queues the reminder of every open booking that starts within [`AHEAD`] of `now` and was
/// made before that window opened (a booking made closer to its time needs none); returns how
/// many it queued.
pub async fn queue_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let today = uk_time::local(now).date();
    let candidates = booking::Entity::find()
        .filter(booking::Column::ReminderQueuedAt.is_null())
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_open)))
        .filter(booking::Column::Date.between(today, today + Duration::days(1)))
        .all(state.db())
        .await?;
    let notifier = Notifier::new(state).await;
    let mut queued = 0;
    for row in candidates {
        let starts = crate::scheduling::starts_at(&row);
        if starts <= now || starts - now > AHEAD || row.created_at > starts - AHEAD {
            continue;
        }
        let mut change = Change::begin(state).await?;
        let claimed = booking::Entity::update_many()
            .col_expr(booking::Column::ReminderQueuedAt, Expr::value(now))
            .filter(booking::Column::Id.eq(row.id))
            .filter(booking::Column::ReminderQueuedAt.is_null())
            // Cancelled since it was read: no reminder.
            .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_open)))
            .exec(change.db())
            .await?;
        if claimed.rows_affected == 0 {
            continue;
        }
        let (Some(member), Some(service)) =
            (user::Entity::find_by_id(row.user_id).one(change.db()).await?, service::Entity::find_by_id(row.service_id).one(change.db()).await?)
        else {
            continue;
        };
        let notice = texts::reminder(&service.title, row.date, &row.time, &row.address_line_1, &row.postcode);
        change.notify(&notifier, &member, notice).await?;
        change.commit().await?;
        queued += 1;
    }
    Ok(queued)
}
