//! `/providers/profile?id=N`: an approved provider as the public sees them: first name, photo,
//! what they say of themselves, the services they do and the districts they work around, and
//! the rating and reviews of the jobs they did, with their answers.

use crate::data::{ProviderProfile, SiteData};
use crate::format::{count_of, paragraphs};
use crate::pages::Page;
use crate::parts::breadcrumbs::Breadcrumbs;
use crate::parts::cards::ServiceTile;
use crate::parts::feedback::ReviewQuote;
use crate::parts::page_intro::PageIntro;
use crate::parts::rating::RatingSummary;
use leptos::prelude::*;

pub(crate) fn page(profile: &Option<ProviderProfile>, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    let Some(profile) = profile else {
        let body = view! {
            <PageIntro title="Our providers" lead="Every provider is vetted by our team before they take a job."/>
            <div class="container page-body">
                <div class="empty-state">
                    <h2>"Which provider would you like to see?"</h2>
                    <p>"Open a service to see who does it, then choose a provider to see their profile and reviews."</p>
                    <p><a class="button button--primary" href="/services">"Browse services"</a></p>
                </div>
            </div>
        };
        return Page::new("Our providers", brand, format!("The vetted providers who do the work booked with {brand}."), body);
    };
    let name = profile.first_name.clone();
    let title = format!("{name}, provider");
    let doing: Vec<String> = profile.services.iter().map(|s| s.title.clone()).collect();
    let description = match doing.as_slice() {
        [] => format!("{name} is a vetted provider with {brand}."),
        services => format!("{name} is a vetted provider with {brand}: {}.", services.join(", ")),
    };
    let url = format!("/providers/profile?id={}", profile.id);
    let trail = vec![("/".to_owned(), "Home".to_owned()), ("/services".to_owned(), "Services".to_owned())];
    let body = view! { <Profile profile=profile.clone() trail=trail.clone()/> };
    Page::new(&title, brand, description, body).with_breadcrumbs(&trail, &title, &url)
}

#[component]
fn Profile(profile: ProviderProfile, trail: Vec<(String, String)>) -> impl IntoView {
    let name = profile.first_name.clone();
    let photo = profile.photo.clone().map(|src| {
        let alt = format!("{name}, provider");
        view! { <img class="provider-photo" src=src alt=alt width="160" height="160"/> }
    });
    let experience = match profile.experience_years {
        0 => None,
        1 => Some("1 year of experience".to_owned()),
        years => Some(format!("{years} years of experience")),
    };
    let jobs = count_of(i64::try_from(profile.jobs_done).unwrap_or(i64::MAX), "job");
    let reviews_heading = format!("Reviews of {name}'s jobs");
    let (heading, about, services_heading) = (format!("{name}, provider"), format!("About {name}"), format!("Services {name} does"));
    view! {
        <PageIntro title=heading.clone() lead="Vetted by our team before taking any job.">
            <Breadcrumbs trail current=heading/>
        </PageIntro>
        <div class="container page-body split split--wide">
            <div class="prose">
                <h2>{about}</h2>
                {paragraphs(&profile.bio).into_iter().map(|text| view! { <p>{text}</p> }).collect_view()}
            </div>
            <div class="card summary-card">
                {photo}
                <RatingSummary average=profile.rating_average count=profile.rating_count/>
                <dl class="facts">
                    <div><dt>"Jobs done with us"</dt><dd>{jobs}</dd></div>
                    {experience.map(|text| view! { <div><dt>"Experience"</dt><dd>{text}</dd></div> })}
                    <div>
                        <dt>"Works around"</dt>
                        <dd>{if profile.areas.is_empty() { "Not set yet".to_owned() } else { profile.areas.join(", ") }}</dd>
                    </div>
                </dl>
            </div>
        </div>
        <section class="section" aria-labelledby="provider-services-heading">
            <div class="container">
                <h2 id="provider-services-heading">{services_heading}</h2>
                {if profile.services.is_empty() {
                    view! { <p>"None open for booking at the moment."</p> }.into_any()
                } else {
                    view! {
                        <div class="grid grid--3">{profile.services.into_iter().map(|service| view! { <ServiceTile service/> }).collect_view()}</div>
                    }
                    .into_any()
                }}
            </div>
        </section>
        <section class="section section--tinted" aria-labelledby="provider-reviews-heading">
            <div class="container">
                <h2 id="provider-reviews-heading">{reviews_heading}</h2>
                {if profile.reviews.is_empty() {
                    view! { <p>"No reviews of their jobs yet."</p> }.into_any()
                } else {
                    view! {
                        <div class="grid grid--3 review-list">
                            {profile.reviews.into_iter().map(|review| view! { <ReviewQuote review link_service=true/> }).collect_view()}
                        </div>
                    }
                    .into_any()
                }}
            </div>
        </section>
    }
}
