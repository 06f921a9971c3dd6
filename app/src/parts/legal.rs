//! The frame of the policy pages: the date they were last changed and who to ask about them.

use crate::data::WebsiteInfo;
use crate::format::long_date;
use leptos::prelude::*;

/// A policy's text, with when it was last updated above it and the contact section below it.
#[component]
pub(crate) fn LegalText(
    /// `YYYY-MM-DD`.
    updated: &'static str,
    info: WebsiteInfo,
    children: Children,
) -> impl IntoView {
    let mailto = format!("mailto:{}", info.email);
    view! {
        <div class="container page-body">
            <div class="prose legal">
                <p class="legal-updated">"Last updated: " <time datetime=updated>{long_date(updated)}</time></p>
                {children()}
                <h2>"Contact us"</h2>
                <p>
                    "If you have a question about this policy, email "
                    <a href=mailto>{info.email}</a>
                    {format!(", call {} or write to us at {}.", info.phones.first().cloned().unwrap_or_default(), info.address)}
                </p>
            </div>
        </div>
    }
}
