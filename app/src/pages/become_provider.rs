//! `/become-provider?service=N`: apply to provide a service.

use super::Page;
use crate::data::{BecomeProviderData, CategoryServices, SiteData};
use crate::parts::form::{Field, Submit, TextArea};
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

const FORM: &str = "become-provider";

pub(crate) fn page(data: &BecomeProviderData, site: &SiteData) -> Page {
    let (services, selected) = (&data.services, data.selected);
    let brand = &site.info.brand;
    let selected_title = selected.and_then(|id| {
        services.iter().flat_map(|group| &group.services).find(|service| service.id == id).map(|service| service.title.clone())
    });
    let (name, description) = match &selected_title {
        Some(title) => (
            format!("Become a provider: {title}"),
            format!("Apply to provide {title} with {brand} and get bookings from customers near you."),
        ),
        None => (
            "Become a provider".to_owned(),
            format!("Apply to become a {brand} provider: choose your service, tell us your experience and get local bookings."),
        ),
    };
    let path = selected.map_or_else(|| "/become-provider".to_owned(), |id| format!("/become-provider?service={id}"));
    let groups = services.to_vec();
    let body = view! {
        <PageIntro title=name.clone() lead="Grow your business with customers close to home. Tell us what you offer and our team will review your application."/>
        <div class="container page-body split split--wide">
            <MemberArea hook="become-provider">
                <SignInPrompt message="You need to be signed in to apply, so that we can keep you updated on your application." path/>
                <form class="form" method="post" action="/become-provider">
                    <ServicePicker groups selected/>
                    <TextArea form=FORM name="bio" label="About you" rows=6 hint="Your experience, qualifications and the areas you cover. Customers see this."/>
                    <div class="form-row">
                        <Field form=FORM name="experience_years" label="Years of experience" kind="number" min="0" inputmode="numeric"/>
                        <AvailabilityChoice/>
                    </div>
                    <Submit label="Send application"/>
                </form>
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

/// The services grouped by category, the one from the query preselected.
#[component]
fn ServicePicker(groups: Vec<CategoryServices>, selected: Option<i32>) -> impl IntoView {
    let id = format!("{FORM}-service");
    view! {
        <div class="field">
            <label class="field-label" for=id.clone()>"Service"</label>
            <select id=id name="service" required>
                <option value="" selected=selected.is_none()>"Choose a service…"</option>
                {groups
                    .into_iter()
                    .map(|group| view! {
                        <optgroup label=group.category.name>
                            {group
                                .services
                                .into_iter()
                                .map(|service| view! {
                                    <option value=service.id selected=selected == Some(service.id)>{service.title}</option>
                                })
                                .collect_view()}
                        </optgroup>
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// Whether the provider is taking bookings now; they can change it later from their account.
#[component]
fn AvailabilityChoice() -> impl IntoView {
    view! {
        <fieldset class="field choice-group">
            <legend class="field-label">"Available for bookings now?"</legend>
            <label class="choice"><input type="radio" name="availability" value="true" checked/>" Yes"</label>
            <label class="choice"><input type="radio" name="availability" value="false"/>" Not yet"</label>
        </fieldset>
    }
}
