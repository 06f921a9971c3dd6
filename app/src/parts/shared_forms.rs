//! Forms that two routes share: the recruitment request (/form/hire-talent and
//! /recruitment-post) and the job post (/job-post and /form/job-post), both React islands whose
//! server markup is the whole form; and the job and service searches.

use super::member::NeedsJavaScript;
use crate::data::{FormOutcome, NearSearch};
use crate::island::{Hydrate, Island};
use leptos::prelude::*;
use serde_json::json;

/// Tells the recruitment team who the company needs: the `recruitment-form` island, whose
/// server markup is a whole form with the API's field names posting to `action` (the page's own
/// path), so that it works without JavaScript; once hydrated it sends to the API itself.
/// Hydrated on load: a submit before then would post the page instead.
#[component]
pub(crate) fn RecruitmentForm(action: &'static str, outcome: FormOutcome) -> impl IntoView {
    let props = json!({ "action": action, "sent": outcome.sent, "errors": outcome.errors, "values": outcome.values });
    view! { <Island name="recruitment-form" props hydrate=Hydrate::Interaction/> }
}

/// Posts a job: the `job-post-form` island, whose server markup is the form as a visitor sees it
/// (fields disabled, a way to sign in and come back to `path` in place of its button), hydrated
/// when first reached for; a member's form, known in the browser alone, takes the same room.
#[component]
pub(crate) fn JobPostForm(path: &'static str) -> impl IntoView {
    view! {
        <NeedsJavaScript message="Posting a job needs JavaScript: turn it on in your browser, then sign in so that applications reach you."/>
        <Island name="job-post-form" props=json!({ "page": path }) hydrate=Hydrate::Interaction/>
    }
}

/// A search as a GET form: results have an address that can be shared, and it works without
/// JavaScript. `keep` are the filters the search stays within (hidden fields); with `near`, a
/// postcode and a distance to search near sit beside the words.
#[component]
fn SearchForm(
    id: String,
    action: &'static str,
    label: &'static str,
    placeholder: &'static str,
    value: Option<String>,
    keep: Vec<(&'static str, String)>,
    #[prop(optional_no_strip)] near: Option<(&'static str, NearSearch)>,
) -> impl IntoView {
    let hidden = keep.into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value/> }).collect_view();
    let words = view! { <input id=id.clone() type="search" name="search" value=value placeholder=placeholder maxlength="100"/> };
    let label = view! { <label class="field-label" for=id>{label}</label> };
    let submit = view! { <button class="button button--primary" type="submit">"Search"</button> };
    match near {
        Some((form, near)) => view! {
            <form class="search-form search-form--near" action=action method="get" role="search">
                {hidden}
                <div class="field">{label}{words}</div>
                <NearFields form near/>
                {submit}
            </form>
        }
        .into_any(),
        None => view! {
            <form class="search-form" action=action method="get" role="search">
                {hidden}
                {label}
                <div class="search-row">{words}{submit}</div>
            </form>
        }
        .into_any(),
    }
}

/// A job search: a GET form to /jobs; on the jobs list, near a postcode too.
#[component]
pub(crate) fn JobSearchForm(
    /// Makes the input's id unique on the page.
    form: &'static str,
    /// The current search, if any.
    #[prop(optional, into)]
    value: Option<String>,
    #[prop(optional)] near: Option<NearSearch>,
) -> impl IntoView {
    let near = near.map(|near| (form, near));
    view! { <SearchForm id=format!("{form}-search") action="/jobs" label="Search jobs" placeholder="Job title, company or town" value keep=Vec::new() near/> }
}

/// A service search: a GET form to /services, within the category being shown, by words and
/// near a postcode.
#[component]
pub(crate) fn ServiceSearchForm(
    /// The category slug the search stays within, if any.
    category: Option<String>,
    /// The current search (empty for none).
    value: String,
    near: NearSearch,
) -> impl IntoView {
    let keep = category.map(|slug| vec![("category", slug)]).unwrap_or_default();
    let value = (!value.is_empty()).then_some(value);
    view! { <SearchForm id="services-search".into() action="/services" label="Search services" placeholder="Service, e.g. boiler repair" value keep near=Some(("services", near))/> }
}

/// A postcode and a distance to search near, each with its message when it could not be read.
#[component]
fn NearFields(
    /// Makes the ids unique on the page.
    form: &'static str,
    near: NearSearch,
) -> impl IntoView {
    let error = |field: &str| near.errors.get(field).map(|messages| messages.join(" "));
    let (near_error, within_error) = (error("near"), error("within"));
    let (near_id, within_id) = (format!("{form}-near"), format!("{form}-within"));
    let described = |id: &str, error: &Option<String>| error.as_ref().map(|_| format!("{id}-error"));
    let message = |id: &str, error: Option<String>| error.map(|text| view! { <p class="isl-field-error" id=format!("{id}-error")>{text}</p> });
    view! {
        <div class="field">
            <label class="field-label" for=near_id.clone()>"Postcode " <span class="field-optional">"(optional)"</span></label>
            <input
                id=near_id.clone()
                name="near"
                value=near.near
                placeholder="e.g. LS6 or LS6 1AA"
                autocomplete="postal-code"
                maxlength="10"
                aria-invalid=near_error.as_ref().map(|_| "true")
                aria-describedby=described(&near_id, &near_error)
            />
            {message(&near_id, near_error)}
        </div>
        <div class="field">
            <label class="field-label" for=within_id.clone()>"Distance"</label>
            <select id=within_id.clone() name="within" aria-invalid=within_error.as_ref().map(|_| "true") aria-describedby=described(&within_id, &within_error)>
                {near
                    .choices
                    .into_iter()
                    .map(|miles| {
                        let selected = near.within == miles.to_string();
                        view! { <option value=miles.to_string() selected=selected>{format!("Within {miles} miles")}</option> }
                    })
                    .collect_view()}
            </select>
            {message(&within_id, within_error)}
        </div>
    }
}
