//! `/form/hire-talent`: the recruitment request, in the form layout.

use crate::data::{FormOutcome, SiteData};
use crate::pages::Page;
use crate::parts::member::MemberArea;
use crate::parts::shared_forms::RecruitmentForm;
use leptos::prelude::*;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let outcome = outcome.clone();
    let body = view! {
        <h1>"Hire talent"</h1>
        <p class="lead">
            "From one cleaner to a full care team: tell us who you need and when. We check every candidate's right to work and references before putting them forward."
        </p>
        <MemberArea hook="recruitment">
            <RecruitmentForm action="/form/hire-talent" outcome/>
        </MemberArea>
    };
    let description = format!("Hire checked staff through {}: tell us the role, how many people and when they should start.", site.info.brand);
    Page::new("Hire talent", &site.info.brand, description, body)
}
