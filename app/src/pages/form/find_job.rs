//! `/form/find-job`: search the jobs, or register with the recruitment team.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::MemberArea;
use crate::parts::shared_forms::JobSearchForm;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let email = site.info.email.clone();
    let mailto = format!("mailto:{email}");
    let body = view! {
        <h1>"Find a job"</h1>
        <p class="lead">"Search open roles in care, cleaning, the trades and more, with employers across the UK."</p>
        <MemberArea hook="find-job">
            <JobSearchForm form="find-job"/>
            <div class="card teaser">
                <h2>"Let employers find you"</h2>
                <p>
                    "Tell our recruitment team the work you want and upload your CV: we put you forward for roles that match. Your CV is never public."
                </p>
                // The `find-job-form` island, open to everyone: its server markup is the whole
                // form, hydrated when first reached for (a member's details then start from the
                // profile). Only JavaScript can send the CV: this notice says how else to.
                <noscript>
                    <p class="notice">
                        "Registering needs JavaScript: turn it on in your browser, or email your CV and the work you want to "
                        <a href=mailto>{email}</a>"."
                    </p>
                </noscript>
                <Island name="find-job-form" props=json!({}) hydrate=Hydrate::Interaction/>
            </div>
        </MemberArea>
    };
    let description = format!("Find a job with {}: search open roles across the UK, or send our recruitment team your CV.", site.info.brand);
    Page::new("Find a job", &site.info.brand, description, body)
}
