//! Reviews (api-contract: Marketplace): one per member and service, refreshing the pages that
//! show them, never by a service's own providers, and limited per member.

use crate::common;

use common::TestApp;
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

async fn a_review_counts_once_per_member_and_refreshes_the_pages(app: &TestApp) {
    let id = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let (_, before) = app.json(&format!("/api/service/{id}/")).await;
    let count_before = before["rating_count"].as_i64().unwrap();
    let (_, page_before) = app.text(&format!("/services/details?id={id}")).await;

    let reviewer = app.member("Priya Shah").await;
    let review = json!({"service": id, "rating": 5, "review": "Spotless flat, deposit back in full."});
    let (status, _) = app.call(Method::POST, "/api/reviews/", Some(review.clone()), None).await;
    assert_eq!(status, 401, "signed-in members only");
    let (status, created) = app.call(Method::POST, "/api/reviews/", Some(review.clone()), Some(&reviewer.token)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["rating"], 5);
    assert_eq!(created["service"], id);
    assert_eq!(created["user_name"], "Priya S.");
    let (status, again) = app.call(Method::POST, "/api/reviews/", Some(review), Some(&reviewer.token)).await;
    assert_eq!(status, 400, "one review per member and service: {again}");

    let (_, after) = app.json(&format!("/api/service/{id}/")).await;
    assert_eq!(after["rating_count"].as_i64().unwrap(), count_before + 1);
    assert_eq!(after["reviews"][0]["review"], "Spotless flat, deposit back in full.");
    let (_, page_after) = app.text(&format!("/services/details?id={id}")).await;
    assert_ne!(page_before, page_after, "the kept page was made again");
    assert!(page_after.contains("Spotless flat, deposit back in full."));

    for (body, field) in [
        (json!({"service": id, "review": "no rating"}), "rating"),
        (json!({"service": id, "rating": 6, "review": "too good"}), "rating"),
        (json!({"service": id, "rating": 0, "review": "too bad"}), "rating"),
        (json!({"service": id, "rating": 4, "review": "   "}), "review"),
        (json!({"service": i32::MAX, "rating": 4, "review": "no such service"}), "service"),
        (json!({"rating": 4, "review": "no service"}), "service"),
        (json!({"service": "x", "rating": 4, "review": "bad id"}), "service"),
    ] {
        let other = app.member("Second Reviewer").await;
        let (status, answer) = app.call(Method::POST, "/api/reviews/", Some(body.clone()), Some(&other.token)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(answer["error"], true);
        assert!(answer[field].is_array(), "{body} names {field}: {answer}");
    }
}
on_both_databases!(a_review_counts_once_per_member_and_refreshes_the_pages);

async fn providers_cannot_review_their_service_and_hear_of_reviews(app: &TestApp) {
    let id = crate::scheduling::service(app, "spring-clean-one-off").await.id;
    let provider = app.member("Grace Okafor").await;
    let now = chrono::Utc::now();
    entity::provider::ActiveModel {
        user_id: Set(provider.user.id),
        service_id: Set(id),
        status: Set(entity::words::ProviderStatus::Approved),
        availability: Set(true),
        bio: Set("Ten years of spring cleans.".into()),
        experience_years: Set(10),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.site.db)
    .await
    .unwrap();
    let review = json!({"service": id, "rating": 5, "review": "Best in town."});
    let (status, answer) = app.call(Method::POST, "/api/reviews/", Some(review), Some(&provider.token)).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["message"], "You cannot review a service you provide.");

    let customer = app.member("Tom Baker").await;
    let review = json!({"service": id, "rating": "4", "review": "Thorough and on time."});
    let (status, _) = app.call(Method::POST, "/api/reviews/", Some(review), Some(&customer.token)).await;
    assert_eq!(status, 201, "a rating may come as a form's string");

    let (status, notices) = app.call(Method::GET, "/api/notifications", None, Some(&provider.token)).await;
    assert_eq!(status, 200);
    assert_eq!(notices["count"], 1);
    let notice = &notices["results"][0];
    assert_eq!(notice["is_read"], false);
    assert!(notice["message"].as_str().unwrap().contains("Tom B."), "{notice}");
    assert_eq!(notice["link"], format!("/services/details?id={id}"));
    let queued =
        entity::mail_outbox::Entity::find().filter(entity::mail_outbox::Column::ToAddress.eq(provider.user.email.clone())).all(&app.site.db).await.unwrap();
    assert_eq!(queued.len(), 1, "the notice is also mailed");
    let (_, customer_notices) = app.call(Method::GET, "/api/notifications/", None, Some(&customer.token)).await;
    assert_eq!(customer_notices["count"], 0, "with the slash too, and only one's own");
}
on_both_databases!(providers_cannot_review_their_service_and_hear_of_reviews);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_are_limited_per_member() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.reviews_per_hour = 2).await;
    let (_, services) = app.json("/api/service/?page_size=3").await;
    let ids: Vec<Value> = services["results"].as_array().unwrap().iter().map(|s| s["id"].clone()).collect();
    let member = app.member("Amelia Hughes").await;
    let review = |id: &Value| json!({"service": id, "rating": 5, "review": "Prompt and thorough."});
    for id in &ids[..2] {
        let (status, answer) = app.call(Method::POST, "/api/reviews/", Some(review(id)), Some(&member.token)).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = app.call(Method::POST, "/api/reviews/", Some(review(&ids[2])), Some(&member.token)).await;
    assert_eq!((status, answer["error"].clone()), (429, json!(true)), "a third review within the hour");
    let other = app.member("Sam Jones").await;
    assert_eq!(app.call(Method::POST, "/api/reviews/", Some(review(&ids[2])), Some(&other.token)).await.0, 201, "the limit is per member");
}
