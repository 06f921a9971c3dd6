//! The contact inbox: messages from the contact page, newest first by status, each moved along
//! (New, Answered, Closed) with notes only staff read; every change in the audit log.

pub mod api;
pub mod pages;
mod texts;

use crate::admin::audit::Action;
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::ContactRow;
use entity::contact_message;
use entity::words::ContactStatus;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde_json::json;

fn row(m: contact_message::Model) -> ContactRow {
    ContactRow {
        id: m.id,
        status: m.status,
        full_name: m.full_name,
        email: m.email,
        phone_number: m.phone_number,
        subject: m.subject,
        message: m.message,
        staff_notes: m.staff_notes,
        created_at: crate::http::timestamp(m.created_at),
    }
}

pub async fn list(db: &impl ConnectionTrait, status: Option<ContactStatus>, page: PageRequest) -> Result<(u64, Vec<ContactRow>), DbErr> {
    let mut select = contact_message::Entity::find().order_by_desc(contact_message::Column::CreatedAt).order_by_desc(contact_message::Column::Id);
    if let Some(status) = status {
        select = select.filter(contact_message::Column::Status.eq(status));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows.into_iter().map(row).collect()))
}

/// Sets a message's status and notes (either left out stays).
pub async fn update(
    state: &AppState,
    staff: &entity::user::Model,
    id: i32,
    status: Option<ContactStatus>,
    notes: Option<String>,
) -> Result<ContactRow, AppError> {
    let current = contact_message::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (status, notes) = (status.unwrap_or(current.status), notes.unwrap_or_else(|| current.staff_notes.clone()));
    if status == current.status && notes == current.staff_notes {
        return Ok(row(current));
    }
    let (before, after) = (json!({"status": current.status, "notes_changed": false}), json!({"status": status, "notes_changed": notes != current.staff_notes}));
    let summary = texts::update_entry(id, &current.email, &current.subject);
    let mut change = Change::begin(state).await?;
    let mut active = current.into_active_model();
    active.status = Set(status);
    active.staff_notes = Set(notes);
    let saved = active.update(change.db()).await?;
    change.audit(staff, Action::new("contact.update", "contact_message", Some(id), summary).changed(before, after)).await?;
    change.commit().await?;
    Ok(row(saved))
}
