//! Staff move a booking along: Pending to Confirmed (the member's calendar event becomes
//! confirmed), Confirmed to Completed (the member is invited to review). Each is one
//! transaction with the member's notice and the audit log row, and only from the status the
//! staff member saw, so two staff acting at once cannot both do it.

use super::calendar::Invite;
use super::texts;
use crate::admin::audit::Action;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::state::AppState;
use app::routes::Tag;
use chrono::Utc;
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Confirm,
    Complete,
}

impl Step {
    /// The status a booking must have for this step, and the one it gets.
    fn statuses(self) -> (BookingStatus, BookingStatus) {
        match self {
            Step::Confirm => (BookingStatus::Pending, BookingStatus::Confirmed),
            Step::Complete => (BookingStatus::Confirmed, BookingStatus::Completed),
        }
    }
}

pub async fn advance(state: &AppState, staff: &user::Model, id: i32, step: Step) -> Result<booking::Model, AppError> {
    let row = booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (from, to) = step.statuses();
    if step == Step::Confirm && row.dispatch.is_some() {
        return Err(AppError::BadRequest(crate::scheduling::texts::PROVIDERS_ASSIGN.into()));
    }
    if row.status != from {
        return Err(AppError::BadRequest(match step {
            Step::Confirm => texts::cannot_confirm(row.status),
            Step::Complete => texts::cannot_complete(row.status),
        }));
    }
    let member = user::Entity::find_by_id(row.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(row.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let changed = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(to))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(id))
        .filter(booking::Column::Status.eq(from))
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::CHANGED_MEANWHILE.into()));
    }
    let when = texts::when(&service.title, row.date, &row.time);
    let (notice, action, summary) = match step {
        Step::Confirm => (
            texts::confirmed(
                &when,
                Invite { sequence: row.calendar_sequence + 1, ..Invite::of(&row, &service, &member, notifier.brand(), state.config()) }
                    .render(BookingStatus::Confirmed, Utc::now()),
            ),
            "booking.confirm",
            texts::confirmed_entry(member.id, &when),
        ),
        Step::Complete => (texts::completed(&when, service.id), "booking.complete", texts::completed_entry(member.id, &when)),
    };
    if let Step::Complete = step {
        // The member's reviews of the service now show "Verified booking".
        change.touches([Tag::Service(service.id), Tag::Reviews]);
    }
    change.notify(&notifier, &member, notice).await?;
    let entry = Action::new(action, "booking", Some(id), summary).changed(json!({"status": from}), json!({"status": to}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)
}
