//! Providers at work: working terms, the free slots they give a service at a postcode, a
//! booking's length and amount, and a booking placed with a free provider (never two on one
//! provider's time), on both databases.

use crate::common;

use crate::admin::{staff_call, staff_member};
use common::{SignedIn, TestApp, link_in, uk_date};
use entity::words::{Dispatch, ProviderStatus};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};
use serde_json::{Value, json};

pub(crate) async fn service(app: &TestApp, slug: &str) -> entity::service::Model {
    entity::service::Entity::find().filter(entity::service::Column::Slug.eq(slug)).one(&app.site.db).await.unwrap().expect("imported")
}

/// A member approved by staff to provide `service` (the approval has tests of its own).
pub(crate) async fn approved_provider(app: &TestApp, service: i32, name: &str) -> SignedIn {
    let member = app.member(name).await;
    entity::provider::ActiveModel {
        user_id: Set(member.user.id),
        service_id: Set(service),
        status: Set(ProviderStatus::Approved),
        availability: Set(true),
        bio: Set("Ten years of it.".into()),
        experience_years: Set(10),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(&app.site.db)
    .await
    .unwrap();
    member
}

/// Every day from `from` to `to`, around Leeds (LS1) within 10 miles, no buffer or notice.
pub(crate) fn every_day(from: &str, to: &str) -> Value {
    let range = json!([{"from": from, "to": to}]);
    let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    json!({
        "areas": [{"postcode": "LS1", "radius_miles": 10}],
        "hours": days.iter().map(|day| (day.to_string(), range.clone())).collect::<serde_json::Map<_, _>>(),
        "buffer_minutes": 0, "notice_hours": 0, "max_jobs_per_day": 5,
    })
}

pub(crate) async fn save_terms(app: &TestApp, member: &SignedIn, terms: Value) -> (u16, Value) {
    app.call(Method::PUT, "/api/schedule/terms/", Some(terms), Some(&member.token)).await
}

async fn times(app: &TestApp, service: i32, query: &str) -> Vec<String> {
    let (status, answer) = app.json(&format!("/api/service/{service}/slots/?{query}")).await;
    assert_eq!(status, 200, "{answer}");
    answer["days"][0]["times"].as_array().unwrap().iter().map(|time| time.as_str().unwrap().to_string()).collect()
}

pub(crate) fn booking(service: i32, date: &str, time: &str, postcode: &str) -> Value {
    json!({"service": service, "date": date, "time": time, "address_line_1": "1 Park Row", "city": "Leeds", "postcode": postcode})
}

pub(crate) async fn titles(app: &TestApp, member: &SignedIn) -> Vec<String> {
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    notices["results"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
}

on_both_databases!(working_terms_are_an_approved_providers_own);
async fn working_terms_are_an_approved_providers_own(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let stranger = app.member("Sam Jones").await;
    assert_eq!(app.call(Method::GET, "/api/schedule/terms/", None, None).await.0, 401);
    let (status, answer) = save_terms(app, &stranger, every_day("09:00", "17:00")).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (403, Some("Working terms are for approved providers: apply to provide a service first, and set them once staff approve you."))
    );

    let provider = approved_provider(app, service.id, "Priya Shah").await;
    let (status, defaults) = app.call(Method::GET, "/api/schedule/terms/", None, Some(&provider.token)).await;
    assert_eq!(status, 200);
    assert_eq!((defaults["saved"].clone(), defaults["buffer_minutes"].clone(), defaults["hours"]["monday"].clone()), (json!(false), json!(30), json!([])));
    assert_eq!(defaults["services"][0]["service"], service.id);

    let mut terms = every_day("09:00", "17:00");
    terms["areas"] = json!([{"postcode": "ls1 4ap", "radius_miles": "12"}]);
    terms["hours"]["saturday"] = json!([{"from": "13:00", "to": "17:00"}, {"from": "08:00", "to": "12:00"}]);
    terms["days_off"] = json!([uk_date(20)]);
    let (status, saved) = save_terms(app, &provider, terms).await;
    assert_eq!(status, 200, "{saved}");
    let (_, read) = app.call(Method::GET, "/api/schedule/terms/", None, Some(&provider.token)).await;
    assert_eq!(read, saved);
    assert_eq!(read["saved"], true);
    assert_eq!(read["areas"], json!([{"postcode": "LS1", "radius_miles": 12}]), "kept as its district");
    assert_eq!(read["hours"]["saturday"], json!([{"from": "08:00", "to": "12:00"}, {"from": "13:00", "to": "17:00"}]), "sorted");
    assert_eq!(read["days_off"], json!([uk_date(20)]));

    let mut bad = every_day("17:00", "09:00");
    bad["areas"] = json!([{"postcode": "BT1 1AA", "radius_miles": 10}]);
    bad["max_jobs_per_day"] = json!(0);
    let (status, answer) = save_terms(app, &provider, bad).await;
    assert_eq!(status, 400);
    assert_eq!(answer["areas"], json!(["BT1 1AA: Distance search does not cover Northern Ireland yet"]));
    assert_eq!(answer["hours"].as_array().unwrap().len(), 1, "{answer}");
    assert_eq!(answer["max_jobs_per_day"], json!(["Ensure this value is from 1 to 20."]));
    let (_, unchanged) = app.call(Method::GET, "/api/schedule/terms/", None, Some(&provider.token)).await;
    assert_eq!(unchanged, saved, "a refused change changes nothing");
}

on_both_databases!(slots_are_the_times_a_covering_provider_is_free);
async fn slots_are_the_times_a_covering_provider_is_free(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let day = uk_date(7);
    let one_day = format!("from={day}&to={day}");
    // No provider keeps hours yet: any time may be asked for.
    let (status, answer) = app.json(&format!("/api/service/{}/slots/?postcode=LS6&{one_day}", service.id)).await;
    assert_eq!((status, answer["any_time"].clone(), answer["days"].clone()), (200, json!(true), json!([])), "{answer}");

    let provider = approved_provider(app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(app, &provider, every_day("09:00", "12:00")).await.0, 200);
    // The demo's service takes an hour.
    assert_eq!(times(app, service.id, &format!("postcode=LS6 2AB&{one_day}")).await, ["09:00", "09:30", "10:00", "10:30", "11:00"]);
    assert!(times(app, service.id, &format!("postcode=M1&{one_day}")).await.is_empty(), "Manchester is not covered");
    let (_, week) = app.json(&format!("/api/service/{}/slots/?postcode=LS6&from={day}", service.id)).await;
    assert_eq!(week["days"].as_array().unwrap().len(), 7, "a week unless said");
    assert_eq!((week["any_time"].clone(), week["length"].clone(), week["amount"].clone()), (json!(false), json!(1), json!("180.00")), "{week}");

    // Offers paused on the provider record: nobody is free, though the service keeps hours.
    entity::provider::Entity::update_many()
        .col_expr(entity::provider::Column::Availability, sea_orm::sea_query::Expr::value(false))
        .filter(entity::provider::Column::UserId.eq(provider.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    let (_, paused) = app.json(&format!("/api/service/{}/slots/?postcode=LS6&{one_day}", service.id)).await;
    assert_eq!((paused["any_time"].clone(), paused["days"][0]["times"].clone()), (json!(false), json!([])));

    for (query, field, message) in [
        (one_day.clone(), "postcode", "This field is required."),
        (format!("postcode=LS6&from={}", uk_date(-1)), "from", "Choose today or a later date."),
        (format!("postcode=LS6&from={day}&to={}", uk_date(6)), "to", "Choose a date on or after the first."),
        (format!("postcode=LS6&from={day}&to={}", uk_date(7 + 62)), "to", "Ask for at most 62 days at once."),
        (format!("postcode=LS6&{one_day}&length=2"), "length", "A fixed-price service is booked as one job: leave the length out."),
        ("postcode=LS6&from=tomorrow".to_string(), "from", "A date is YYYY-MM-DD; \"tomorrow\" is not one."),
        ("postcode=LS6&from=9999-12-31&to=9999-12-31".to_string(), "from", "Choose a date within the next year."),
        (format!("postcode=LS6&from={}", uk_date(400)), "from", "Choose a date within the next year."),
    ] {
        let (status, answer) = app.json(&format!("/api/service/{}/slots/?{query}", service.id)).await;
        assert_eq!((status, answer[field][0].as_str()), (400, Some(message)), "{query}: {answer}");
    }
    assert_eq!(app.json("/api/service/999999/slots/?postcode=LS6").await.0, 404);
}

on_both_databases!(the_clocks_changing_gives_a_day_of_23_or_25_hours);
async fn the_clocks_changing_gives_a_day_of_23_or_25_hours(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let provider = approved_provider(app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(app, &provider, every_day("00:00", "04:00")).await.0, 200);
    // Sunday 28 March 2027: 01:00 GMT becomes 02:00 BST, so 00:00 to 04:00 holds three hours.
    assert_eq!(times(app, service.id, "postcode=LS1&from=2027-03-28&to=2027-03-28").await, ["00:00", "00:30", "02:00", "02:30", "03:00"]);
    // Sunday 31 October 2027: 02:00 BST becomes 01:00 GMT, five hours; the repeated hour is
    // offered once (a booking names a wall-clock time).
    assert_eq!(times(app, service.id, "postcode=LS1&from=2027-10-31&to=2027-10-31").await, ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00"]);
    // An ordinary Sunday: four hours.
    assert_eq!(times(app, service.id, "postcode=LS1&from=2027-03-21&to=2027-03-21").await, ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00"]);
    let (status, created) = app
        .call(
            Method::POST,
            "/api/service/booking/",
            Some(booking(service.id, "2027-03-28", "00:30", "LS1 4AP")),
            Some(&app.member("Amelia Hughes").await.token),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let row = entity::booking::Entity::find_by_id(created["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(row.starts_at.unwrap().to_rfc3339(), "2027-03-28T00:30:00+00:00");
    assert_eq!(row.ends_at.unwrap().to_rfc3339(), "2027-03-28T01:30:00+00:00", "an hour of real time, 02:30 BST");
    assert_eq!(times(app, service.id, "postcode=LS1&from=2027-03-28&to=2027-03-28").await, ["02:30", "03:00"]);
}

on_both_databases!(hourly_and_daily_bookings_cost_the_price_times_their_length);
async fn hourly_and_daily_bookings_cost_the_price_times_their_length(app: &TestApp) {
    // £21.00 an hour, from 1 to 8 hours; no provider keeps hours, so any time may be asked for.
    let hourly = service(app, "spring-clean-one-off").await;
    let member = app.member("Amelia Hughes").await;
    let mut body = booking(hourly.id, &uk_date(4), "10:00", "M1 1AE");
    body["length"] = json!(3);
    body["amount"] = json!("0.01");
    let (status, created) = app.call(Method::POST, "/api/service/booking/", Some(body.clone()), Some(&member.token)).await;
    assert_eq!((status, created["amount"].as_str()), (201, Some("63.00")), "{created}");
    body["length"] = json!(9);
    let (status, answer) = app.call(Method::POST, "/api/service/booking/", Some(body.clone()), Some(&member.token)).await;
    assert_eq!((status, answer["length"][0].as_str()), (400, Some("Book from 1 to 8 hours.")));
    body["length"] = json!("two");
    assert_eq!(app.call(Method::POST, "/api/service/booking/", Some(body.clone()), Some(&member.token)).await.0, 400);
    body.as_object_mut().unwrap().remove("length");
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&member.token)).await;
    assert_eq!(created["amount"], "21.00", "the fewest hours when left out");
    let (_, slots) = app.json(&format!("/api/service/{}/slots/?postcode=M1&length=4", hourly.id)).await;
    assert_eq!((slots["amount"].as_str(), slots["length"].as_i64()), (Some("84.00"), Some(4)), "shown before booking");

    // £280.00 a day for a daily service, whole days from the provider's first hour.
    let daily = service(app, "patio-and-paving").await;
    let provider = approved_provider(app, daily.id, "Dai Evans").await;
    let mut terms = every_day("08:00", "16:00");
    terms["areas"] = json!([{"postcode": "EX1", "radius_miles": 15}]);
    assert_eq!(save_terms(app, &provider, terms).await.0, 200);
    let day = uk_date(10);
    let (_, slots) = app.json(&format!("/api/service/{}/slots/?postcode=EX4 4QJ&from={day}&to={day}&length=2", daily.id)).await;
    assert_eq!((slots["days"][0]["times"].clone(), slots["amount"].clone()), (json!(["08:00"]), json!("560.00")), "{slots}");
    let mut body = booking(daily.id, &day, "08:00", "EX4 4QJ");
    body["length"] = json!(2);
    let (status, created) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&member.token)).await;
    assert_eq!((status, created["amount"].as_str()), (201, Some("560.00")), "{created}");
    let next = uk_date(11);
    let (_, slots) = app.json(&format!("/api/service/{}/slots/?postcode=EX4&from={next}&to={next}", daily.id)).await;
    assert_eq!(slots["days"][0]["times"], json!([]), "the second day is taken");

    // The booking keeps the unit it was booked in, whatever its service's price becomes.
    let mut repriced = daily.clone().into_active_model();
    repriced.price_unit = Set(entity::words::PriceUnit::Hour);
    repriced.update(&app.site.db).await.unwrap();
    assert_eq!(row(app, &created["id"]).await.price_unit, entity::words::PriceUnit::Day);
    let jobs = schedule(app, &provider, "upcoming").await;
    assert_eq!((jobs["results"][0]["length"].as_i64(), jobs["results"][0]["price_unit"].as_str()), (Some(2), Some("day")), "{jobs}");
}

on_both_databases!(a_booking_needs_a_free_slot_and_is_offered_to_a_provider);
async fn a_booking_needs_a_free_slot_and_is_offered_to_a_provider(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let first = approved_provider(app, service.id, "Priya Shah").await;
    let second = approved_provider(app, service.id, "Tom Baker").await;
    for provider in [&first, &second] {
        assert_eq!(save_terms(app, provider, every_day("09:00", "12:00")).await.0, 200);
    }
    let member = app.member("Amelia Hughes").await;
    let day = uk_date(7);
    for (time, postcode) in [("10:15", "LS6 2AB"), ("12:00", "LS6 2AB"), ("10:00", "M1 1AE")] {
        let (status, answer) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, time, postcode)), Some(&member.token)).await;
        assert_eq!(
            (status, answer["time"][0].as_str()),
            (400, Some("That time is not free: choose one of the times offered for your postcode.")),
            "{time} {postcode}"
        );
    }

    let offered_to = |id: &Value| {
        let id = id.as_i64().unwrap() as i32;
        async move { entity::booking::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap() }
    };
    let (status, one) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "10:00", "LS6 2AB")), Some(&member.token)).await;
    assert_eq!(status, 201, "{one}");
    let one = offered_to(&one["id"]).await;
    assert_eq!((one.provider_user_id, one.dispatch), (Some(first.user.id), Some(Dispatch::Offered)), "never offered before, the earlier account first");
    assert!(titles(app, &first).await.contains(&"New job offered".to_string()));
    // The other provider is still free at 10:00; the first, now offered a job, waits longer.
    let (status, two) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "10:00", "LS2 7HY")), Some(&member.token)).await;
    assert_eq!(status, 201, "{two}");
    assert_eq!(offered_to(&two["id"]).await.provider_user_id, Some(second.user.id));
    assert_eq!(times(app, service.id, &format!("postcode=LS6&from={day}&to={day}")).await, ["09:00", "11:00"], "both are taken from 10:00 to 11:00");
    let (status, answer) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "10:00", "LS6 2AB")), Some(&member.token)).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("Someone booked that time meanwhile: choose another.")));
    let offers = entity::booking_offer::Entity::find().all(&app.site.db).await.unwrap();
    assert_eq!(offers.len(), 2);
    assert!(offers.iter().all(|offer| offer.outcome.is_none() && offer.expires_at - offer.offered_at == chrono::Duration::hours(2)));
}

