//! Distance search (`near`, `within`) against the real server: which services cover a
//! postcode, how far each is, in what order, and the field errors of bad input. The services
//! are made through the back office, each with areas chosen for what they should show.

use crate::admin::{staff_call, staff_member};
use crate::common::{self, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

/// A category of its own, with a service for each of `areas` (titled by its key), Open.
pub async fn services_with_areas(app: &TestApp, areas: &[(&str, &[&str])]) -> String {
    let staff = staff_member(app).await;
    let slug = format!("near-test-{}", rand::random::<u32>());
    let (status, category) =
        staff_call(app, &staff, Method::POST, "/api/admin/categories/", Some(json!({"name": "Near test", "slug": slug, "icon": "sparkles", "priority": 99})))
            .await;
    assert_eq!(status, 201, "{category}");
    for (title, areas) in areas {
        let body = json!({
            "title": title, "slug": format!("{slug}-{}", title.to_lowercase()), "category": category["id"], "summary": "A test service.",
            "description": "Made to be found near a postcode.", "price_from": 40, "price_unit": "fixed", "areas": areas, "status": "Open",
        });
        let (status, service) = staff_call(app, &staff, Method::POST, "/api/admin/services/", Some(body)).await;
        assert_eq!(status, 201, "{title}: {service}");
    }
    slug
}

fn titles_and_miles(page: &Value) -> Vec<(String, f64)> {
    page["results"].as_array().unwrap().iter().map(|s| (s["title"].as_str().unwrap().to_owned(), s["distance_miles"].as_f64().expect("a distance"))).collect()
}

fn field_error(body: &Value, field: &str) -> String {
    body[field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {body}")).to_owned()
}

async fn services_near_a_postcode_are_those_covering_it_nearest_first(app: &TestApp) {
    let category = services_with_areas(
        app,
        &[
            ("Listed", &["Districts: LS1, LS2"]),
            ("Leeds", &["Leeds"]),
            ("Pudsey", &["Pudsey"]),
            ("Bradford", &["Bradford within 20 miles"]),
            // Covers Leeds from Huddersfield, 15 miles away; its nearest base, Wetherby, does not.
            ("Huddersfield", &["Huddersfield within 30 miles", "Wetherby within 1 mile"]),
            // Within 25 miles of Leeds, but its base's 10 miles (and Harrogate's 5) do not reach it.
            ("York", &["York", "Harrogate within 5 miles"]),
            ("Belfast", &["Belfast"]),
            ("London", &["SW1A 1AA within 100 miles"]),
        ],
    )
    .await;
    let near = |query: &str| format!("/api/service/?category__slug={category}&{query}");

    let (status, page) = app.json(&near("near=ls1%204ap")).await;
    assert_eq!(status, 200, "{page}");
    let found = titles_and_miles(&page);
    let titles = |found: &[(String, f64)]| found.iter().map(|(title, _)| title.clone()).collect::<Vec<_>>();
    assert_eq!(titles(&found), ["Listed", "Leeds", "Pudsey", "Bradford", "Huddersfield"], "{page}");
    assert_eq!(page["count"], 5);
    let miles = |title: &str| found.iter().find(|(t, _)| t == title).unwrap().1;
    assert_eq!(miles("Listed"), 0.0, "a listed district is no distance away");
    // Straight lines from Leeds city centre, as atlases give them: Pudsey about 5 miles,
    // Bradford about 9, Wetherby about 11.
    assert!(miles("Leeds") < 2.0, "Leeds is about LS1: {found:?}");
    assert!((3.5..6.0).contains(&miles("Pudsey")), "{found:?}");
    assert!((7.5..10.0).contains(&miles("Bradford")), "{found:?}");
    assert!((10.0..12.5).contains(&miles("Huddersfield")), "its nearest base, Wetherby: {found:?}");

    // Within 5 miles: only what is that near.
    let (_, page) = app.json(&near("near=LS1&within=5")).await;
    assert_eq!(titles(&titles_and_miles(&page)), ["Listed", "Leeds", "Pudsey"]);
    // With words too.
    let (_, page) = app.json(&near("near=LS1&search=pudsey")).await;
    assert_eq!(titles(&titles_and_miles(&page)), ["Pudsey"]);
    // Another order when asked, with the distances still given.
    let (_, page) = app.json(&near("near=LS1&ordering=title")).await;
    assert_eq!(titles(&titles_and_miles(&page)), ["Bradford", "Huddersfield", "Leeds", "Listed", "Pudsey"]);
    // Pages of the nearest-first list.
    let (_, second) = app.json(&near("near=LS1&page_size=3&page=2")).await;
    assert_eq!(second["count"], 5);
    assert_eq!(titles(&titles_and_miles(&second)), ["Bradford", "Huddersfield"]);
    // Far from every base: none.
    let (status, page) = app.json(&near("near=EH1")).await;
    assert_eq!((status, page["count"].as_u64()), (200, Some(0)));
    // London's base reaches 100 miles, and CB1 is about 49 from it: listed only when the
    // search reaches that far (25 miles unless asked).
    let (_, page) = app.json(&near("near=CB1")).await;
    assert_eq!(page["count"], 0);
    let (_, page) = app.json(&near("near=CB1&within=50")).await;
    assert_eq!(titles(&titles_and_miles(&page)), ["London"]);
    assert!((45.0..52.0).contains(&titles_and_miles(&page)[0].1), "{page}");
    // Without near, no distances: the category as ever, the unplaced one too.
    let (_, page) = app.json(&format!("/api/service/?category__slug={category}")).await;
    assert_eq!(page["count"], 8);

    // The back office refuses an area it cannot read, saying why, and keeps the service as it was.
    let staff = staff_member(app).await;
    let id = page["results"][0]["id"].as_i64().unwrap();
    for (area, said) in [
        ("Leeds within 500 miles", "“Leeds within 500 miles”: say the radius in whole miles from 1 to 100, as in “Leeds within 15 miles”."),
        ("Districts: LS1, Atlantis", "“Atlantis” is not a postcode district of Great Britain that we know."),
    ] {
        let (status, refused) = staff_call(app, &staff, Method::PATCH, &format!("/api/admin/services/{id}/"), Some(json!({"areas": [area]}))).await;
        assert_eq!((status, refused["areas"][0].as_str()), (400, Some(said)), "{area}: {refused}");
    }
    assert!(page["results"].as_array().unwrap().iter().all(|s| s.get("distance_miles").is_none()), "{page}");
}
on_both_databases!(services_near_a_postcode_are_those_covering_it_nearest_first);

async fn a_bad_postcode_or_distance_names_its_field(app: &TestApp) {
    for (query, field, message) in [
        ("near=BT1%201AA", "near", "Distance search does not cover Northern Ireland yet"),
        ("near=ZZ9%209ZZ", "near", "We don't know that postcode area"),
        ("near=GY1%201AA", "near", "We don't know that postcode area"),
        ("near=Leeds", "near", "Enter a UK postcode, such as LS1 4AP, or its first part, such as LS1."),
        ("near=LS1&within=ten", "within", "Enter a distance in miles as a number, such as 10. Enter a distance from 1 to 50 miles."),
        ("near=LS1&within=0", "within", "Enter a distance from 1 to 50 miles."),
        ("near=LS1&within=51", "within", "Enter a distance from 1 to 50 miles."),
    ] {
        let (status, body) = app.json(&format!("/api/service/?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(field_error(&body, field), message, "{query}");
    }
    // An empty postcode (a form sent without one) searches no distance.
    let (status, _) = app.json("/api/service/?near=&within=10").await;
    assert_eq!(status, 200);
}
on_both_databases!(a_bad_postcode_or_distance_names_its_field);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_farthest_search_and_the_default_radius_are_configurable() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| {
        config.distances.max_within_miles = 100;
        config.distances.default_radius_miles = 30;
    })
    .await;
    let category = services_with_areas(&app, &[("York", &["York"])]).await;
    // York to Leeds is about 22 miles: inside a 30-mile default radius.
    let (status, page) = app.json(&format!("/api/service/?category__slug={category}&near=LS1")).await;
    assert_eq!((status, page["count"].as_u64()), (200, Some(1)), "{page}");
    let (status, _) = app.json(&format!("/api/service/?category__slug={category}&near=LS1&within=100")).await;
    assert_eq!(status, 200);
    let (status, body) = app.json("/api/service/?near=LS1&within=101").await;
    assert_eq!((status, field_error(&body, "within")), (400, "Enter a distance from 1 to 100 miles.".to_owned()));
}

/// The id of the service titled `title` in category `slug`.
pub async fn service_id(app: &TestApp, slug: &str, title: &str) -> i64 {
    let (_, page) = app.json(&format!("/api/service/?category__slug={slug}&page_size=100")).await;
    page["results"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap_or_else(|| panic!("{title}: {page}"))["id"].as_i64().unwrap()
}

/// Where `needle` first appears in `html`; the test fails if it does not.
fn at(html: &str, needle: &str) -> usize {
    html.find(needle).unwrap_or_else(|| panic!("{needle:?} not on the page"))
}

async fn the_pages_list_and_check_services_near_a_postcode(app: &TestApp) {
    let slug = services_with_areas(app, &[("Listed", &["Districts: LS1, LS2"]), ("Leeds", &["Leeds"]), ("Pudsey", &["Pudsey"]), ("York", &["York"])]).await;

    // The category's page takes a postcode and a distance from its plain GET form.
    let (status, plain) = app.text(&format!("/services?category={slug}")).await;
    assert_eq!(status, 200);
    for field in [r#"action="/services" method="get""#, r#"name="near""#, r#"name="within""#, r#"<option value="25" selected>"#] {
        at(&plain, field);
    }
    assert!(!plain.contains("miles away"), "no distances without a postcode");

    let (status, html) = app.text(&format!("/services?category={slug}&near=ls1+4ap&within=10")).await;
    assert_eq!(status, 200, "{html}");
    at(&html, "Near test services near LS1");
    at(&html, "of 3 services within 10 miles of LS1");
    assert!(at(&html, ">Listed<") < at(&html, ">Leeds<") && at(&html, ">Leeds<") < at(&html, ">Pudsey<"), "nearest first");
    assert!(!html.contains(">York<"), "York is about 22 miles away");
    at(&html, "Covers your district");
    at(&html, "5 miles away");
    // The form shows what was asked, and the list is not for search engines.
    at(&html, r#"value="ls1 4ap""#);
    at(&html, r#"<option value="10" selected"#);
    at(&html, r#"<meta name="robots" content="noindex""#);
    // A distance asked by its address stays chosen in the form, written as the choices are.
    let (_, asked) = app.text(&format!("/services?category={slug}&near=LS1&within=7.5")).await;
    at(&asked, r#"<option value="7.5" selected>Within 7.5 miles</option>"#);
    let (_, padded) = app.text(&format!("/services?category={slug}&near=LS1&within=010")).await;
    at(&padded, r#"<option value="10" selected>Within 10 miles</option>"#);
    // A distance without a postcode, as the form sends it, is the plain list: kept and indexed.
    let (_, lone) = app.text(&format!("/services?category={slug}&search=&near=&within=25")).await;
    assert!(!lone.contains("noindex") && lone.contains(&format!(r#"<link rel="canonical" href="{}/services?category={slug}">"#, app.base)), "{lone}");
    let (_, none) = app.text(&format!("/services?category={slug}&near=EH1&within=5")).await;
    at(&none, "No services found within 5 miles of EH1");

    // Bad input: the page again, 400, each field with its message, and the payload as the API answers.
    for (query, field, message) in [
        ("near=BT1+1AA", "near", "Distance search does not cover Northern Ireland yet"),
        ("near=ZZ9+9ZZ", "near", "We don't know that postcode area"),
        ("near=LS1&within=ten", "within", "Enter a distance in miles as a number, such as 10. Enter a distance from 1 to 50 miles."),
    ] {
        let (status, html) = app.text(&format!("/services?category={slug}&{query}")).await;
        assert_eq!(status, 400, "{query}");
        at(&html, &format!(r#"id="services-{field}-error" class="isl-field-error">{message}<"#));
        at(&html, &format!(r#"aria-describedby="services-{field}-error""#));
    }
    let (status, body) = app.json(&format!("/services/_payload.json?category={slug}&near=ZZ9")).await;
    assert_eq!((status, field_error(&body, "near")), (400, "We don't know that postcode area".to_owned()));

    // A service's page answers "Do you cover my postcode?" from its GET form.
    let leeds = service_id(app, &slug, "Leeds").await;
    let (status, page) = app.text(&format!("/services/details?id={leeds}")).await;
    assert_eq!(status, 200);
    at(&page, "Do you cover my postcode?");
    assert!(!page.contains(r#"<meta name="robots" content="noindex""#) && !page.contains("cover-answer"));
    for (postcode, answer) in [("LS6+1AA", "Yes, this service covers LS6 (1 mile away)."), ("EH1+1AA", "No, this service does not cover EH1 yet.")] {
        let (status, page) = app.text(&format!("/services/details?id={leeds}&postcode={postcode}")).await;
        assert_eq!(status, 200, "{postcode}");
        at(&page, &format!(r#"<p role="status" class="cover-answer">{answer}</p>"#));
        at(&page, r#"<meta name="robots" content="noindex""#);
    }
    let listed = service_id(app, &slug, "Listed").await;
    let (_, page) = app.text(&format!("/services/details?id={listed}&postcode=ls2")).await;
    at(&page, "Yes, this service covers LS2.");
    let (status, page) = app.text(&format!("/services/details?id={leeds}&postcode=BT1")).await;
    assert_eq!(status, 400);
    at(&page, r#"id="cover-postcode-error" class="isl-field-error">Distance search does not cover Northern Ireland yet<"#);
}
on_both_databases!(the_pages_list_and_check_services_near_a_postcode);

async fn a_changed_service_is_found_where_it_now_works(app: &TestApp) {
    let slug = services_with_areas(app, &[("Mover", &["Leeds"])]).await;
    let near_leeds = format!("/api/service/?category__slug={slug}&near=LS1");
    let (_, page) = app.json(&near_leeds).await;
    assert_eq!(page["count"], 1, "{page}");
    let id = service_id(app, &slug, "Mover").await;
    let staff = staff_member(app).await;

    // Moved to York: no longer near Leeds, now near York.
    let (status, _) = staff_call(app, &staff, Method::PATCH, &format!("/api/admin/services/{id}/"), Some(json!({"areas": ["York"]}))).await;
    assert_eq!(status, 200);
    let (_, page) = app.json(&near_leeds).await;
    assert_eq!(page["count"], 0, "where it worked before: {page}");
    let (_, page) = app.json(&format!("/api/service/?category__slug={slug}&near=YO1")).await;
    assert_eq!(page["count"], 1, "{page}");
    // Closed: in no list, near or not.
    let (status, _) = staff_call(app, &staff, Method::PATCH, &format!("/api/admin/services/{id}/"), Some(json!({"status": "Closed"}))).await;
    assert_eq!(status, 200);
    let (_, page) = app.json(&format!("/api/service/?category__slug={slug}&near=YO1")).await;
    assert_eq!(page["count"], 0, "{page}");
}
on_both_databases!(a_changed_service_is_found_where_it_now_works);
