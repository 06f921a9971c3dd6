//! `/apply?id=N`: a job's full details and the application form (an island).

use super::Page;
use crate::data::{JobDetail, ListingStatus, SiteData};
use crate::format::{paragraphs, salary};
use crate::island::{Hydrate, Island};
use crate::parts::breadcrumbs::Breadcrumbs;
use crate::parts::cards::JobFacts;
use crate::parts::member::{MemberArea, NeedsJavaScript};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

const PATH: &str = "/apply";

pub(crate) fn page(job: &Option<JobDetail>, site: &SiteData) -> Page {
    let brand = &site.info.brand;
    let Some(detail) = job else {
        let body = view! {
            <PageIntro title="Apply for a job" lead="Choose a job first, then apply with your CV and a short cover letter."/>
            <div class="container page-body">
                <div class="empty-state">
                    <h2>"Which job would you like to apply for?"</h2>
                    <p>"Browse the open jobs, open the one that suits you and press Apply."</p>
                    <p><a class="button button--primary" href="/jobs">"See open jobs"</a></p>
                </div>
            </div>
        };
        let description = format!("Apply for jobs across the UK with {brand}: choose an open job and send your CV.");
        return Page::new("Apply for a job", brand, description, body);
    };
    let job = &detail.job;
    let (job_id, url) = (job.id, format!("{PATH}?id={}", job.id));
    let name = format!("Apply: {} at {}", job.title, job.company);
    let description = format!(
        "Apply for {} at {} in {}, {}. Send your CV and cover letter online.",
        job.title,
        job.company,
        job.location,
        salary(job.salary_min.as_deref(), job.salary_max.as_deref(), job.salary_period)
    );
    let body = view! {
        <JobOverview detail=detail.clone()/>
        <div class="container page-body">
            {if detail.status == ListingStatus::Open {
                view! {
                    // The `job-apply-form` island: its server markup is the form as a visitor
                    // sees it (fields disabled, a way to sign in and come back in place of its
                    // button), hydrated when first reached for; a member's takes the same room.
                    <MemberArea hook="apply">
                        <h2>"Your application"</h2>
                        <NeedsJavaScript message="Applying needs JavaScript: turn it on in your browser, then sign in to apply with your CV and follow your application from your account."/>
                        <Island name="job-apply-form" props=json!({ "job": job_id }) hydrate=Hydrate::Interaction/>
                    </MemberArea>
                }
                .into_any()
            } else {
                view! {
                    <p class="notice">"This job is no longer taking applications. " <a href="/jobs">"See the jobs that are open"</a></p>
                }
                .into_any()
            }}
        </div>
    };
    let page = Page::new(&name, brand, description, body).with_breadcrumbs(&trail(), &job.title, &url);
    match super::job_json_ld::job_posting(detail, brand) {
        Some(posting) => page.with_structured_data(posting),
        // A closed job stays readable for those who applied, but is no vacancy to index.
        None => page.noindex(),
    }
}

/// The links before a job's page.
fn trail() -> Vec<(String, String)> {
    vec![("/".to_owned(), "Home".to_owned()), ("/jobs".to_owned(), "Jobs".to_owned())]
}

#[component]
fn JobOverview(detail: JobDetail) -> impl IntoView {
    let job = detail.job;
    let bookmark = json!({ "job": job.id, "title": format!("{} at {}", job.title, job.company) });
    view! {
        <div class="page-intro">
            <div class="container">
                <Breadcrumbs trail=trail() current=job.title.clone()/>
                <p class="card-eyebrow">{job.company.clone()}</p>
                <h1>{job.title.clone()}</h1>
                <JobFacts job/>
                // Save / Saved (a visitor's in the browser, a member's in the account).
                <Island name="bookmark-toggle" props=bookmark hydrate=Hydrate::Interaction class="island intro-bookmark"/>
            </div>
        </div>
        <div class="container page-body">
            <div class="prose">
                <h2>"About the role"</h2>
                {paragraphs(&detail.description).into_iter().map(|text| view! { <p>{text}</p> }).collect_view()}
                {detail.attachment.map(|href| view! {
                    <p><a href=href download="">"Download the full job description"</a></p>
                })}
            </div>
        </div>
    }
}
