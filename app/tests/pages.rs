//! Renders every page from fixture-like data and checks what the spec, SEO and accessibility
//! need from its HTML.
#![forbid(unsafe_code)]

use app::data::*;
use app::island::IslandRenderer;
use app::routes::PageData;
use app::{render_error, render_page};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

const VIEWPORT: &str = r#"<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">"#;

/// Stands in for the QuickJS renderer: the island's name is enough to find it in the page.
struct FakeIslands;

impl IslandRenderer for FakeIslands {
    fn render(&self, name: &str, _props_json: &str, _id_prefix: &str) -> String {
        format!("<span>island {name}</span>")
    }
}

fn assets() -> Assets {
    Assets {
        site_css: ".site{color:#0b5563}".into(),
        back_office_stylesheet: "/assets/back-office-7E1F.css".into(),
        runtime: "/assets/runtime-8C1D.js".into(),
        build_id: "build-42".into(),
        public_url: "https://brightway.example".into(),
    }
}

fn category(id: i32, slug: &str, name: &str, count: i64) -> CategoryCard {
    CategoryCard {
        id,
        slug: slug.into(),
        name: name.into(),
        description: format!("{name} by vetted local providers."),
        icon: "sparkles".into(),
        priority: id,
        service_count: count,
    }
}

fn site() -> SiteData {
    SiteData {
        info: WebsiteInfo {
            brand: "Brightway".into(),
            email: "hello@brightway.example".into(),
            phones: vec!["+44 20 7946 0000".into(), "+44 20 7946 0123".into()],
            address: "221 Example Street, London, W1A 1AA".into(),
            opening_hours: "Mon-Fri 09:00-18:00, Sat 09:00-13:00".into(),
            socials: BTreeMap::from([("facebook".into(), "https://facebook.example/brightway".into())]),
        },
        categories: vec![category(1, "cleaning", "Cleaning", 12), category(2, "home-care", "Home care", 7)],
        payments: PaymentTerms { test_mode: true, refund_window_hours: 24 },
        document_retention_months: 12,
    }
}

fn category_ref() -> CategoryRef {
    CategoryRef { id: 1, slug: "cleaning".into(), name: "Cleaning".into() }
}

fn service(id: i32, title: &str, price_from: &str, price_unit: PriceUnit) -> ServiceCard {
    ServiceCard {
        id,
        slug: format!("service-{id}"),
        title: title.into(),
        summary: format!("{title} with photos of the finished job."),
        price_from: price_from.into(),
        price_unit,
        areas: vec!["Swindon".into(), "Aberdeen".into()],
        category: category_ref(),
        rating_average: Some(4.3),
        rating_count: 12,
        distance_miles: None,
    }
}

fn job(id: i32, title: &str) -> JobCard {
    JobCard {
        id,
        slug: format!("job-{id}"),
        title: title.into(),
        company: "Pennine Care Partners".into(),
        location: "Leeds".into(),
        employment_type: EmploymentType::FullTime,
        salary_min: Some("24000.00".into()),
        salary_max: Some("27000.00".into()),
        salary_period: SalaryPeriod::Year,
        posted_at: "2026-11-01".into(),
        closes_at: Some("2026-12-15".into()),
        distance_miles: None,
    }
}

fn hourly_job() -> JobCard {
    JobCard {
        employment_type: EmploymentType::PartTime,
        salary_min: Some("12.50".into()),
        salary_max: Some("12.50".into()),
        salary_period: SalaryPeriod::Hour,
        ..job(8, "Support worker")
    }
}

fn review(id: i32, text: &str) -> ReviewView {
    ReviewView {
        id,
        service_id: 1,
        service_title: "End of tenancy cleaning".into(),
        user_name: "Demo User".into(),
        rating: 5,
        review: text.into(),
        created_at: "2026-11-02".into(),
        verified_booking: id == 1,
        answer: (id == 1).then(|| ReviewAnswer { by: "Sam".into(), answer: "Thank you, it was a pleasure.".into(), created_at: "2026-11-03".into() }),
    }
}

fn pagination(page: u64, total_pages: u64) -> Pagination {
    Pagination { page, page_size: 20, total_items: total_pages * 20, total_pages }
}

fn payload(url: &str, page: PageData) -> PagePayload {
    PagePayload { url: url.into(), site: site(), page }
}

/// A search near `near` as the loader makes it: the distances offered, what was read, the errors.
fn near_search(near: &str, within: &str, district: Option<&str>, errors: &[(&str, &str)]) -> NearSearch {
    NearSearch {
        near: near.into(),
        within: within.into(),
        choices: vec![5.0, 10.0, 25.0, 50.0],
        errors: errors.iter().map(|(field, message)| (field.to_string(), vec![message.to_string()])).collect(),
        district: district.map(str::to_owned),
    }
}

fn render(payload: &PagePayload) -> String {
    render_page(payload, &assets(), Arc::new(FakeIslands))
}

