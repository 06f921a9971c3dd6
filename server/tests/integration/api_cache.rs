//! The API's public reads kept like pages: compressed, revalidated with an ETag, dropped by the
//! writes that drop the pages, and never holding what a member's token changes.

use crate::common::{self, TestApp};
use crate::jobs::post_job;
use reqwest::Method;
use serde_json::Value;

fn found(app: &TestApp) -> u64 {
    app.site.answers.found.get()
}

async fn a_visitors_read_is_kept_compressed_and_revalidated(app: &TestApp) {
    let url = format!("{}/api/service/categories/?page_size=100", app.base);
    let first = app.client.get(&url).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-encoding"], "br");
    assert_eq!(first.headers()["cache-control"], "public, max-age=0, must-revalidate");
    assert_eq!(first.headers()["vary"], "accept-encoding, authorization", "a CDN keeps visitors' answers apart from members'");
    let etag = first.headers()["etag"].to_str().unwrap().to_string();

    let before = found(app);
    let plain = app.client.get(&url).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["etag"].to_str().unwrap(), etag, "the same answer");
    let categories: Value = plain.json().await.unwrap();
    assert!(categories["count"].as_u64().unwrap() > 0, "{categories}");
    let gzip = app.client.get(&url).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let again = app.client.get(&url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(found(app), before + 3, "answered from the cache each time");

    // Searches, and lists near a postcode, are made each time; errors are never kept.
    let before = found(app);
    for _ in 0..2 {
        let (status, _) = app.json("/api/service/?search=clean").await;
        assert_eq!(status, 200);
        let (status, _) = app.json("/api/service/jobs/?near=LS1&within=30").await;
        assert_eq!(status, 200);
        let (status, _) = app.json("/api/service/?page_size=0").await;
        assert_eq!(status, 400);
    }
    assert_eq!(found(app), before);
}
on_both_databases!(a_visitors_read_is_kept_compressed_and_revalidated);

async fn a_kept_answer_goes_out_as_its_route_made_it(app: &TestApp) {
    let url = format!("{}/api/service/?page_size=3&ordering=priority", app.base);
    let ask = || app.client.get(&url).header("accept-encoding", "br, gzip").send();
    let before = found(app);
    let made = ask().await.unwrap();
    assert_eq!(found(app), before, "the first answer was made by its route");
    let kept = ask().await.unwrap();
    assert_eq!(found(app), before + 1, "the second answer was kept, served ahead of the router");
    let headers = |response: &reqwest::Response| {
        let mut named: Vec<(String, String)> = response
            .headers()
            .iter()
            .filter(|(name, _)| !["date", "x-request-id"].contains(&name.as_str()))
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string()))
            .collect();
        named.sort();
        named
    };
    assert_eq!(headers(&kept), headers(&made));
    assert!(kept.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'none'"), "the API's security headers");
    assert_ne!(kept.headers()["x-request-id"], made.headers()["x-request-id"]);
    assert_eq!(kept.bytes().await.unwrap(), made.bytes().await.unwrap());
}
on_both_databases!(a_kept_answer_goes_out_as_its_route_made_it);

/// Only a visitor's read is answered ahead of the router: another method at a kept address
/// (an API answer, a page, a build file) gets its route's answer, never the kept one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_to_a_kept_address_gets_its_routes_answer() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    for path in ["/api/website-info/", "/about", "/builds/latest.json"] {
        let url = format!("{}{path}", app.base);
        for _ in 0..2 {
            assert_eq!(app.client.get(&url).send().await.unwrap().status(), 200, "{path} is kept");
        }
        let before = found(&app);
        for method in [Method::POST, Method::DELETE] {
            let answer = app.client.request(method.clone(), &url).send().await.unwrap();
            assert_eq!(answer.status(), 405, "{method} {path}");
        }
        assert_eq!(found(&app), before, "nothing answered from the kept answers");
    }
}

