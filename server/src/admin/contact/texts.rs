//! What the back office says about contact messages: the pages' done notice (the inboxes'
//! shared errors are admin's).

/// What a `done` code in the address says, after a message's change.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "message-saved" => "Contact message saved.",
        _ => return None,
    })
}
