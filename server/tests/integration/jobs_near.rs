//! Jobs near a postcode against the real server: where a posted job is placed (its postcode,
//! else its town), the API's and the page's nearest-first lists with their distances, existing
//! jobs placed at start, and job alerts kept to a distance of a district.

use crate::common::{self, TestApp};
use crate::jobs::{post_form, seeker_form};
use reqwest::multipart::Form;
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use serde_json::Value;

/// A job post in `location`, with `postcode` if given; its title carries a word only these tests use.
fn job_at(title: &str, location: &str, postcode: Option<&str>) -> Form {
    let form = Form::new()
        .text("title", format!("Nearfind {title}"))
        .text("company", "Pennine Care Partners")
        .text("location", location.to_owned())
        .text("employment_type", "full_time")
        .text("description", "Support our residents with daily living.")
        .text("closes_at", common::uk_date(30));
    match postcode {
        Some(postcode) => form.text("postcode", postcode.to_owned()),
        None => form,
    }
}

fn titles_and_miles(page: &Value) -> Vec<(String, Option<f64>)> {
    page["results"].as_array().unwrap().iter().map(|j| (j["title"].as_str().unwrap().replace("Nearfind ", ""), j["distance_miles"].as_f64())).collect()
}

async fn jobs_near_a_postcode_are_listed_nearest_first(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    for (title, location, postcode) in [
        ("Headingley", "Leeds", Some("ls6 1aa")),
        ("Bradford", "Bradford", None),
        ("York", "York, North Yorkshire", None),
        ("Remote", "Remote", None),
        // Northern Ireland's postcodes are kept but place nothing: the town does.
        ("Belfast postcode", "Leeds", Some("BT1 1AA")),
    ] {
        let (status, job) = post_form(app, "/api/service/jobs/", job_at(title, location, postcode), Some(&poster.token)).await;
        assert_eq!(status, 201, "{title}: {job}");
        if let Some(postcode) = postcode {
            // Kept to place the job, never shown on the advert.
            let (_, advert) = app.text(&format!("/apply?id={}", job["id"])).await;
            let (_, shown) = app.text(&format!("/api/service/jobs/{}/", job["id"])).await;
            for answer in [advert, shown, job.to_string()] {
                assert!(!answer.to_uppercase().contains(&postcode.to_uppercase()), "{title}: the postcode is not shown");
            }
        }
    }

    let (status, page) = app.json("/api/service/jobs/?search=nearfind&near=LS1%204AP&within=10").await;
    assert_eq!(status, 200, "{page}");
    let found = titles_and_miles(&page);
    let titles: Vec<&str> = found.iter().map(|(title, _)| title.as_str()).collect();
    assert_eq!(titles, ["Belfast postcode", "Headingley", "Bradford"], "{page}");
    let miles: Vec<f64> = found.iter().map(|(_, miles)| miles.expect("a distance")).collect();
    // Leeds's centre to LS1 under a mile, LS6 about 1.5, Bradford about 9.
    assert!(miles[0] < 1.0 && (1.0..2.5).contains(&miles[1]) && (7.5..10.0).contains(&miles[2]), "{found:?}");
    let (_, wider) = app.json("/api/service/jobs/?search=nearfind&near=LS1&within=25").await;
    assert_eq!(titles_and_miles(&wider).last().unwrap().0, "York", "York is about 22 miles away");
    let (_, all) = app.json("/api/service/jobs/?search=nearfind").await;
    assert_eq!(all["count"], 5, "without near, every job, the unplaced one too");
    assert!(titles_and_miles(&all).iter().all(|(_, miles)| miles.is_none()), "{all}");
    let (status, body) = app.json("/api/service/jobs/?near=BT1").await;
    assert_eq!((status, body["near"][0].as_str()), (400, Some("Distance search does not cover Northern Ireland yet")));

    // A postcode that places nothing is refused on its field.
    for (postcode, message) in
        [("ZZ9 9ZZ", "We don't know that postcode area"), ("Leeds", "Enter a UK postcode, such as LS1 4AP, or its first part, such as LS1.")]
    {
        let (status, body) = post_form(app, "/api/service/jobs/", job_at("Refused", "Leeds", Some(postcode)), Some(&poster.token)).await;
        assert_eq!((status, body["postcode"][0].as_str()), (400, Some(message)), "{postcode}");
    }

    // The jobs page: a plain GET form, nearest first with the distance on each card.
    let (status, html) = app.text("/jobs?search=nearfind&near=LS1&within=10").await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"name="near" value="LS1""#) && html.contains(r#"<option value="10" selected>"#));
    assert!(html.contains("of 3 jobs within 10 miles of LS1"), "the count");
    let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle} not on the page"));
    assert!(at("Nearfind Belfast postcode") < at("Nearfind Headingley") && at("Nearfind Headingley") < at("Nearfind Bradford"));
    assert!(html.contains("<dd>Leeds (under a mile away)</dd>") && html.contains("<dd>Bradford (9 miles away)</dd>"));
    let (status, refused) = app.text("/jobs?near=ZZ9&within=100").await;
    assert_eq!(status, 400);
    assert!(refused.contains("<title>Error: Jobs - "));
    assert!(refused.contains(r#"id="jobs-within-error" class="isl-field-error">Enter a distance from 1 to 50 miles.<"#));
    assert!(refused.contains(r#"id="jobs-near-error" class="isl-field-error">We don't know that postcode area<"#));
}
on_both_databases!(jobs_near_a_postcode_are_listed_nearest_first);

async fn jobs_from_before_are_placed_by_their_town(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let (_, job) = post_form(app, "/api/service/jobs/", job_at("Older", "Harrogate", None), Some(&poster.token)).await;
    let id = job["id"].as_i64().unwrap() as i32;
    let db = &app.site.db;
    // As a job kept before jobs were placed.
    let mut row = entity::job::Entity::find_by_id(id).one(db).await.unwrap().unwrap().into_active_model();
    row.latitude = Set(None);
    row.longitude = Set(None);
    row.update(db).await.unwrap();
    let (_, page) = app.json("/api/service/jobs/?search=nearfind&near=HG1").await;
    assert_eq!(page["count"], 0, "an unplaced job is found by words only");

    assert!(server::jobs::place::place_unplaced(db).await.unwrap() >= 1);
    let placed = entity::job::Entity::find_by_id(id).one(db).await.unwrap().unwrap();
    assert!(placed.latitude.is_some() && placed.longitude.is_some());
    let (_, page) = app.json("/api/service/jobs/?search=nearfind&near=HG1").await;
    assert_eq!(page["count"], 1, "placed: {page}");
}
on_both_databases!(jobs_from_before_are_placed_by_their_town);

async fn job_alerts_keep_to_a_distance_of_a_district(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let form = seeker_form("near@example.co.uk", true).text("near", "ls1 4ap").text("within", "10");
    let (status, registered) = post_form(app, "/api/job-seekers/", form, None).await;
    assert_eq!(status, 201, "{registered}");
    let id = registered["id"].as_i64().unwrap() as i32;
    let seeker = entity::job_seeker::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!((seeker.near_district.as_deref(), seeker.within_miles), (Some("LS1"), Some(10.0)), "only the district is kept");
    let mut on = seeker.into_active_model();
    on.alerts = Set(entity::words::JobAlerts::On);
    on.update(&app.site.db).await.unwrap();

    // The seeker wants care work anywhere in Harrogate (seeker_form): these are in Leeds and
    // York, so the towns would keep both out; without towns, the distance decides.
    let mut anywhere = entity::job_seeker::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into_active_model();
    anywhere.locations = Set(String::new());
    anywhere.update(&app.site.db).await.unwrap();
    let poster = app.member("Priya Shah").await;
    for (title, location) in [("Care Assistant Headingley", "Leeds"), ("Care Assistant York", "York")] {
        let (status, _) = post_form(app, "/api/service/jobs/", job_at(title, location, None), Some(&poster.token)).await;
        assert_eq!(status, 201);
    }
    server::job_seekers::alerts::send_due(&app.state, chrono::Utc::now()).await.unwrap();
    let alert = inbox.wait_for_containing("near@example.co.uk", "New job", 10).await;
    assert!(alert.contains("Care Assistant Headingley"), "{alert}");
    assert!(!alert.contains("Care Assistant York"), "York is 22 miles from LS1: {alert}");

    let refused = seeker_form("far@example.co.uk", true).text("near", "BT1 1AA").text("within", "60");
    let (status, body) = post_form(app, "/api/job-seekers/", refused, None).await;
    assert_eq!(status, 400);
    assert_eq!(body["near"][0], "Distance search does not cover Northern Ireland yet");
    assert_eq!(body["within"][0], "Enter a distance from 1 to 50 miles.");
}
on_both_databases!(backend job_alerts_keep_to_a_distance_of_a_district);
