//! What the back office says about contact messages: the pages' done notice (the inboxes'
//! shared errors are admin's).

/// What a `done` code in the address says, after a message's change.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "message-saved" => "Contact message saved.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Updated the contact message 3 from sam@example.co.uk about \"Invoice\"".
pub(super) fn update_entry(id: i32, email: &str, subject: &str) -> String {
    format!("Updated the contact message {id} from {email} about {subject:?}")
}
