//! `/services/book?id=N`: the booking form for one service.

use crate::data::{ServiceCard, SiteData};
use crate::format::service_price;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, NeedsJavaScript};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(service: &Option<ServiceCard>, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    match service {
        Some(service) => {
            let service_id = service.id;
            let name = format!("Book {}", service.title);
            let description = format!(
                "Book {} with {brand}: choose a date and time and tell us where the work is needed. {}.",
                service.title,
                service_price(&service.price_from, service.price_unit)
            );
            let body = view! {
                <PageIntro title=name.clone() lead="Choose a date and time, tell us where the work is needed, and we will confirm your booking by email."/>
                <div class="container page-body split split--wide">
                    // The `booking-form` island: its server markup is the form as a visitor sees
                    // it (fields disabled, a way to sign in and come back in place of its button),
                    // hydrated when first reached for; a member's takes the same room.
                    <MemberArea hook="book">
                        <NeedsJavaScript message="Booking needs JavaScript: turn it on in your browser, then sign in to book, so that we can confirm the booking to you."/>
                        <Island name="booking-form" props=json!({ "service": service_id }) hydrate=Hydrate::Interaction/>
                    </MemberArea>
                    <BookingSummary service=service.clone()/>
                </div>
            };
            Page::new(&name, brand, description, body)
        }
        None => {
            let body = view! {
                <PageIntro title="Book a service" lead="Choose the service you need first, then pick a date and time that suits you."/>
                <div class="container page-body">
                    <div class="empty-state">
                        <h2>"Which service would you like to book?"</h2>
                        <p>"Browse our categories, open a service and press Book now."</p>
                        <p><a class="button button--primary" href="/services">"Browse services"</a></p>
                    </div>
                </div>
            };
            Page::new("Book a service", brand, format!("Book a vetted local service with {brand}: choose a service, then a date and time."), body)
        }
    }
}

#[component]
fn BookingSummary(service: ServiceCard) -> impl IntoView {
    let details_href = format!("/services/details?id={}", service.id);
    view! {
        <div class="card summary-card">
            <h2>"Your booking"</h2>
            <p class="card-eyebrow">{service.category.name}</p>
            <p class="summary-title"><a href=details_href>{service.title}</a></p>
            <p class="price">{service_price(&service.price_from, service.price_unit)}</p>
            <p class="summary-note">{format!("Areas covered: {}", service.areas.join(", "))}</p>
            <p class="summary-note">"You can reschedule free of charge up to 24 hours before your booking."</p>
        </div>
    }
}
