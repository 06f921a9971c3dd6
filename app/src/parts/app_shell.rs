//! The app shell the layouts put on every page (spec section 2): the toast alert, the
//! full-screen loader, the contact button and the back-to-top button. Plain markup that the
//! browser runtime's shell (`islands/src/lib/shell/`) brings to life without React, so that a page
//! without islands loads none; the contact button is a link and works without any script.

use leptos::prelude::*;

#[component]
pub(crate) fn AppShell() -> impl IntoView {
    view! {
        // Polite live regions, empty until there is something to announce.
        <div class="isl-toast-region" role="status" aria-live="polite"></div>
        <div class="isl-loader-region" role="status" aria-live="polite"></div>
        // The two floating controls are visible content, so they sit in a landmark of their own.
        <aside class="quick-actions" aria-label="Quick actions">
            <a class="isl-contact-button" href="/contact" aria-label="Contact us">
                <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
                    <rect x="3" y="5" width="18" height="14" rx="2"></rect>
                    <path d="m3 7 9 6 9-6"></path>
                </svg>
            </a>
            // Hidden until the shell shows it near the page bottom: without a script it could not work.
            <button type="button" class="isl-back-to-top" aria-label="Back to top" hidden>
                <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
                    <path d="M12 19V5M5 12l7-7 7 7"></path>
                </svg>
            </button>
        </aside>
    }
}