async fn a_members_own_fields_never_reach_a_kept_answer(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let job = post_job(app, &poster, "Weekend Care Assistant").await;
    let one = format!("/api/service/jobs/{}/", job["id"]);
    let find = |list: &Value| list["results"].as_array().unwrap().iter().find(|j| j["id"] == job["id"]).cloned().expect("the posted job is listed");
    for path in [one.as_str(), "/api/service/jobs/?page_size=100"] {
        // The owner asks first: what they are given is theirs alone.
        let response = app.client.get(format!("{}{path}", app.base)).bearer_auth(&poster.token).send().await.unwrap();
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
        assert!(response.headers().get("etag").is_none(), "{path}: not from the cache");
        let theirs: Value = response.json().await.unwrap();
        let theirs = if path == one { theirs } else { find(&theirs) };
        assert_eq!((&theirs["is_owner"], &theirs["application_count"]), (&Value::Bool(true), &Value::from(0)), "{path}");

        for round in 0..2 {
            let before = found(app);
            let response = app.get(path).await;
            assert_eq!(response.status(), 200);
            assert!(response.headers().get("etag").is_some());
            let visitors: Value = response.json().await.unwrap();
            let visitors = if path == one { visitors } else { find(&visitors) };
            assert_eq!(visitors["is_owner"], false, "{path}, round {round}: {visitors}");
            assert!(visitors["application_count"].is_null(), "{path}, round {round}: {visitors}");
            assert_eq!(found(app), before + round, "{path}: made for the first visitor, then kept");
        }

        // And the owner, asking again once it is kept, is not given the visitors' answer.
        let (_, again) = app.call(Method::GET, path, None, Some(&poster.token)).await;
        let again = if path == one { again } else { find(&again) };
        assert_eq!(again["is_owner"], true, "{path}");
    }
    let (status, _) = app.json("/api/service/jobs/?mine=true").await;
    assert_eq!(status, 401, "a member's own list needs their token");
}
on_both_databases!(a_members_own_fields_never_reach_a_kept_answer);

async fn a_write_drops_the_answers_made_from_what_it_touched(app: &TestApp) {
    let (_, before) = app.json("/api/service/jobs/?page_size=100").await;
    let (_, info) = app.json("/api/website-info/").await;
    let kept = found(app);
    let poster = app.member("Priya Shah").await;
    post_job(app, &poster, "Mobile Dog Groomer").await;

    let (_, after) = app.json("/api/service/jobs/?page_size=100").await;
    assert_eq!(after["count"].as_u64().unwrap(), before["count"].as_u64().unwrap() + 1, "{after}");
    assert_eq!(after["results"][0]["title"], "Mobile Dog Groomer");
    assert_eq!(app.json("/api/website-info/").await.1, info);
    assert_eq!(found(app), kept + 1, "the website info was not made from the jobs");
}
on_both_databases!(a_write_drops_the_answers_made_from_what_it_touched);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kept_answers_stay_within_their_quarter_of_the_budget() {
    // A small budget: kept answers are weighed, and the older ones go.
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.page_cache_bytes = 256 * 1024).await;
    for page in 1..=3 {
        for size in 1..=60 {
            let (status, _) = app.json(&format!("/api/service/?page={page}&page_size={size}")).await;
            assert!(status == 200 || status == 404);
        }
    }
    assert!(app.site.answers.weighed_bytes() <= 64 * 1024, "{} bytes kept", app.site.answers.weighed_bytes());
}

async fn an_answer_too_big_to_keep_goes_out_whole(app: &TestApp) {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, IntoActiveModel};
    let job = entity::job::Entity::find().one(&app.site.db).await.unwrap().expect("the demo data has jobs");
    let description = "Long hours, good pay. ".repeat(60_000);
    let mut row = job.clone().into_active_model();
    row.description = Set(description.clone());
    row.update(&app.site.db).await.unwrap();
    let path = format!("/api/service/jobs/{}/", job.id);
    let before = found(app);
    for _ in 0..2 {
        let (status, answer) = app.json(&path).await;
        assert_eq!(status, 200, "more than a megabyte is answered, not refused");
        assert_eq!(answer["description"].as_str().map(str::len), Some(description.len()));
    }
    assert_eq!(found(app), before, "and made each time, not kept");
    assert_eq!(app.json("/api/service/jobs/?page_size=1").await.0, 200);
    let (status, _) = app.call(Method::GET, "/api/service/jobs/?page_size=1", None, Some("not-a-token")).await;
    assert_eq!(status, 401, "a request with credentials is checked, never answered from the cache");
}
on_both_databases!(an_answer_too_big_to_keep_goes_out_whole);
