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
pub(crate) mod form;
pub(crate) mod home;
pub(crate) mod how_it_works;
mod job_json_ld;
pub(crate) mod job_post;
pub(crate) mod jobs;
mod message;
pub(crate) mod notifications;
pub(crate) mod payment;
pub(crate) mod privacy_policy;
pub(crate) mod providers;
pub(crate) mod recruitment_post;
mod review_form;
pub(crate) mod services;
mod structured_data;
pub(crate) mod success;
pub(crate) mod terms_and_conditions;
mod thread;
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
    /// Structured data for search engines (schema.org JSON-LD blocks), URLs from the site's root.
    structured_data: Vec<serde_json::Value>,
    /// Kept out of search engines though public (a job that has closed, say).
    noindex: bool,
}

impl Page {
    /// A page titled "{name} - {brand} UK".
    fn new(name: &str, brand: &str, description: impl Into<String>, body: impl IntoView + 'static) -> Self {
        Page { title: format!("{name} - {brand} UK"), description: description.into(), body: body.into_any(), structured_data: Vec::new(), noindex: false }
    }

    fn with_structured_data(mut self, data: serde_json::Value) -> Self {
        self.structured_data.push(data);
        self
    }

    /// Adds the page's breadcrumb trail (the links before it, then itself at `url`) as `BreadcrumbList`.
    fn with_breadcrumbs(self, trail: &[(String, String)], current: &str, url: &str) -> Self {
        self.with_structured_data(structured_data::breadcrumb_list(trail, current, url))
    }

    fn noindex(self) -> Self {
        Page { noindex: true, ..self }
    }

