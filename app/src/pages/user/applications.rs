//! `/user/applications`: the jobs the signed-in user applied for.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::{MemberGuard, MemberPanel};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your job applications" lead="The jobs you have applied for and where each application stands."/>
        <div class="container page-body">
            <MemberPanel
                hook="applications"
                what="your job applications"
                path="/user/applications"
                points=&[
                    "See every job you applied for and its status.",
                    "Check the CV and cover letter you sent.",
                    "Withdraw an application you no longer want to go ahead with.",
                ]
            />
            <MemberGuard/>
        </div>
    };
    Page::new("Your job applications", &site.info.brand, "Follow your job applications: submitted, reviewed, shortlisted or closed, and withdraw any you no longer want.", body)
}
