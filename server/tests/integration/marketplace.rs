//! The marketplace API (api-contract: Marketplace) against the real server: the catalogue,
//! search, notifications and applying to provide. Expectations come from the demo fixture the
//! servers start with. Reviews, bookings and bookmarks have their own files.

use crate::common;

use common::TestApp;
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{Value, json};

fn demo_list(key: &str) -> Vec<Value> {
    common::demo()[key].as_array().unwrap().clone()
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
    let id = crate::scheduling::service(app, "regular-home-clean").await.id;
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
    let expected = &common::demo()["website_info"];
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
    let id = crate::scheduling::service(app, "regular-home-clean").await.id;
    let mut row: entity::service::ActiveModel = entity::service::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into();
    row.title = Set("Weekly kaleidoscopic cleaning".into());
    row.update(&app.site.db).await.unwrap();
    let (status, renamed) = app.json("/api/service/?search=kaleidoscop").await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(slugs(&renamed), ["regular-home-clean"]);
}
on_both_databases!(search_finds_words_through_the_index);

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
    let id = crate::scheduling::service(app, "regular-home-clean").await.id;
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

    let closed = crate::scheduling::service(app, "holiday-let-changeover").await.id;
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
