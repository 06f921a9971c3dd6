//! The audit log's writing: every staff action is recorded in the action's own change (so
//! there is no action without its row, and no row without its action), and never changed.
//! Staff read and search it in `admin::audit`.

use crate::platform::change::InChange;
use chrono::{NaiveDate, Utc};
use entity::{audit_entry, user};
use sea_orm::{ActiveValue::Set, DbErr, EntityTrait};
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