    /// A page showing what to correct in its form: its title says so first, so that a screen
    /// reader user hears it at once (as GOV.UK pages do).
    fn with_errors_if(self, errors: bool) -> Self {
        if errors { Page { title: format!("Error: {}", self.title), ..self } } else { self }
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
    let mut structured_data = page.structured_data;
    for data in &mut structured_data {
        structured_data::absolute_urls(data, &assets.public_url);
    }
    let head = Head {
        structured_data,
        title: page.title,
        description: page.description,
        canonical: Some(format!("{}{}", assets.public_url, payload.url)),
        noindex: page.noindex,
        stylesheet: None,
        brand: site.info.brand.clone(),
    };
    html(head, assets, body)
}

/// The document of an error page: 404 for a path nothing answers, 410 for a page taken down,
/// 503 while the database cannot be reached, anything else a server error.
/// Not to be indexed, and without a canonical address since the page is not a page of the site.
pub(crate) fn error_document(status: u16, path: &str, site: &SiteData, assets: &Assets) -> String {
    let brand = &site.info.brand;
    let (name, description, content) = if status == 404 {
        let content = view! { <errors::NotFound path=path.to_owned()/> }.into_any();
        ("Page Not Found", format!("Page Not Found: {path}"), content)
    } else if status == 410 {
        ("No Longer Available", "This job advert has been taken down.".to_owned(), view! { <errors::Gone/> }.into_any())
    } else if status == 503 {
        ("Service Unavailable", "We cannot reach our records for a moment.".to_owned(), view! { <errors::Unavailable/> }.into_any())
    } else {
        let content = view! { <errors::ServerError/> }.into_any();
        ("Internal Server Error", "Sorry, something went wrong on our side.".to_owned(), content)
    };
    unlisted_document(format!("{name} - {brand} UK"), description, content, path, site, assets)
}

/// The document of a page that answers a link from a mail; kept out of search engines.
pub(crate) fn message_document(message: &crate::data::MessagePage, path: &str, site: &SiteData, assets: &Assets) -> String {
    let content = view! { <message::Message message=message.clone()/> }.into_any();
    unlisted_document(format!("{} - {} UK", message.heading, site.info.brand), message.lead.clone(), content, path, site, assets)
}

/// The document of a page a signed link from a mail opens; kept out of search engines.
pub(crate) fn linked_document(page: &crate::data::LinkedPage, path: &str, site: &SiteData, assets: &Assets) -> String {
    use crate::data::LinkedPage;
    let brand = &site.info.brand;
    let (title, description, content) = match page {
        LinkedPage::Thread(page) => (
            format!("Messages about {} - {brand} UK", page.about),
            format!("The messages about {}.", page.about),
            view! { <thread::Thread page=page.clone()/> }.into_any(),
        ),
        LinkedPage::ReviewForm(page) => (
            format!("Review {} - {brand} UK", page.about),
            format!("How did {} go?", page.about),
            view! { <review_form::ReviewForm page=page.clone()/> }.into_any(),
        ),
    };
    unlisted_document(title, description, content, path, site, assets)
}

/// A page in the site's layout that is no page of the site (an error, an answer to a mail's
/// link): without a canonical address, and not to be indexed.
fn unlisted_document(title: String, description: String, content: AnyView, path: &str, site: &SiteData, assets: &Assets) -> String {
    let body = view! { <DefaultLayout site=site.clone() url=path.to_owned()>{content}</DefaultLayout> }.into_any();
    let head = Head { title, description, canonical: None, noindex: true, stylesheet: None, brand: site.info.brand.clone(), structured_data: Vec::new() };
    html(head, assets, body)
}

/// The browser's toolbar colour on phones: `--color-primary` of style/base.css.
const THEME_COLOR: &str = "#0b5563";

/// What the `<head>` says about a page.
pub(crate) struct Head {
    pub(crate) title: String,
    pub(crate) description: String,
    /// `None` for pages that are not pages of the site (errors, answers to a mail's link).
    pub(crate) canonical: Option<String>,
    pub(crate) noindex: bool,
    /// A stylesheet of its own beside the site's (the back office's).
    pub(crate) stylesheet: Option<String>,
    pub(crate) brand: String,
    pub(crate) structured_data: Vec<serde_json::Value>,
}

/// The picture shared with a link to any page (Open Graph and Twitter cards), and its size.
const SOCIAL_IMAGE: (&str, &str, &str) = ("/social-card.png", "1200", "630");

pub(crate) fn html(head: Head, assets: &Assets, body: AnyView) -> String {
    let robots = head.noindex.then_some("noindex");
    let site_name = format!("{} UK", head.brand);
    let (image, width, height) = SOCIAL_IMAGE;
    let image = format!("{}{image}", assets.public_url);
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
                {open_graph("og:site_name", site_name.clone())}
                {open_graph("og:title", head.title.clone())}
                {open_graph("og:description", head.description.clone())}
                {head.canonical.map(|href| open_graph("og:url", href))}
                {open_graph("og:image", image.clone())}
                {open_graph("og:image:width", width.to_owned())}
                {open_graph("og:image:height", height.to_owned())}
                {open_graph("og:image:alt", site_name)}
                <meta name="twitter:card" content="summary_large_image"/>
                <meta name="twitter:title" content=head.title/>
                <meta name="twitter:description" content=head.description/>
                <meta name="twitter:image" content=image/>
                // The same on every page: the server compresses it once (its `site::compression`).
                <style inner_html=assets.site_css.to_string()></style>
                {head.stylesheet.map(|href| view! { <link rel="stylesheet" href=href/> })}
                <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                {head.structured_data.iter().map(|data| view! { <script type="application/ld+json" inner_html=json_ld(data)></script> }).collect_view()}
                <script type="module" src=assets.runtime.clone()></script>
            </head>
            <body>{body}</body>
        </html>
    };
    format!("<!DOCTYPE html>{}", view.to_html())
}

/// The inline stylesheet as every document holds it, byte for byte: two thirds of a page, the
/// same on every page of a build, so that the server compresses it once.
pub fn inline_stylesheet(assets: &Assets) -> String {
    format!("<style>{}</style>", assets.site_css)
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
