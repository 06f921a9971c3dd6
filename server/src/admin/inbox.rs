//! What the two inboxes (recruitment requests, contact messages) share: a status and notes change.

use crate::admin::texts;
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use entity::words::Word;

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