/// One payload per route, and the variants with no data too.
fn every_page() -> Vec<PagePayload> {
    let cleaning = site().categories[0].clone();
    let detail = ServiceDetail {
        service: service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed),
        description: "First paragraph.\n\nSecond paragraph.".into(),
        status: ListingStatus::Open,
        reviews: vec![review(1, "Spotless flat, deposit returned in full.")],
        providers: vec![ProviderLink { id: 9, first_name: "Sam".into() }],
        cover: CoverCheck::default(),
    };
    let profile = ProviderProfile {
        id: 9,
        first_name: "Sam".into(),
        photo: Some("/providers/photo?id=9&v=abc".into()),
        bio: "Ten years of end of tenancy cleans.\n\nFully insured.".into(),
        experience_years: 10,
        services: vec![service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed)],
        areas: vec!["LS6 (up to 10 miles)".into()],
        rating_average: Some(5.0),
        rating_count: 1,
        jobs_done: 3,
        reviews: vec![review(1, "Spotless flat, deposit returned in full.")],
    };
    let covered = ServiceDetail {
        cover: CoverCheck { postcode: "LS6 1AA".into(), answer: Some(CoverAnswer::Yes { district: "LS6".into(), miles: 2.4 }), errors: BTreeMap::new() },
        ..detail.clone()
    };
    let refused = ServiceDetail {
        cover: CoverCheck {
            postcode: "BT1".into(),
            answer: None,
            errors: BTreeMap::from([("postcode".into(), vec!["Distance search does not cover Northern Ireland yet".into()])]),
        },
        ..detail.clone()
    };
    let job_detail = JobDetail { job: job(3, "Care assistant"), description: "About the role.".into(), status: ListingStatus::Open, attachment: None };
    let providers = BecomeProviderData {
        categories: vec![ProviderCategory { slug: "cleaning".into(), name: "Cleaning".into(), count: 1 }],
        selected: Some(SelectedService { id: 1, title: "End of tenancy cleaning".into(), category: "cleaning".into() }),
    };
    vec![
        payload(
            "/",
            PageData::Home(HomeData {
                featured_services: vec![service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed)],
                latest_jobs: vec![job(3, "Care assistant")],
                recent_reviews: vec![review(1, "Spotless flat, deposit returned in full.")],
                activity: vec![ActivityItem { text: "New job: Care assistant in Leeds".into(), href: "/apply?id=3".into(), date: "2026-11-20".into() }],
                open_services: 48,
                open_jobs: 24,
            }),
        ),
        payload(
            "/jobs?search=care&page=2",
            PageData::Jobs(JobsData {
                search: "care".into(),
                near: NearSearch::default(),
                jobs: vec![job(3, "Care assistant"), hourly_job()],
                pagination: pagination(2, 5),
            }),
        ),
        payload(
            "/jobs?near=LS6&within=10",
            PageData::Jobs(JobsData {
                search: String::new(),
                near: near_search("LS6", "10", Some("LS6"), &[]),
                jobs: vec![JobCard { distance_miles: Some(0.3), ..job(3, "Care assistant") }, JobCard { distance_miles: Some(7.6), ..hourly_job() }],
                pagination: pagination(1, 2),
            }),
        ),
        payload("/about", PageData::About),
        payload("/apply?id=3", PageData::Apply(Some(job_detail))),
        payload("/apply", PageData::Apply(None)),
        payload("/cancel", PageData::Cancel),
        payload("/contact", PageData::Contact(FormOutcome::default())),
        payload("/payment", PageData::Payment),
        payload("/success", PageData::Success),
        payload("/job-post", PageData::JobPost),
        payload("/bookmarks", PageData::Bookmarks),
        payload("/user/login", PageData::UserLogin(FormOutcome::default())),
        payload(
            "/user/verify?email=demo%40brightway.example",
            PageData::UserVerify(VerifyData { email: "demo@brightway.example".into(), outcome: FormOutcome::default() }),
        ),
        payload("/user/register", PageData::UserRegister(FormOutcome::default())),
        payload("/user/forgot-password", PageData::UserForgotPassword(FormOutcome::default())),
        payload("/user/change-password", PageData::UserChangePassword(FormOutcome::default())),
        payload("/user/profile", PageData::UserProfile),
        payload("/user/bookings", PageData::UserBookings),
        payload("/user/payments", PageData::UserPayments),
        payload("/user/applications", PageData::UserApplications),
        payload("/user/my-job-post", PageData::UserMyJobPost),
        payload("/how-it-works", PageData::HowItWorks),
        payload("/cookie-policy", PageData::CookiePolicy),
        payload("/privacy-policy", PageData::PrivacyPolicy),
        payload("/terms-and-conditions", PageData::TermsAndConditions),
        payload("/form/find-job", PageData::FormFindJob),
        payload("/form/job-post", PageData::FormJobPost),
        payload("/form/hire-talent", PageData::FormHireTalent(Default::default())),
        payload("/notifications", PageData::Notifications),
        payload(
            "/services?category=cleaning",
            PageData::Services(ServicesData {
                category: Some(cleaning),
                search: String::new(),
                near: NearSearch::default(),
                services: vec![
                    service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed),
                    service(2, "Regular home cleaning", "25.00", PriceUnit::Hour),
                    service(4, "Office deep clean", "260.00", PriceUnit::Day),
                ],
                pagination: pagination(1, 3),
            }),
        ),
        payload(
            "/services",
            PageData::Services(ServicesData {
                category: None,
                search: String::new(),
                near: NearSearch::default(),
                services: vec![],
                pagination: pagination(1, 0),
            }),
        ),
        payload(
            "/services?category=cleaning&near=ls6+1aa&within=10",
            PageData::Services(ServicesData {
                category: Some(site().categories[0].clone()),
                search: String::new(),
                near: near_search("ls6 1aa", "10", Some("LS6"), &[]),
                services: vec![
                    ServiceCard { distance_miles: Some(0.0), ..service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed) },
                    ServiceCard { distance_miles: Some(3.6), ..service(2, "Regular home cleaning", "25.00", PriceUnit::Hour) },
                ],
                pagination: pagination(1, 3),
            }),
        ),
        payload(
            "/services?near=ZZ9",
            PageData::Services(ServicesData {
                category: None,
                search: String::new(),
                near: near_search("ZZ9", "25", None, &[("near", "We don't know that postcode area")]),
                services: vec![service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed)],
                pagination: pagination(1, 1),
            }),
        ),
        payload("/services/book?id=1", PageData::ServicesBook(Some(book_page(service(1, "End of tenancy cleaning", "120.00", PriceUnit::Fixed), false, None)))),
        payload("/services/book?id=2", PageData::ServicesBook(Some(book_page(service(2, "Cleaning by the hour", "20.00", PriceUnit::Hour), true, None)))),
        payload(
            "/services/book?id=2&postcode=LS6+2AB&length=2&from=2030-01-14&slot=2030-01-15T09%3A30",
            PageData::ServicesBook(Some(book_page(
                service(2, "Cleaning by the hour", "20.00", PriceUnit::Hour),
                true,
                Some(free_times(Some(("2030-01-15", "09:30")), &[])),
            ))),
        ),
        payload(
            "/services/book?id=2&postcode=LS6+2AB&length=2&from=2030-01-14&slot=2030-01-15T09%3A30&move=7",
            PageData::ServicesBook(Some(BookPage {
                moving: Some(7),
                ..book_page(service(2, "Cleaning by the hour", "20.00", PriceUnit::Hour), true, Some(free_times(Some(("2030-01-15", "09:30")), &[])))
            })),
        ),
        payload(
            "/services/book?id=2&postcode=ZZ9&length=2",
            PageData::ServicesBook(Some(book_page(
                service(2, "Cleaning by the hour", "20.00", PriceUnit::Hour),
                true,
                Some(FreeTimes {
                    postcode: "ZZ9".into(),
                    length: 2,
                    errors: BTreeMap::from([("postcode".into(), vec!["We don't know that postcode area".into()])]),
                    ..Default::default()
                }),
            ))),
        ),
        payload("/services/book", PageData::ServicesBook(None)),
        payload("/services/details?id=1", PageData::ServicesDetails(Some(detail))),
        payload("/services/details?id=1&postcode=LS6+1AA", PageData::ServicesDetails(Some(covered))),
        payload("/services/details?id=1&postcode=BT1", PageData::ServicesDetails(Some(refused))),
        payload("/services/details", PageData::ServicesDetails(None)),
        payload("/providers/profile?id=9", PageData::ProvidersProfile(Some(profile))),
        payload("/providers/profile", PageData::ProvidersProfile(None)),
        payload("/become-provider?service=1", PageData::BecomeProvider(providers)),
        payload("/recruitment-post", PageData::RecruitmentPost(Default::default())),
    ]
}

