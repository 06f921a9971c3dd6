//! What every document must be, whatever the page: sound HTML with its own title and
//! description, the layout and menus, escaped data, social cards, and the error documents.

use crate::fixtures::*;
use app::render_error;
use app::routes::PageData;
use std::collections::HashSet;
use std::sync::Arc;

pub(crate) const VIEWPORT: &str = r#"<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">"#;

/// What every document must be, whatever the page.
pub(crate) fn assert_sound_document(html: &str, url: &str) {
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en-GB\">"), "{url}: doctype and language");
    assert!(html.contains(r#"<meta charset="utf-8">"#), "{url}: charset");
    assert!(html.contains(VIEWPORT), "{url}: viewport");
    // The stylesheet is inline: the first paint waits for no request.
    assert!(html.contains("<style>.site{color:#0b5563}</style>"), "{url}: inline stylesheet");
    // Byte for byte as the server looks for it, to compress it once.
    assert_eq!(html.matches(&app::inline_stylesheet(&assets())).count(), 1, "{url}: the shared stylesheet, once");
    assert!(!html.contains(r#"rel="stylesheet""#), "{url}: no render-blocking stylesheet");
    assert!(html.contains(r#"<script type="module" src="/assets/runtime-8C1D.js"></script>"#), "{url}: runtime");
    assert!(html.contains(r#"<meta name="build-id" content="build-42">"#), "{url}: build id");
    assert!(html.contains(r#"<link rel="icon" href="/favicon.svg""#), "{url}: icon");
    assert!(!html.contains("<!>"), "{url}: hydration markers are removed");
    assert_eq!(html.matches("<h1").count(), 1, "{url}: one h1");
    assert_eq!(html.matches("<main").count(), 1, "{url}: one main");
    assert!(html.contains(r##"<a href="#main-content" class="skip-link">Skip to main content</a>"##), "{url}: skip link");
    for landmark in ["<header", "<nav", "<footer"] {
        assert!(html.contains(landmark), "{url}: {landmark}");
    }

    let mut previous_level = 1;
    for (at, _) in html.match_indices("<h").filter(|(at, _)| html[at + 2..].starts_with(|c: char| ('1'..='6').contains(&c))) {
        let level = html.as_bytes()[at + 2] - b'0';
        assert!(level <= previous_level + 1, "{url}: heading level {level} follows level {previous_level}");
        previous_level = level;
    }

    let ids = attribute_values(html, "id");
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "{url}: duplicate ids in {ids:?}");
    for attribute in ["for", "aria-labelledby", "aria-describedby"] {
        for target in attribute_values(html, attribute) {
            assert!(unique.contains(target), "{url}: {attribute}={target} names no element");
        }
    }
    let labelled: HashSet<&str> = attribute_values(html, "for").into_iter().collect();
    for control in ["input", "select", "textarea"].into_iter().flat_map(|element| tags(html, element)) {
        if control.contains(r#"type="hidden""#) || control.contains(r#"type="radio""#) {
            continue;
        }
        let id = attribute_values(control, "id");
        assert!(id.len() == 1 && labelled.contains(id[0]), "{url}: {control} has no label");
    }
    for radio in tags(html, "input").into_iter().filter(|tag| tag.contains(r#"type="radio""#)) {
        let before = &html[..html.find(radio).unwrap()];
        assert!(before.rfind("<label").unwrap() > before.rfind("</label>").unwrap_or(0), "{url}: {radio} outside a label");
    }
    for link in html.split("<a ").skip(1) {
        let inside = &link[..link.find("</a>").expect("links close")];
        assert!(!inside.contains("<a ") && !inside.contains("<button"), "{url}: nested interactive content");
    }
    for form in tags(html, "form") {
        assert!(form.contains(r#"method="post""#) || form.contains(r#"method="get""#), "{url}: {form} without a method");
    }

    // The app shell, as plain markup the runtime's shell brings to life.
    for shell in [
        r#"<div role="status" aria-live="polite" class="isl-toast-region"></div>"#,
        r#"<div role="status" aria-live="polite" class="isl-loader-region"></div>"#,
        r#"<a class="isl-contact-button" href="/contact" aria-label="Contact us">"#,
        r#"<button type="button" class="isl-back-to-top" aria-label="Back to top" hidden>"#,
    ] {
        assert!(html.contains(shell), "{url}: {shell}");
    }
}

#[test]
fn every_page_is_a_sound_document_with_its_own_title_and_description() {
    let mut titles = HashSet::new();
    let mut descriptions = HashSet::new();
    // PAGES_DUMP_DIR=dir writes every page there, to look at them in a browser.
    if let Some(dir) = std::env::var_os("PAGES_DUMP_DIR").map(std::path::PathBuf::from) {
        for (index, payload) in every_page().into_iter().enumerate() {
            let name = payload.url.trim_start_matches('/').replace(['/', '?', '&', '=', '%'], "_");
            std::fs::write(dir.join(format!("{index:02}-{name}.html")), render(&payload)).expect("dump dir is writable");
        }
    }
    for payload in every_page() {
        let html = render(&payload);
        assert_sound_document(&html, &payload.url);
        let canonical = format!(r#"<link rel="canonical" href="https://brightway.example{}">"#, payload.url.replace('&', "&amp;"));
        assert!(html.contains(&canonical), "{}: canonical", payload.url);
        let title = &html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()];
        assert!(title.ends_with(" - Brightway UK") || payload.url == "/", "{}: title {title}", payload.url);
        let description = attribute_values(&html, "content")[1];
        assert!(html.contains(&format!(r#"<meta name="description" content="{description}">"#)), "{}", payload.url);
        assert!(description.len() > 30, "{}: description {description}", payload.url);
        // Search engines see the pages they may index, and each of those must stand apart.
        if !html.contains(r#"<meta name="robots" content="noindex""#) {
            assert!(titles.insert(title.to_owned()), "{}: title {title} is used twice", payload.url);
            assert!(descriptions.insert(description.to_owned()), "{}: description used twice", payload.url);
        }
        let og_title = format!(r#"<meta property="og:title" content="{}">"#, title.replace('"', "&quot;"));
        assert!(html.contains(&og_title), "{}: og:title", payload.url);
    }
}

#[test]
fn the_header_has_the_account_menu_in_both_menus() {
    for payload in every_page() {
        let html = render(&payload);
        let header = &html[html.find("<header").unwrap()..html.find("</header>").unwrap()];
        for menu in [r#"<nav aria-label="Main" class="desktop-menu">"#, r#"<nav aria-label="Mobile" class="mobile-menu-panel">"#] {
            let inside = &header[header.find(menu).unwrap_or_else(|| panic!("{menu}"))..];
            let inside = &inside[..inside.find("</nav>").unwrap()];
            assert_eq!(inside.matches(r#"data-shell="account-menu""#).count(), 1, "{}: {menu}", payload.url);
            // The signed-out links work before (and without) any script.
            assert_eq!(inside.matches(r#"href="/user/login""#).count(), 1, "{}: {menu}", payload.url);
            assert_eq!(inside.matches(r#"href="/user/register""#).count(), 1, "{}: {menu}", payload.url);
        }
        assert!(!header.contains("data-island"), "{}: no React island in the header", payload.url);
    }
}

#[test]
fn form_pages_use_the_form_layout() {
    for payload in every_page().into_iter().filter(|payload| payload.url.starts_with("/form/")) {
        let html = render(&payload);
        assert!(html.contains(r#"<main id="main-content" tabindex="-1" class="layout-form">"#), "{}", payload.url);
    }
    let html = render(&payload("/about", PageData::About));
    assert!(html.contains(r#"<main id="main-content" tabindex="-1" class="layout-default">"#));
}

#[test]
fn the_menu_marks_the_current_page() {
    let html = render(&payload("/about", PageData::About));
    assert_eq!(html.matches(r#"<a href="/about" aria-current="page">About</a>"#).count(), 2, "desktop and mobile menus");
    assert!(html.contains(r#"<details class="mobile-menu"><summary>"#));
}

#[test]
fn data_is_escaped() {
    let mut payload = page("/services/details?id=1");
    let PageData::ServicesDetails(Some(detail)) = &mut payload.page else { unreachable!() };
    detail.service.title = "<script>alert(1)</script> & more".into();
    detail.reviews[0].review = "Fast <b>and</b> tidy".into();
    let html = render(&payload);
    assert!(!html.contains("<script>alert"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
    assert!(html.contains("Fast &lt;b&gt;and&lt;/b&gt; tidy"));
}

#[test]
fn the_not_found_document_names_the_path() {
    let html = render_error(404, "/no-such-page", &site(), &assets(), Arc::new(FakeIslands));
    assert_sound_document(&html, "404");
    assert!(html.contains("<title>Page Not Found - Brightway UK</title>"));
    assert!(html.contains(r#"<p class="error-code">404</p>"#));
    assert!(html.contains("<h1>Page Not Found</h1>"));
    assert!(html.contains("Page Not Found: /no-such-page"));
    assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
    assert!(html.contains(r#"href="/">Go to the home page</a>"#));
}

#[test]
fn the_unavailable_document_says_to_try_again() {
    let html = render_error(503, "/jobs?search=care", &site(), &assets(), Arc::new(FakeIslands));
    assert_sound_document(&html, "503");
    assert!(html.contains("<title>Service Unavailable - Brightway UK</title>"));
    assert!(html.contains(r#"<p class="error-code">503</p>"#));
    assert!(html.contains("We cannot reach our records for a moment. Please try again shortly."));
    assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
}

#[test]
fn other_errors_are_internal_server_errors_without_detail() {
    let html = render_error(502, "/services<x>", &site(), &assets(), Arc::new(FakeIslands));
    assert_sound_document(&html, "500");
    assert!(html.contains("<title>Internal Server Error - Brightway UK</title>"));
    assert!(html.contains(r#"<p class="error-code">500</p>"#));
    assert!(html.contains("<h1>Internal Server Error</h1>"));
    assert!(!html.contains("/services<x>"));
}

#[test]
fn every_page_carries_open_graph_and_twitter_cards() {
    for payload in every_page() {
        let html = render(&payload);
        for property in ["og:title", "og:description", "og:url", "og:image", "og:type", "og:site_name"] {
            assert!(html.contains(&format!(r#"<meta property="{property}" content=""#)), "{}: {property}", payload.url);
        }
        assert!(html.contains(r#"<meta property="og:image" content="https://brightway.example/social-card.png">"#), "{}", payload.url);
        for name in ["twitter:card", "twitter:title", "twitter:description", "twitter:image"] {
            assert!(html.contains(&format!(r#"<meta name="{name}" content=""#)), "{}: {name}", payload.url);
        }
    }
}
