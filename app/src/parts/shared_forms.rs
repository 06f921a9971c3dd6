//! Forms that two routes share: the recruitment request (/form/hire-talent and
//! /recruitment-post) and the job post (/job-post and /form/job-post). Field names are the API's
//! (`/api/send-recruitment/`, `/api/service/jobs/`).

use super::form::{Field, Select, Submit, TextArea};
use crate::format::EMPLOYMENT_TYPES;
use leptos::prelude::*;

const SALARY_PERIODS: [(&str, &str); 2] = [("year", "A year"), ("hour", "An hour")];

/// Tells the recruitment team who the company needs. `action` is the page's own path.
#[component]
pub(crate) fn RecruitmentForm(action: &'static str) -> impl IntoView {
    const FORM: &str = "recruitment";
    view! {
        <form class="form" method="post" action=action>
            <fieldset>
                <legend>"About your organisation"</legend>
                <Field form=FORM name="company_name" label="Company name" autocomplete="organization"/>
                <Field form=FORM name="contact_name" label="Your name" autocomplete="name"/>
                <div class="form-row">
                    <Field form=FORM name="email" label="Email address" kind="email" autocomplete="email"/>
                    <Field form=FORM name="phone_number" label="Phone number" kind="tel" autocomplete="tel"/>
                </div>
            </fieldset>
            <fieldset>
                <legend>"The staff you need"</legend>
                <Field form=FORM name="role" label="Role" hint="For example: care assistant, commercial cleaner, warehouse operative."/>
                <div class="form-row">
                    <Field form=FORM name="number_of_staff" label="Number of staff" kind="number" min="1" inputmode="numeric"/>
                    <Field form=FORM name="start_date" label="Start date" kind="date"/>
                </div>
                <Field form=FORM name="location" label="Location" hint="Town or city, and postcode if you know it."/>
                <TextArea form=FORM name="details" label="Details" hint="Shifts, hours, pay rate, and any qualifications or checks the role needs."/>
            </fieldset>
            <Submit label="Send recruitment request"/>
        </form>
    }
}

/// Posts a job. `action` is the page's own path.
#[component]
pub(crate) fn JobPostForm(action: &'static str) -> impl IntoView {
    const FORM: &str = "job-post";
    view! {
        <form class="form" method="post" action=action enctype="multipart/form-data">
            <fieldset>
                <legend>"The role"</legend>
                <Field form=FORM name="title" label="Job title"/>
                <Field form=FORM name="company" label="Company" autocomplete="organization"/>
                <div class="form-row">
                    <Field form=FORM name="location" label="Location" hint="Town or city."/>
                    <Select form=FORM name="employment_type" label="Employment type" options=&EMPLOYMENT_TYPES/>
                </div>
            </fieldset>
            <fieldset>
                <legend>"Pay and dates"</legend>
                <div class="form-row form-row--3">
                    <Field form=FORM name="salary_min" label="Salary from (£)" kind="number" min="0" inputmode="numeric" required=false/>
                    <Field form=FORM name="salary_max" label="Salary to (£)" kind="number" min="0" inputmode="numeric" required=false/>
                    <Select form=FORM name="salary_period" label="Paid" options=&SALARY_PERIODS/>
                </div>
                <Field form=FORM name="closes_at" label="Closing date" kind="date"/>
            </fieldset>
            <fieldset>
                <legend>"Description"</legend>
                <TextArea form=FORM name="description" label="Job description" rows=8 hint="What the job involves, the hours, who you are looking for and the benefits you offer."/>
                <Field form=FORM name="attachment" label="Attachment" kind="file" required=false accept=".pdf,.doc,.docx" hint="A full job description or application pack: PDF or Word, up to 5 MB."/>
            </fieldset>
            <Submit label="Post job"/>
        </form>
    }
}

/// A search as a GET form: results have an address that can be shared, and it works without
/// JavaScript. `keep` are the filters the search stays within (hidden fields).
#[component]
fn SearchForm(id: String, action: &'static str, label: &'static str, placeholder: &'static str, value: Option<String>, keep: Vec<(&'static str, String)>) -> impl IntoView {
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
