use super::Page;
use crate::data::{CategoryCard, HomeData, JobCard, ServiceCard, SiteData, WebsiteInfo};
use crate::format::count_of;
use crate::parts::activity::RecentActivity;
use crate::parts::cards::{CategoryTile, JobTile, ServiceTile};
use crate::parts::contact_details::ContactDetails;
use crate::parts::features::PlatformFeatures;
use crate::parts::feedback::Feedback;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::how_it_works::HowItWorks;
use crate::parts::shared_forms::JobSearchForm;
use leptos::prelude::*;

pub(crate) fn page(home: &HomeData, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    let description = format!(
        "Book vetted local services, find your next job and hire staff across the UK with {brand}: {} and {} open now.",
        count_of(home.open_services as i64, "service"),
        count_of(home.open_jobs as i64, "job"),
    );
    let body = view! {
        <Hero open_services=home.open_services open_jobs=home.open_jobs/>
        <Categories categories=site.categories.clone()/>
        <FeaturedServices services=home.featured_services.clone()/>
        <HowItWorks/>
        <LatestJobs jobs=home.latest_jobs.clone()/>
        <PlatformFeatures/>
        <RecentActivity items=home.activity.clone()/>
        <Feedback reviews=home.recent_reviews.clone()/>
        <ContactSection info=site.info.clone()/>
        <GetInTouch info=site.info.clone()/>
    };
    Page {
        title: format!("{brand} UK - Services, jobs and recruitment"),
        description,
        body: body.into_any(),
        structured_data: vec![super::structured_data::organization(&site.info)],
        noindex: false,
    }
}

#[component]
fn Hero(open_services: u64, open_jobs: u64) -> impl IntoView {
    view! {
        <section class="hero">
            <div class="container hero-inner">
                <div class="hero-text">
                    <h1>"Trusted local services and jobs across the UK"</h1>
                    <p class="lead">
                        "Book vetted cleaners, plumbers, carers and tutors, find your next role, or hire the staff your business needs."
                    </p>
                    <p class="hero-actions">
                        <a class="button button--light" href="/services">"Browse services"</a>
                        <a class="button button--outline-light" href="/form/hire-talent">"Hire talent"</a>
                    </p>
                </div>
                <div class="hero-search">
                    <JobSearchForm form="hero"/>
                    <ul class="hero-stats">
                        <li><strong>{open_services}</strong>" services open for booking"</li>
                        <li><strong>{open_jobs}</strong>" jobs open now"</li>
                    </ul>
                </div>
            </div>
        </section>
    }
}

#[component]
fn Categories(categories: Vec<CategoryCard>) -> impl IntoView {
    view! {
        <section class="section" aria-labelledby="categories-heading">
            <div class="container">
                <h2 id="categories-heading">"Browse services by category"</h2>
                <div class="grid grid--4">
                    {categories.into_iter().map(|category| view! { <CategoryTile category/> }).collect_view()}
                </div>
            </div>
        </section>
    }
}

#[component]
fn FeaturedServices(services: Vec<ServiceCard>) -> impl IntoView {
    (!services.is_empty()).then(|| {
        view! {
            <section class="section section--tinted" aria-labelledby="featured-heading">
                <div class="container">
                    <div class="section-heading">
                        <h2 id="featured-heading">"Featured services"</h2>
                        <a href="/services">"See all services"</a>
                    </div>
                    <div class="grid grid--4">
                        {services.into_iter().map(|service| view! { <ServiceTile service/> }).collect_view()}
                    </div>
                </div>
            </section>
        }
    })
}

#[component]
fn LatestJobs(jobs: Vec<JobCard>) -> impl IntoView {
    (!jobs.is_empty()).then(|| {
        view! {
            <section class="section" aria-labelledby="jobs-heading">
                <div class="container">
                    <div class="section-heading">
                        <h2 id="jobs-heading">"Latest jobs"</h2>
                        <a href="/jobs">"See all jobs"</a>
                    </div>
                    <div class="grid grid--3">
                        {jobs.into_iter().map(|job| view! { <JobTile job/> }).collect_view()}
                    </div>
                </div>
            </section>
        }
    })
}

#[component]
fn ContactSection(info: WebsiteInfo) -> impl IntoView {
    let heading = format!("Contact {}", info.brand);
    view! {
        <section class="section" aria-labelledby="home-contact-heading">
            <div class="container split">
                <div>
                    <h2 id="home-contact-heading">{heading}</h2>
                    <p>
                        "Our customer team is based in the UK. Call, email or write to us and a member of the team will get back to you."
                    </p>
                </div>
                <ContactDetails info/>
            </div>
        </section>
    }
}
