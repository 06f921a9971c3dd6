//! The signed-in parts of pages. The session lives in the browser (spec section 3), so the
//! server renders the same page for everyone: an explanation and a way to sign in, inside a
//! stable container that a React island later takes over.

use crate::format::query_value;
use crate::island::{Hydrate, Island};
use leptos::prelude::*;
use serde_json::json;

/// `<section class="member-area" data-member-area=HOOK>`: the one element per page an island
/// replaces. `hook` names what the area holds and never changes.
#[component]
pub(crate) fn MemberArea(hook: &'static str, children: Children) -> impl IntoView {
    view! {
        <section class="member-area" data-member-area=hook>
            {children()}
        </section>
    }
}

/// Why to sign in, e.g. "Sign in to see your bookings.", with a link that comes back to this
/// page after signing in.
#[component]
pub(crate) fn SignInPrompt(
    #[prop(into)] message: String,
    /// This page's path and query, where login returns to.
    #[prop(into)]
    path: String,
) -> impl IntoView {
    let login = format!("/user/login?redirect={}", query_value(&path));
    view! {
        <div class="notice">
            <p>{message}</p>
            <p class="notice-actions">
                <a class="button button--primary" href=login>"Sign in"</a>
                <a href="/user/register">"Create an account"</a>
            </p>
        </div>
    }
}

/// What a form rendered by an island needs that a browser without JavaScript lacks, above the
/// island's own markup (which says how to sign in where a member sends the form).
#[component]
pub(crate) fn NeedsJavaScript(message: &'static str) -> impl IntoView {
    view! {
        <noscript>
            <p class="notice">{message}</p>
        </noscript>
    }
}

/// The `member-guard` island of a page in the signed-in area: it renders nothing, and once the
/// browser has restored the session it sends a visitor without one to
/// `/user/login?redirect=<this page>`. The page's own markup stays readable without JavaScript.
#[component]
pub(crate) fn MemberGuard() -> impl IntoView {
    view! { <Island name="member-guard" props=json!({}) hydrate=Hydrate::Load/> }
}