/// The booking page of `service`, whose providers keep hours when `scheduled`.
fn book_page(service: ServiceCard, scheduled: bool, times: Option<FreeTimes>) -> BookPage {
    let max_length = if service.price_unit == PriceUnit::Hour { 8 } else { 1 };
    BookPage { service, min_length: 1, max_length, scheduled, times, moving: None }
}

/// A week of free times from Monday 14 January 2030 at LS6 2AB, for 2 hours: two on the Tuesday.
fn free_times(chosen: Option<(&str, &str)>, errors: &[(&str, &str)]) -> FreeTimes {
    let day =
        |date: &str, label: &str, times: &[&str]| FreeDay { date: date.into(), label: label.into(), times: times.iter().map(|t| t.to_string()).collect() };
    FreeTimes {
        postcode: "LS6 2AB".into(),
        length: 2,
        from: "2030-01-14".into(),
        earlier: Some("2030-01-07".into()),
        later: "2030-01-21".into(),
        amount: "40.00".into(),
        days: vec![day("2030-01-14", "Monday 14 January", &[]), day("2030-01-15", "Tuesday 15 January", &["09:00", "09:30"])],
        chosen: chosen.map(|(date, time)| (date.into(), time.into())),
        errors: errors.iter().map(|(field, message)| (field.to_string(), vec![message.to_string()])).collect(),
    }
}

/// The fixture page with this URL.
fn page(url: &str) -> PagePayload {
    every_page().into_iter().find(|payload| payload.url == url).unwrap_or_else(|| panic!("no page {url} in every_page()"))
}

/// The value of every `name="..."` attribute in the page, in order.
fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            &rest[..rest.find('"').expect("attribute values are quoted")]
        })
        .collect()
}

/// The opening tags of an element, e.g. every `<input ...>`.
fn tags<'a>(html: &'a str, element: &str) -> Vec<&'a str> {
    let needle = format!("<{element} ");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at..];
            &rest[..=rest.find('>').expect("tags close")]
        })
        .collect()
}

