//! `/services/book?id=N`: the booking form for one service. Where its providers keep hours, a
//! plain GET form first asks the postcode (and the hours or days) and shows a week of free
//! times, stepping week by week; choosing one opens the form with that time.

use crate::data::{BookPage, ServiceCard, SiteData};
use crate::format::{query_value, service_price};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, NeedsJavaScript};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;
use words::PriceUnit;

pub(crate) fn page(book: &Option<BookPage>, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    match book {
        Some(book) => {
            let service = &book.service;
            let name = format!("Book {}", service.title);
            let description = format!(
                "Book {} with {brand}: choose a date and time and tell us where the work is needed. {}.",
                service.title,
                service_price(&service.price_from, service.price_unit)
            );
            let lead = if book.moving.is_some() {
                "Choose the new time for your booking: your provider and the company are told."
            } else if book.scheduled {
                "Tell us where the work is to see when our providers are free, choose a time, then where the work is needed."
            } else {
                "Choose a date and time, tell us where the work is needed, and we will confirm your booking by email."
            };
            // Where providers keep hours, the form opens once a free time is chosen; a booking
            // being moved gets the move's button (with a date and time to type where any will do).
            let chosen = book.times.as_ref().and_then(|times| times.chosen.clone().map(|chosen| (chosen, times)));
            let form = match (book.moving, chosen, book.scheduled) {
                (Some(booking), _, false) => Some(move_form(json!({ "booking": booking })).into_any()),
                (Some(booking), Some(((date, time), _)), true) => Some(move_form(json!({ "booking": booking, "date": date, "time": time })).into_any()),
                (None, _, false) => Some(booking_form(json!({ "service": service.id })).into_any()),
                (None, Some(((date, time), times)), true) => Some(
                    booking_form(json!({ "service": service.id, "date": date, "time": time, "postcode": times.postcode, "length": times.length })).into_any(),
                ),
                (_, None, true) => None,
            };
            let body = view! {
                <PageIntro title=name.clone() lead=lead/>
                <div class="container page-body split split--wide">
                    <div>
                        {book.scheduled.then(|| view! { <WhenFree book=book.clone()/> })}
                        {form}
                    </div>
                    <BookingSummary service=service.clone()/>
                </div>
            };
            let page = Page::new(&name, brand, description, body);
            match &book.times {
                None => page,
                Some(times) => page.noindex().with_errors_if(!times.errors.is_empty()),
            }
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

/// The `booking-form` island: its server markup is the form as a visitor sees it (fields
/// disabled, a way to sign in and come back in place of its button), hydrated when first
/// reached for; a member's takes the same room.
fn booking_form(props: serde_json::Value) -> impl IntoView {
    view! {
        <MemberArea hook="book">
            <NeedsJavaScript message="Booking needs JavaScript: turn it on in your browser, then sign in to book, so that we can confirm the booking to you."/>
            <Island name="booking-form" props=props hydrate=Hydrate::Interaction/>
        </MemberArea>
    }
}

/// The `move-booking` island: a member's button that moves their booking to the time chosen
/// (or to the date and time they type, where any will do). Nothing of it is rendered on the
/// server: whose booking it is is known only in the browser.
fn move_form(props: serde_json::Value) -> impl IntoView {
    view! {
        <MemberArea hook="move">
            <NeedsJavaScript message="Moving a booking needs JavaScript: turn it on in your browser, or contact us and we will move it for you."/>
            <Island name="move-booking" props=props hydrate=Hydrate::Load/>
        </MemberArea>
    }
}

/// "When can you come?": the postcode (and length) form, and the week of free times it found.
#[component]
fn WhenFree(book: BookPage) -> impl IntoView {
    let service = book.service.id;
    let times = book.times.unwrap_or_default();
    let error = |field: &str| times.errors.get(field).map(|messages| messages.join(" "));
    let (postcode_error, length_error, slot_error) = (error("postcode"), error("length"), error("from").or_else(|| error("slot")));
    let unit = match book.service.price_unit {
        PriceUnit::Hour => Some(("hours", "hour")),
        PriceUnit::Day => Some(("days", "day")),
        PriceUnit::Fixed => None,
    };
    let length_field = unit.filter(|_| book.max_length > book.min_length).map(|(plural, singular)| {
        let chosen = if times.length > 0 { times.length } else { book.min_length };
        view! {
            <div class="field">
                <label class="field-label" for="when-length">{format!("How many {plural}?")}</label>
                <select id="when-length" name="length">
                    {(book.min_length..=book.max_length)
                        .map(|n| {
                            let label = format!("{n} {}", if n == 1 { singular } else { plural });
                            view! { <option value=n.to_string() selected=n == chosen>{label}</option> }
                        })
                        .collect_view()}
                </select>
                {length_error.clone().map(|text| view! { <p class="isl-field-error">{text}</p> })}
            </div>
        }
    });
    let asked = !times.postcode.is_empty() && !times.errors.contains_key("postcode") && !times.from.is_empty();
    let moving = book.moving.map(|booking| format!("&move={booking}")).unwrap_or_default();
    let step = |from: &str| format!("/services/book?id={service}&postcode={}&length={}&from={from}{moving}", query_value(&times.postcode), times.length);
    let earlier = times.earlier.as_deref().map(&step);
    let later = step(&times.later);
    let chosen = times.chosen.clone();
    let days = times.days.clone();
    let link_base = step(&times.from);
    let amount = times.amount.clone();
    view! {
        <section class="when-free" aria-labelledby="when-heading">
            <h2 id="when-heading">"When can you come?"</h2>
            <form class="when-form" action="/services/book" method="get">
                <input type="hidden" name="id" value=service.to_string()/>
                {book.moving.map(|booking| view! { <input type="hidden" name="move" value=booking.to_string()/> })}
                <div class="field">
                    <label class="field-label" for="when-postcode">"Postcode where the work is"</label>
                    <input
                        id="when-postcode"
                        name="postcode"
                        value=times.postcode.clone()
                        placeholder="e.g. LS6 1AA"
                        autocomplete="postal-code"
                        maxlength="10"
                        required
                        aria-invalid=postcode_error.as_ref().map(|_| "true")
                        aria-describedby=postcode_error.as_ref().map(|_| "when-postcode-error")
                    />
                    {postcode_error.clone().map(|text| view! { <p class="isl-field-error" id="when-postcode-error">{text}</p> })}
                </div>
                {length_field}
                <button class="button button--secondary" type="submit">"Show free times"</button>
            </form>
            {slot_error.map(|text| view! { <p class="isl-field-error" role="alert">{text}</p> })}
            {asked.then(|| view! {
                <p class="when-amount">{format!("£{amount} for this booking.")}</p>
                <ol class="free-days">
                    {days.into_iter().map(|day| {
                        let heading = day.label.clone();
                        let empty = day.times.is_empty();
                        let date = day.date.clone();
                        view! {
                            <li>
                                <h3>{heading}</h3>
                                {if empty {
                                    view! { <p class="free-none">"No free times"</p> }.into_any()
                                } else {
                                    view! {
                                        <ul class="free-times">
                                            {day.times.into_iter().map(|time| {
                                                let href = format!("{link_base}&slot={date}T{time}");
                                                let current = chosen.as_ref().is_some_and(|(d, t)| *d == date && *t == time).then_some("true");
                                                view! { <li><a class="button button--secondary" href=href aria-current=current>{time}</a></li> }
                                            }).collect_view()}
                                        </ul>
                                    }.into_any()
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <p class="free-weeks">
                    {earlier.clone().map(|href| view! { <a href=href>"Earlier week"</a> })}
                    " "
                    <a href=later.clone()>"Later week"</a>
                </p>
            })}
        </section>
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
