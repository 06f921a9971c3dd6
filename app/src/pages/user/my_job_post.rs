//! `/user/my-job-post`: the jobs the signed-in user posted.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your job posts" lead="The jobs you have posted, with the applications they received."/>
        <div class="container page-body">
            <MemberArea hook="my-job-post">
                // The `my-job-posts` island fills this place once hydrated: each post with its
                // dates and status, its applications (CV, cover letter, a status to set), and Delete.
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your job posts. The list needs JavaScript: turn it on in your browser."
                        path="/user/my-job-post"
                    />
                </noscript>
                <Island name="my-job-posts" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your job posts", &site.info.brand, "Manage the jobs you have posted, see the applications they received and close roles you have filled.", body)
}
