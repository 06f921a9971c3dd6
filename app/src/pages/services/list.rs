//! `/services?category=SLUG&page=N`: the open services of a category, or of every category;
//! `near=POSTCODE&within=MILES` lists those covering a postcode, nearest first.

use crate::data::{CategoryCard, ServicesData, SiteData};
use crate::format::count_of;
use crate::pages::Page;
use crate::parts::breadcrumbs::Breadcrumbs;
use crate::parts::cards::ServiceTile;
use crate::parts::feedback::Feedback;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::page_intro::PageIntro;
use crate::parts::pagination::{Pager, page_href};
use crate::parts::shared_forms::ServiceSearchForm;
use leptos::prelude::*;

pub(crate) fn page(data: &ServicesData, site: &SiteData) -> Page {
    let pagination = &data.pagination;
    let (mut heading, lead) = match &data.category {
        Some(category) => (format!("{} services", category.name), category.description.clone()),
        None => ("All services".to_owned(), "Every service open for booking, from cleaning and plumbing to home care and tutoring.".to_owned()),
    };
    if !data.search.is_empty() {
        heading = format!("{heading} matching \"{}\"", data.search);
    }
    if let Some(district) = &data.near.district {
        heading = format!("{heading} near {district}");
    }
    // Later pages of a list get their own title and description, so that no two pages share them.
    let (name, description) = if pagination.page > 1 {
        let of = format!("Page {} of {}.", pagination.page, pagination.total_pages);
        (format!("{heading} (page {})", pagination.page), format!("{lead} {of}"))
    } else {
        (heading.clone(), format!("{lead} {} open for booking.", count_of(pagination.total_items as i64, "service")))
    };
    let slug = data.category.as_ref().map(|category| category.slug.clone()).unwrap_or_default();
    let url = page_href("/services", &[("category", slug.clone())], 1);
    // A category's list sits under all services; the whole list is the top of the catalogue.
    let trail = vec![("/".to_owned(), "Home".to_owned()), ("/services".to_owned(), "Services".to_owned())];
    let category = data.category.as_ref().map(|category| (category.name.clone(), url.clone()));
    let breadcrumbs = category.clone().map(|(name, _)| view! { <Breadcrumbs trail=trail.clone() current=name/> });
    let body = view! {
        <PageIntro title=heading lead>{breadcrumbs}</PageIntro>
        <div class="container page-body">
            <ServiceSearchForm category=data.category.as_ref().map(|category| category.slug.clone()) value=data.search.clone() near=data.near.clone()/>
            <CategoryFilter categories=site.categories.clone() url/>
            <ServiceResults data=data.clone()/>
            <Pager
                path="/services"
                query=vec![("category", slug), ("search", data.search.clone()), ("near", data.near.near.clone()), ("within", data.near.pager_within())]
                pagination=pagination.clone()
            />
        </div>
        <Feedback reviews=Vec::new()/>
        <GetInTouch info=site.info.clone()/>
    };
    let page = Page::new(&name, &site.info.brand, description, body);
    let page = match category {
        Some((current, url)) => page.with_breadcrumbs(&trail, &current, &url),
        None => page,
    };
    // A list near someone's postcode is theirs, one of thousands alike: not for search engines.
    let page = page.with_errors_if(!data.near.errors.is_empty());
    if data.near.near.is_empty() { page } else { page.noindex() }
}

/// Links to the other categories, the current one marked.
#[component]
fn CategoryFilter(categories: Vec<CategoryCard>, url: String) -> impl IntoView {
    let links = std::iter::once(("/services".to_owned(), "All services".to_owned()))
        .chain(categories.into_iter().map(|category| (format!("/services?category={}", category.slug), category.name)));
    view! {
        <nav class="filter-links" aria-label="Service categories">
            <ul>
                {links
                    .map(|(href, name)| {
                        // Only the exact list is current: "All services" is not current on a category.
                        let current = (href == url).then_some("page");
                        view! { <li><a href=href aria-current=current>{name}</a></li> }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}

#[component]
fn ServiceResults(data: ServicesData) -> impl IntoView {
    let reach = data.near.reach();
    if data.services.is_empty() {
        let (heading, advice) = match &reach {
            Some(reach) => (format!("No services found{reach}"), "Try a longer distance or another category"),
            None => {
                let place = data.category.map_or_else(|| "at the moment".to_owned(), |category| format!("in {} at the moment", category.name));
                (format!("No services are open {place}"), "New providers join every week. Try another category")
            }
        };
        return view! {
            <div class="empty-state">
                <h2>{heading}</h2>
                <p>{format!("{advice}, or tell us what you need and we will find someone for you.")}</p>
                <p><a class="button button--primary" href="/contact">"Tell us what you need"</a></p>
            </div>
        }
        .into_any();
    }
    let first = data.pagination.page.saturating_sub(1) * data.pagination.page_size + 1;
    let last = first + data.services.len() as u64 - 1;
    view! {
        <h2 class="visually-hidden">"Services"</h2>
        <p class="results-count">
            {format!("Showing {first} to {last} of {}{}", count_of(data.pagination.total_items as i64, "service"), reach.unwrap_or_default())}
        </p>
        <div class="grid grid--3">
            {data.services.into_iter().map(|service| view! { <ServiceTile service/> }).collect_view()}
        </div>
    }
    .into_any()
}
