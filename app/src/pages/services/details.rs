//! `/services/details?id=N`: one service, its price, areas, description and reviews;
//! `&postcode=LS6 1AA` answers whether it covers that postcode.

use crate::data::{CoverAnswer, CoverCheck, ListingStatus, ReviewView, ServiceCard, ServiceDetail, SiteData};
use crate::format::{distance_away, paragraphs, service_price};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::breadcrumbs::Breadcrumbs;
use crate::parts::feedback::ReviewQuote;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::member::{MemberArea, NeedsJavaScript};
use crate::parts::page_intro::PageIntro;
use crate::parts::rating::RatingSummary;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(detail: &Option<ServiceDetail>, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    let Some(detail) = detail else {
        let body = view! {
            <PageIntro title="Service details" lead="Choose a service to see its price, the areas it covers and what customers say about it."/>
            <div class="container page-body">
                <div class="empty-state">
                    <h2>"Which service would you like to see?"</h2>
                    <p>"Browse our categories and open a service to see its details."</p>
                    <p><a class="button button--primary" href="/services">"Browse services"</a></p>
                </div>
            </div>
        };
        let description = format!("Prices, areas and reviews of the services you can book with {brand}.");
        return Page::new("Service details", brand, description, body);
    };
    let service = &detail.service;
    let description = format!("{} {}.", service.summary, service_price(&service.price_from, service.price_unit));
    let body = view! {
        <ServiceOverview detail=detail.clone()/>
        <Reviews service_id=service.id reviews=detail.reviews.clone()/>
        <GetInTouch info=site.info.clone()/>
    };
    let url = format!("/services/details?id={}", service.id);
    let page = Page::new(&service.title, brand, description, body)
        .with_breadcrumbs(&trail(service), &service.title, &url)
        .with_structured_data(crate::pages::structured_data::service(detail, &url, brand));
    // The answer for someone's postcode is theirs: the page without it is the one to index.
    if detail.cover.is_unasked() { page } else { page.noindex().with_errors_if(!detail.cover.errors.is_empty()) }
}

/// The links before a service's page: its category's list last.
fn trail(service: &ServiceCard) -> Vec<(String, String)> {
    vec![
        ("/".to_owned(), "Home".to_owned()),
        ("/services".to_owned(), "Services".to_owned()),
        (format!("/services?category={}", service.category.slug), service.category.name.clone()),
    ]
}

#[component]
fn ServiceOverview(detail: ServiceDetail) -> impl IntoView {
    let service = detail.service;
    let book_href = format!("/services/book?id={}", service.id);
    let provider_href = format!("/become-provider?service={}", service.id);
    let is_open = detail.status == ListingStatus::Open;
    let trail = trail(&service);
    let current_title = service.title.clone();
    let bookmark = json!({ "service": service.id, "title": service.title });
    view! {
        <PageIntro title=service.title.clone() lead=service.summary>
            <Breadcrumbs trail current=current_title/>
        </PageIntro>
        <div class="container page-body split split--wide">
            <div class="prose">
                <h2>"About this service"</h2>
                {paragraphs(&detail.description).into_iter().map(|text| view! { <p>{text}</p> }).collect_view()}
            </div>
            <div class="card summary-card">
                <p class="price price--large">{service_price(&service.price_from, service.price_unit)}</p>
                <RatingSummary average=service.rating_average count=service.rating_count/>
                <dl class="facts">
                    <div><dt>"Category"</dt><dd>{service.category.name}</dd></div>
                    <div><dt>"Areas covered"</dt><dd>{service.areas.join(", ")}</dd></div>
                    {(!detail.providers.is_empty()).then(|| view! {
                        <div>
                            <dt>"Providers"</dt>
                            <dd class="provider-links">
                                {detail.providers.iter().map(|p| {
                                    let href = format!("/providers/profile?id={}", p.id);
                                    view! { <a href=href>{p.first_name.clone()}</a> }
                                }).collect_view()}
                            </dd>
                        </div>
                    })}
                </dl>
                <CoverCheckForm service_id=service.id check=detail.cover/>
                {if is_open {
                    view! { <a class="button button--primary button--block" href=book_href>"Book now"</a> }.into_any()
                } else {
                    view! { <p class="notice">"This service is not taking new bookings at the moment."</p> }.into_any()
                }}
                // Save / Saved (a visitor's in the browser, a member's in the account).
                <Island name="bookmark-toggle" props=bookmark hydrate=Hydrate::Interaction class="island summary-bookmark"/>
                <p class="summary-note">
                    "Offer this service in your area? "
                    <a href=provider_href>"Become a provider"</a>
                </p>
            </div>
        </div>
    }
}

