//! What the back office says about reviews: its refusals of a moderation and the pages' done
//! notices.

pub(super) const CHOOSE_ACTION: &str = "Choose hide, restore or keep.";
pub(super) const HIDDEN_ALREADY: &str = "This review is hidden already.";
pub(super) const SHOWN_ALREADY: &str = "This review is shown already.";
pub(super) const MODERATED_MEANWHILE: &str = "Someone else moderated this review meanwhile. Reload to see it.";

/// What a `done` code in the address says, after a moderation.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "review-hidden" => "Review hidden: it has left the service's page and average.",
        "review-restored" => "Review restored to the service's page.",
        "review-kept" => "Review kept; its reports are closed.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Hid a 1-star review of Regular home cleaning".
pub(super) fn moderation_entry(verb: &str, rating: i32, service: &str) -> String {
    format!("{verb} a {rating}-star review of {service}")
}
