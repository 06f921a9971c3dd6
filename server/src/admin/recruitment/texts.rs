//! What the back office says about recruitment requests and the talent pool: the talent
//! filter's error and the pages' done notice (the inboxes' shared errors are admin's).

pub(super) const CHOOSE_EMPLOYMENT_TYPE: &str = "Choose full_time, part_time, contract or temporary.";

/// What a `done` code in the address says, after a request's change.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "request-saved" => "Recruitment request saved.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Updated Riverside Care's recruitment request for Night carer".
pub(super) fn update_entry(company: &str, role: &str) -> String {
    format!("Updated {company}'s recruitment request for {role}")
}
