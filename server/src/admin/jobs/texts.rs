//! What the back office says about job posts and their applications: its refusals and the
//! pages' done notices (the poster's and applicants' notices are the jobs feature's).

pub(super) const CHOOSE_ACTION: &str = "Choose close, reopen or remove.";
pub(super) const REMOVED: &str = "This job post was removed.";
pub(super) const CLOSING_DATE_PASSED: &str = "Its closing date has passed: the poster can post it again with a new date.";
pub(super) const ALREADY_SO: &str = "The job is like that already.";
pub(super) const CHANGED_MEANWHILE: &str = "Someone else changed this job meanwhile. Reload to see it.";

/// What a `done` code in the address says, after a job's or an application's change.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "job-changed" => "Job post updated. The site shows it now.",
        "application-saved" => "Application updated. The applicant has been told.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Closed the job post Night Care Assistant at Riverside Care".
pub(super) fn post_entry(verb: &str, title: &str, company: &str) -> String {
    format!("{verb} the job post {title} at {company}")
}
