//! One module per route. `document` and `error_document` are the entry points `lib.rs` calls:
//! each page module turns its data into a [`Page`] (head text and body), the route table
//! (`crate::routes`) says which module renders which data, and this module puts the page into
//! its layout and the layout into the HTML document.

pub(crate) mod about;
pub(crate) mod apply;
pub(crate) mod become_provider;
pub(crate) mod bookmarks;
pub(crate) mod cancel;
pub(crate) mod contact;
pub(crate) mod cookie_policy;
mod errors;
mod job_posting;
mod message;
pub(crate) mod form;
pub(crate) mod home;
pub(crate) mod how_it_works;
pub(crate) mod job_post;
pub(crate) mod jobs;
pub(crate) mod notifications;
pub(crate) mod payment;
pub(crate) mod privacy_policy;
pub(crate) mod recruitment_post;
pub(crate) mod services;
pub(crate) mod success;
pub(crate) mod terms_and_conditions;
pub(crate) mod user;

use crate::data::{Assets, PagePayload, SiteData};
use crate::layouts::{DefaultLayout, FormLayout, Layout};
use leptos::prelude::*;

/// A page's head text and its content, before a layout is put around it.
pub(crate) struct Page {
    /// The whole `<title>`.
    title: String,
    /// The meta description: one or two sentences, different for every page.
    description: String,
    body: AnyView,
    /// Structured data for search engines (schema.org JSON-LD), if the page has any.
    structured_data: Option<serde_json::Value>,
}

impl Page {
    /// A page titled "{name} - {brand} UK".
    fn new(name: &str, brand: &str, description: impl Into<String>, body: impl IntoView + 'static) -> Self {
        Page { title: format!("{name} - {brand} UK"), description: description.into(), body: body.into_any(), structured_data: None }
    }

    fn with_structured_data(self, data: serde_json::Value) -> Self {
        Page { structured_data: Some(data), ..self }
    }
}

/// The HTML document of a page.
pub(crate) fn document(payload: &PagePayload, assets: &Assets) -> String {
    let site = &payload.site;
    let page = payload.page.render(site);
    let body = {
        let (site, url) = (site.clone(), payload.url.clone());
        match payload.page.layout() {
            Layout::Form => view! { <FormLayout site url>{page.body}</FormLayout> }.into_any(),
            Layout::Default => view! { <DefaultLayout site url>{page.body}</DefaultLayout> }.into_any(),
        }
    };
    let head = Head {
        structured_data: page.structured_data,
        title: page.title,
        description: page.description,
        canonical: Some(format!("{}{}", assets.public_url, payload.url)),
        brand: site.info.brand.clone(),
    };
    html(head, assets, body)
}

/// The document of an error page: 404 for a path nothing answers, anything else a server error.
/// Not to be indexed, and without a canonical address since the page is not a page of the site.
pub(crate) fn error_document(status: u16, path: &str, site: &SiteData, assets: &Assets) -> String {
    let brand = &site.info.brand;
    let (name, description, content) = if status == 404 {
        let content = view! { <errors::NotFound path=path.to_owned()/> }.into_any();
        ("Page Not Found", format!("Page Not Found: {path}"), content)
    } else {
        let content = view! { <errors::ServerError/> }.into_any();
        ("Internal Server Error", "Sorry, something went wrong on our side.".to_owned(), content)
    };
    let body = view! { <DefaultLayout site=site.clone() url=path.to_owned()>{content}</DefaultLayout> }.into_any();
    let head = Head { title: format!("{name} - {brand} UK"), description, canonical: None, brand: brand.clone(), structured_data: None };
    html(head, assets, body)
}

/// The document of a page that answers a link from a mail; kept out of search engines.
pub(crate) fn message_document(message: &crate::data::MessagePage, path: &str, site: &SiteData, assets: &Assets) -> String {
    let brand = &site.info.brand;
    let content = view! { <message::Message message=message.clone()/> }.into_any();
    let body = view! { <DefaultLayout site=site.clone() url=path.to_owned()>{content}</DefaultLayout> }.into_any();
    let head = Head { title: format!("{} - {brand} UK", message.heading), description: message.lead.clone(), canonical: None, brand: brand.clone(), structured_data: None };
    html(head, assets, body)
}

/// The browser's toolbar colour on phones: `--color-primary` of style/base.css.
const THEME_COLOR: &str = "#0b5563";

/// What the `<head>` says about a page.
pub(crate) struct Head {
    pub(crate) title: String,
    pub(crate) description: String,
    /// `None` for error pages, which are also kept out of search engines.
    pub(crate) canonical: Option<String>,
    pub(crate) brand: String,
    pub(crate) structured_data: Option<serde_json::Value>,
}

pub(crate) fn html(head: Head, assets: &Assets, body: AnyView) -> String {
    let robots = head.canonical.is_none().then_some("noindex");
    let site_name = format!("{} UK", head.brand);
    let view = view! {
        <html lang="en-GB">
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no"/>
                <title>{head.title.clone()}</title>
                <meta name="description" content=head.description.clone()/>
                {robots.map(|robots| view! { <meta name="robots" content=robots/> })}
                {head.canonical.clone().map(|href| view! { <link rel="canonical" href=href/> })}
                <meta name="build-id" content=assets.build_id.clone()/>
                <meta name="theme-color" content=THEME_COLOR/>
                {open_graph("og:type", "website".to_owned())}
                {open_graph("og:locale", "en_GB".to_owned())}
                {open_graph("og:site_name", site_name)}
                {open_graph("og:title", head.title)}
                {open_graph("og:description", head.description)}
                {head.canonical.map(|href| open_graph("og:url", href))}
                <link rel="stylesheet" href=assets.stylesheet.clone()/>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                {head.structured_data.map(|data| view! { <script type="application/ld+json" inner_html=json_ld(&data)></script> })}
                <script type="module" src=assets.runtime.clone()></script>
            </head>
            <body>{body}</body>
        </html>
    };
    format!("<!DOCTYPE html>{}", view.to_html())
}

/// JSON for a `<script>`: `<` written as `\u003c`, so that no text in it can close the script.
fn json_ld(data: &serde_json::Value) -> String {
    data.to_string().replace('<', "\\u003c")
}

/// An Open Graph `<meta property=.. content=..>`: `property` is not an attribute the view macro
/// knows, so it is added by name.
fn open_graph(property: &'static str, content: String) -> impl IntoView {
    leptos::html::meta().attr("property", property).attr("content", content)
}
