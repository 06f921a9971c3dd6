//! What the back office says about payments: its refusals of a refund, the member's notice of
//! one and the pages' done notice.

use crate::domain::Pence;
use crate::notifications::notice::Notice;
use entity::words::{PaymentStatus, Word};

pub(super) const TAKEN_OUTSIDE: &str = "This payment was taken outside the site: refund it by hand.";
pub(super) const BEING_REFUNDED: &str = "This payment is being refunded already (the booking was cancelled). Reload to see it.";

/// The payment is `status` (lower case), not paid.
pub(super) fn only_paid(status: PaymentStatus) -> String {
    format!("Only a paid payment can be refunded; this one is {}.", status.as_str().to_lowercase())
}

/// Payment `id`, receipt `receipt`, refunded for `reason`.
pub(super) fn refunded(id: i32, receipt: &str, amount: Pence, reason: &str) -> Notice {
    Notice {
        title: "Payment refunded".into(),
        message: format!(
            "We have refunded your payment of £{amount} ({receipt}) to your card; it usually shows within 5 to 10 working days. Our reason: {reason}"
        ),
        link: format!("/user/payments?receipt={id}"),
        calendar: None,
    }
}

/// What a `done` code in the address says, after a refund.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "refunded" => "Payment refunded in full. The member has been told why.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Refunded £120.00 (BW-000012) to member 7".
pub(super) fn refund_entry(amount: Pence, receipt: &str, member: i32) -> String {
    format!("Refunded £{amount} ({receipt}) to member {member}")
}
