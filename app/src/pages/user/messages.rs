//! `/user/messages`: the bookings and jobs whose messages the signed-in member has not read.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your messages" lead="The bookings and jobs with messages you have not read yet."/>
        <div class="container page-body">
            <MemberArea hook="messages">
                // The `message-threads` island fills this place once hydrated.
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your new messages. The list needs JavaScript: turn it on in your browser. Each message mailed to you links to its booking's messages, which work without it."
                        path="/user/messages"
                    />
                </noscript>
                <Island name="message-threads" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your messages", &site.info.brand, "The bookings and jobs with messages you have not read yet.", body)
}
