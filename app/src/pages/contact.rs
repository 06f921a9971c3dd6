//! `/contact`: the company's contact details, opening hours and a message form.

use super::Page;
use crate::data::{FormOutcome, SiteData};
use crate::island::{Hydrate, Island};
use crate::parts::contact_details::{ContactDetails, SocialLinks};
use crate::parts::member::MemberArea;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let outcome = outcome.clone();
    let info = &site.info;
    let description =
        format!("Contact {}: email {}, call {}, or write to {}. Open {}.", info.brand, info.email, info.phones.join(" or "), info.address, info.opening_hours);
    let body = view! {
        <PageIntro title="Contact us" lead="Questions about a booking, a job or working with us? Our UK team is here to help."/>
        <div class="container page-body split">
            <section aria-labelledby="contact-details-heading">
                <h2 id="contact-details-heading">"Our details"</h2>
                <ContactDetails info=info.clone()/>
                <h3>"Follow us"</h3>
                <SocialLinks info=info.clone()/>
            </section>
            <MemberArea hook="contact">
                <h2>"Send us a message"</h2>
                <p>"We aim to reply within one working day."</p>
                <ContactForm outcome/>
            </MemberArea>
        </div>
    };
    Page::new("Contact us", &info.brand, description, body)
}

/// The `contact-form` island, rendered on the server: it posts to `/contact` without
/// JavaScript (the server redirects to `/contact?sent=1`, or answers the page with each
/// field's message), and sends JSON to `POST /api/contact/` with it.
#[component]
fn ContactForm(outcome: FormOutcome) -> impl IntoView {
    let props = json!({ "action": "/contact", "sent": outcome.sent, "errors": outcome.errors, "values": outcome.values });
    view! { <Island name="contact-form" props hydrate=Hydrate::Interaction/> }
}
