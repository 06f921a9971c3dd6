//! Bookings (api-contract: Marketplace): their amount taken from the service, kept when
//! cancelled, mailed with a calendar invite, reminded once the day before, limited per member.

use crate::common;

use common::{TestApp, uk_date};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::json;

async fn bookings_take_their_amount_from_the_service_and_are_kept_when_cancelled(app: &TestApp) {
    let id = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let price = common::demo()["services"].as_array().unwrap().iter().find(|s| s["slug"] == "tenancy-checkout-clean").unwrap()["price_from"].clone();
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
            json!({"service": crate::scheduling::service(app, "holiday-let-changeover").await.id, "date": uk_date(2), "time": "10:00", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"}),
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
    let id = crate::scheduling::service(&app, "tenancy-checkout-clean").await.id;
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
    let id = crate::scheduling::service(app, "regular-home-clean").await.id;
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
async fn bookings_are_limited_per_member() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.bookings_per_hour = 2).await;
    let id = crate::scheduling::service(&app, "regular-home-clean").await.id;
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
