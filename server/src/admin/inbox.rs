//! What the two inboxes (recruitment requests, contact messages) share: the list by status,
//! newest first, and a status and notes change, audited.

use crate::admin::texts;
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use entity::words::Word;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, IntoActiveModel, PrimaryKeyTrait, QueryFilter,
    QueryOrder,
};
use serde_json::json;

/// An inbox's item: a row with a status staff move along and notes only staff read.
pub(super) trait InboxItem: FromQueryResult + IntoActiveModel<Self::Active> + Send + Sync + Sized {
    type Entity: EntityTrait<Model = Self>;
    type Active: ActiveModelTrait<Entity = Self::Entity> + ActiveModelBehavior + Send;
    type Status: Word + Into<sea_orm::Value> + serde::Serialize + Send + Sync;
    /// What the pages and the API show of it.
    type Row;
    /// The audit log's action and subject type, e.g. `contact.update` on a `contact_message`.
    const ACTION: &'static str;
    const SUBJECT: &'static str;
    /// Its status, creation time and id columns.
    const COLUMNS: [<Self::Entity as EntityTrait>::Column; 3];
    fn status(&self) -> Self::Status;
    fn notes(&self) -> &str;
    /// The audit log's summary of a change to it.
    fn summary(&self) -> String;
    fn set(active: &mut Self::Active, status: Self::Status, notes: String);
    fn row(self) -> Self::Row;
}

/// The items, newest first, of one status or all.
pub(super) async fn list<Item: InboxItem>(db: &impl ConnectionTrait, status: Option<Item::Status>, page: PageRequest) -> Result<(u64, Vec<Item::Row>), DbErr> {
    let [status_column, created, id] = Item::COLUMNS;
    let mut select = Item::Entity::find().order_by_desc(created).order_by_desc(id);
    if let Some(status) = status {
        select = select.filter(status_column.eq(status));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows.into_iter().map(Item::row).collect()))
}

/// Sets an item's status and notes (either left out stays); a change is audited.
pub(super) async fn update<Item: InboxItem>(
    state: &AppState,
    staff: &entity::user::Model,
    id: i32,
    status: Option<Item::Status>,
    notes: Option<String>,
) -> Result<Item::Row, AppError>
where
    i32: Into<<<Item::Entity as EntityTrait>::PrimaryKey as PrimaryKeyTrait>::ValueType>,
{
    let current = Item::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (status, notes) = (status.unwrap_or(current.status()), notes.unwrap_or_else(|| current.notes().to_string()));
    if status == current.status() && notes == current.notes() {
        return Ok(current.row());
    }
    let before = json!({"status": current.status(), "notes_changed": false});
    let after = json!({"status": status, "notes_changed": notes != current.notes()});
    let summary = current.summary();
    let mut change = Change::begin(state).await?;
    let mut active = current.into_active_model();
    Item::set(&mut active, status, notes);
    let saved = active.update(change.db()).await?;
    change.audit(staff, Action::new(Item::ACTION, Item::SUBJECT, Some(id), summary).changed(before, after)).await?;
    change.commit().await?;
    Ok(saved.row())
}

/// Parses a status and notes change, or its field errors; the notes are
/// [`TextOrEmpty`](crate::domain::TextOrEmpty) of at most [`INBOX_NOTES_MAX_CHARS`].
pub(super) fn parse_inbox_update<Status: Word>(status: Option<&str>, notes: Option<&str>) -> Result<(Option<Status>, Option<String>), AppError> {
    let mut errors = FieldErrors::default();
    let status = status.map(str::trim).and_then(|text| {
        let status = Status::parse(text);
        if status.is_none() {
            errors.add("status", texts::choose::<Status>());
        }
        status
    });
    let notes = notes.map(|raw| match crate::domain::text::check(raw, INBOX_NOTES_MAX_CHARS, true) {
        Ok(notes) => notes.to_string(),
        Err(problem) => {
            errors.add("staff_notes", problem.message());
            String::new()
        }
    });
    errors.finish()?;
    Ok((status, notes))
}

/// The most staff may write in an inbox item's notes.
pub const INBOX_NOTES_MAX_CHARS: usize = 5000;
