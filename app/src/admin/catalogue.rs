//! `/admin/catalogue`, `/admin/services/{id}` and `/admin/website-info`: the categories (add,
//! edit, hide), the services (add, edit every field, close) and the company's details, each
//! change on the public site at once.

use super::{CategoryRow, Listing, ListingStatus, Pager, PriceUnit, SearchFilter, ServiceRow, WebsiteInfoForm, Word, word_options};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn Catalogue(categories: Vec<CategoryRow>, services: Listing<ServiceRow>) -> impl IntoView {
    let category_rows = categories.into_iter().map(|c| view! { <CategoryForm category=Some(c)/> }).collect_view();
    let search = services.filter("q").to_owned();
    let summary = count_of(services.count as i64, "service");
    let service_rows = services
        .rows
        .into_iter()
        .map(|s| {
            let facts = format!("{} · £{} {} · {}", s.category_name, s.price_from, s.price_unit, s.status);
            view! { <tr><td><a href=format!("/admin/services/{}", s.id)>{s.title}</a></td><td>{facts}</td></tr> }
        })
        .collect_view();
    view! {
        <h2>"Categories"</h2>
        <ul class="admin-list">{category_rows}</ul>
        <details class="admin-item"><summary>"Add a category"</summary><CategoryForm category=None/></details>
        <h2>"Services"</h2>
        <p><a class="button button--primary" href="/admin/services/new">"Add a service"</a></p>
        <SearchFilter path="/admin/catalogue" label="Title" value=search/>
        <p>{summary}</p>
        <div class="admin-table"><table><tbody>{service_rows}</tbody></table></div>
        <Pager path="/admin/catalogue" filters=services.filters page=services.page pages=services.pages/>
    }
}

/// A text input with its label; `id` is unique on the page.
#[component]
fn Input(id: String, name: &'static str, label: &'static str, value: String, #[prop(optional)] kind: Option<&'static str>) -> impl IntoView {
    view! {
        <div class="field">
            <label class="field-label" for=id.clone()>{label}</label>
            <input id=id name=name type=kind.unwrap_or("text") value=value required=name != "icon"/>
        </div>
    }
}

#[component]
fn CategoryForm(category: Option<CategoryRow>) -> impl IntoView {
    let key = category.as_ref().map_or("new".to_owned(), |c| c.id.to_string());
    let action = category.as_ref().map_or("/admin/categories".to_owned(), |c| format!("/admin/categories/{}", c.id));
    let c = category.clone().unwrap_or(CategoryRow {
        id: 0,
        slug: String::new(),
        name: String::new(),
        description: String::new(),
        icon: String::new(),
        priority: 100,
        hidden: false,
        services: 0,
    });
    let visibility = category.map(|c| {
        let (verb, label) = if c.hidden { ("show", "Show on the site") } else { ("hide", "Hide from the site") };
        let state = if c.hidden { format!("Hidden · {} services", c.services) } else { format!("Shown · {} services", c.services) };
        view! {
            <p>{state}</p>
            <form method="post" action=format!("/admin/categories/{}/{verb}", c.id)><button class="button button--secondary" type="submit">{label}</button></form>
        }
    });
    view! {
        <li class="admin-item">
            <form method="post" action=action class="admin-actions">
                <Input id=format!("category-name-{key}") name="name" label="Name" value=c.name/>
                <Input id=format!("category-slug-{key}") name="slug" label="Slug (in the address)" value=c.slug/>
                <Input id=format!("category-icon-{key}") name="icon" label="Icon" value=c.icon/>
                <Input id=format!("category-priority-{key}") name="priority" label="Priority (smaller first)" value=c.priority.to_string() kind="number"/>
                <Input id=format!("category-description-{key}") name="description" label="Description" value=c.description/>
                <button class="button button--primary" type="submit">"Save category"</button>
            </form>
            {visibility}
        </li>
    }
}

