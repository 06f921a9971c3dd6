//! `/form/job-post`: the job post form, in the form layout.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::MemberArea;
use crate::parts::shared_forms::JobPostForm;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <h1>"Advertise a job"</h1>
        <p class="lead">"Describe the role, the pay and the closing date. Candidates apply online with their CV."</p>
        <MemberArea hook="job-post">
            <JobPostForm path="/form/job-post"/>
        </MemberArea>
    };
    let description = format!("Advertise a job with {}: role, pay and closing date, with applications sent to your account.", site.info.brand);
    Page::new("Advertise a job", &site.info.brand, description, body)
}
