//! The public marketplace pages: home, services and their details, booking, jobs, applying,
//! becoming a provider, a provider's profile, bookmarks.

use crate::fixtures::*;
use app::routes::PageData;

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