#[component]
pub(super) fn ServiceForm(service: Option<ServiceRow>, categories: Vec<CategoryRow>) -> impl IntoView {
    let action = service.as_ref().map_or("/admin/services".to_owned(), |s| format!("/admin/services/{}", s.id));
    let public = service.as_ref().map(|s| view! { <p><a href=format!("/services/details?id={}", s.id)>"See it on the site"</a></p> });
    let s = service.unwrap_or(ServiceRow {
        id: 0,
        slug: String::new(),
        category: 0,
        category_name: String::new(),
        title: String::new(),
        summary: String::new(),
        description: String::new(),
        price_from: String::new(),
        price_unit: PriceUnit::Fixed,
        status: ListingStatus::Open,
        priority: 100,
        areas: Vec::new(),
    });
    let category_options =
        categories.into_iter().map(|c| view! { <option value=c.id.to_string() selected=c.id == s.category>{c.name}</option> }).collect_view();
    let unit_options = PriceUnit::ALL
        .iter()
        .map(|unit| {
            let label = match unit {
                PriceUnit::Fixed => "fixed price",
                PriceUnit::Hour => "per hour",
                PriceUnit::Day => "per day",
            };
            view! { <option value=unit.as_str() selected=*unit == s.price_unit>{label}</option> }
        })
        .collect_view();
    let status_options = word_options(s.status, None);
    view! {
        {public}
        <form method="post" action=action class="form admin-service-form">
            <Input id="service-title".into() name="title" label="Title" value=s.title/>
            <Input id="service-slug".into() name="slug" label="Slug (in the address)" value=s.slug/>
            <div class="field"><label class="field-label" for="service-category">"Category"</label><select id="service-category" name="category">{category_options}</select></div>
            <Input id="service-summary".into() name="summary" label="Summary" value=s.summary/>
            <div class="field"><label class="field-label" for="service-description">"Description"</label><textarea id="service-description" name="description" rows="6" required>{s.description}</textarea></div>
            <Input id="service-price".into() name="price_from" label="Price from (£)" value=s.price_from/>
            <div class="field"><label class="field-label" for="service-unit">"Price is"</label><select id="service-unit" name="price_unit">{unit_options}</select></div>
            <div class="field">
                <label class="field-label" for="service-areas">"Areas, one a line"</label>
                <p class="field-hint" id="service-areas-hint">"A town, a postcode district such as LS1, or a postcode, covered within the default radius (10 miles unless set otherwise) or as it says, “Leeds within 15 miles”; or the districts covered whatever the distance, as “Districts: LS1, LS2”."</p>
                <textarea id="service-areas" name="areas" rows="4" aria-describedby="service-areas-hint">{s.areas.join("\n")}</textarea>
            </div>
            <Input id="service-priority".into() name="priority" label="Priority (smaller first)" value=s.priority.to_string() kind="number"/>
            <div class="field"><label class="field-label" for="service-status">"Status"</label><select id="service-status" name="status">{status_options}</select></div>
            <button class="button button--primary" type="submit">"Save service"</button>
        </form>
    }
}

#[component]
pub(super) fn WebsiteInfo(info: WebsiteInfoForm) -> impl IntoView {
    let socials = info.socials.iter().map(|(name, url)| format!("{name} {url}")).collect::<Vec<_>>().join("\n");
    view! {
        <form method="post" action="/admin/website-info" class="form">
            <Input id="info-brand".into() name="brand" label="Company name" value=info.brand/>
            <Input id="info-email".into() name="email" label="Contact email" value=info.email kind="email"/>
            <div class="field"><label class="field-label" for="info-phones">"Phone numbers (one a line)"</label><textarea id="info-phones" name="phones" rows="2">{info.phones.join("\n")}</textarea></div>
            <Input id="info-address".into() name="address" label="Address" value=info.address/>
            <Input id="info-hours".into() name="opening_hours" label="Opening hours" value=info.opening_hours/>
            <div class="field"><label class="field-label" for="info-socials">"Social links (a name and an address, one a line)"</label><textarea id="info-socials" name="socials" rows="4">{socials}</textarea></div>
            <button class="button button--primary" type="submit">"Save website info"</button>
        </form>
    }
}
