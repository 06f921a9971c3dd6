//! `/user/schedule`: a provider's offers and jobs, working terms and calendar feed.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your schedule" lead="The jobs offered to you and those you have accepted, the hours and areas you work, and a calendar feed of your jobs."/>
        <div class="container page-body">
            <MemberArea hook="schedule">
                // The `provider-schedule` island fills this place once hydrated.
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your schedule. It needs JavaScript: turn it on in your browser. Offers mailed to you can be answered from the email's link without it."
                        path="/user/schedule"
                    />
                </noscript>
                <Island name="provider-schedule" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your schedule", &site.info.brand, "Your offers and jobs as a provider, your working hours and areas, and your calendar feed.", body)
}
