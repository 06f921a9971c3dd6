//! The audit log as staff read it: rows searched, newest first. Entries are written by
//! `platform::audit`, in each action's own change.

use crate::http::list::{PageRequest, rows_of_page};
use app::admin::AuditRow;
use entity::audit_entry;
use sea_orm::sea_query::Condition;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

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
