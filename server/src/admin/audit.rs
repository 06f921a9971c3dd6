//! The audit log: every staff action, written in the action's own transaction (so there is
//! no action without its row, and no row without its action), and searched, never changed.

use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::change::InChange;
use app::admin::AuditRow;
use chrono::{NaiveDate, Utc};
use entity::{audit_entry, user};
use sea_orm::sea_query::Condition;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde_json::Value;

/// What a staff member did, to what, and how it changed.
pub struct Action {
    /// e.g. `provider.approve`.
    pub action: &'static str,
    pub subject_type: &'static str,
    pub subject_id: Option<i32>,
    pub summary: String,
    pub reason: Option<String>,
    /// The changed fields only, before and after.
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// The day a person asked, for a subject access or erasure request.
    pub requested_on: Option<NaiveDate>,
}

impl Action {
    pub fn new(action: &'static str, subject_type: &'static str, subject_id: Option<i32>, summary: impl Into<String>) -> Self {
        Action { action, subject_type, subject_id, summary: summary.into(), reason: None, before: None, after: None, requested_on: None }
    }

    pub fn changed(self, before: Value, after: Value) -> Self {
        Action { before: Some(before), after: Some(after), ..self }
    }

    pub fn because(self, reason: Option<String>) -> Self {
        Action { reason, ..self }
    }
}

pub async fn record(within: InChange<'_>, actor: &user::Model, action: Action) -> Result<(), DbErr> {
    let db = within.db();
    audit_entry::Entity::insert(audit_entry::ActiveModel {
        actor_id: Set(actor.id),
        actor_email: Set(actor.email.clone()),
        action: Set(action.action.to_string()),
        subject_type: Set(action.subject_type.to_string()),
        subject_id: Set(action.subject_id),
        summary: Set(action.summary),
        reason: Set(action.reason),
        before: Set(action.before.map(|v| v.to_string())),
        after: Set(action.after.map(|v| v.to_string())),
        requested_on: Set(action.requested_on),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// One row of the log as staff read it.
pub fn row(entry: audit_entry::Model) -> AuditRow {
    let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    AuditRow {
        id: entry.id,
        actor: entry.actor_email,
        action: entry.action,
        subject_type: entry.subject_type,
        subject_id: entry.subject_id,
        summary: entry.summary,
        reason: entry.reason,
        before: json(entry.before),
        after: json(entry.after),
        requested_on: entry.requested_on.map(|d| d.to_string()),
        created_at: crate::http::timestamp(entry.created_at),
    }
}

/// The log, newest first; `text` matches the staff member, the action, the subject type or
/// the summary (case-insensitive), `subject` a subject's type and id.
pub async fn search(
    db: &impl ConnectionTrait,
    text: Option<&str>,
    subject: Option<(&str, i32)>,
    page: PageRequest,
) -> Result<(u64, Vec<audit_entry::Model>), DbErr> {
    let mut select = audit_entry::Entity::find().order_by_desc(audit_entry::Column::CreatedAt).order_by_desc(audit_entry::Column::Id);
    if let Some(text) = text {
        let like = |column| super::contains(column, text);
        select = select.filter(
            Condition::any()
                .add(like(audit_entry::Column::ActorEmail))
                .add(like(audit_entry::Column::Action))
                .add(like(audit_entry::Column::SubjectType))
                .add(like(audit_entry::Column::Summary)),
        );
    }
    if let Some((kind, id)) = subject {
        select = select.filter(audit_entry::Column::SubjectType.eq(kind)).filter(audit_entry::Column::SubjectId.eq(id));
    }
    rows_of_page(db, select, page).await
}
