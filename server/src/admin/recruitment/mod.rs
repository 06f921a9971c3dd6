//! The recruitment inbox: companies' requests, newest first by status, each moved along (New,
//! Contacted, Closed) with notes only staff read; every change in the audit log.

pub mod api;
pub mod pages;
pub mod talent;
mod texts;

use crate::admin::audit::Action;
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::RecruitmentRow;
use entity::recruitment_request;
use entity::words::RecruitmentStatus;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde_json::json;

fn row(r: recruitment_request::Model) -> RecruitmentRow {
    RecruitmentRow {
        id: r.id,
        status: r.status,
        company_name: r.company_name,
        contact_name: r.contact_name,
        email: r.email,
        phone_number: r.phone_number,
        role: r.role,
        number_of_staff: r.number_of_staff,
        location: r.location,
        start_date: r.start_date.map(|d| d.to_string()),
        details: r.details,
        staff_notes: r.staff_notes,
        created_at: crate::http::timestamp(r.created_at),
    }
}

pub async fn list(db: &impl ConnectionTrait, status: Option<RecruitmentStatus>, page: PageRequest) -> Result<(u64, Vec<RecruitmentRow>), DbErr> {
    let mut select = recruitment_request::Entity::find().order_by_desc(recruitment_request::Column::CreatedAt).order_by_desc(recruitment_request::Column::Id);
    if let Some(status) = status {
        select = select.filter(recruitment_request::Column::Status.eq(status));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows.into_iter().map(row).collect()))
}

/// Sets a request's status and notes (either left out stays).
pub async fn update(
    state: &AppState,
    staff: &entity::user::Model,
    id: i32,
    status: Option<RecruitmentStatus>,
    notes: Option<String>,
) -> Result<RecruitmentRow, AppError> {
    let current = recruitment_request::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (status, notes) = (status.unwrap_or(current.status), notes.unwrap_or_else(|| current.staff_notes.clone()));
    if status == current.status && notes == current.staff_notes {
        return Ok(row(current));
    }
    let (before, after) = (json!({"status": current.status, "notes_changed": false}), json!({"status": status, "notes_changed": notes != current.staff_notes}));
    let summary = texts::update_entry(&current.company_name, &current.role);
    let mut change = Change::begin(state).await?;
    let mut active = current.into_active_model();
    active.status = Set(status);
    active.staff_notes = Set(notes);
    let saved = active.update(change.db()).await?;
    change.audit(staff, Action::new("recruitment.update", "recruitment_request", Some(id), summary).changed(before, after)).await?;
    change.commit().await?;
    Ok(row(saved))
}
