//! What the back office says about members' accounts: its refusals of an account change, a
//! data request or an erasure, and the pages' done notices.

pub(super) const CHOOSE_ACTION: &str = "Choose deactivate, reactivate, grant_staff, remove_staff or reset_second_factor.";
pub(super) const ERASED_NO_CHANGE: &str = "This account was erased; nothing about it can change.";
pub(super) const NOT_YOUR_OWN: &str = "You cannot deactivate your own account or remove your own staff rights: ask another member of staff.";
pub(super) const ALREADY_SO: &str = "The account is like that already.";
pub(super) const CHANGED_MEANWHILE: &str = "Someone else changed this account meanwhile. Reload to see it.";
pub(super) const NO_AUTHENTICATOR: &str = "This account has no authenticator set up.";
pub(super) const REQUEST_IN_FUTURE: &str = "The request cannot have arrived in the future.";
pub(super) const REQUESTED_ON_EXPECTED: &str = "Give the day the request arrived, as YYYY-MM-DD.";
pub(super) const ERASED_ALREADY: &str = "This account was erased already.";
pub(super) const ERASE_OWN: &str = "Delete your own account from your profile, or ask another member of staff.";
pub(super) const CONFIRM_EMAIL: &str = "Type the member's email address exactly, to confirm.";

/// What a `done` code in the address says, after an account's change or erasure.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "deactivated" => "Account deactivated: every sign-in has ended.",
        "reactivated" => "Account reactivated.",
        "staff-granted" => "Staff rights granted. They set up an authenticator app at their next sign-in.",
        "staff-removed" => "Staff rights removed; their back-office session has ended.",
        "factor-reset" => "Authenticator reset: they set up a new one at their next sign-in.",
        "erased" => "Personal data erased. Bookings and payments are kept, anonymised.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Deactivated member 7".
pub(super) fn change_entry(verb: &str, member: i32) -> String {
    format!("{verb} member {member}")
}

pub(super) fn factor_reset_entry(member: i32) -> String {
    format!("Reset the authenticator of member {member}")
}

pub(super) fn export_entry(member: i32) -> String {
    format!("Exported the data of member {member} for a subject access request")
}
