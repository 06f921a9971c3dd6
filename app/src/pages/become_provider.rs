//! `/become-provider?service=N`: apply to provide a service.

use super::Page;
use crate::data::{BecomeProviderData, SiteData};
use crate::island::{Hydrate, Island};
use crate::parts::member::{MemberArea, NeedsJavaScript};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(data: &BecomeProviderData, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    let selected_title = data.selected.as_ref().map(|service| service.title.clone());
    let (name, description) = match &selected_title {
        Some(title) => (format!("Become a provider: {title}"), format!("Apply to provide {title} with {brand} and get bookings from customers near you.")),
        None => (
            "Become a provider".to_owned(),
            format!("Apply to become a {brand} provider: choose your service, tell us your experience and get local bookings."),
        ),
    };
    // The island gets the categories only (the catalogue has thousands of services): the member
    // chooses a category, then the island loads that category's services.
    let props = json!({ "categories": data.categories, "selected": data.selected });
    let body = view! {
        <PageIntro title=name.clone() lead="Grow your business with customers close to home. Tell us what you offer and our team will review your application."/>
        <div class="container page-body split split--wide">
            // The `provider-application` island: its server markup is the form as a visitor sees
            // it (a category, then one of its services; fields disabled, a way to sign in and
            // come back in place of its button), hydrated when first reached for; a member's
            // takes the same room. Below it, `provider-applications`: the member's applications,
            // hidden for anyone else, drawn for a member before React loads, hydrated when first
            // reached for.
            <MemberArea hook="become-provider">
                <NeedsJavaScript message="Applying needs JavaScript: turn it on in your browser, then sign in to apply, so that we can keep you updated on your application."/>
                <Island name="provider-application" props hydrate=Hydrate::Interaction/>
                <Island name="provider-applications" props=json!({}) hydrate=Hydrate::Interaction/>
            </MemberArea>
            <div class="card summary-card">
                <h2>"What we check"</h2>
                <ul class="checklist">
                    <li>"Your identity and address, from a passport and a recent utility bill."</li>
                    <li>"Your right to work in the UK."</li>
                    <li>"Qualifications and insurance where the work needs them."</li>
                    <li>"An enhanced DBS check for care and tutoring."</li>
                </ul>
            </div>
        </div>
    };
    Page::new(&name, brand, description, body)
}
