//! `/form/find-job`: search the jobs, or register to upload a CV.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::MemberArea;
use crate::parts::shared_forms::JobSearchForm;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <h1>"Find a job"</h1>
        <p class="lead">"Search open roles in care, cleaning, the trades and more, with employers across the UK."</p>
        <MemberArea hook="find-job">
            <JobSearchForm form="find-job"/>
            <div class="card teaser">
                <h2>"Let employers find you"</h2>
                <p>
                    "Register and upload your CV to apply for jobs in a couple of clicks. Your CV is never public: only the employers you apply to can open it."
                </p>
                <p><a class="button button--secondary" href="/user/register">"Register and upload your CV"</a></p>
            </div>
        </MemberArea>
    };
    let description = format!("Find a job with {}: search open roles across the UK and register to apply with your CV.", site.info.brand);
    Page::new("Find a job", &site.info.brand, description, body)
}
