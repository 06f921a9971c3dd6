//! `/recruitment-post`: an organisation asks the recruitment team for staff.

use super::Page;
use crate::data::{FormOutcome, SiteData};
use crate::parts::member::MemberArea;
use crate::parts::page_intro::PageIntro;
use crate::parts::shared_forms::RecruitmentForm;
use leptos::prelude::*;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let outcome = outcome.clone();
    let body = view! {
        <PageIntro title="Recruitment request" lead="Tell us about the staff you need. Our recruitment team will call you to agree the details and put forward checked candidates."/>
        <div class="container page-body">
            <MemberArea hook="recruitment">
                <RecruitmentForm action="/recruitment-post" outcome/>
            </MemberArea>
        </div>
    };
    let description = format!("Send {} a recruitment request for permanent, temporary or contract staff anywhere in the UK.", site.info.brand);
    Page::new("Recruitment request", &site.info.brand, description, body)
}
