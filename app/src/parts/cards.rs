//! The cards that lists of services and jobs are made of.

use super::rating::RatingSummary;
use crate::data::{CategoryCard, JobCard, ServiceCard};
use crate::format::{count_of, distance_away, employment_type, long_date, miles_away, salary, service_price};
use crate::island::{Hydrate, Island};
use leptos::prelude::*;
use serde_json::json;

/// A service in a grid. The title is the card's one link; CSS stretches it over the card.
#[component]
pub(crate) fn ServiceTile(service: ServiceCard) -> impl IntoView {
    let href = format!("/services/details?id={}", service.id);
    let areas = service.areas.join(", ");
    let bookmark = json!({ "service": service.id, "title": service.title });
    view! {
        <article class="card service-card">
            <p class="card-eyebrow">{service.category.name}</p>
            <h3 class="card-title"><a class="card-link" href=href>{service.title}</a></h3>
            <p class="card-summary">{service.summary}</p>
            <p class="price">{service_price(&service.price_from, service.price_unit)}</p>
            {service.distance_miles.map(|miles| view! { <p class="distance">{distance_away(miles)}</p> })}
            <RatingSummary average=service.rating_average count=service.rating_count/>
            {(!areas.is_empty()).then(|| view! { <p class="areas"><span class="visually-hidden">"Areas covered: "</span>{areas}</p> })}
            // Save / Saved, above the title link that covers the card; React loads when it is first reached for.
            <Island name="bookmark-toggle" props=bookmark hydrate=Hydrate::Interaction class="island card-bookmark"/>
        </article>
    }
}

/// The facts of a job, shared by the job card and the apply page.
#[component]
pub(crate) fn JobFacts(job: JobCard) -> impl IntoView {
    view! {
        <dl class="facts">
            <div>
                <dt>"Location"</dt>
                <dd>{job.location}{job.distance_miles.map(|miles| format!(" ({})", miles_away(miles).to_lowercase()))}</dd>
            </div>
            <div><dt>"Type"</dt><dd>{employment_type(job.employment_type)}</dd></div>
            <div><dt>"Salary"</dt><dd>{salary(job.salary_min.as_deref(), job.salary_max.as_deref(), job.salary_period)}</dd></div>
            <div>
                <dt>"Posted"</dt>
                <dd><time datetime=job.posted_at.clone()>{long_date(&job.posted_at)}</time></dd>
            </div>
            {job.closes_at.map(|closes| view! {
                <div>
                    <dt>"Closes"</dt>
                    <dd><time datetime=closes.clone()>{long_date(&closes)}</time></dd>
                </div>
            })}
        </dl>
    }
}

/// A job in a list, with its one action: apply.
#[component]
pub(crate) fn JobTile(job: JobCard) -> impl IntoView {
    let href = format!("/apply?id={}", job.id);
    let hidden_context = format!(" for {} at {}", job.title, job.company);
    let bookmark = json!({ "job": job.id, "title": format!("{} at {}", job.title, job.company) });
    view! {
        <article class="card job-card">
            <p class="card-eyebrow">{job.company.clone()}</p>
            <h3 class="card-title">{job.title.clone()}</h3>
            <JobFacts job/>
            <p class="card-actions">
                <a class="button button--primary" href=href>
                    "Apply"<span class="visually-hidden">{hidden_context}</span>
                </a>
            </p>
            <Island name="bookmark-toggle" props=bookmark hydrate=Hydrate::Interaction class="island card-bookmark"/>
        </article>
    }
}

/// A category with its number of open services, linking to its list.
#[component]
pub(crate) fn CategoryTile(category: CategoryCard) -> impl IntoView {
    let href = format!("/services?category={}", category.slug);
    let icon_class = format!("category-icon category-icon--{}", category.icon);
    // A monogram stands in for an icon: it needs no image and reads well at any size.
    let monogram: String = category.name.chars().take(1).collect();
    view! {
        <article class="card category-card">
            <span class=icon_class aria-hidden="true">{monogram}</span>
            <h3 class="card-title"><a class="card-link" href=href>{category.name}</a></h3>
            <p class="card-summary">{category.description}</p>
            <p class="card-meta">{count_of(category.service_count, "service")}</p>
        </article>
    }
}