on_both_databases!(backend two_members_taking_the_last_provider_at_once_get_one_booking);
async fn two_members_taking_the_last_provider_at_once_get_one_booking(backend: common::Backend) {
    let app = TestApp::spawn_with(backend, |config| config.limits.bookings_per_hour = 1000).await;
    let service = service(&app, "tenancy-checkout-clean").await;
    let provider = approved_provider(&app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(&app, &provider, every_day("09:00", "17:00")).await.0, 200);
    let day = uk_date(8);
    for round in 0..4 {
        let time = format!("{:02}:00", 9 + 2 * round);
        let (a, b) = (app.member("Amelia Hughes").await, app.member("Sam Jones").await);
        let (one, other) = tokio::join!(
            app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, &time, "LS6 2AB")), Some(&a.token)),
            app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, &time, "LS1 4AP")), Some(&b.token)),
        );
        let mut statuses = [one.0, other.0];
        statuses.sort();
        assert_eq!(statuses, [201, 409], "{time}: {one:?} {other:?}");
    }
    let held = entity::booking::Entity::find().filter(entity::booking::Column::ProviderUserId.eq(provider.user.id)).all(&app.site.db).await.unwrap();
    assert_eq!(held.len(), 4);
}

async fn row(app: &TestApp, id: &Value) -> entity::booking::Model {
    entity::booking::Entity::find_by_id(id.as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap()
}

pub(crate) async fn schedule(app: &TestApp, provider: &SignedIn, when: &str) -> Value {
    let (status, page) = app.call(Method::GET, &format!("/api/schedule/jobs/?when={when}"), None, Some(&provider.token)).await;
    assert_eq!(status, 200, "{page}");
    page
}

on_both_databases!(offers_are_accepted_declined_or_lapse_to_the_next_provider);
async fn offers_are_accepted_declined_or_lapse_to_the_next_provider(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let (first, second) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    for provider in [&first, &second] {
        assert_eq!(save_terms(app, provider, every_day("09:00", "17:00")).await.0, 200);
    }
    let customer = app.member("Amelia Hughes").await;
    let day = uk_date(9);
    let mut body = booking(service.id, &day, "10:00", "LS6 2AB");
    body["notes"] = json!("Key under the mat");
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&customer.token)).await;
    assert_eq!(row(app, &created["id"]).await.provider_user_id, Some(first.user.id));

    // The offer on the first provider's schedule, with when, the district and the customer's
    // first name only: the address and notes wait until the job is taken.
    let page = schedule(app, &first, "upcoming").await;
    let job = &page["results"][0];
    assert_eq!(
        (job["id"].clone(), job["dispatch"].clone(), job["customer_first_name"].clone(), job["notes"].clone()),
        (created["id"].clone(), json!("offered"), json!("Amelia"), json!(""))
    );
    assert_eq!((job["postcode"].as_str(), job["address_line_1"].as_str()), (Some("LS6"), Some("")));
    assert!(!page.to_string().contains("Key under the mat") && !page.to_string().contains("1 Park Row"), "{page}");
    assert_eq!((job["date"].as_str(), job["time"].as_str(), job["ends"].as_str()), (Some(day.as_str()), Some("10:00"), Some(format!("{day} 11:00").as_str())));
    assert!(!page.to_string().contains(&customer.user.email), "nothing else of the customer");
    assert_eq!(schedule(app, &second, "upcoming").await["count"], 0);
    let offer = job["offer"]["id"].as_i64().unwrap();

    // Only the provider offered can answer; a decline goes to the next.
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{offer}/accept/"), None, Some(&second.token)).await.0, 404);
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{offer}/decline/"), None, Some(&first.token)).await.0, 204);
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{offer}/accept/"), None, Some(&first.token)).await.0, 409, "answered already");
    assert_eq!(schedule(app, &first, "upcoming").await["count"], 0);
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.provider_user_id, booked.dispatch), (Some(second.user.id), Some(Dispatch::Offered)));

    // Unanswered in time, it goes on; with nobody left, staff take it.
    let later = chrono::Utc::now() + chrono::Duration::hours(3);
    assert_eq!(server::scheduling::dispatch::expire_due(&app.state, later).await.unwrap(), 1);
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.provider_user_id, booked.dispatch, booked.status), (None, Some(Dispatch::Unfilled), entity::words::BookingStatus::Pending));
    let outcomes: Vec<_> = entity::booking_offer::Entity::find().all(&app.site.db).await.unwrap().into_iter().map(|offer| offer.outcome).collect();
    assert_eq!(outcomes, [Some(entity::words::OfferOutcome::Declined), Some(entity::words::OfferOutcome::Expired)]);

    // Another booking, accepted: confirmed, and the customer told who is coming.
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "14:00", "LS1 4AP")), Some(&customer.token)).await;
    let job = &schedule(app, &first, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&first.token)).await.0, 204);
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.status, booked.dispatch, booked.calendar_sequence), (entity::words::BookingStatus::Confirmed, Some(Dispatch::Accepted), 1));
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&customer.token)).await;
    assert!(notices.to_string().contains("is confirmed: Priya will come."), "{notices}");
    let (_, seen) = app.call(Method::GET, &format!("/api/service/booking/{}/", created["id"]), None, Some(&customer.token)).await;
    let profile = format!("/providers/profile?id={}", first.user.id);
    assert_eq!(seen["provider"], json!({"first_name": "Priya", "photo": null, "profile": profile}), "who is coming, on the customer's booking");
    let page = schedule(app, &first, "upcoming").await;
    assert_eq!(
        (page["count"].clone(), page["results"][0]["dispatch"].clone(), page["results"][0]["offer"].clone()),
        (json!(1), json!("accepted"), Value::Null)
    );
    assert_eq!(
        (page["results"][0]["postcode"].as_str(), page["results"][0]["address_line_1"].as_str()),
        (Some("LS1 4AP"), Some("1 Park Row")),
        "the address, once taken"
    );

    // Cancelled by the customer: off the schedule, and the provider told.
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", created["id"]), None, Some(&customer.token)).await.0, 204);
    assert_eq!(schedule(app, &first, "upcoming").await["count"], 0);
    assert!(titles(app, &first).await.contains(&"Job cancelled".to_string()));
    let (status, answer) = app.call(Method::GET, "/api/schedule/jobs/?when=soon", None, Some(&first.token)).await;
    assert_eq!((status, answer["when"][0].as_str()), (400, Some("When is upcoming or past; \"soon\" is not one.")));
}

