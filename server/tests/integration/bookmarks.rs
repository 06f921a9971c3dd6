//! Bookmarks (api-contract: Marketplace): a service or job saved once, seen and removed only by
//! its owner.

use crate::common;

use common::TestApp;
use reqwest::Method;
use sea_orm::EntityTrait;
use serde_json::json;

async fn bookmarks_are_saved_once_and_kept_to_their_owner(app: &TestApp) {
    let service = crate::scheduling::service(app, "regular-home-clean").await.id;
    let job = entity::job::Entity::find().one(&app.site.db).await.unwrap().unwrap();
    let member = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;
    assert_eq!(app.call(Method::POST, "/api/bookmarks/", Some(json!({"service": service})), None).await.0, 401);
    let (status, saved) = app.call(Method::POST, "/api/bookmarks/", Some(json!({"service": service})), Some(&member.token)).await;
    assert_eq!(status, 201, "{saved}");
    assert_eq!(saved["link"], format!("/services/details?id={service}"));
    let (status, again) = app.call(Method::POST, "/api/bookmarks/", Some(json!({"service": service.to_string()})), Some(&member.token)).await;
    assert_eq!((status, again["id"].clone()), (200, saved["id"].clone()), "saving twice keeps one (a visitor's merge may repeat)");
    let (status, saved_job) = app.call(Method::POST, "/api/bookmarks/", Some(json!({"job": job.id})), Some(&member.token)).await;
    assert_eq!(status, 201);
    assert_eq!(saved_job["title"], format!("{} at {}", job.title, job.company));
    for body in [
        json!({}),
        json!({"service": service, "job": job.id}),
        json!({"service": i32::MAX}),
        json!({"job": "x"}),
        json!({"job": 2147483648i64, "service": null}),
    ] {
        let (status, answer) = app.call(Method::POST, "/api/bookmarks/", Some(body.clone()), Some(&member.token)).await;
        assert_eq!((status, answer["error"].clone()), (400, json!(true)), "{body}");
    }
    let (_, mine) = app.call(Method::GET, "/api/bookmarks/", None, Some(&member.token)).await;
    assert_eq!(mine["count"], 2);
    assert_eq!(mine["results"][0]["job"], job.id, "newest first");
    assert_eq!(app.call(Method::GET, "/api/bookmarks/", None, Some(&stranger.token)).await.1["count"], 0);
    let path = format!("/api/bookmarks/{}/", saved["id"]);
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&stranger.token)).await.0, 404, "someone else's bookmark");
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&member.token)).await.0, 204);
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&member.token)).await.0, 404);
    assert_eq!(app.call(Method::GET, "/api/bookmarks/", None, Some(&member.token)).await.1["count"], 1);
}
on_both_databases!(bookmarks_are_saved_once_and_kept_to_their_owner);
