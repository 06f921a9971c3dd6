//! The data every page test renders from: one fixture payload per route, and the helpers
//! that read the HTML.

use app::data::*;
use app::island::IslandRenderer;
use app::render_page;
use app::routes::PageData;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Stands in for the QuickJS renderer: the island's name is enough to find it in the page.
pub(crate) struct FakeIslands;

impl IslandRenderer for FakeIslands {
    fn render(&self, name: &str, _props_json: &str, _id_prefix: &str) -> String {
        format!("<span>island {name}</span>")
    }
}

pub(crate) fn assets() -> Assets {
    Assets {
        site_css: ".site{color:#0b5563}".into(),
        back_office_stylesheet: "/assets/back-office-7E1F.css".into(),
        runtime: "/assets/runtime-8C1D.js".into(),
        build_id: "build-42".into(),
        public_url: "https://brightway.example".into(),
    }
}

pub(crate) fn category(id: i32, slug: &str, name: &str, count: i64) -> CategoryCard {
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

pub(crate) fn site() -> SiteData {
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

pub(crate) fn category_ref() -> CategoryRef {
    CategoryRef { id: 1, slug: "cleaning".into(), name: "Cleaning".into() }
}

pub(crate) fn service(id: i32, title: &str, price_from: &str, price_unit: PriceUnit) -> ServiceCard {
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

pub(crate) fn job(id: i32, title: &str) -> JobCard {
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

pub(crate) fn hourly_job() -> JobCard {
    JobCard {
        employment_type: EmploymentType::PartTime,
        salary_min: Some("12.50".into()),
        salary_max: Some("12.50".into()),
        salary_period: SalaryPeriod::Hour,
        ..job(8, "Support worker")
    }
}

pub(crate) fn review(id: i32, text: &str) -> ReviewView {
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

pub(crate) fn pagination(page: u64, total_pages: u64) -> Pagination {
    Pagination { page, page_size: 20, total_items: total_pages * 20, total_pages }
}

pub(crate) fn payload(url: &str, page: PageData) -> PagePayload {
    PagePayload { url: url.into(), site: site(), page }
}

/// A search near `near` as the loader makes it: the distances offered, what was read, the errors.
pub(crate) fn near_search(near: &str, within: &str, district: Option<&str>, errors: &[(&str, &str)]) -> NearSearch {
    NearSearch {
        near: near.into(),
        within: within.into(),
        choices: vec![5.0, 10.0, 25.0, 50.0],
        errors: errors.iter().map(|(field, message)| (field.to_string(), vec![message.to_string()])).collect(),
        district: district.map(str::to_owned),
    }
}

pub(crate) fn render(payload: &PagePayload) -> String {
    render_page(payload, &assets(), Arc::new(FakeIslands))
}

/// One payload per route, and the variants with no data too.
pub(crate) fn every_page() -> Vec<PagePayload> {
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
pub(crate) fn book_page(service: ServiceCard, scheduled: bool, times: Option<FreeTimes>) -> BookPage {
    let max_length = if service.price_unit == PriceUnit::Hour { 8 } else { 1 };
    BookPage { service, min_length: 1, max_length, scheduled, times, moving: None }
}

/// A week of free times from Monday 14 January 2030 at LS6 2AB, for 2 hours: two on the Tuesday.
pub(crate) fn free_times(chosen: Option<(&str, &str)>, errors: &[(&str, &str)]) -> FreeTimes {
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
pub(crate) fn page(url: &str) -> PagePayload {
    every_page().into_iter().find(|payload| payload.url == url).unwrap_or_else(|| panic!("no page {url} in every_page()"))
}

/// The value of every `name="..."` attribute in the page, in order.
pub(crate) fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            &rest[..rest.find('"').expect("attribute values are quoted")]
        })
        .collect()
}

/// The opening tags of an element, e.g. every `<input ...>`.
pub(crate) fn tags<'a>(html: &'a str, element: &str) -> Vec<&'a str> {
    let needle = format!("<{element} ");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at..];
            &rest[..=rest.find('>').expect("tags close")]
        })
        .collect()
}

/// Every placement of the island `name` in `html`: its props (the JSON of `data-props`) and
/// when it hydrates (`data-hydrate`), in page order.
pub(crate) fn islands(html: &str, name: &str) -> Vec<(serde_json::Value, String)> {
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
pub(crate) fn member_area<'a>(html: &'a str, hook: &str) -> &'a str {
    let open = format!(r#"<section data-member-area="{hook}" class="member-area">"#);
    assert_eq!(html.matches(&open).count(), 1, "one member area {hook}");
    let inside = &html[html.find(&open).unwrap() + open.len()..];
    &inside[..inside.find("</section>").expect("the member area closes")]
}