on_both_databases!(the_calendar_feed_holds_the_providers_jobs_until_revoked);
async fn the_calendar_feed_holds_the_providers_jobs_until_revoked(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let provider = approved_provider(app, service.id, "Priya Shah").await;
    let other = approved_provider(app, service.id, "Tom Baker").await;
    assert_eq!(app.call(Method::GET, "/api/schedule/feed/", None, Some(&provider.token)).await.0, 403, "no terms yet");
    for member in [&provider, &other] {
        assert_eq!(save_terms(app, member, every_day("09:00", "17:00")).await.0, 200);
    }
    let customer = app.member("Amelia Hughes").await;
    let day = uk_date(6);
    let mut ids = Vec::new();
    for time in ["09:00", "13:00"] {
        let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, time, "LS6 2AB")), Some(&customer.token)).await;
        ids.push(created["id"].clone());
    }
    // The first provider accepts the first; the second offer goes to the other provider, who keeps it open.
    let page = schedule(app, &provider, "upcoming").await;
    let mine: Vec<_> = page["results"].as_array().unwrap().iter().filter(|job| job["id"] == ids[0]).collect();
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", mine[0]["offer"]["id"]), None, Some(&provider.token)).await.0, 204);

    let (status, address) = app.call(Method::GET, "/api/schedule/feed/", None, Some(&provider.token)).await;
    assert_eq!(status, 200);
    let url = address["url"].as_str().unwrap();
    let path = &url[url.find("/api/").unwrap()..];
    let (status, ics) = app.text(path).await;
    assert_eq!(status, 200);
    assert!(ics.contains(&format!("UID:booking-{}@", ids[0])) && ics.contains("STATUS:CONFIRMED"), "{ics}");
    assert!(ics.contains(&format!("DTSTART;TZID=Europe/London:{}T090000", day.replace('-', ""))) && ics.contains("DURATION:PT60M"), "{ics}");
    assert!(ics.contains("For Amelia."), "{ics}");
    assert!(!ics.contains(&format!("UID:booking-{}@", ids[1])), "another provider's job is not in the feed");
    // An offer of their own, not accepted, is not in it either.
    let (_, offered) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "15:00", "LS6 2AB")), Some(&customer.token)).await;
    assert_eq!(row(app, &offered["id"]).await.provider_user_id, Some(provider.user.id), "waited longest since an offer");
    let (_, ics) = app.text(path).await;
    assert!(ics.contains(&format!("UID:booking-{}@", ids[0])) && !ics.contains(&format!("UID:booking-{}@", offered["id"])), "{ics}");
    assert!(!ics.contains(&customer.user.email) && !ics.contains("ATTENDEE"), "{ics}");

    // The other provider's signature does not open this provider's feed; a revoked address opens nothing.
    let (_, others) = app.call(Method::GET, "/api/schedule/feed/", None, Some(&other.token)).await;
    let other_signature = others["url"].as_str().unwrap().rsplit('=').next().unwrap().to_string();
    assert_eq!(app.text(&format!("/api/schedule/calendar.ics?provider={}&signature={other_signature}", provider.user.id)).await.0, 404);
    let (status, renewed) = app.call(Method::POST, "/api/schedule/feed/", None, Some(&provider.token)).await;
    assert_eq!(status, 200);
    assert_ne!(renewed["url"], address["url"]);
    assert_eq!(app.text(path).await.0, 404, "revoked");
    let renewed = renewed["url"].as_str().unwrap();
    assert_eq!(app.text(&renewed[renewed.find("/api/").unwrap()..]).await.0, 200);
}

