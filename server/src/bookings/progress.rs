//! Staff move a booking along: Pending to Confirmed (the member's calendar event becomes
//! confirmed), Confirmed to Completed (the member is invited to review). Each is one
//! transaction with the member's notice and the audit log row, and only from the status the
//! staff member saw, so two staff acting at once cannot both do it.

use super::calendar::Invite;
use crate::admin::audit::Action;
use crate::http::AppError;
use crate::notifications::notice::{Notice, Notifier};
use crate::platform::change::Change;
use crate::state::AppState;
use chrono::Utc;
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::Expr;
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
    if row.status != from {
        let word = match step {
            Step::Confirm => "Only a pending booking can be confirmed",
            Step::Complete => "Only a confirmed booking can be marked completed",
        };
        return Err(AppError::BadRequest(format!("{word}; this one is {}.", row.status.to_string().to_lowercase())));
    }
    let member = user::Entity::find_by_id(row.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(row.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let changed = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(to))
        .filter(booking::Column::Id.eq(id))
        .filter(booking::Column::Status.eq(from))
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict("Someone else changed this booking meanwhile. Reload to see it.".into()));
    }
    let when = format!("{} on {} at {}", service.title, row.date.format("%A %-d %B %Y"), row.time);
    let (notice, action, verb) = match step {
        Step::Confirm => (
            Notice {
                title: "Booking confirmed".into(),
                message: format!("Your booking of {when} is confirmed. The attached update marks it confirmed in your calendar."),
                link: "/user/bookings".into(),
                calendar: Some(Invite::of(&row, &service, &member, notifier.brand(), state.config()).render(BookingStatus::Confirmed, Utc::now())),
            },
            "booking.confirm",
            "Confirmed",
        ),
        Step::Complete => (
            Notice {
                title: "Booking completed".into(),
                message: format!("Your booking of {when} is complete. Thank you! You can leave a review of the service."),
                link: format!("/services/details?id={}", service.id),
                calendar: None,
            },
            "booking.complete",
            "Marked completed",
        ),
    };
    change.notify(&notifier, &member, notice).await?;
    let entry = Action::new(action, "booking", Some(id), format!("{verb} member {}'s booking of {when}", member.id))
        .changed(json!({"status": from}), json!({"status": to}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)
}
