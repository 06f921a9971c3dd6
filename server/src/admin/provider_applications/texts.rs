//! What the back office says about provider applications: its refusals, the member's notice of
//! a decision and the pages' done notices.

use crate::notifications::notice::Notice;
use entity::words::{ProviderStatus, Word};

pub(super) const CHOOSE_DECISION: &str = "Choose approve or reject.";
pub(super) const DECIDED_MEANWHILE: &str = "Someone else decided on this application meanwhile. Reload to see it.";

const BECOME_PROVIDER: &str = "/become-provider";

/// The application is `status` (lower case) already.
pub(super) fn already(status: ProviderStatus) -> String {
    format!("This application is already {}.", status.as_str().to_lowercase())
}

pub(super) fn approved(service: &str) -> Notice {
    Notice {
        title: "Provider application approved".into(),
        message: format!(
            "Your application to provide {service} has been approved. Set the hours and areas you work on your schedule, and bookings will be offered to you."
        ),
        link: "/user/schedule".into(),
        calendar: None,
    }
}

pub(super) fn rejected(service: &str, reason: &str) -> Notice {
    Notice {
        title: "Provider application not approved".into(),
        message: format!("Your application to provide {service} has not been approved. Our reason: {reason}"),
        link: BECOME_PROVIDER.into(),
        calendar: None,
    }
}

/// What a `done` code in the address says, after a decision.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "approved" => "Application approved. The member has been told by notification and email.",
        "rejected" => "Application rejected. The member has been told why by notification and email.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Approved member 7's application to provide End of tenancy cleaning".
pub(super) fn decision_entry(verb: &str, member: i32, service: &str) -> String {
    format!("{verb} member {member}'s application to provide {service}")
}