on_both_databases!(backend the_offer_mail_opens_a_page_that_answers_only_by_its_buttons);
async fn the_offer_mail_opens_a_page_that_answers_only_by_its_buttons(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let service = service(app, "tenancy-checkout-clean").await;
    let provider = approved_provider(app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(app, &provider, every_day("09:00", "17:00")).await.0, 200);
    let customer = app.member("Amelia Hughes").await;
    let day = uk_date(5);
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "11:00", "LS6 2AB")), Some(&customer.token)).await;
    let mail = inbox.wait_for_containing(&provider.user.email, "New job offered", 10).await;
    let link = link_in(&mail, &format!("{}/schedule/offer?", app.base));

    // Opening the link (as a mail scanner does) answers nothing.
    let page = app.client.get(&link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("A job for you") && html.contains("Accept the job") && html.contains("Decline it"), "{html}");
    assert!(html.contains("at 11:00 in LS6"), "{html}");
    assert_eq!(row(app, &created["id"]).await.dispatch, Some(Dispatch::Offered));
    let tampered = link.replace("signature=", "signature=00");
    assert_eq!(app.client.post(format!("{tampered}&answer=accept")).send().await.unwrap().status(), 400);

    let accepted = app.client.post(format!("{link}&answer=accept")).send().await.unwrap();
    assert_eq!(accepted.status(), 200);
    assert!(accepted.text().await.unwrap().contains("Job accepted"));
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.status, booked.dispatch), (entity::words::BookingStatus::Confirmed, Some(Dispatch::Accepted)));
    let confirmation = inbox.wait_for_containing(&customer.user.email, "Priya will come", 10).await;
    assert!(confirmation.contains("SEQUENCE:1") && confirmation.contains("DURATION:PT60M") && confirmation.contains("STATUS:CONFIRMED"), "{confirmation}");

    let again = app.client.post(format!("{link}&answer=decline")).send().await.unwrap();
    assert_eq!(again.status(), 409);
    assert!(again.text().await.unwrap().contains("This offer is no longer open"));
    assert!(app.client.get(&link).send().await.unwrap().text().await.unwrap().contains("This offer is no longer open"));
}

