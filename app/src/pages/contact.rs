//! `/contact`: the company's contact details, opening hours and a message form.

use super::Page;
use crate::data::SiteData;
use crate::parts::contact_details::{ContactDetails, SocialLinks};
use crate::parts::form::{Field, Submit, TextArea};
use crate::parts::member::MemberArea;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
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
                <ContactForm/>
            </MemberArea>
        </div>
    };
    Page::new("Contact us", &info.brand, description, body)
}

#[component]
fn ContactForm() -> impl IntoView {
    const FORM: &str = "contact";
    view! {
        <form class="form" method="post" action="/contact">
            <Field form=FORM name="full_name" label="Your name" autocomplete="name"/>
            <div class="form-row">
                <Field form=FORM name="email" label="Email address" kind="email" autocomplete="email"/>
                <Field form=FORM name="phone_number" label="Phone number" kind="tel" autocomplete="tel" required=false/>
            </div>
            <Field form=FORM name="subject" label="Subject"/>
            <TextArea form=FORM name="message" label="Message" rows=6/>
            <Submit label="Send message"/>
        </form>
    }
}
