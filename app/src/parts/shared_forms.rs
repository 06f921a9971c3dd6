//! Forms that two routes share: the recruitment request (/form/hire-talent and
//! /recruitment-post) and the job post (/job-post and /form/job-post), both React islands whose
//! server markup is the whole form; and the job and service searches.

use super::member::NeedsJavaScript;
use crate::data::FormOutcome;
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
/// JavaScript. `keep` are the filters the search stays within (hidden fields).
#[component]
fn SearchForm(
    id: String,
    action: &'static str,
    label: &'static str,
    placeholder: &'static str,
    value: Option<String>,
    keep: Vec<(&'static str, String)>,
) -> impl IntoView {
    view! {
        <form class="search-form" action=action method="get" role="search">
            {keep.into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value/> }).collect_view()}
            <label class="field-label" for=id.clone()>{label}</label>
            <div class="search-row">
                <input id=id type="search" name="search" value=value placeholder=placeholder maxlength="100"/>
                <button class="button button--primary" type="submit">"Search"</button>
            </div>
        </form>
    }
}

/// A job search: a GET form to /jobs.
#[component]
pub(crate) fn JobSearchForm(
    /// Makes the input's id unique on the page.
    form: &'static str,
    /// The current search, if any.
    #[prop(optional, into)]
    value: Option<String>,
) -> impl IntoView {
    view! { <SearchForm id=format!("{form}-search") action="/jobs" label="Search jobs" placeholder="Job title, company or town" value keep=Vec::new()/> }
}

/// A service search: a GET form to /services, within the category being shown.
#[component]
pub(crate) fn ServiceSearchForm(
    /// The category slug the search stays within, if any.
    category: Option<String>,
    /// The current search (empty for none).
    value: String,
) -> impl IntoView {
    let keep = category.map(|slug| vec![("category", slug)]).unwrap_or_default();
    let value = (!value.is_empty()).then_some(value);
    view! { <SearchForm id="services-search".into() action="/services" label="Search services" placeholder="Service or town, e.g. boiler repair Leeds" value keep/> }
}