on_both_databases!(the_importer_loads_approved_providers_with_their_terms);
async fn the_importer_loads_approved_providers_with_their_terms(app: &TestApp) {
    let fixture = |hours: Value| {
        let terms =
            json!({"areas": [{"postcode": "LS1", "radius_miles": 15}], "hours": hours, "buffer_minutes": 30, "notice_hours": 12, "max_jobs_per_day": 4});
        let provider = json!({"user": "amelia.hughes@example.co.uk", "services": ["annual-boiler-service"], "bio": "Gas Safe registered.", "experience_years": 12, "terms": terms});
        server::import::parse(&json!({"format": "marketplace-fixture/1", "providers": [provider]}).to_string()).unwrap()
    };
    let every_day: serde_json::Map<String, Value> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .iter()
        .map(|day| (day.to_string(), json!([{"from": "08:00", "to": "17:00"}])))
        .collect();
    let report = server::import::import(&app.site.db, fixture(Value::Object(every_day.clone()))).await.unwrap();
    assert!(report.changed_anything(), "{report}");
    let service = service(app, "annual-boiler-service").await;
    let week = format!("from={}&to={}", uk_date(2), uk_date(8));
    let (status, slots) = app.json(&format!("/api/service/{}/slots/?postcode=LS6 2AB&{week}", service.id)).await;
    assert_eq!((status, slots["any_time"].clone()), (200, json!(false)), "{slots}");
    assert!(slots["days"].as_array().unwrap().iter().all(|day| day["times"][0] == "08:00"), "{slots}");
    let (_, far) = app.json(&format!("/api/service/{}/slots/?postcode=SE1&{week}", service.id)).await;
    assert!(far["days"].as_array().unwrap().iter().all(|day| day["times"] == json!([])), "nobody covers London: {far}");

    let again = server::import::import(&app.site.db, fixture(Value::Object(every_day))).await.unwrap();
    assert!(!again.changed_anything(), "importing twice changes nothing: {again}");
    let error = server::import::import(&app.site.db, fixture(json!({"monday": [{"from": "17:00", "to": "09:00"}]}))).await.unwrap_err();
    assert_eq!(format!("{error:#}"), "provider \"amelia.hughes@example.co.uk\": terms: hours: Monday: 17:00 to 09:00 ends before it starts.");
}

on_both_databases!(the_booking_page_shows_the_free_times_and_opens_the_form_with_the_one_chosen);
async fn the_booking_page_shows_the_free_times_and_opens_the_form_with_the_one_chosen(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let page = format!("/services/book?id={}", service.id);
    let (status, html) = app.text(&page).await;
    assert_eq!(status, 200);
    assert!(!html.contains("When can you come?") && html.contains("data-island=\"booking-form\""), "no provider keeps hours: the form at once");

    let provider = approved_provider(app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(app, &provider, every_day("09:00", "12:00")).await.0, 200);
    let (_, html) = app.text(&page).await;
    assert!(html.contains("When can you come?") && !html.contains("data-island=\"booking-form\""), "the kept page was dropped: {html}");

    let day = uk_date(7);
    let week = format!("{page}&postcode=LS6+2AB&from={day}");
    let (status, html) = app.text(&week).await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains(&format!("slot={day}T09:00\"")) && html.contains(&format!("slot={day}T11:00\"")), "{html}");
    assert!(html.contains("£180.00 for this booking."));
    let (status, html) = app.text(&format!("{week}&slot={day}T10:00")).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&format!("&quot;date&quot;:&quot;{day}&quot;")) && html.contains("&quot;time&quot;:&quot;10:00&quot;"),
        "the form holds the chosen time: {html}"
    );

    let (status, html) = app.text(&format!("{week}&slot={day}T08:00")).await;
    assert_eq!(status, 400);
    assert!(html.contains("That time is no longer free: choose another."));
    let (status, html) = app.text(&format!("{page}&postcode=ZZ9")).await;
    assert_eq!(status, 400);
    assert!(html.contains("We don&#x27;t know that postcode area") || html.contains("We don't know that postcode area"), "{html}");
}

on_both_databases!(the_demo_data_has_providers_who_keep_hours);
async fn the_demo_data_has_providers_who_keep_hours(app: &TestApp) {
    // Two demo providers service boilers around Leeds (weekdays from LS1, Tuesday to Sunday from LS6).
    let service = service(app, "annual-boiler-service").await;
    let week = format!("from={}&to={}", uk_date(2), uk_date(8));
    let (status, slots) = app.json(&format!("/api/service/{}/slots/?postcode=LS6 2AB&{week}", service.id)).await;
    assert_eq!((status, slots["any_time"].clone()), (200, json!(false)), "{slots}");
    assert!(slots["days"].as_array().unwrap().iter().all(|day| !day["times"].as_array().unwrap().is_empty()), "someone works every day of the week: {slots}");
}

