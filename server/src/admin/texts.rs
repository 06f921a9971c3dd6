//! What the back office says outside its subjects: staff sign-in's refusals, the audit log's
//! filter errors and the inboxes' status error. Each subject's own texts are in its `texts.rs`.

use entity::words::Word;

// ---------- staff sign-in (the second factor) ----------

pub(super) const WRONG_CODE: &str = "That code is not right. Enter the 6-digit code your authenticator app shows now.";
pub(super) const WRONG_RECOVERY_CODE: &str = "That recovery code is not right, or has been used.";
pub(super) const ALREADY_ENROLLED: &str = "Your authenticator is already set up. Ask another member of staff to reset it if you have lost it.";
pub(super) const ENROL_FIRST: &str = "Start setting up your authenticator first.";
pub(super) const ENROL_AGAIN: &str = "Start setting up your authenticator again: this secret is no longer the one waiting.";
pub(super) const SET_UP_FIRST: &str = "Set up your authenticator app first.";
pub(super) const CODE_MISSING: &str = "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";

// ---------- the audit log ----------

/// The start of the error for a `subject_id` that is not an id.
pub(super) const SUBJECT_ID_EXPECTED: &str = "A subject id is a whole number from 1;";
pub(super) const SUBJECT_TOGETHER: &str = "Give subject_type and subject_id together.";

// ---------- the inboxes ----------

/// A word that is none of `W`'s: `Choose New, Contacted or Closed.`
pub(super) fn choose<W: Word>() -> String {
    format!("Choose {}.", W::choices())
}

// ---------- the audit log ----------

pub(super) const ENROLLED_ENTRY: &str = "Set up an authenticator app and signed in to the back office";

/// "Signed in to the back office with a recovery code".
pub(super) fn signed_in_entry(how: &str) -> String {
    format!("Signed in to the back office with {how}")
}