/// What every document must be, whatever the page.
fn assert_sound_document(html: &str, url: &str) {
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
fn home_shows_the_marketplace_and_the_company() {
    let html = render(&page("/"));
    assert!(html.contains("<title>Brightway UK - Services, jobs and recruitment</title>"));
    assert!(html.contains(r#"<form action="/jobs" method="get" role="search" class="search-form">"#));
    assert!(html.contains(r#"<label for="hero-search" class="field-label">Search jobs</label>"#));
    assert!(html.contains(r#"<a href="/services?category=cleaning" class="card-link">Cleaning</a>"#));
    assert!(html.contains("12 services"));
    assert!(html.contains(r#"<a href="/services/details?id=1" class="card-link">End of tenancy cleaning</a>"#));
    assert!(html.contains("From £120.00"));
    assert!(html.contains("£24,000 - £27,000 a year"));
    assert!(html.contains("Spotless flat, deposit returned in full."));
    assert!(html.contains(r#"<a href="/apply?id=3">New job: Care assistant in Leeds</a>"#));
    assert!(html.contains(r#"<a href="mailto:hello@brightway.example">hello@brightway.example</a>"#));
    assert!(html.contains(r#"<a href="tel:+442079460000">+44 20 7946 0000</a>"#));
    assert!(html.contains("221 Example Street, London, W1A 1AA"));
    assert!(html.contains("Mon-Fri 09:00-18:00, Sat 09:00-13:00"));
    assert!(html.contains("How it works"));
    assert!(html.contains("© Brightway UK. All rights reserved."));
}

#[test]
fn the_privacy_policy_credits_the_postcode_data_as_its_licences_require() {
    let html = render(&page("/privacy-policy"));
    assert!(html.contains("Office for National Statistics, National Statistics Postcode Lookup (May 2025), licensed under the"), "{html}");
    assert!(html.contains(r#"<a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">Open Government Licence v3.0</a>"#));
    assert!(
        html.contains("Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025.")
    );
    assert!(html.contains(r#"Wikipedia, “List of postcode districts in the United Kingdom”, licensed under <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a>"#));
}

#[test]
fn the_services_list_shows_prices_ratings_and_pages() {
    let html = render(&page("/services?category=cleaning"));
    assert!(html.contains("<title>Cleaning services - Brightway UK</title>"));
    assert!(html.contains("<h1>Cleaning services</h1>"));
    assert!(html.contains("Cleaning by vetted local providers."));
    assert!(html.contains("From £120.00"));
    assert!(html.contains("From £25.00 per hour"));
    assert!(html.contains("From £260.00 per day"));
    assert!(html.contains(r#"<span role="img" aria-label="Rated 4.3 out of 5" class="stars">★★★★☆</span>"#));
    assert!(html.contains("4.3 (12 reviews)"));
    assert!(html.contains(r#"href="/services/details?id=2""#));
    assert!(html.contains(r#"<a href="/services?category=cleaning&amp;page=2" rel="next">"#));
    assert!(html.contains(r#"<a href="/services?category=cleaning&amp;page=3">"#));
    assert!(html.contains(r#"<a href="/services?category=cleaning" aria-current="page"><span class="visually-hidden">Page </span>1</a>"#));

    let empty = render(&page("/services"));
    assert!(empty.contains("<title>All services - Brightway UK</title>"));
    assert!(empty.contains("No services are open at the moment"));
    assert!(!empty.contains(r#"class="pager""#));
}

#[test]
fn the_services_list_searches_near_a_postcode_with_a_plain_form() {
    let html = render(&page("/services?category=cleaning&near=ls6+1aa&within=10"));
    assert!(html.contains("<title>Cleaning services near LS6 - Brightway UK</title>"));
    assert!(html.contains(r#"<meta name="robots" content="noindex""#), "a list near someone's postcode is theirs");
    // A GET form that works without JavaScript: words, postcode and distance, each labelled.
    assert!(html.contains(r#"<form action="/services" method="get" role="search" class="search-form search-form--near">"#));
    assert!(html.contains(r#"<input type="hidden" name="category" value="cleaning">"#));
    assert!(html.contains(r#"<label for="services-near" class="field-label">"#));
    assert!(html.contains(r#"name="near" value="ls6 1aa""#));
    assert!(html.contains(r#"<label for="services-within" class="field-label">Distance</label>"#));
    assert!(html.contains(r#"<option value="10" selected>Within 10 miles</option>"#));
    assert!(html.contains("of 60 services within 10 miles of LS6"));
    assert!(html.contains(r#"class="distance">Covers your district</p>"#));
    assert!(html.contains(r#"class="distance">4 miles away</p>"#));
    // Its pages keep the search.
    assert!(html.contains(r#"<a href="/services?category=cleaning&amp;near=ls6+1aa&amp;within=10&amp;page=2" rel="next">"#));

    let refused = render(&page("/services?near=ZZ9"));
    assert!(refused.contains("<title>Error: All services - Brightway UK</title>"));
    assert!(refused.contains(r#"aria-invalid="true" aria-describedby="services-near-error""#));
    assert!(refused.contains(r#"<p id="services-near-error" class="isl-field-error">We don't know that postcode area</p>"#));
    // Without a postcode, nothing is said of distances.
    assert!(!render(&page("/services?category=cleaning")).contains("miles away"));
}

#[test]
fn service_details_answer_whether_the_service_covers_a_postcode() {
    let plain = render(&page("/services/details?id=1"));
    assert!(plain.contains(r#"<form action="/services/details" method="get" class="cover-check"><input type="hidden" name="id" value="1">"#));
    assert!(plain.contains(r#"<label class="field-label" for="cover-postcode">Do you cover my postcode?</label>"#));
    assert!(!plain.contains("cover-answer") && !plain.contains("noindex"));
    let covered = render(&page("/services/details?id=1&postcode=LS6+1AA"));
    assert!(covered.contains(r#"<p role="status" class="cover-answer">Yes, this service covers LS6 (2 miles away).</p>"#));
    assert!(covered.contains(r#"value="LS6 1AA""#));
    assert!(covered.contains(r#"<meta name="robots" content="noindex""#));
    let refused = render(&page("/services/details?id=1&postcode=BT1"));
    assert!(refused.contains("<title>Error: End of tenancy cleaning - Brightway UK</title>"));
    assert!(refused.contains(r#"<p id="cover-postcode-error" class="isl-field-error">Distance search does not cover Northern Ireland yet</p>"#));
}

#[test]
fn service_details_show_the_service_its_reviews_and_actions() {
    let html = render(&page("/services/details?id=1"));
    assert!(html.contains("<title>End of tenancy cleaning - Brightway UK</title>"));
    assert!(html.contains("<h1>End of tenancy cleaning</h1>"));
    assert!(html.contains(r#"<li><a href="/services?category=cleaning">Cleaning</a></li>"#));
    assert!(html.contains("<p>First paragraph.</p><p>Second paragraph.</p>"));
    assert!(html.contains("Swindon, Aberdeen"));
    assert!(html.contains("Spotless flat, deposit returned in full."));
    assert!(html.contains(r#"<a href="/services/book?id=1" class="button button--primary button--block">Book now</a>"#));
    assert!(html.contains(r#"<a href="/become-provider?service=1">Become a provider</a>"#));
}

#[test]
fn service_details_hold_the_review_form_island_and_say_that_it_needs_javascript() {
    let html = render(&page("/services/details?id=1"));
    // Its server markup is the whole form (islands/src/islands/review-form checks it): React loads
    // when a visitor first reaches for it.
    assert_eq!(islands(&html, "review-form"), [(serde_json::json!({ "service": 1 }), "interaction".to_owned())]);
    assert!(html.contains("<h3>Leave a review</h3>"));
    let area = member_area(&html, "review");
    assert!(area.contains("<span>island review-form</span>"), "the island is the review area");
    // Without JavaScript: says plainly what a review needs (the island's markup says how to sign in).
    let noscript = &area[area.find("<noscript>").expect("a notice for browsers without JavaScript")..];
    let noscript = &noscript[..noscript.find("</noscript>").unwrap()];
    assert!(noscript.contains("Leaving a review needs JavaScript"));
    // No service, no review form.
    let none = render(&page("/services/details"));
    assert!(islands(&none, "review-form").is_empty());
    assert!(!none.contains(r#"data-member-area="review""#));
}

#[test]
fn jobs_show_salaries_types_dates_and_keep_the_search_in_page_links() {
    let html = render(&page("/jobs?search=care&page=2"));
    assert!(html.contains(r#"<title>Jobs matching "care" (page 2) - Brightway UK</title>"#));
    assert!(html.contains(r#"name="search" value="care""#));
    assert!(html.contains("£24,000 - £27,000 a year"));
    assert!(html.contains("£12.50 an hour"));
    assert!(html.contains("Full-time"));
    assert!(html.contains("Part-time"));
    assert!(html.contains(r#"<time datetime="2026-12-15">15 December 2026</time>"#));
    assert!(html.contains(
        r#"<a href="/apply?id=3" class="button button--primary">Apply<span class="visually-hidden"> for Care assistant at Pennine Care Partners</span></a>"#
    ));
    assert!(html.contains(r#"<a href="/jobs?search=care" rel="prev">"#));
    assert!(html.contains(r#"<a href="/jobs?search=care&amp;page=3" rel="next">"#));
    assert!(html.contains(r#"<a href="/jobs" aria-current="page">Jobs</a>"#));
}

#[test]
fn jobs_near_a_postcode_say_how_far_each_is() {
    let html = render(&page("/jobs?near=LS6&within=10"));
    assert!(html.contains("<title>Jobs near LS6 - Brightway UK</title>"));
    assert!(html.contains(r#"<form action="/jobs" method="get" role="search" class="search-form search-form--near">"#));
    assert!(html.contains(r#"<label for="jobs-near" class="field-label">"#));
    assert!(html.contains("of 40 jobs within 10 miles of LS6"));
    assert!(html.contains("<dd>Leeds (under a mile away)</dd>"));
    assert!(html.contains("(8 miles away)"));
    // The home page's job search stays a plain word search.
    assert!(!render(&page("/")).contains(r#"name="near""#));
}

#[test]
fn apply_shows_the_job_and_its_application_island_or_asks_for_a_job() {
    let html = render(&page("/apply?id=3"));
    assert!(html.contains("<title>Apply: Care assistant at Pennine Care Partners - Brightway UK</title>"));
    assert!(html.contains("About the role."));
    assert_eq!(islands(&html, "job-apply-form"), [(serde_json::json!({ "job": 3 }), "interaction".to_owned())]);
    assert!(member_area(&html, "apply").contains("<h2>Your application</h2>"));
    let none = render(&page("/apply"));
    assert!(none.contains(r#"<a class="button button--primary" href="/jobs">See open jobs</a>"#));
    assert!(islands(&none, "job-apply-form").is_empty());
}

#[test]
fn member_pages_explain_and_offer_to_sign_in() {
    for payload in every_page() {
        let hook = match payload.page {
            PageData::UserBookings => "bookings",
            PageData::UserPayments => "payments",
            PageData::UserApplications => "applications",
            PageData::UserMyJobPost => "my-job-post",
            PageData::Notifications => "notifications",
            PageData::Bookmarks => "bookmarks",
            _ => continue,
        };
        let html = render(&payload);
        assert!(html.contains(&format!(r#"<section data-member-area="{hook}" class="member-area">"#)), "{hook}");
        assert!(html.contains(&format!(r#"href="/user/login?redirect={}""#, payload.url)), "{hook}");
        assert!(html.contains("Sign in to see your"), "{hook}");
    }
}

/// Every placement of the island `name` in `html`: its props (the JSON of `data-props`) and
/// when it hydrates (`data-hydrate`), in page order.
fn islands(html: &str, name: &str) -> Vec<(serde_json::Value, String)> {
    let marker = format!(r#" data-island="{name}" "#);
    tags(html, "div")
        .into_iter()
        .filter(|tag| tag.contains(&marker))
        .map(|tag| {
            let props = attribute_values(tag, "data-props");
            let hydrate = attribute_values(tag, "data-hydrate");
            assert!(props.len() == 1 && hydrate.len() == 1, "{tag}");
            let json = props[0].replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
            (serde_json::from_str(&json).unwrap_or_else(|error| panic!("{tag}: {error}")), hydrate[0].to_owned())
        })
        .collect()
}

/// The inside of the page's one member area (`<section data-member-area=HOOK ...>`).
fn member_area<'a>(html: &'a str, hook: &str) -> &'a str {
    let open = format!(r#"<section data-member-area="{hook}" class="member-area">"#);
    assert_eq!(html.matches(&open).count(), 1, "one member area {hook}");
    let inside = &html[html.find(&open).unwrap() + open.len()..];
    &inside[..inside.find("</section>").expect("the member area closes")]
}

#[test]
fn account_pages_hold_their_form_island_in_the_member_area() {
    let email = serde_json::json!({ "email": "demo@brightway.example", "errors": {}, "values": {} });
    // What a post without JavaScript came back with: nothing yet.
    let outcome = serde_json::json!({ "sent": null, "errors": {}, "values": {} });
    // A form a visitor fills in from scratch waits for them; one that starts from the member's
    // records or the link's token hydrates on load.
    let expectations = [
        ("/user/login", "login", "login-form", outcome.clone(), "interaction"),
        ("/user/register", "register", "register-form", serde_json::json!({ "errors": {}, "values": {} }), "interaction"),
        ("/user/verify?email=demo%40brightway.example", "verify", "verify-form", email, "load"),
        ("/user/forgot-password", "forgot-password", "forgot-password-form", outcome, "interaction"),
        ("/user/change-password", "change-password", "change-password-form", serde_json::json!({ "errors": {} }), "load"),
        ("/user/profile", "profile", "profile-editor", serde_json::json!({}), "load"),
    ];
    for (url, hook, name, props, hydrate) in expectations {
        let html = render(&page(url));
        assert_eq!(islands(&html, name), [(props, hydrate.to_owned())], "{url}: one {name}, hydrated on {hydrate}");
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        // The island is the form: no form, field or form link of the server's own is left.
        for gone in ["<form", "<input", "<button", r#"class="form-links""#, r#"class="checklist""#] {
            assert!(!area.contains(gone), "{url}: {gone} is still in the member area");
        }
        assert!(!html.contains(r#"method="post" action="/user/"#), "{url}: a server-written account form is left");
    }
    // The heading and the intro stay the server's.
    let login = render(&page("/user/login"));
    assert!(login.contains("<h1>Log in</h1>"));
    assert!(login.contains(r#"<p class="lead">Sign in to manage your bookings, applications, job posts and profile.</p>"#));
    let profile = render(&page("/user/profile"));
    assert!(profile.contains("<h1>Your profile</h1>"));
    // Without JavaScript, change-password still says why there is nothing to do yet.
    let change = render(&page("/user/change-password"));
    assert!(member_area(&change, "change-password").contains(r#"href="/user/login?redirect=/user/change-password""#));
    assert!(member_area(&change, "change-password").contains("<noscript><div class=\"notice\">"), "only shown without JavaScript");
}

#[test]
fn verify_hands_the_email_from_the_query_to_its_form() {
    let mut payload = page("/user/verify?email=demo%40brightway.example");
    let tricky = r#"o'neil+"quotes"<&>@example.co.uk"#;
    payload.page = PageData::UserVerify(VerifyData { email: tricky.into(), outcome: FormOutcome::default() });
    let html = render(&payload);
    let props = serde_json::json!({ "email": tricky, "errors": {}, "values": {} });
    assert_eq!(islands(&html, "verify-form"), [(props, "load".to_owned())]);
    assert!(!html.contains(r#""quotes"<&>"#), "the email is escaped in the attribute");

    let mut empty = page("/user/verify?email=demo%40brightway.example");
    empty.page = PageData::UserVerify(VerifyData { email: String::new(), outcome: FormOutcome::default() });
    assert_eq!(islands(&render(&empty), "verify-form"), [(serde_json::json!({ "email": "", "errors": {}, "values": {} }), "load".to_owned())]);
}

#[test]
fn signed_in_pages_and_only_those_carry_the_member_guard() {
    // Not /notifications: a visitor reads its title and a way to sign in there.
    const GUARDED: [&str; 6] = ["/user/profile", "/user/change-password", "/user/bookings", "/user/payments", "/user/applications", "/user/my-job-post"];
    for payload in every_page() {
        let html = render(&payload);
        let guards = islands(&html, "member-guard");
        if GUARDED.contains(&payload.url.as_str()) {
            assert_eq!(guards, [(serde_json::json!({}), "load".to_owned())], "{}: one member guard, on load", payload.url);
        } else {
            assert!(guards.is_empty(), "{}: no member guard", payload.url);
        }
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
fn notifications_hold_their_list_island_with_a_way_to_sign_in_without_javascript() {
    let html = render(&payload("/notifications", PageData::Notifications));
    assert_eq!(islands(&html, "notifications-list"), [(serde_json::json!({}), "load".to_owned())]);
    let area = member_area(&html, "notifications");
    assert!(area.contains("<span>island notifications-list</span>"));
    let noscript = &area[area.find("<noscript>").expect("a notice for browsers without JavaScript")..];
    assert!(noscript.contains("Sign in to see your notifications."));
    assert!(noscript.contains(r#"href="/user/login?redirect=/notifications""#));
    assert!(!area.contains("<form"));
}

#[test]
fn notifications_title_and_description_are_the_specs() {
    let html = render(&payload("/notifications", PageData::Notifications));
    assert!(html.contains("<title>Notifications - Brightway UK</title>"));
    assert!(html.contains(r#"<meta name="description" content="View and manage your notifications">"#));
}

#[test]
fn job_forms_are_islands_and_only_the_recruitment_request_posts_without_javascript() {
    // Applying and posting a job need a signed-in member: the island's server markup is the form
    // as a visitor sees it, with a way to sign in (islands/src/islands/job-apply-form and
    // job-post-form check it), hydrated when first reached for; a notice says that it needs
    // JavaScript. The page itself writes no form a browser could post (and get 405 for).
    let signed_in_forms = [
        ("/apply?id=3", "apply", "job-apply-form", serde_json::json!({ "job": 3 }), "Applying needs JavaScript"),
        ("/job-post", "job-post", "job-post-form", serde_json::json!({ "page": "/job-post" }), "Posting a job needs JavaScript"),
        ("/form/job-post", "job-post", "job-post-form", serde_json::json!({ "page": "/form/job-post" }), "Posting a job needs JavaScript"),
    ];
    for (url, hook, name, props, notice) in signed_in_forms {
        let html = render(&page(url));
        assert_eq!(islands(&html, name), [(props, "interaction".to_owned())], "{url}: one {name}, hydrated when first reached for");
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        let noscript = &area[area.find("<noscript>").unwrap_or_else(|| panic!("{url}: a notice without JavaScript"))..];
        let noscript = &noscript[..noscript.find("</noscript>").unwrap()];
        assert!(noscript.contains(notice), "{url}: {notice}");
        for gone in ["<form", "<input", "<textarea", "<select", "<button", "method=", "action="] {
            assert!(!area.contains(gone), "{url}: {gone} in the member area");
        }
    }
    // The recruitment request is open to everyone: the island's server markup is the whole form,
    // posting to the page (islands/src/islands/recruitment-form checks that markup), hydrated when the
    // visitor first reaches for it.
    for url in ["/recruitment-post", "/form/hire-talent"] {
        let html = render(&page(url));
        let empty = serde_json::json!({ "action": url, "sent": null, "errors": {}, "values": {} });
        assert_eq!(islands(&html, "recruitment-form"), [(empty, "interaction".to_owned())], "{url}");
        assert!(member_area(&html, "recruitment").contains("<span>island recruitment-form</span>"), "{url}");
    }
    // Registering as a job seeker is open to everyone too, below the job search.
    let html = render(&page("/form/find-job"));
    assert_eq!(islands(&html, "find-job-form"), [(serde_json::json!({}), "interaction".to_owned())]);
    let area = member_area(&html, "find-job");
    assert!(area.find(r#"action="/jobs""#).unwrap() < area.find("<span>island find-job-form</span>").unwrap(), "the search first");
    let noscript = &area[area.find("<noscript>").expect("a notice without JavaScript")..];
    assert!(noscript.contains(r#"<a href="mailto:hello@brightway.example">hello@brightway.example</a>"#));
}

#[test]
fn become_provider_preselects_the_service_from_the_query() {
    let html = render(&page("/become-provider?service=1"));
    assert!(html.contains("<title>Become a provider: End of tenancy cleaning - Brightway UK</title>"));
    // Categories only (thousands of services make no one list): the island loads a category's services.
    let [(props, hydrate)] = &islands(&html, "provider-application")[..] else { panic!("one provider-application island") };
    // Its server markup is the form as a visitor sees it (islands/src/islands/provider-application
    // checks it), hydrated when first reached for; below it the member's applications, drawn by
    // the runtime and hydrated alike; the page says what it needs without JavaScript.
    assert_eq!(hydrate, "interaction");
    assert_eq!(islands(&html, "provider-applications"), [(serde_json::json!({}), "interaction".to_owned())]);
    let area = member_area(&html, "become-provider");
    assert!(area.find("<span>island provider-application</span>").unwrap() < area.find("<span>island provider-applications</span>").unwrap(), "the form first");
    assert!(area.contains("<noscript><p class=\"notice\">Applying needs JavaScript"), "{area}");
    assert_eq!(props["selected"], serde_json::json!({ "id": 1, "title": "End of tenancy cleaning", "category": "cleaning" }));
    assert_eq!(props["categories"], serde_json::json!([{ "slug": "cleaning", "name": "Cleaning", "count": 1 }]));
    assert!(!html.contains("<select"), "no server-written list of services");
    let mut none = page("/become-provider?service=1");
    let PageData::BecomeProvider(data) = &mut none.page else { unreachable!() };
    data.selected = None;
    assert_eq!(islands(&render(&none), "provider-application")[0].0["selected"], serde_json::Value::Null);
}

#[test]
fn member_marketplace_pages_hold_their_islands_with_a_noscript_notice_and_no_form() {
    let expectations = [
        ("/user/bookings", "bookings", "booking-list", serde_json::json!({ "refund_window_hours": 24 }), "Sign in to see your bookings."),
        (
            "/user/payments",
            "payments",
            "payment-list",
            serde_json::json!({ "brand": "Brightway", "address": "221 Example Street, London, W1A 1AA", "email": "hello@brightway.example" }),
            "Sign in to see your payments.",
        ),
        ("/payment", "payment", "payment-checkout", serde_json::json!({}), "Sign in to pay for your booking."),
        ("/bookmarks", "bookmarks", "bookmark-list", serde_json::json!({}), "Sign in to see your bookmarks"),
    ];
    for (url, hook, name, props, notice) in expectations {
        let html = render(&page(url));
        let placed = islands(&html, name);
        assert_eq!(placed.len(), 1, "{url}: one {name}");
        assert_eq!(placed[0].1, "load", "{url}: {name} hydrated on load");
        if !props.is_null() {
            assert_eq!(placed[0].0, props, "{url}: {name} props");
        }
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        let noscript = &area[area.find("<noscript>").unwrap_or_else(|| panic!("{url}: a notice without JavaScript"))..];
        let noscript = &noscript[..noscript.find("</noscript>").unwrap()];
        assert!(noscript.contains(notice), "{url}: {notice}");
        assert!(noscript.contains(&format!(r#"href="/user/login?redirect={}""#, url.replace('?', "%3F").replace('=', "%3D"))), "{url}: sign in and come back");
        // Nothing a browser without JavaScript could post (and get 405 for).
        for gone in ["<form", "<input", "<textarea", "<select", "<button", "method=", "action="] {
            assert!(!area.contains(gone), "{url}: {gone} in the member area");
        }
    }
}

#[test]
fn the_booking_page_holds_its_form_island_and_says_that_it_needs_javascript() {
    // The island's server markup is the form as a visitor sees it, with a way to sign in
    // (islands/src/islands/booking-form checks it), hydrated when first reached for.
    let html = render(&page("/services/book?id=1"));
    assert_eq!(islands(&html, "booking-form"), [(serde_json::json!({ "service": 1 }), "interaction".to_owned())]);
    let area = member_area(&html, "book");
    assert!(area.contains("<span>island booking-form</span>"));
    assert!(area.contains("<noscript><p class=\"notice\">Booking needs JavaScript"), "{area}");
    assert!(!area.contains("<form"), "the page itself writes no form");
}

#[test]
fn where_providers_keep_hours_the_booking_page_shows_free_times_and_books_the_one_chosen() {
    // First the postcode (and hours): a plain GET form, and no booking form yet.
    let html = render(&page("/services/book?id=2"));
    assert!(html.contains(r#"<form action="/services/book" method="get" class="when-form">"#), "{html}");
    assert_eq!(attribute_values(&html, "name").iter().filter(|name| ["id", "postcode", "length"].contains(name)).count(), 3);
    assert!(html.contains(r#"<option value="8">8 hours</option>"#));
    assert!(islands(&html, "booking-form").is_empty(), "a time is chosen first");

    // A week of free times, each a link that chooses it; the chosen one opens the form with it.
    let html = render(&page("/services/book?id=2&postcode=LS6+2AB&length=2&from=2030-01-14&slot=2030-01-15T09%3A30"));
    assert!(html.contains("<h3>Monday 14 January</h3><p class=\"free-none\">No free times</p>"), "{html}");
    assert!(html.contains(r#"href="/services/book?id=2&amp;postcode=LS6+2AB&amp;length=2&amp;from=2030-01-14&amp;slot=2030-01-15T09:00""#), "{html}");
    assert!(html.contains(r#"aria-current="true""#));
    assert!(html.contains("£40.00 for this booking."));
    assert!(html.contains(r#"<a href="/services/book?id=2&amp;postcode=LS6+2AB&amp;length=2&amp;from=2030-01-07">Earlier week</a>"#));
    assert!(html.contains(r#"<option value="2" selected>2 hours</option>"#), "{html}");
    let form = islands(&html, "booking-form");
    assert_eq!(
        form,
        [(serde_json::json!({ "service": 2, "date": "2030-01-15", "time": "09:30", "postcode": "LS6 2AB", "length": 2 }), "interaction".to_owned())]
    );

    // A postcode that cannot be read is said beside its field.
    let html = render(&page("/services/book?id=2&postcode=ZZ9&length=2"));
    assert!(html.contains(r#"<p id="when-postcode-error" class="isl-field-error">We don't know that postcode area</p>"#), "{html}");
    assert!(!html.contains("free-days"));
    assert!(html.contains(r#"<option value="2" selected>2 hours</option>"#), "what was asked stays asked");
}

#[test]
fn a_booking_being_moved_gets_the_moves_button_for_the_time_chosen() {
    let html = render(&page("/services/book?id=2&postcode=LS6+2AB&length=2&from=2030-01-14&slot=2030-01-15T09%3A30&move=7"));
    assert!(islands(&html, "booking-form").is_empty(), "no new booking");
    assert_eq!(islands(&html, "move-booking"), [(serde_json::json!({ "booking": 7, "date": "2030-01-15", "time": "09:30" }), "load".to_owned())]);
    assert!(html.contains(r#"<input type="hidden" name="move" value="7">"#), "the form keeps the booking being moved");
    assert!(html.contains("&amp;move=7&amp;slot=2030-01-15T09:00"), "so do the times: {html}");
    assert!(html.contains("Choose the new time for your booking"));
}

#[test]
fn service_and_job_pages_carry_a_bookmark_toggle() {
    let details = render(&page("/services/details?id=1"));
    let toggles = islands(&details, "bookmark-toggle");
    assert_eq!(toggles.len(), 1);
    assert_eq!(toggles[0].0["service"], 1);
    assert!(toggles[0].0["title"].is_string());
    let apply = render(&page("/apply?id=3"));
    let toggles = islands(&apply, "bookmark-toggle");
    assert_eq!(toggles.len(), 1);
    assert_eq!(toggles[0].0["job"], 3);
    assert_eq!(toggles[0].0["title"], "Care assistant at Pennine Care Partners");
    assert!(islands(&render(&page("/services/details")), "bookmark-toggle").is_empty());
    // Service and job cards too. Every one is whole server markup, so React loads only when a
    // visitor first reaches for one.
    let home = islands(&render(&page("/")), "bookmark-toggle");
    assert!(home.iter().any(|(props, _)| props["service"] == 1), "{home:?}");
    assert!(home.iter().any(|(props, _)| props["job"] == 3), "{home:?}");
    for (props, hydrate) in [home, islands(&details, "bookmark-toggle"), islands(&apply, "bookmark-toggle")].concat() {
        assert_eq!(hydrate, "interaction", "{props}");
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

/// The schema.org types our pages mark up, with the properties Google documents for each (its
/// required ones first) or, for types Google has no feature for, schema.org's own: a property
/// outside the list is a typo or markup Google ignores, and a missing required one loses the
/// rich result.
struct SchemaType {
    name: &'static str,
    required: &'static [&'static str],
    recommended: &'static [&'static str],
}

const SCHEMA_TYPES: &[SchemaType] = &[
    // developers.google.com/search/docs/appearance/structured-data/organization: none required.
    SchemaType {
        name: "Organization",
        required: &["name"],
        recommended: &["url", "logo", "email", "telephone", "address", "sameAs", "description", "legalName", "alternateName", "contactPoint", "vatID"],
    },
    // .../breadcrumb: itemListElement; each ListItem needs position, name and item (not the last).
    SchemaType { name: "BreadcrumbList", required: &["itemListElement"], recommended: &[] },
    SchemaType { name: "ListItem", required: &["position", "name"], recommended: &["item"] },
    // .../job-posting.
    SchemaType {
        name: "JobPosting",
        required: &["title", "description", "datePosted", "hiringOrganization", "jobLocation"],
        recommended: &["validThrough", "employmentType", "baseSalary", "directApply", "identifier", "applicantLocationRequirements", "jobLocationType"],
    },
    SchemaType { name: "Place", required: &["address"], recommended: &[] },
    SchemaType { name: "PostalAddress", required: &["addressCountry"], recommended: &["streetAddress", "addressLocality", "addressRegion", "postalCode"] },
    SchemaType { name: "PropertyValue", required: &["name", "value"], recommended: &[] },
    SchemaType { name: "MonetaryAmount", required: &["currency", "value"], recommended: &[] },
    SchemaType { name: "QuantitativeValue", required: &["unitText"], recommended: &["value", "minValue", "maxValue"] },
    // schema.org/Service (no Google feature): what a search engine reads of a service.
    SchemaType { name: "Service", required: &["name", "provider", "offers"], recommended: &["description", "serviceType", "areaServed", "url", "image"] },
    SchemaType { name: "City", required: &["name"], recommended: &[] },
    // .../product-snippet's Offer: price and priceCurrency.
    SchemaType { name: "Offer", required: &["price", "priceCurrency"], recommended: &["priceSpecification", "availability", "url", "priceValidUntil"] },
    SchemaType { name: "UnitPriceSpecification", required: &["price", "priceCurrency"], recommended: &["unitCode", "unitText"] },
];

/// Every JSON-LD block of a page, parsed.
fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).expect("JSON-LD parses"))
        .collect()
}

/// Checks `value` and everything in it against [`SCHEMA_TYPES`]; `url` names the page.
fn assert_schema(value: &serde_json::Value, url: &str) {
    match value {
        serde_json::Value::Object(fields) => {
            if let Some(name) = fields.get("@type").and_then(|t| t.as_str()) {
                let schema = SCHEMA_TYPES.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{url}: {name} is not a type we check"));
                for required in schema.required {
                    assert!(fields.contains_key(*required), "{url}: {name} lacks {required}");
                }
                for field in fields.keys().filter(|f| !f.starts_with('@')) {
                    assert!(
                        schema.required.contains(&field.as_str()) || schema.recommended.contains(&field.as_str()),
                        "{url}: {name}.{field} is not a documented property"
                    );
                }
                for link in ["url", "item", "logo"].iter().filter_map(|f| fields.get(*f)) {
                    assert!(link.as_str().is_some_and(|l| l.starts_with("https://brightway.example/")), "{url}: {name} links to {link}");
                }
                if name == "BreadcrumbList" {
                    let items = fields["itemListElement"].as_array().unwrap();
                    for (index, item) in items.iter().enumerate() {
                        assert_eq!(item["position"], index + 1, "{url}: breadcrumb positions count from 1");
                        assert!(index + 1 == items.len() || item.get("item").is_some(), "{url}: only the last breadcrumb may lack its link");
                    }
                }
                if name == "Offer" || name == "UnitPriceSpecification" {
                    assert_eq!(fields["priceCurrency"], "GBP", "{url}");
                    assert!(fields["price"].as_str().is_some_and(|p| p.parse::<f64>().is_ok()), "{url}: price {}", fields["price"]);
                }
            }
            fields.values().for_each(|inner| assert_schema(inner, url));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| assert_schema(item, url)),
        _ => {}
    }
}

#[test]
fn every_json_ld_block_holds_the_properties_google_documents_for_its_type() {
    let mut types_by_page = BTreeMap::new();
    for payload in every_page() {
        let html = render(&payload);
        let blocks = json_ld(&html);
        for block in &blocks {
            assert_eq!(block["@context"], "https://schema.org", "{}", payload.url);
            assert_schema(block, &payload.url);
        }
        assert!(!html.contains("aggregateRating"), "{}: ratings are shown as text, not marked up", payload.url);
        let types: Vec<String> = blocks.iter().map(|b| b["@type"].as_str().unwrap().to_owned()).collect();
        types_by_page.insert(payload.url.clone(), types);
    }
    assert_eq!(types_by_page["/"], ["Organization"]);
    assert_eq!(types_by_page["/services?category=cleaning"], ["BreadcrumbList"]);
    assert_eq!(types_by_page["/services/details?id=1"], ["BreadcrumbList", "Service"]);
    assert_eq!(types_by_page["/apply?id=3"], ["BreadcrumbList", "JobPosting"]);
    assert!(types_by_page["/about"].is_empty());
}

#[test]
fn the_company_and_a_service_are_described_from_their_data() {
    let home = json_ld(&render(&page("/")));
    assert_eq!(home[0]["name"], "Brightway UK");
    assert_eq!(home[0]["email"], "hello@brightway.example");
    assert_eq!(home[0]["telephone"], "+44 20 7946 0000");
    assert_eq!(home[0]["sameAs"][0], "https://facebook.example/brightway");
    let details = render(&page("/services/details?id=1"));
    let blocks = json_ld(&details);
    let service = &blocks[1];
    assert_eq!(service["name"], "End of tenancy cleaning");
    assert_eq!(service["offers"]["price"], "120.00");
    assert_eq!(service["areaServed"][0]["name"], "Swindon");
    let trail: Vec<&str> = blocks[0]["itemListElement"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(trail, ["Home", "Services", "Cleaning", "End of tenancy cleaning"]);
    assert!(details.contains("4.3"), "the rating is shown as text");
}

#[test]
fn a_closed_job_keeps_its_page_but_leaves_search_engines() {
    let mut closed = page("/apply?id=3");
    if let PageData::Apply(Some(detail)) = &mut closed.page {
        detail.status = ListingStatus::Closed;
    }
    let html = render(&closed);
    assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
    assert!(!html.contains("JobPosting"), "a closed job is no vacancy");
    assert!(!render(&page("/apply?id=3")).contains(r#"content="noindex""#));
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

#[test]
fn a_providers_profile_shows_their_work_and_links_from_their_services() {
    let html = render(&page("/providers/profile?id=9"));
    assert!(html.contains("<h1>Sam, provider</h1>") || html.contains(">Sam, provider</h1>"), "{html}");
    assert!(html.contains(r#"src="/providers/photo?id=9&amp;v=abc""#));
    assert!(html.contains("Fully insured.") && html.contains("LS6 (up to 10 miles)") && html.contains("10 years of experience"));
    assert!(html.contains("Verified booking") && html.contains("Spotless flat"));
    assert!(html.contains("Sam (provider) answered") && html.contains("Thank you, it was a pleasure."), "the answer shows under its review");
    assert!(html.contains(r#""@type":"BreadcrumbList""#));
    assert!(!html.contains("noindex"), "a profile is for search engines");
    let service = render(&page("/services/details?id=1"));
    assert!(service.contains(r#"<a href="/providers/profile?id=9">Sam</a>"#), "the service's page links to its providers");
}