on_both_databases!(a_booking_moves_to_another_free_time_with_its_provider_or_to_another);
async fn a_booking_moves_to_another_free_time_with_its_provider_or_to_another(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let (morning, all_day) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    assert_eq!(save_terms(app, &morning, every_day("09:00", "12:00")).await.0, 200);
    assert_eq!(save_terms(app, &all_day, every_day("09:00", "17:00")).await.0, 200);
    let customer = app.member("Amelia Hughes").await;
    let day = uk_date(9);
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &day, "09:00", "LS6 2AB")), Some(&customer.token)).await;
    let job = &schedule(app, &morning, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&morning.token)).await.0, 204);
    let path = format!("/api/service/booking/{}/reschedule/", created["id"]);
    let offered_at = || async {
        let terms = entity::provider_terms::Entity::find().filter(entity::provider_terms::Column::UserId.eq(morning.user.id)).one(&app.site.db).await.unwrap();
        terms.unwrap().last_offered_at
    };
    let first_offered_at = offered_at().await;

    // Half an hour on, over its own old time: she keeps it, confirmed, and is told.
    let (status, moved) = app.call(Method::POST, &path, Some(json!({"date": day, "time": "09:30"})), Some(&customer.token)).await;
    assert_eq!((status, moved["time"].as_str(), moved["status"].as_str()), (200, Some("09:30"), Some("Confirmed")), "{moved}");
    let (status, moved) = app.call(Method::POST, &path, Some(json!({"date": day, "time": "11:00"})), Some(&customer.token)).await;
    assert_eq!((status, moved["time"].as_str(), moved["status"].as_str()), (200, Some("11:00"), Some("Confirmed")), "{moved}");
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.provider_user_id, booked.calendar_sequence), (Some(morning.user.id), 3));
    assert!(titles(app, &morning).await.contains(&"Job moved".to_string()));
    assert!(titles(app, &customer).await.contains(&"Booking moved".to_string()));
    assert_eq!(offered_at().await, first_offered_at, "keeping her job is no new offer: her turn for the next stands");

    // Past her hours: offered afresh to the one free then, and off her schedule.
    let (status, moved) = app.call(Method::POST, &path, Some(json!({"date": day, "time": "15:00"})), Some(&customer.token)).await;
    assert_eq!((status, moved["status"].as_str()), (200, Some("Pending")), "{moved}");
    let booked = row(app, &created["id"]).await;
    assert_eq!((booked.provider_user_id, booked.dispatch), (Some(all_day.user.id), Some(Dispatch::Offered)));
    assert_eq!(schedule(app, &morning, "upcoming").await["count"], 0);
    assert_eq!(schedule(app, &all_day, "upcoming").await["results"][0]["time"], "15:00");

    // Not a free time; not the member's; too late.
    let (status, answer) = app.call(Method::POST, &path, Some(json!({"date": day, "time": "18:00"})), Some(&customer.token)).await;
    assert_eq!((status, answer["time"][0].as_str()), (400, Some("That time is not free: choose one of the times offered for your postcode.")));
    assert_eq!(app.call(Method::POST, &path, Some(json!({"date": day, "time": "10:00"})), Some(&morning.token)).await.0, 404);
    let mut soon = every_day("00:00", "24:00");
    soon["areas"] = json!([{"postcode": "M1", "radius_miles": 10}]);
    let late = approved_provider(app, service.id, "Dai Evans").await;
    assert_eq!(save_terms(app, &late, soon).await.0, 200);
    // The first time she is free, today or just after midnight: always within the day's notice.
    let (_, near) = app.json(&format!("/api/service/{}/slots/?postcode=M1&from={}&to={}", service.id, uk_date(0), uk_date(1))).await;
    let first = near["days"].as_array().unwrap().iter().find(|day| !day["times"].as_array().unwrap().is_empty()).expect("a free time");
    let (date, time) = (first["date"].as_str().unwrap().to_string(), first["times"][0].as_str().unwrap().to_string());
    let (status, soon_booking) =
        app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &date, &time, "M1 1AE")), Some(&customer.token)).await;
    assert_eq!(status, 201, "{soon_booking}");
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/service/booking/{}/reschedule/", soon_booking["id"]),
            Some(json!({"date": uk_date(3), "time": "10:00"})),
            Some(&customer.token),
        )
        .await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("A booking can be moved until 24 hours before it starts. Please contact us.")));
}

on_both_databases!(a_provider_hands_back_a_job_and_it_goes_to_the_next);
async fn a_provider_hands_back_a_job_and_it_goes_to_the_next(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let (first, second) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    for provider in [&first, &second] {
        assert_eq!(save_terms(app, provider, every_day("09:00", "17:00")).await.0, 200);
    }
    let customer = app.member("Amelia Hughes").await;
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(9), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let path = format!("/api/schedule/jobs/{}/hand-back/", created["id"]);
    assert_eq!(app.call(Method::POST, &path, None, Some(&first.token)).await.0, 400, "offered, not accepted yet");
    let job = &schedule(app, &first, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&first.token)).await.0, 204);
    assert_eq!(app.call(Method::POST, &path, None, Some(&second.token)).await.0, 404, "not their job");

    assert_eq!(app.call(Method::POST, &path, None, Some(&first.token)).await.0, 204);
    let booked = row(app, &created["id"]).await;
    assert_eq!(
        (booked.status, booked.provider_user_id, booked.dispatch),
        (entity::words::BookingStatus::Pending, Some(second.user.id), Some(Dispatch::Offered))
    );
    assert!(titles(app, &customer).await.contains(&"Finding another provider".to_string()));
    assert!(titles(app, &second).await.contains(&"New job offered".to_string()));
    assert_eq!(schedule(app, &first, "upcoming").await["count"], 0);
    let handed: Vec<_> =
        entity::booking_offer::Entity::find().filter(entity::booking_offer::Column::ProviderUserId.eq(first.user.id)).all(&app.site.db).await.unwrap();
    assert_eq!(handed[0].outcome, Some(entity::words::OfferOutcome::HandedBack));
    assert_eq!(app.call(Method::POST, &path, None, Some(&first.token)).await.0, 404, "no longer theirs");
}

