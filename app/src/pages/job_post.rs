//! `/job-post`: a signed-in user posts a job.

use super::Page;
use crate::data::SiteData;
use crate::parts::member::MemberArea;
use crate::parts::page_intro::PageIntro;
use crate::parts::shared_forms::JobPostForm;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Post a job" lead="Reach people looking for work across the UK. Your job goes live as soon as you post it."/>
        <div class="container page-body">
            <MemberArea hook="job-post">
                <JobPostForm path="/job-post"/>
            </MemberArea>
        </div>
    };
    let description = format!("Post a job on {} and receive applications with CVs from candidates across the UK.", site.info.brand);
    Page::new("Post a job", &site.info.brand, description, body)
}
