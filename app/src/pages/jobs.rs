//! `/jobs?search=TEXT&page=N`: open jobs, searchable; `near=POSTCODE&within=MILES` lists those
//! near a postcode, nearest first.

use super::Page;
use crate::data::{JobsData, SiteData};
use crate::format::count_of;
use crate::parts::cards::JobTile;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::page_intro::PageIntro;
use crate::parts::pagination::Pager;
use crate::parts::shared_forms::JobSearchForm;
use leptos::prelude::*;

pub(crate) fn page(data: &JobsData, site: &SiteData) -> Page {
    let pagination = &data.pagination;
    let mut name = if data.search.is_empty() { "Jobs".to_owned() } else { format!("Jobs matching \"{}\"", data.search) };
    if let Some(district) = &data.near.district {
        name = format!("{name} near {district}");
    }
    let mut description = if data.search.is_empty() {
        format!(
            "{} across the UK in care, cleaning, trades and more. Search by role or town and apply online with your CV.",
            count_of(pagination.total_items as i64, "open job")
        )
    } else {
        format!("{} matching \"{}\". Apply online with your CV.", count_of(pagination.total_items as i64, "open job"), data.search)
    };
    if pagination.page > 1 {
        name = format!("{name} (page {})", pagination.page);
        description = format!("{description} Page {} of {}.", pagination.page, pagination.total_pages);
    }
    let body = view! {
        <PageIntro title="Jobs" lead="Open roles with employers across the UK. Search by job title, company or town, and apply online with your CV."/>
        <div class="container page-body">
            <JobSearchForm form="jobs" value=data.search.clone() near=data.near.clone()/>
            <JobResults data=data.clone()/>
            <Pager path="/jobs" query=vec![("search", data.search.clone()), ("near", data.near.near.clone()), ("within", data.near.pager_within())] pagination=pagination.clone()/>
        </div>
        <GetInTouch info=site.info.clone()/>
    };
    let page = Page::new(&name, &site.info.brand, description, body);
    // A list near someone's postcode is theirs, one of thousands alike: not for search engines.
    let page = page.with_errors_if(!data.near.errors.is_empty());
    if data.near.near.is_empty() { page } else { page.noindex() }
}

#[component]
fn JobResults(data: JobsData) -> impl IntoView {
    let reach = data.near.reach();
    if data.jobs.is_empty() {
        let (heading, advice) = match (&reach, data.search.is_empty()) {
            (Some(reach), _) => (format!("No open jobs found{reach}"), "Try a longer distance or a shorter search"),
            (None, true) => ("There are no open jobs at the moment".to_owned(), "New roles are posted every week. Try a shorter search"),
            (None, false) => (format!("No open jobs match \"{}\"", data.search), "New roles are posted every week. Try a shorter search"),
        };
        return view! {
            <div class="empty-state">
                <h2>{heading}</h2>
                <p>{format!("{advice}, or register to upload your CV so employers can find you.")}</p>
                <p class="empty-state-actions">
                    <a class="button button--primary" href="/jobs">"See all jobs"</a>
                    <a href="/user/register">"Register and upload your CV"</a>
                </p>
            </div>
        }
        .into_any();
    }
    let first = data.pagination.page.saturating_sub(1) * data.pagination.page_size + 1;
    let last = first + data.jobs.len() as u64 - 1;
    view! {
        <h2 class="visually-hidden">"Open jobs"</h2>
        <p class="results-count">{format!("Showing {first} to {last} of {}{}", count_of(data.pagination.total_items as i64, "job"), reach.unwrap_or_default())}</p>
        <div class="grid grid--3">{data.jobs.into_iter().map(|job| view! { <JobTile job/> }).collect_view()}</div>
    }
    .into_any()
}
