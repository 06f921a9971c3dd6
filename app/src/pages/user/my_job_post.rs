//! `/user/my-job-post`: the jobs the signed-in user posted.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::{MemberGuard, MemberPanel};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your job posts" lead="The jobs you have posted, with the applications they received."/>
        <div class="container page-body">
            <MemberPanel
                hook="my-job-post"
                what="your job posts"
                path="/user/my-job-post"
                points=&[
                    "See the jobs you have posted and when they close.",
                    "Read the applications each job has received.",
                    "Remove a job once the role is filled.",
                ]
            />
            <MemberGuard/>
        </div>
    };
    Page::new("Your job posts", &site.info.brand, "Manage the jobs you have posted, see the applications they received and close roles you have filled.", body)
}
