//! The back office's pages: server-rendered for one staff member at a time, kept out of
//! search engines and caches, working without JavaScript (plain forms that post back).

mod audit;
mod bookings;
mod catalogue;
mod contact;
mod dashboard;
pub mod data;
mod jobs;
mod members;
mod payments;
mod providers;
mod recruitment;
mod reviews;
mod talent;

pub use data::*;

use crate::data::{Assets, SiteData};
use crate::layouts::DefaultLayout;
use crate::pages::{Head, html};
use leptos::prelude::*;

/// The back office's sections, in the menu's order.
const SECTIONS: [(&str, &str); 13] = [
    ("/admin", "Dashboard"),
    ("/admin/providers", "Provider applications"),
    ("/admin/bookings", "Bookings"),
    ("/admin/payments", "Payments"),
    ("/admin/jobs", "Jobs"),
    ("/admin/recruitment", "Recruitment requests"),
    ("/admin/contact", "Contact messages"),
    ("/admin/talent", "Talent pool"),
    ("/admin/catalogue", "Catalogue"),
    ("/admin/website-info", "Website info"),
    ("/admin/reviews", "Reviews"),
    ("/admin/members", "Members"),
    ("/admin/audit", "Audit log"),
];

pub(crate) fn document(page: &AdminPage, site: &SiteData, assets: &Assets) -> String {
    let (name, content) = match &page.view {
        AdminView::Dashboard(data) => ("Dashboard", view! { <dashboard::DashboardView data=data.clone()/> }.into_any()),
        AdminView::ProviderApplications(list) => ("Provider applications", view! { <providers::ProviderApplications list=list.clone()/> }.into_any()),
        AdminView::Bookings(list) => ("Bookings", view! { <bookings::Bookings list=list.clone()/> }.into_any()),
        AdminView::BookingThread(thread) => ("Messages", view! { <bookings::Thread thread=thread.clone()/> }.into_any()),
        AdminView::Members(list) => ("Members", view! { <members::Members list=list.clone()/> }.into_any()),
        AdminView::Member(row) => ("Member", view! { <members::Member row=row.clone()/> }.into_any()),
        AdminView::Catalogue { categories, services } => {
            ("Catalogue", view! { <catalogue::Catalogue categories=categories.clone() services=services.clone()/> }.into_any())
        }
        AdminView::ServiceForm { service, categories } => (
            if service.is_some() { "Edit a service" } else { "Add a service" },
            view! { <catalogue::ServiceForm service=service.clone() categories=categories.clone()/> }.into_any(),
        ),
        AdminView::WebsiteInfo(info) => ("Website info", view! { <catalogue::WebsiteInfo info=info.clone()/> }.into_any()),
        AdminView::Reviews(list) => ("Reviews", view! { <reviews::Reviews list=list.clone()/> }.into_any()),
        AdminView::Payments(list) => ("Payments", view! { <payments::Payments list=list.clone()/> }.into_any()),
        AdminView::Recruitment(list) => ("Recruitment requests", view! { <recruitment::Recruitment list=list.clone()/> }.into_any()),
        AdminView::Contact(list) => ("Contact messages", view! { <contact::Contact list=list.clone()/> }.into_any()),
        AdminView::TalentPool(list) => ("Talent pool", view! { <talent::TalentPool list=list.clone()/> }.into_any()),
        AdminView::Jobs(list) => ("Jobs", view! { <jobs::Jobs list=list.clone()/> }.into_any()),
        AdminView::JobApplications { job, applications } => {
            ("Applications", view! { <jobs::Applications job=job.clone() applications=applications.clone()/> }.into_any())
        }
        AdminView::AuditLog(list) => ("Audit log", view! { <audit::AuditLog list=list.clone()/> }.into_any()),
    };
    let brand = &site.info.brand;
    let path = page.url.split('?').next().unwrap_or("/admin").to_owned();
    let menu = SECTIONS
        .iter()
        .map(|(href, label)| {
            // A member's own page sits in the members section.
            let current = (*href == path || (*href != "/admin" && path.starts_with(&format!("{href}/")))).then_some("page");
            view! { <li><a href=*href aria-current=current>{*label}</a></li> }
        })
        .collect_view();
    let notice = page.notice.clone().map(|text| view! { <p class="admin-notice" role="status">{text}</p> });
    let staff_email = page.staff_email.clone();
    let body = view! {
        <DefaultLayout site=site.clone() url=page.url.clone()>
            <div class="container admin">
                <nav class="admin-nav" aria-label="Back office">
                    <ul>{menu}</ul>
                    <form method="post" action="/admin/sign-out" class="admin-sign-out">
                        <span>{staff_email}</span>
                        <button class="button button--secondary" type="submit">"Sign out of the back office"</button>
                    </form>
                </nav>
                <h1>{name}</h1>
                {notice}
                {content}
            </div>
        </DefaultLayout>
    }
    .into_any();
    let head = Head {
        title: format!("{name} - Back office - {brand} UK"),
        description: format!("{brand} back office: {name}."),
        canonical: None,
        noindex: true,
        stylesheet: Some(assets.back_office_stylesheet.clone()),
        brand: brand.clone(),
        structured_data: Vec::new(),
    };
    html(head, assets, body)
}

