//! Staff confirm a pending booking of a service without providers (the member's calendar event
//! becomes confirmed): one transaction with the member's notice and the audit log row, and only
//! from the status the staff member saw, so two staff acting at once cannot both do it.
//! (Completing one is [`super::completion`].)

use super::texts;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::scheduling::calendar::Invite;
use crate::state::AppState;
use chrono::Utc;
use entity::words::BookingStatus;
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

pub async fn confirm(state: &AppState, staff: &user::Model, id: i32) -> Result<booking::Model, AppError> {
    let row = booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (from, to) = (BookingStatus::Pending, BookingStatus::Confirmed);
    if row.dispatch.is_some() {
        return Err(AppError::BadRequest(crate::scheduling::texts::PROVIDERS_ASSIGN.into()));
    }
    if row.status != from {
        return Err(AppError::BadRequest(texts::cannot_confirm(row.status)));
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
        return Err(AppError::Conflict(crate::scheduling::texts::CHANGED_MEANWHILE.into()));
    }
    let when = crate::scheduling::texts::when(&service.title, row.date, &row.time);
    let invite = Invite { sequence: row.calendar_sequence + 1, ..Invite::of(&row, &service, &member, notifier.brand(), state.config()) }
        .render(BookingStatus::Confirmed, Utc::now());
    change.notify(&notifier, &member, texts::confirmed(&when, invite)).await?;
    let entry =
        Action::new("booking.confirm", "booking", Some(id), texts::confirmed_entry(member.id, &when)).changed(json!({"status": from}), json!({"status": to}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)
}