on_both_databases!(staff_assign_a_booking_nobody_took_and_it_is_audited);
async fn staff_assign_a_booking_nobody_took_and_it_is_audited(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let (first, second) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    for provider in [&first, &second] {
        assert_eq!(save_terms(app, provider, every_day("09:00", "17:00")).await.0, 200);
    }
    let stranger = app.member("Sam Jones").await;
    let customer = app.member("Amelia Hughes").await;
    let (_, created) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(9), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let staff = staff_member(app).await;
    let path = format!("/api/admin/bookings/{}/action/", created["id"]);

    // Its providers keep hours: staff assign it rather than confirm it.
    let (status, answer) = staff_call(app, &staff, Method::POST, &path, Some(json!({"action": "confirm"}))).await;
    assert_eq!((status, answer["message"].as_str()), (400, Some("This service's providers keep hours: assign the booking to one of them, which confirms it.")));
    let (status, answer) = staff_call(app, &staff, Method::POST, &path, Some(json!({"action": "assign", "provider": stranger.user.id}))).await;
    assert_eq!((status, answer["provider"][0].as_str()), (400, Some("Choose one of the service's approved providers.")));
    let (_, list) = staff_call(app, &staff, Method::GET, "/api/admin/bookings/?status=Pending", None).await;
    let listed = list["results"].as_array().unwrap().iter().find(|row| row["id"] == created["id"]).unwrap().clone();
    assert_eq!((listed["dispatch"].as_str(), listed["provider_name"].as_str()), (Some("offered"), Some("Priya Shah")));
    assert_eq!(listed["providers"].as_array().unwrap().len(), 2);

    let mut tom = second.user.clone().into_active_model();
    tom.profile_picture = Set(Some("profile_picture/tom.png".into()));
    tom.update(&app.site.db).await.unwrap();
    let (status, row_after) = staff_call(app, &staff, Method::POST, &path, Some(json!({"action": "assign", "provider": second.user.id}))).await;
    assert_eq!(
        (status, row_after["status"].as_str(), row_after["dispatch"].as_str(), row_after["provider_name"].as_str()),
        (200, Some("Confirmed"), Some("accepted"), Some("Tom Baker")),
        "{row_after}"
    );
    assert!(titles(app, &second).await.contains(&"Job assigned to you".to_string()));
    assert!(titles(app, &first).await.contains(&"Job cancelled".to_string()), "the offer was withdrawn");
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&customer.token)).await;
    assert!(notices.to_string().contains("Tom will come"), "{notices}");
    assert_eq!(schedule(app, &second, "upcoming").await["results"][0]["dispatch"], "accepted");
    assert_eq!(schedule(app, &first, "upcoming").await["count"], 0);
    let (_, audit) = staff_call(app, &staff, Method::GET, "/api/admin/audit/?action=booking.assign", None).await;
    assert!(audit.to_string().contains(&format!("to provider {}", second.user.id)), "{audit}");
    let (_, seen) = app.call(Method::GET, "/api/service/booking/", None, Some(&customer.token)).await;
    let coming = &seen["results"][0]["provider"];
    assert_eq!(coming["first_name"], "Tom");
    assert!(coming["photo"].as_str().unwrap().contains("/files/profile_picture/tom.png?expires="), "a signed link to the photo: {coming}");

    // Another booking at that time cannot be given to Tom as well.
    let neighbour = app.member("Ruth Okafor").await;
    let (_, clash) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(9), "10:30", "LS6 2AB")), Some(&neighbour.token)).await;
    let path = format!("/api/admin/bookings/{}/action/", clash["id"]);
    let (status, answer) = staff_call(app, &staff, Method::POST, &path, Some(json!({"action": "assign", "provider": second.user.id}))).await;
    assert_eq!(
        (status, answer["provider"][0].as_str()),
        (400, Some("This provider has another job at that time: choose another, or move one of the bookings first."))
    );
    assert_eq!(staff_call(app, &staff, Method::POST, &path, Some(json!({"action": "assign", "provider": first.user.id}))).await.0, 200);
}

on_both_databases!(a_provider_who_stops_passes_their_jobs_to_the_next);
async fn a_provider_who_stops_passes_their_jobs_to_the_next(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let (first, second) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    for provider in [&first, &second] {
        assert_eq!(save_terms(app, provider, every_day("09:00", "17:00")).await.0, 200);
    }
    let customer = app.member("Amelia Hughes").await;
    // Priya takes one job and holds the offer of another that Tom declined.
    let (_, taken) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(9), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let job = &schedule(app, &first, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&first.token)).await.0, 204);
    let (_, offered) =
        app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(10), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    assert_eq!(row(app, &offered["id"]).await.provider_user_id, Some(second.user.id), "the one who waited longest");
    let job = &schedule(app, &second, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/decline/", job["offer"]["id"]), None, Some(&second.token)).await.0, 204);
    assert_eq!(row(app, &offered["id"]).await.provider_user_id, Some(first.user.id));

    // She stops providing the service: the job she took goes to Tom and its customer is told;
    // the offer he declined waits for staff.
    let record = entity::provider::Entity::find().filter(entity::provider::Column::UserId.eq(first.user.id)).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/providers/{}/", record.id), None, Some(&first.token)).await.0, 204);
    assert_eq!(schedule(app, &first, "upcoming").await["count"], 0);
    let moved_on = row(app, &taken["id"]).await;
    assert_eq!(
        (moved_on.provider_user_id, moved_on.dispatch, moved_on.status),
        (Some(second.user.id), Some(Dispatch::Offered), entity::words::BookingStatus::Pending)
    );
    assert!(titles(app, &customer).await.contains(&"Finding another provider".to_string()));
    let waiting = row(app, &offered["id"]).await;
    assert_eq!((waiting.provider_user_id, waiting.dispatch), (None, Some(Dispatch::Unfilled)));
    let outcomes = |booking: i32| async move {
        entity::booking_offer::Entity::find()
            .filter(entity::booking_offer::Column::BookingId.eq(booking))
            .filter(entity::booking_offer::Column::ProviderUserId.eq(first.user.id))
            .all(&app.site.db)
            .await
            .unwrap()
            .into_iter()
            .map(|offer| offer.outcome)
            .collect::<Vec<_>>()
    };
    assert_eq!(outcomes(moved_on.id).await, [Some(entity::words::OfferOutcome::HandedBack)]);
    assert_eq!(outcomes(waiting.id).await, [Some(entity::words::OfferOutcome::Withdrawn)]);

    // Tom's account is erased while the job is offered to him: it waits for staff too, and his
    // working terms go.
    let tom = entity::user::Entity::find_by_id(second.user.id).one(&app.site.db).await.unwrap().unwrap();
    server::data_rights::erasure::erase(&app.state, &tom, server::data_rights::erasure::ErasedBy::Member).await.unwrap();
    let waiting = row(app, &taken["id"]).await;
    assert_eq!((waiting.provider_user_id, waiting.dispatch), (None, Some(Dispatch::Unfilled)));
    let terms = entity::provider_terms::Entity::find().filter(entity::provider_terms::Column::UserId.eq(tom.id)).one(&app.site.db).await.unwrap();
    assert!(terms.is_none(), "working terms go with the account");
}

