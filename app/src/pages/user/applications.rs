//! `/user/applications`: the jobs the signed-in user applied for, and the services they applied
//! to provide.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your applications" lead="The jobs you have applied for, the services you offered to provide, and where each application stands."/>
        <div class="container page-body">
            <MemberArea hook="applications">
                // The `job-application-list` island fills this place once hydrated: each job
                // application with its status and CV, each provider application with its status,
                // and Withdraw.
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your job applications. The list needs JavaScript: turn it on in your browser."
                        path="/user/applications"
                    />
                </noscript>
                <Island name="job-application-list" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new(
        "Your applications",
        &site.info.brand,
        "Follow your job and service provider applications: submitted, reviewed, shortlisted or closed, and withdraw any you no longer want.",
        body,
    )
}
