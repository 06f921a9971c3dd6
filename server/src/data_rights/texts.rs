//! What the data-rights feature says: deleting an account, what an erasure leaves in place of
//! a report's reason, the export's note and the audit log's summary.

pub const WRONG_PASSWORD: &str = "Your password was entered incorrectly. Please enter it again.";
pub const ACCOUNT_DELETED: &str = "Your account has been deleted.";

/// What a review report's reason becomes when its author's account is erased.
pub const ERASED_REPORT_REASON: &str = "(The reason was erased with its author's account.)";

/// The export's first field: whose data it is and when it was taken (`at`).
pub fn export_about(brand: &str, at: &str) -> String {
    format!("Everything {brand} holds about you, as of {at}. Links to your documents work for 15 minutes from then.")
}

/// The audit log's summary of an erasure staff made.
pub fn erased_entry(member_id: i32) -> String {
    format!("Erased member {member_id}'s personal data on their request")
}
