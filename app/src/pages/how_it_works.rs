//! `/how-it-works`: how booking, providing, job seeking and hiring work.

use super::Page;
use crate::data::SiteData;
use crate::parts::features::PlatformFeatures;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::how_it_works::HowItWorksSteps;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="How it works" lead="Whether you need a job done, want work, or need staff, here is what happens at each step."/>
        <section class="section" aria-labelledby="customers-heading">
            <div class="container">
                <h2 id="customers-heading">"Booking a service"</h2>
                <HowItWorksSteps/>
                <p><a class="button button--primary" href="/services">"Browse services"</a></p>
            </div>
        </section>
        <section class="section section--tinted" aria-labelledby="audiences-heading">
            <div class="container">
                <h2 id="audiences-heading">"Working with us"</h2>
                <div class="grid grid--3">
                    <article class="card">
                        <h3>"Looking for work"</h3>
                        <p>"Search open jobs by role or town, register, and apply with your CV and a short cover letter. Follow each application from your account."</p>
                        <p><a href="/jobs">"See open jobs"</a></p>
                    </article>
                    <article class="card">
                        <h3>"Hiring staff"</h3>
                        <p>"Post a job yourself and receive applications, or send us a recruitment request and our team will shortlist checked candidates for you."</p>
                        <p><a href="/form/hire-talent">"Hire talent"</a></p>
                    </article>
                    <article class="card">
                        <h3>"Offering a service"</h3>
                        <p>"Apply to become a provider for the services you offer. We check your identity, right to work and qualifications, then customers near you can book you."</p>
                        <p><a href="/become-provider">"Become a provider"</a></p>
                    </article>
                </div>
            </div>
        </section>
        <PlatformFeatures/>
        <GetInTouch info=site.info.clone()/>
    };
    let description = "How booking a service, finding a job, hiring staff and becoming a provider work, step by step.";
    Page::new("How it works", &site.info.brand, description, body)
}