/// An API timestamp as staff read it: `2026-11-25 18:40 UTC`.
fn when(timestamp: &str) -> String {
    match timestamp.get(..16) {
        Some(minute) => format!("{} UTC", minute.replace('T', " ")),
        None => timestamp.to_owned(),
    }
}

/// The options of a filter by one of `W`'s words, `All` first, with `chosen` selected.
fn filter_options<W: Word + Send + Sync>(chosen: Filter<W>) -> impl IntoView {
    Filter::<W>::choices().map(|choice| view! { <option value=choice.as_str() selected=choice == chosen>{choice.as_str()}</option> }).collect_view()
}

/// The options of a choice of one of `W`'s words, with `chosen` selected and `unchosen` shown
/// but disabled (a status staff cannot set, such as where an application starts).
fn word_options<W: Word + Send + Sync>(chosen: W, unchosen: Option<W>) -> impl IntoView {
    W::ALL
        .iter()
        .map(|word| view! { <option value=word.as_str() selected=*word == chosen disabled=Some(*word) == unchosen>{word.as_str()}</option> })
        .collect_view()
}

/// A list's filter by one of `W`'s words (a status), as a form that reloads the list.
fn choice_filter<W: Word + Send + Sync>(path: &'static str, name: &'static str, label: &'static str, chosen: Filter<W>) -> impl IntoView {
    let options = filter_options(chosen);
    view! {
        <form method="get" action=path class="admin-filter">
            <label for=name>{label}</label>
            <select id=name name=name>{options}</select>
            <button class="button button--secondary" type="submit">"Show"</button>
        </form>
    }
}

/// A list's text search (`q`), as a form that reloads the list.
#[component]
fn SearchFilter(path: &'static str, label: &'static str, value: String) -> impl IntoView {
    view! {
        <form method="get" action=path class="admin-filter" role="search">
            <label for="q">{label}</label>
            <input id="q" name="q" type="search" value=value/>
            <button class="button button--secondary" type="submit">"Search"</button>
        </form>
    }
}

/// Links to the previous and next page of a list at `path`, keeping its filters.
#[component]
fn Pager(path: &'static str, filters: Vec<(String, String)>, page: u64, pages: u64) -> impl IntoView {
    let link = move |to: u64| {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in filters.iter().filter(|(_, value)| !value.is_empty()) {
            query.append_pair(name, value);
        }
        if to > 1 {
            query.append_pair("page", &to.to_string());
        }
        let query = query.finish();
        if query.is_empty() { path.to_owned() } else { format!("{path}?{query}") }
    };
    (pages > 1).then(|| {
        view! {
            <nav class="pagination" aria-label="Pages">
                {(page > 1).then(|| view! { <a rel="prev" href=link(page - 1)>"Previous"</a> })}
                <span>{format!("Page {page} of {pages}")}</span>
                {(page < pages).then(|| view! { <a rel="next" href=link(page + 1)>"Next"</a> })}
            </nav>
        }
    })
}
