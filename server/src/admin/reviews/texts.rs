//! What the back office says about reviews: its refusals of a moderation and the pages' done
//! notices.

pub(super) const CHOOSE_ACTION: &str = "Choose hide, restore or keep.";
pub(super) const HIDDEN_ALREADY: &str = "This review is hidden already.";
pub(super) const SHOWN_ALREADY: &str = "This review is shown already.";
pub(super) const ANSWER_HIDE_OR_RESTORE: &str = "An answer is hidden or restored: choose hide or restore.";
pub(super) const ANSWER_HIDDEN_ALREADY: &str = "This answer is hidden already.";
pub(super) const ANSWER_SHOWN_ALREADY: &str = "This answer is shown already.";
pub(super) const MODERATED_MEANWHILE: &str = "Someone else moderated this review meanwhile. Reload to see it.";

/// What a `done` code in the address says, after a moderation.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "review-hidden" => "Review hidden: it has left the service's page and average.",
        "review-restored" => "Review restored to the service's page.",
        "review-kept" => "Review kept; its reports are closed.",
        "answer-hidden" => "Answer hidden: it has left the review it answered.",
        "answer-restored" => "Answer restored under its review.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Hid a 1-star review of Regular home cleaning".
pub(super) fn moderation_entry(verb: &str, rating: i32, service: &str) -> String {
    format!("{verb} a {rating}-star review of {service}")
}

/// "Hid member 12's answer to a review of Regular home cleaning".
pub(super) fn answer_moderation_entry(verb: &str, provider: i32, service: &str) -> String {
    format!("{verb} member {provider}'s answer to a review of {service}")
}