/// "Do you cover my postcode?": a GET form answered on this page, with the answer under it.
#[component]
fn CoverCheckForm(service_id: i32, check: CoverCheck) -> impl IntoView {
    let error = check.errors.get("postcode").map(|messages| messages.join(" "));
    let answer = check.answer.map(|answer| match answer {
        CoverAnswer::Yes { district, miles } if miles > 0.0 => format!("Yes, this service covers {district} ({}).", distance_away(miles).to_lowercase()),
        CoverAnswer::Yes { district, .. } => format!("Yes, this service covers {district}."),
        CoverAnswer::No { district } => format!("No, this service does not cover {district} yet."),
    });
    view! {
        <form class="cover-check" action="/services/details" method="get">
            <input type="hidden" name="id" value=service_id.to_string()/>
            <div class="field">
                <label class="field-label" for="cover-postcode">"Do you cover my postcode?"</label>
                <div class="search-row">
                    <input
                        id="cover-postcode"
                        name="postcode"
                        value=check.postcode
                        placeholder="e.g. LS6 1AA"
                        autocomplete="postal-code"
                        maxlength="10"
                        required
                        aria-invalid=error.as_ref().map(|_| "true")
                        aria-describedby=error.as_ref().map(|_| "cover-postcode-error")
                    />
                    <button class="button button--secondary" type="submit">"Check"</button>
                </div>
                {error.map(|text| view! { <p class="isl-field-error" id="cover-postcode-error">{text}</p> })}
            </div>
            {answer.map(|text| view! { <p class="cover-answer" role="status">{text}</p> })}
        </form>
    }
}

#[component]
fn Reviews(service_id: i32, reviews: Vec<ReviewView>) -> impl IntoView {
    view! {
        <section class="section section--tinted" aria-labelledby="reviews-heading">
            <div class="container">
                <h2 id="reviews-heading">"Customer reviews"</h2>
                {if reviews.is_empty() {
                    view! { <p>"No reviews yet. Book this service and be the first to tell others how it went."</p> }.into_any()
                } else {
                    view! {
                        <div class="grid grid--3 review-list">
                            {reviews.into_iter().map(|review| view! { <ReviewQuote review reportable=true/> }).collect_view()}
                        </div>
                    }
                    .into_any()
                }}
                <LeaveReview service_id/>
            </div>
        </section>
    }
}

/// Where a signed-in member rates the service: the `review-form` island, whose server markup is
/// the form as a visitor sees it (fields disabled, a way to sign in and come back in place of its
/// button), hydrated when first reached for. A member's form, known in the browser alone (the
/// session lives there), takes the same room.
#[component]
fn LeaveReview(service_id: i32) -> impl IntoView {
    view! {
        <div class="leave-review">
            <h3>"Leave a review"</h3>
            <MemberArea hook="review">
                <NeedsJavaScript message="Leaving a review needs JavaScript: turn it on in your browser, then sign in to rate this service."/>
                <Island name="review-form" props=json!({ "service": service_id }) hydrate=Hydrate::Interaction/>
            </MemberArea>
        </div>
    }
}
