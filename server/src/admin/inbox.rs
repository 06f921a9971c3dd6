//! What the two inboxes (recruitment requests, contact messages) share: a status and notes change.

use crate::http::AppError;
use crate::http::extract::FieldErrors;
use entity::words::Word;

/// Parses a status and notes change, or its field errors.
pub(super) fn parse_inbox_update<Status: Word>(status: Option<&str>, notes: Option<&str>) -> Result<(Option<Status>, Option<String>), AppError> {
    let mut errors = FieldErrors::default();
    let status = status.map(str::trim).and_then(|text| {
        let status = Status::parse(text);
        if status.is_none() {
            let choices: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
            let (last, rest) = choices.split_last().expect("a word has variants");
            errors.add("status", format!("Choose {} or {last}.", rest.join(", ")));
        }
        status
    });
    let notes = notes.map(str::trim).map(str::to_string);
    if notes.as_ref().is_some_and(|n| n.chars().count() > INBOX_NOTES_MAX_CHARS || n.contains('\0')) {
        errors.add("staff_notes", format!("Ensure this field has no more than {INBOX_NOTES_MAX_CHARS} characters."));
    }
    errors.finish()?;
    Ok((status, notes))
}

/// The most staff may write in an inbox item's notes.
pub const INBOX_NOTES_MAX_CHARS: usize = 5000;