on_both_databases!(backend a_deactivated_provider_answers_no_offer_and_their_jobs_move_on);
async fn a_deactivated_provider_answers_no_offer_and_their_jobs_move_on(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let service = service(app, "tenancy-checkout-clean").await;
    let (priya, tom) = (approved_provider(app, service.id, "Priya Shah").await, approved_provider(app, service.id, "Tom Baker").await);
    assert_eq!(save_terms(app, &priya, every_day("09:00", "17:00")).await.0, 200);
    let customer = app.member("Amelia Hughes").await;
    // Priya accepts one job and holds the offer of another; Tom keeps hours only later.
    let (_, taken) = app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(9), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let job = &schedule(app, &priya, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&priya.token)).await.0, 204);
    let (_, offered) =
        app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(10), "11:00", "LS6 2AB")), Some(&customer.token)).await;
    let mail = inbox.wait_for_containing(&priya.user.email, "at 11:00 in LS6", 10).await;
    let link = link_in(&mail, &format!("{}/schedule/offer?", app.base));
    // Its address is the power to accept: kept by no cache, sent to no other site.
    let page = app.client.get(&link).send().await.unwrap();
    assert_eq!((page.headers()["cache-control"].to_str().unwrap(), page.headers()["referrer-policy"].to_str().unwrap()), ("no-store", "same-origin"));
    assert_eq!(save_terms(app, &tom, every_day("09:00", "17:00")).await.0, 200);

    let staff = staff_member(app).await;
    let (status, answer) =
        staff_call(app, &staff, Method::POST, &format!("/api/admin/members/{}/action/", priya.user.id), Some(json!({"action": "deactivate"}))).await;
    assert_eq!(status, 200, "{answer}");

    // The mail's link no longer accepts: the offer was withdrawn with the account.
    let refused = app.client.post(format!("{link}&answer=accept")).send().await.unwrap();
    assert_eq!(refused.status(), 409);
    assert!(refused.text().await.unwrap().contains("This offer is no longer open"));
    let offered = row(app, &offered["id"]).await;
    assert_eq!(
        (offered.provider_user_id, offered.dispatch, offered.status),
        (Some(tom.user.id), Some(Dispatch::Offered), entity::words::BookingStatus::Pending)
    );
    let taken = row(app, &taken["id"]).await;
    assert_eq!((taken.provider_user_id, taken.dispatch, taken.status), (Some(tom.user.id), Some(Dispatch::Offered), entity::words::BookingStatus::Pending));
    assert!(titles(app, &customer).await.contains(&"Finding another provider".to_string()));

    // Reactivated, she gets nothing back; an offer made to her while closed (written straight
    // in the database, as a race would leave it) cannot be accepted either.
    let (status, _) =
        staff_call(app, &staff, Method::POST, &format!("/api/admin/members/{}/action/", priya.user.id), Some(json!({"action": "reactivate"}))).await;
    assert_eq!(status, 200);
    assert_eq!(row(app, &taken.id.into()).await.provider_user_id, Some(tom.user.id));
    entity::user::Entity::update_many()
        .col_expr(entity::user::Column::IsActive, sea_orm::sea_query::Expr::value(false))
        .filter(entity::user::Column::Id.eq(priya.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    entity::booking::Entity::update_many()
        .col_expr(entity::booking::Column::ProviderUserId, sea_orm::sea_query::Expr::value(priya.user.id))
        .filter(entity::booking::Column::Id.eq(offered.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    let stale = entity::booking_offer::ActiveModel {
        booking_id: Set(offered.id),
        provider_user_id: Set(priya.user.id),
        offered_at: Set(chrono::Utc::now()),
        expires_at: Set(chrono::Utc::now() + chrono::Duration::hours(1)),
        ..Default::default()
    }
    .insert(&app.site.db)
    .await
    .unwrap();
    let stale_link = format!("{}{}", app.base, server::scheduling::offer_link::path(&app.state, stale.id));
    let refused = app.client.post(format!("{stale_link}&answer=accept")).send().await.unwrap();
    assert_eq!(refused.status(), 409);
    let still = row(app, &offered.id.into()).await;
    assert_eq!((still.status, still.dispatch), (entity::words::BookingStatus::Pending, Some(Dispatch::Offered)), "not confirmed by a closed account");
}

on_both_databases!(one_offer_accepted_twice_at_once_is_accepted_once);
async fn one_offer_accepted_twice_at_once_is_accepted_once(app: &TestApp) {
    let service = service(app, "tenancy-checkout-clean").await;
    let priya = approved_provider(app, service.id, "Priya Shah").await;
    assert_eq!(save_terms(app, &priya, every_day("09:00", "17:00")).await.0, 200);
    let customer = app.member("Amelia Hughes").await;
    for round in 0..4 {
        let time = format!("{:02}:00", 9 + 2 * round);
        let (_, created) =
            app.call(Method::POST, "/api/service/booking/", Some(booking(service.id, &uk_date(8), &time, "LS6 2AB")), Some(&customer.token)).await;
        let jobs = schedule(app, &priya, "upcoming").await;
        let job = jobs["results"].as_array().unwrap().iter().find(|job| job["id"] == created["id"]).unwrap().clone();
        let accept = format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]);
        let link = format!("{}{}&answer=accept", app.base, server::scheduling::offer_link::path(&app.state, job["offer"]["id"].as_i64().unwrap() as i32));
        // By the API and by the mail's link at once, as two of her devices might.
        let (api, mail) = tokio::join!(app.call(Method::POST, &accept, None, Some(&priya.token)), app.client.post(&link).send());
        let mut statuses = [api.0, mail.unwrap().status().as_u16()];
        statuses.sort();
        assert!(statuses == [200, 409] || statuses == [204, 409], "{time}: {statuses:?}");
        let confirmed = row(app, &created["id"]).await;
        assert_eq!((confirmed.status, confirmed.calendar_sequence), (entity::words::BookingStatus::Confirmed, 1), "confirmed once");
    }
    let (_, notices) = app.call(Method::GET, "/api/notifications?page_size=100", None, Some(&customer.token)).await;
    let told = notices["results"].as_array().unwrap().iter().filter(|n| n["message"].as_str().unwrap_or("").contains("Priya will come")).count();
    assert_eq!(told, 4, "the customer told once a job: {notices}");
}
