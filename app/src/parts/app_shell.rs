//! The app shell's islands, placed once per page by the layouts. Their markup comes from the
//! island renderer; only their place in the page is decided here.

use crate::island::{Hydrate, Island};
use leptos::prelude::*;
use serde_json::json;

#[component]
pub(crate) fn AppShell() -> impl IntoView {
    view! {
        // The alert must be ready as soon as the page is; the rest can wait for an idle moment.
        <Island name="toast-alert" props=json!({}) hydrate=Hydrate::Load/>
        <Island name="full-screen-loader" props=json!({}) hydrate=Hydrate::Idle/>
        // The two floating controls are visible content, so they sit in a landmark of their own.
        <aside class="quick-actions" aria-label="Quick actions">
            <Island name="contact-button" props=json!({}) hydrate=Hydrate::Idle/>
            <Island name="back-to-top" props=json!({}) hydrate=Hydrate::Idle/>
        </aside>
    }
}
