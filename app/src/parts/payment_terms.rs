//! What pages about paying say of how payments are taken: test mode, and the refund rule.

use crate::data::PaymentTerms;
use leptos::prelude::*;

/// A visible notice while the built-in test provider takes payments; nothing otherwise.
#[component]
pub(crate) fn TestModeNotice(terms: PaymentTerms) -> impl IntoView {
    terms.test_mode.then(|| {
        view! {
            <p class="notice notice--test-mode">
                <strong>"Test mode: "</strong>
                "payments on this site use the built-in test provider. No card is charged and no money moves."
            </p>
        }
    })
}

/// The refund rule, with the configured window.
pub(crate) fn refund_rule(terms: &PaymentTerms) -> String {
    format!("Cancel at least {} hours before your booking for a full refund; later, the payment is kept.", terms.refund_window_hours)
}
