//! `/notifications`: the signed-in user's notifications (the spec fixes this page's title and
//! description word for word). A visitor stays on the page, under its own title, and is offered
//! to sign in and come back: no member guard sends them away.

use super::Page;
use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Notifications" lead="Updates about your bookings, applications, job posts and reviews, newest first."/>
        <div class="container page-body">
            <MemberArea hook="notifications">
                // Without JavaScript the notice below says what the page needs. In the browser the
                // island fills this place: a way to sign in and come back here, or, signed in, the
                // list with "Mark as read" and "Mark all as read".
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your notifications. The list needs JavaScript: turn it on in your browser."
                        path="/notifications"
                    />
                </noscript>
                <Island name="notifications-list" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
        </div>
    };
    Page::new("Notifications", &site.info.brand, "View and manage your notifications", body)
}
