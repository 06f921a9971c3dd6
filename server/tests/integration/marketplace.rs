//! The marketplace API (api-contract: Marketplace) against the real server: the catalogue,
//! reviews and notifications. Expectations come from the demo fixture the servers start with.

use crate::common;

use common::{TestApp, uk_date};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

fn demo() -> Value {
    serde_json::from_str(include_str!("../../demo/demo.json")).unwrap()
}

fn demo_list(key: &str) -> Vec<Value> {
    demo()[key].as_array().unwrap().clone()
}

async fn service_id(app: &TestApp, slug: &str) -> i32 {
    entity::service::Entity::find().filter(entity::service::Column::Slug.eq(slug)).one(&app.site.db).await.unwrap().expect("imported").id
}

fn slugs(page: &Value) -> Vec<String> {
    page["results"].as_array().unwrap().iter().map(|s| s["slug"].as_str().unwrap().to_string()).collect()
}

async fn the_catalogue_reads_as_the_contract_says(app: &TestApp) {
    let services = demo_list("services");
    let categories = demo_list("categories");

    let (status, list) = app.json("/api/service/categories/").await;
    assert_eq!(status, 200);
    assert_eq!(list["count"], categories.len());
    let cleaning = list["results"].as_array().unwrap().iter().find(|c| c["slug"] == "cleaning-services").expect("the cleaning category");
    let open_cleaning = services.iter().filter(|s| s["category"] == "cleaning-services" && s["status"] == "Open").count();
    assert_eq!(cleaning["service_count"], open_cleaning, "service_count counts Open services only");
    for field in ["id", "name", "slug", "description", "icon", "priority"] {
        assert!(cleaning.get(field).is_some(), "categories carry {field}");
    }

    // A filter's error offers the words of its type, as the schema lists them.
    let (status, refused) = app.json("/api/service/?status=Lost").await;
    assert_eq!(status, 400);
    assert!(refused.to_string().contains(r#"A status is Open or Closed; \"Lost\" is not one."#), "{refused}");
    let (status, refused) = app.json("/api/service/jobs/?employment_type=zero_hours").await;
    assert_eq!(status, 400);
    assert!(refused.to_string().contains(r#"An employment type is full_time, part_time, contract or temporary; \"zero_hours\" is not one."#), "{refused}");

    // The spec's own call: one category's Open services by priority.
    let (status, page) = app.json("/api/service/?category__slug=cleaning-services&status=Open&ordering=priority").await;
    assert_eq!(status, 200);
    let mut expected: Vec<&Value> = services.iter().filter(|s| s["category"] == "cleaning-services" && s["status"] == "Open").collect();
    expected.sort_by_key(|s| s["priority"].as_i64().unwrap());
    assert_eq!(slugs(&page), expected.iter().map(|s| s["slug"].as_str().unwrap().to_string()).collect::<Vec<_>>());
    let first = &page["results"][0];
    for field in [
        "id",
        "slug",
        "title",
        "summary",
        "description",
        "price_from",
        "price_unit",
        "status",
        "priority",
        "areas",
        "image",
        "category",
        "rating_average",
        "rating_count",
    ] {
        assert!(first.get(field).is_some(), "services carry {field}");
    }
    assert_eq!(first["category"]["slug"], "cleaning-services");
    assert!(first["price_from"].as_str().unwrap().contains('.'), "money is a decimal string");

    let (_, reversed) = app.json("/api/service/?category__slug=cleaning-services&status=Open&ordering=-priority").await;
    let mut backwards = slugs(&page);
    backwards.reverse();
    assert_eq!(slugs(&reversed), backwards);

    // Only Open services are listed (spec): asking for Closed ones finds none.
    let (status, closed) = app.json("/api/service/?status=Closed&page_size=100").await;
    assert_eq!((status, closed["count"].as_u64()), (200, Some(0)), "{closed}");

    // Pagination the DRF way.
    let (_, first_page) = app.json("/api/service/?page_size=7").await;
    assert_eq!(first_page["count"], services.iter().filter(|s| s["status"] == "Open").count());
    assert_eq!(first_page["results"].as_array().unwrap().len(), 7);
    assert!(first_page["previous"].is_null());
    let next = first_page["next"].as_str().expect("a next page");
    assert!(next.starts_with("http") && next.contains("page=2"), "{next}");
    let (_, second_page) = app.json(next.trim_start_matches(&app.base)).await;
    assert_ne!(slugs(&second_page)[0], slugs(&first_page)[0]);
    let (status, _) = app.json("/api/service/?page=999").await;
    assert_eq!(status, 404, "a page past the last");
    // Far past the last page, or past what a 64-bit number holds: a 404 or a 400, never a crash.
    for (path, expected) in [
        ("/api/service/?page=9223372036854775807", 404),
        ("/api/service/?search=clean&page=9223372036854775807&page_size=2", 404),
        ("/api/service/?area=Bath&page=4611686018427387905&page_size=2", 404),
        ("/api/service/jobs/?search=engineer&page=9223372036854775807&page_size=2", 404),
        ("/api/service/jobs/?location=Leeds&page=4611686018427387905&page_size=2", 404),
        ("/api/reviews/?page=9223372036854775807&page_size=100", 404),
        ("/api/service/categories/?page=9223372036854775807", 404),
        ("/api/service/?page_size=9223372036854775808", 400),
        ("/api/service/?page=-1", 400),
        ("/api/service/?page=1&page=2", 400),
        ("/api/service/?ordering=", 400),
        ("/api/service/?area=Bath%00", 400),
        ("/api/service/?category__slug=%00", 400),
    ] {
        assert_eq!(app.json(path).await.0, expected, "{path}");
    }
    let (status, body) = app.json("/api/service/?ordering=cheapest").await;
    assert_eq!(status, 400);
    assert!(body["ordering"][0].as_str().unwrap().contains("cheapest"));
    let (status, body) = app.json("/api/service/?status=open").await;
    assert_eq!((status, body["error"].clone()), (400, json!(true)));
    let (_, none) = app.json("/api/service/?category__slug=no-such-category").await;
    assert_eq!(none["count"], 0);

    // A town the service is offered in, whole: Bath is not Bathgate.
    let (_, in_bath) = app.json("/api/service/?area=bath&page_size=100").await;
    let expected_bath: Vec<&str> = services
        .iter()
        .filter(|s| s["areas"].as_array().unwrap().iter().any(|a| a.as_str().unwrap().eq_ignore_ascii_case("bath")))
        .map(|s| s["slug"].as_str().unwrap())
        .collect();
    let mut got = slugs(&in_bath);
    got.sort();
    let mut want: Vec<String> = expected_bath.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want);
    assert!(!want.is_empty(), "the demo data has services in Bath");

    // One service with its latest reviews, newest first.
    let id = service_id(app, "regular-home-clean").await;
    let (status, detail) = app.json(&format!("/api/service/{id}/")).await;
    assert_eq!(status, 200);
    assert_eq!(detail["slug"], "regular-home-clean");
    let reviews = detail["reviews"].as_array().unwrap();
    let demo_reviews: Vec<Value> = demo_list("reviews").into_iter().filter(|r| r["service"] == "regular-home-clean").collect();
    assert_eq!(reviews.len(), demo_reviews.len().min(10));
    assert_eq!(detail["rating_count"], demo_reviews.len());
    let dates: Vec<&str> = reviews.iter().map(|r| r["created_at"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
    for (status_path, expected) in [(format!("/api/service/{}/", i32::MAX), 404), ("/api/service/abc/".to_string(), 404), ("/api/service/0/".to_string(), 404)]
    {
        assert_eq!(app.json(&status_path).await.0, expected, "{status_path}");
    }

    let (status, reviews) = app.json(&format!("/api/reviews/?service={id}")).await;
    assert_eq!(status, 200);
    assert_eq!(reviews["count"], demo_reviews.len());
    assert_eq!(reviews["results"][0]["service"], id);

    let (status, info) = app.json("/api/website-info/").await;
    assert_eq!(status, 200);
    let expected = &demo()["website_info"];
    let first = &info["results"][0];
    for field in ["brand", "email", "phones", "address", "opening_hours", "socials"] {
        assert_eq!(first[field], expected[field], "{field}");
    }
    assert!(first["id"].is_i64());
}
on_both_databases!(the_catalogue_reads_as_the_contract_says);

async fn search_finds_words_through_the_index(app: &TestApp) {
    let services = demo_list("services");
    // Every word must match, each also as the start of a longer word.
    let (status, found) = app.json("/api/service/?search=boiler%20repai&page_size=100").await;
    assert_eq!(status, 200, "{found}");
    let found = slugs(&found);
    assert!(found.contains(&"boiler-breakdown-repair".to_string()), "{found:?}");
    for slug in &found {
        let service = services.iter().find(|s| s["slug"] == slug.as_str()).unwrap();
        let text = format!("{} {} {} {}", service["title"], service["summary"], service["description"], service["areas"]).to_lowercase();
        assert!(text.contains("boiler"), "{slug} matched without the word");
    }
    // Query syntax is only text.
    for nonsense in ["%22%20OR%20", "NEAR(", "*", "%25%25%25", "a%27%3B--"] {
        let (status, body) = app.json(&format!("/api/service/?search={nonsense}")).await;
        assert_eq!(status, 200, "{nonsense}: {body}");
    }
    let (status, nothing) = app.json("/api/service/?search=zzzqqqxxx").await;
    assert_eq!(status, 200, "{nothing}");
    assert_eq!(nothing["count"], 0);
    // A search's count comes with its page: the same on every page, and a page past the last is none.
    let (_, all) = app.json("/api/service/?search=clean&page_size=100").await;
    let matches = all["count"].as_u64().unwrap();
    assert!(matches > 2 && matches == all["results"].as_array().unwrap().len() as u64, "{all}");
    let (status, last) = app.json(&format!("/api/service/?search=clean&page_size=2&page={}", matches.div_ceil(2))).await;
    assert_eq!((status, last["count"].as_u64()), (200, Some(matches)), "{last}");
    assert_eq!(last["results"].as_array().unwrap().len(), if matches % 2 == 0 { 2 } else { 1 });
    let (status, _) = app.json(&format!("/api/service/?search=clean&page_size=2&page={}", matches.div_ceil(2) + 1)).await;
    assert_eq!(status, 404, "a page past the last");
    // A new service is found at once: the index follows the table.
    let id = service_id(app, "regular-home-clean").await;
    let mut row: entity::service::ActiveModel = entity::service::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into();
    row.title = Set("Weekly kaleidoscopic cleaning".into());
    row.update(&app.site.db).await.unwrap();
    let (status, renamed) = app.json("/api/service/?search=kaleidoscop").await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(slugs(&renamed), ["regular-home-clean"]);
}
on_both_databases!(search_finds_words_through_the_index);

async fn a_review_counts_once_per_member_and_refreshes_the_pages(app: &TestApp) {
    let id = service_id(app, "tenancy-checkout-clean").await;
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
    assert_ne!(page_before, page_after, "the cached page was made again");
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
    let id = service_id(app, "spring-clean-one-off").await;
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

async fn notifications_are_read_one_by_one_or_all_at_once(app: &TestApp) {
    let member = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;
    let notifier = server::notifications::notice::Notifier::new(&app.state).await;
    let mut change = server::platform::change::Change::begin(&app.state).await.unwrap();
    for n in 1..=3 {
        let notice = server::notifications::notice::Notice {
            title: format!("Notice {n}"),
            message: format!("Message {n}"),
            link: "/user/bookings".into(),
            calendar: None,
        };
        change.notify(&notifier, &member.user, notice).await.unwrap();
    }
    change.commit().await.unwrap();
    let (_, all) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    let titles: Vec<&str> = all["results"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Notice 3", "Notice 2", "Notice 1"], "newest first");
    let first = all["results"][2]["id"].as_i64().unwrap();

    let path = format!("/api/notifications/{first}/");
    let (status, _) = app.call(Method::PATCH, &path, Some(json!({"is_read": true})), Some(&stranger.token)).await;
    assert_eq!(status, 404, "someone else's notification does not exist for them");
    let (status, read) = app.call(Method::PATCH, &path, Some(json!({"is_read": true})), Some(&member.token)).await;
    assert_eq!((status, read["is_read"].clone()), (200, json!(true)));
    let (_, unread) = app.call(Method::GET, "/api/notifications?is_read=false", None, Some(&member.token)).await;
    assert_eq!(unread["count"], 2);
    let (status, _) = app.call(Method::GET, "/api/notifications?is_read=maybe", None, Some(&member.token)).await;
    assert_eq!(status, 400);

    let (status, answer) = app.call(Method::POST, "/api/notifications/read-all/", None, Some(&member.token)).await;
    assert_eq!((status, answer), (200, json!({"updated": 2})));
    let (_, unread) = app.call(Method::GET, "/api/notifications?is_read=false", None, Some(&member.token)).await;
    assert_eq!(unread["count"], 0);
    let (status, _) = app.call(Method::GET, "/api/notifications", None, None).await;
    assert_eq!(status, 401);
}
on_both_databases!(notifications_are_read_one_by_one_or_all_at_once);

async fn members_apply_to_provide_a_service_and_manage_their_records(app: &TestApp) {
    let id = service_id(app, "regular-home-clean").await;
    let member = app.member("Grace Okafor").await;
    let stranger = app.member("Sam Jones").await;
    let application = json!({"service": id, "bio": "Ten years of domestic cleaning.", "experience_years": 10, "availability": true});
    let (status, _) = app.call(Method::POST, "/api/service/providers/", Some(application.clone()), None).await;
    assert_eq!(status, 401);
    let (status, created) = app.call(Method::POST, "/api/service/providers/", Some(application.clone()), Some(&member.token)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["status"], "Pending");
    assert_eq!(created["service"], id);
    assert_eq!(created["availability"], true);
    let (status, again) = app.call(Method::POST, "/api/service/providers/", Some(application), Some(&member.token)).await;
    assert_eq!(status, 400, "a second application to the same service: {again}");

    let closed = service_id(app, "holiday-let-changeover").await;
    for (body, field) in [
        (json!({"service": closed, "bio": "x", "experience_years": 1}), "service"),
        (json!({"service": id, "bio": " ", "experience_years": 1}), "bio"),
        (json!({"service": id, "bio": "x", "experience_years": -1}), "experience_years"),
        (json!({"service": id, "bio": "x", "experience_years": "many"}), "experience_years"),
        (json!({"bio": "x", "experience_years": 1}), "service"),
    ] {
        let (status, answer) = app.call(Method::POST, "/api/service/providers/", Some(body.clone()), Some(&stranger.token)).await;
        assert_eq!(status, 400, "{body}");
        assert!(answer[field].is_array(), "{body} names {field}: {answer}");
    }

    let (_, mine) = app.call(Method::GET, "/api/service/providers/", None, Some(&member.token)).await;
    assert_eq!(mine["count"], 1);
    let (_, theirs) = app.call(Method::GET, "/api/service/providers/", None, Some(&stranger.token)).await;
    assert_eq!(theirs["count"], 0, "only one's own records");

    let path = format!("/api/service/providers/{}/", created["id"]);
    let (status, _) = app.call(Method::PATCH, &path, Some(json!({"availability": false})), Some(&stranger.token)).await;
    assert_eq!(status, 404, "someone else's record");
    let (status, _) = app.call(Method::DELETE, &path, None, Some(&stranger.token)).await;
    assert_eq!(status, 404, "someone else's record");
    let (status, changed) = app.call(Method::PATCH, &path, Some(json!({"availability": false})), Some(&member.token)).await;
    assert_eq!((status, changed["availability"].clone()), (200, json!(false)));

    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    assert_eq!(notices["results"][0]["title"], "Provider application received");

    let (status, _) = app.call(Method::DELETE, &path, None, Some(&member.token)).await;
    assert_eq!(status, 204);
    let (_, mine) = app.call(Method::GET, "/api/service/providers/", None, Some(&member.token)).await;
    assert_eq!(mine["count"], 0);
}
on_both_databases!(members_apply_to_provide_a_service_and_manage_their_records);

async fn bookings_take_their_amount_from_the_service_and_are_kept_when_cancelled(app: &TestApp) {
    let id = service_id(app, "tenancy-checkout-clean").await;
    let price = demo_list("services").into_iter().find(|s| s["slug"] == "tenancy-checkout-clean").unwrap()["price_from"].clone();
    let member = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;
    let booking = json!({"service": id, "date": uk_date(3), "time": "10:30", "address_line_1": "1 High Street", "city": "Bath", "postcode": "ba11aa", "notes": "Ring twice", "amount": "0.01"});
    let (status, _) = app.call(Method::POST, "/api/service/booking/", Some(booking.clone()), None).await;
    assert_eq!(status, 401);
    let (status, created) = app.call(Method::POST, "/api/service/booking/", Some(booking.clone()), Some(&member.token)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["postcode"], "BA1 1AA", "postcodes are stored in their standard form");
    assert_eq!(created["status"], "Pending");
    assert_eq!(created["payment_status"], "Unpaid");
    let expected_amount = format!("{:.2}", price.as_str().map(|p| p.parse::<f64>().unwrap()).or(price.as_f64()).unwrap());
    assert_eq!(created["amount"], expected_amount.as_str(), "the amount is the service's price, not the request's");
    assert_eq!(created["service"]["id"], id);

    let today_past = json!({"service": id, "date": uk_date(0), "time": "00:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"});
    for (body, field) in [
        (json!({"service": id, "date": uk_date(-1), "time": "10:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"}), "date"),
        (json!({"service": id, "date": "23/11/2026", "time": "10:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"}), "date"),
        (json!({"service": id, "date": uk_date(2), "time": "25:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"}), "time"),
        (json!({"service": id, "date": uk_date(2), "time": "10:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "NOT A CODE"}), "postcode"),
        (json!({"service": id, "date": uk_date(2), "time": "10:00", "address_line_1": "", "city": "Bath", "postcode": "BA1 1AA"}), "address_line_1"),
        (
            json!({"service": service_id(app, "holiday-let-changeover").await, "date": uk_date(2), "time": "10:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"}),
            "service",
        ),
        (today_past, "time"),
    ] {
        let (status, answer) = app.call(Method::POST, "/api/service/booking/", Some(body.clone()), Some(&member.token)).await;
        assert_eq!(status, 400, "{body}");
        assert!(answer[field].is_array(), "{body} names {field}: {answer}");
    }

    let path = format!("/api/service/booking/{}/", created["id"]);
    assert_eq!(app.call(Method::GET, &path, None, Some(&stranger.token)).await.0, 404, "someone else's booking");
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&stranger.token)).await.0, 404, "someone else's booking");
    let (status, shown) = app.call(Method::GET, &path, None, Some(&member.token)).await;
    assert_eq!((status, shown["id"].clone()), (200, created["id"].clone()));
    let (_, mine) = app.call(Method::GET, "/api/service/booking/", None, Some(&member.token)).await;
    assert_eq!(mine["count"], 1);
    assert_eq!(app.call(Method::GET, "/api/service/booking/", None, Some(&stranger.token)).await.1["count"], 0);

    assert_eq!(app.call(Method::DELETE, &path, None, Some(&member.token)).await.0, 204);
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&member.token)).await.0, 204, "cancelling twice changes nothing");
    let (_, mine) = app.call(Method::GET, "/api/service/booking/", None, Some(&member.token)).await;
    assert_eq!(mine["count"], 0, "a cancelled booking leaves the list");
    assert_eq!(app.call(Method::GET, &path, None, Some(&member.token)).await.0, 404, "a cancelled booking is gone from the member's view");
    let kept = entity::booking::Entity::find_by_id(created["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().expect("the record is kept");
    assert_eq!(kept.status, entity::words::BookingStatus::Cancelled);

    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    let titles: Vec<&str> = notices["results"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Booking cancelled", "Booking received"]);
}
on_both_databases!(bookings_take_their_amount_from_the_service_and_are_kept_when_cancelled);

async fn bookmarks_are_saved_once_and_kept_to_their_owner(app: &TestApp) {
    let service = service_id(app, "regular-home-clean").await;
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

/// The iCalendar text of a raw mail (its `text/calendar` part; quoted-printable or base64 as
/// the mailer chose), unfolded.
fn calendar_of(raw: &str) -> String {
    let part = raw.split("Content-Type: text/calendar").nth(1).expect("a text/calendar part");
    let (headers, rest) = part.split_once("\r\n\r\n").expect("part headers");
    let body = rest.split("\r\n--").next().unwrap();
    let decoded = if headers.contains("base64") {
        String::from_utf8(common::base64_decode(body)).unwrap()
    } else if headers.contains("quoted-printable") {
        body.replace("=\r\n", "").replace("=0D", "\r").replace("=0A", "\n").replace("=3D", "=")
    } else {
        body.to_string()
    };
    decoded.replace("\r\n ", "")
}

async fn booking_mails_carry_a_calendar_invite_and_its_cancellation(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let id = service_id(&app, "tenancy-checkout-clean").await;
    let member = app.member("Amelia Hughes").await;
    let date = uk_date(5);
    let booking = json!({"service": id, "date": date, "time": "14:15", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"});
    let (status, created) = app.call(Method::POST, "/api/service/booking/", Some(booking), Some(&member.token)).await;
    assert_eq!(status, 201, "{created}");
    let confirmation = inbox.wait_for_containing(&member.user.email, "Booking received", 10).await;
    assert!(confirmation.contains("invite.ics"), "an .ics attachment");
    let invite = calendar_of(&confirmation);
    let uid = format!("UID:booking-{}@", created["id"]);
    assert!(invite.contains("METHOD:REQUEST") && invite.contains(&uid), "{invite}");
    assert!(invite.contains(&format!("DTSTART;TZID=Europe/London:{}T141500", date.replace('-', ""))), "{invite}");

    let path = format!("/api/service/booking/{}/", created["id"]);
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&member.token)).await.0, 204);
    let cancellation = inbox.wait_for_containing(&member.user.email, "Booking cancelled", 10).await;
    let cancel = calendar_of(&cancellation);
    assert!(cancel.contains("METHOD:CANCEL") && cancel.contains("STATUS:CANCELLED") && cancel.contains(&uid), "the same UID removes the event: {cancel}");
}
on_both_databases!(backend booking_mails_carry_a_calendar_invite_and_its_cancellation);

async fn each_booking_is_reminded_once_a_day_before(app: &TestApp) {
    let id = service_id(app, "regular-home-clean").await;
    let member = app.member("Amelia Hughes").await;
    let now = chrono::Utc::now();
    let starts = server::domain::uk_time::local(now + chrono::Duration::hours(23));
    let soon = entity::booking::ActiveModel {
        user_id: Set(member.user.id),
        service_id: Set(id),
        date: Set(starts.date()),
        time: Set(starts.format("%H:%M").to_string()),
        address_line_1: Set("1 High Street".into()),
        city: Set("Leeds".into()),
        postcode: Set("LS1 1AA".into()),
        notes: Set(String::new()),
        status: Set(entity::words::BookingStatus::Confirmed),
        amount_pence: Set(5000),
        payment_status: Set(entity::words::BookingPayment::Unpaid),
        created_at: Set(now - chrono::Duration::days(3)),
        ..Default::default()
    };
    soon.clone().insert(&app.site.db).await.unwrap();
    // Booked three days ahead, it is not due yet.
    let later = server::domain::uk_time::local(now + chrono::Duration::hours(72));
    entity::booking::ActiveModel { date: Set(later.date()), time: Set(later.format("%H:%M").to_string()), ..soon }.insert(&app.site.db).await.unwrap();

    // The server's own periodic run may claim the reminder first: either way it goes once.
    let state = &app.state;
    server::bookings::reminders::queue_due(state, now).await.unwrap();
    assert_eq!(server::bookings::reminders::queue_due(state, now).await.unwrap(), 0, "each reminder once");
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    assert_eq!(notices["count"], 1);
    assert_eq!(notices["results"][0]["title"], "Booking reminder");
}
on_both_databases!(each_booking_is_reminded_once_a_day_before);

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bookings_are_limited_per_member() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.bookings_per_hour = 2).await;
    let id = service_id(&app, "regular-home-clean").await;
    let member = app.member("Amelia Hughes").await;
    let booking = json!({"service": id, "date": uk_date(4), "time": "11:00", "address_line_1": "1 High Street", "city": "Leeds", "postcode": "LS1 4AP"});
    for _ in 0..2 {
        assert_eq!(app.call(Method::POST, "/api/service/booking/", Some(booking.clone()), Some(&member.token)).await.0, 201);
    }
    let (status, answer) = app.call(Method::POST, "/api/service/booking/", Some(booking.clone()), Some(&member.token)).await;
    assert_eq!((status, answer["error"].clone()), (429, json!(true)));
    let other = app.member("Sam Jones").await;
    assert_eq!(app.call(Method::POST, "/api/service/booking/", Some(booking), Some(&other.token)).await.0, 201, "the limit is per member");
}
