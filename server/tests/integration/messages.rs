//! Messages on a booking: who reads and writes its thread (its customer, the provider who took
//! it while they have it, staff; nobody else), photos stored without their metadata and read
//! only through signed links, mail at most once a thread and reader in a while, unread counts,
//! staff hiding a message, the rate limit and erasure, on both databases.

use crate::admin::{staff_call, staff_member};
use crate::common::{self, SignedIn, TestApp, link_in, uk_date};
use crate::jobs::post_form;
use crate::scheduling::{approved_provider, booking, every_day, save_terms, schedule, service};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

/// A booking of `customer`'s, nine days on, taken by `provider` (the only one of its service).
pub(crate) async fn taken_booking(app: &TestApp, customer: &SignedIn, provider: &SignedIn) -> i64 {
    let (status, created) = app
        .call(
            Method::POST,
            "/api/service/booking/",
            Some(booking(service(app, "tenancy-checkout-clean").await.id, &uk_date(9), "10:00", "LS6 2AB")),
            Some(&customer.token),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let jobs = schedule(app, provider, "upcoming").await;
    let job = jobs["results"].as_array().unwrap().iter().find(|job| job["id"] == created["id"]).expect("offered to them");
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&provider.token)).await.0, 204);
    created["id"].as_i64().unwrap()
}

/// A provider of the tenancy clean around Leeds, every day.
pub(crate) async fn provider(app: &TestApp, name: &str) -> SignedIn {
    let provider = approved_provider(app, service(app, "tenancy-checkout-clean").await.id, name).await;
    assert_eq!(save_terms(app, &provider, every_day("09:00", "17:00")).await.0, 200);
    provider
}

fn path(booking: i64) -> String {
    format!("/api/service/booking/{booking}/messages/")
}

fn text(body: &str) -> Form {
    Form::new().text("body", body.to_string())
}

async fn write(app: &TestApp, booking: i64, member: &SignedIn, form: Form) -> (u16, Value) {
    post_form(app, &path(booking), form, Some(&member.token)).await
}

pub(crate) async fn thread(app: &TestApp, booking: i64, member: &SignedIn) -> (u16, Value) {
    app.call(Method::GET, &path(booking), None, Some(&member.token)).await
}

async fn unread(app: &TestApp, member: &SignedIn) -> Value {
    let (status, counts) = app.call(Method::GET, "/api/messages/unread/", None, Some(&member.token)).await;
    assert_eq!(status, 200, "{counts}");
    counts
}

on_both_databases!(backend a_thread_is_its_customers_its_providers_and_staffs_only);
async fn a_thread_is_its_customers_its_providers_and_staffs_only(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;

    // Only offered, the job's thread is not hers yet.
    let (_, offered) = app
        .call(
            Method::POST,
            "/api/service/booking/",
            Some(booking(service(app, "tenancy-checkout-clean").await.id, &uk_date(8), "10:00", "LS6 2AB")),
            Some(&customer.token),
        )
        .await;
    let offered = offered["id"].as_i64().unwrap();
    assert_eq!(thread(app, offered, &priya).await.0, 404);
    assert_eq!(write(app, offered, &priya, text("Hello")).await.0, 404);
    let booking = taken_booking(app, &customer, &priya).await;

    let (status, written) = write(app, booking, &customer, text("The gate code is 1234.\nPlease park on the left.")).await;
    assert_eq!(status, 201, "{written}");
    assert_eq!(
        (written["author_name"].as_str(), written["author_role"].as_str(), written["mine"].as_bool(), written["photo"].clone()),
        (Some("Amelia"), Some("customer"), Some(true), Value::Null)
    );
    for (who, token) in [("a stranger", Some(stranger.token.as_str())), ("nobody signed in", None)] {
        let expected = if token.is_some() { 404 } else { 401 };
        assert_eq!(app.call(Method::GET, &path(booking), None, token).await.0, expected, "{who} reads");
        assert_eq!(post_form(app, &path(booking), text("Hi"), token).await.0, expected, "{who} writes");
        assert_eq!(post_form(app, &path(booking), text(""), token).await.0, expected, "{who} is refused before the form is read");
    }

    // The provider is mailed once, with the first lines and a link to the thread.
    let mail = inbox.wait_for_containing(&priya.user.email, "New message about", 10).await;
    assert!(mail.contains("Amelia wrote about") && mail.contains("> The gate code is 1234.") && mail.contains("> Please park on the left."), "{mail}");
    assert!(mail.contains(&format!("{}/bookings/messages?booking={booking}&reader={}&expires=", app.base, priya.user.id)), "{mail}");
    assert_eq!(write(app, booking, &customer, text("Also, the dog is friendly.")).await.0, 201);
    let counts = unread(app, &priya).await;
    assert_eq!(
        (counts["total"].as_u64(), counts["bookings"][0]["booking"].as_i64(), counts["bookings"][0]["unread"].as_u64()),
        (Some(2), Some(booking), Some(2)),
        "{counts}"
    );
    assert!(counts["bookings"][0]["about"].as_str().unwrap().starts_with("End of tenancy clean on "), "{counts}");
    assert!(counts["bookings"][0]["link"].as_str().unwrap().starts_with(&format!("/bookings/messages?booking={booking}&reader={}&", priya.user.id)));
    let jobs = schedule(app, &priya, "upcoming").await;
    let job = jobs["results"].as_array().unwrap().iter().find(|job| job["id"] == booking).unwrap();
    assert_eq!(job["messages"]["unread"], 2, "on the job in her schedule");
    assert!(job["messages"]["link"].as_str().unwrap().starts_with(&format!("/bookings/messages?booking={booking}&reader={}&", priya.user.id)));
    let still_offered = jobs["results"].as_array().unwrap().iter().find(|job| job["id"] == offered).unwrap();
    assert_eq!(still_offered["messages"], Value::Null, "no thread before the job is taken");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(inbox.count_containing(&priya.user.email, "New message about").await, 1, "one mail a thread in ten minutes");

    // Still unread when the ten minutes are up: mailed then, once.
    let later = chrono::Utc::now() + chrono::Duration::minutes(11);
    assert_eq!(server::messages::mail::mail_held_back(&app.state, later).await.unwrap(), 1);
    inbox.wait_for_containing(&priya.user.email, "> Also, the dog is friendly.", 10).await;
    assert_eq!(server::messages::mail::mail_held_back(&app.state, later).await.unwrap(), 0);

    // Reading marks read; her answer goes to the customer.
    let (status, page) = thread(app, booking, &priya).await;
    assert_eq!(status, 200);
    let names: Vec<_> = page["results"].as_array().unwrap().iter().map(|m| (m["author_name"].clone(), m["mine"].clone())).collect();
    assert_eq!(names, [(json!("Amelia"), json!(false)), (json!("Amelia"), json!(false))]);
    assert_eq!(unread(app, &priya).await["total"], 0);
    assert_eq!(write(app, booking, &priya, text("Thanks, see you then.")).await.0, 201);
    let answer = inbox.wait_for_containing(&customer.user.email, "Priya wrote about", 10).await;
    let link = link_in(&answer, &format!("{}/bookings/messages?", app.base));
    assert!(link.contains(&format!("booking={booking}&reader={}&expires=", customer.user.id)) && link.contains("&signature="), "{link}");
    assert_eq!(unread(app, &customer).await["total"], 1);
    let (_, seen) = app.call(Method::GET, &format!("/api/service/booking/{booking}/"), None, Some(&customer.token)).await;
    assert_eq!(seen["messages"]["unread"], 1, "on the customer's booking");

    // The mail's link opens the thread without signing in, and its plain form answers. A mail
    // scanner fetching it reads nothing; a person's visit marks it read.
    let scanned = app.client.get(&link).send().await.unwrap();
    assert_eq!(scanned.status(), 200);
    assert_eq!(scanned.headers()["cache-control"], "no-store");
    let html = scanned.text().await.unwrap();
    assert!(html.contains("Thanks, see you then.") && html.contains("Priya") && html.contains(r#"enctype="multipart/form-data""#), "{html}");
    assert_eq!(unread(app, &customer).await["total"], 1, "a scanner's fetch is no reading");
    assert_eq!(app.client.get(&link).header("sec-fetch-mode", "navigate").send().await.unwrap().status(), 200);
    assert_eq!(unread(app, &customer).await["total"], 0, "a visit marks it read");
    let form = text("Lovely, thank you.");
    let sent = app.client.post(&link).header(reqwest::header::ORIGIN, &app.base).multipart(form).send().await.unwrap();
    // Back to the thread, by a link made afresh (its expiry may be a second later).
    let back = sent.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(sent.status(), 303);
    assert!(back.starts_with(&format!("/bookings/messages?booking={booking}&reader={}&expires=", customer.user.id)), "{back}");
    assert!(app.client.get(&link).send().await.unwrap().text().await.unwrap().contains("Lovely, thank you."));
    let refused = app.client.post(&link).header(reqwest::header::ORIGIN, &app.base).multipart(text("")).send().await.unwrap();
    assert_eq!(refused.status(), 400);
    assert!(refused.text().await.unwrap().contains("Write a message or add a photo."));
    let elsewhere = app.client.post(&link).header(reqwest::header::ORIGIN, "https://elsewhere.example").multipart(text("Hi")).send().await.unwrap();
    assert_eq!(elsewhere.status(), 403);
    let tampered = link.replace("signature=", "signature=00");
    assert_eq!(app.client.get(&tampered).send().await.unwrap().status(), 404);

    // Staff read every thread and write as the company.
    let staff = staff_member(app).await;
    let (status, seen) = staff_call(app, &staff, Method::GET, &format!("/api/admin/bookings/{booking}/messages/"), None).await;
    assert_eq!((status, seen["count"].as_u64()), (200, Some(4)));
    assert_eq!(seen["results"][0]["author_name"], "Amelia Hughes", "staff see full names");
    let form = text("We have noted the gate code.");
    let request =
        app.client.post(format!("{}/api/admin/bookings/{booking}/messages/", app.base)).header(reqwest::header::COOKIE, &staff.cookie).multipart(form);
    let (status, written) = common::send(request, None).await;
    assert_eq!((status, written["author_role"].as_str()), (201, Some("staff")), "{written}");

    // Handed back, the job's thread is hers no more; what she wrote stays in it.
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/jobs/{booking}/hand-back/"), None, Some(&priya.token)).await.0, 204);
    assert_eq!(thread(app, booking, &priya).await.0, 404);
    assert_eq!(write(app, booking, &priya, text("Sorry!")).await.0, 404);
    let her_link = link_in(&mail, &format!("{}/bookings/messages?", app.base));
    assert_eq!(app.client.get(&her_link).send().await.unwrap().status(), 404, "her mail's link no longer opens it");
    assert_eq!(unread(app, &priya).await["total"], 0);
    let (_, kept) = thread(app, booking, &customer).await;
    assert!(kept["results"].as_array().unwrap().iter().any(|m| m["author_name"] == "Priya" && m["body"] == "Thanks, see you then."), "{kept}");
}

/// A PNG whose text and Exif chunks name where it was taken.
pub(crate) fn located_png() -> Vec<u8> {
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        [&(data.len() as u32).to_be_bytes()[..], kind, data, &[0, 0, 0, 0]].concat()
    }
    [
        b"\x89PNG\r\n\x1a\n".to_vec(),
        chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
        chunk(b"tEXt", b"Location\0GPSLatitude 53.8"),
        chunk(b"eXIf", b"MM\0*GPSLongitude -1.5"),
        chunk(b"IDAT", b"pixels"),
        chunk(b"IEND", b""),
    ]
    .concat()
}

/// A WebP whose Exif chunk (announced in its extended header) names where it was taken.
pub(crate) fn located_webp() -> Vec<u8> {
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let pad = if data.len() % 2 == 1 { vec![0] } else { Vec::new() };
        [kind, &(data.len() as u32).to_le_bytes()[..], data, &pad].concat()
    }
    let body =
        [b"WEBP".to_vec(), chunk(b"VP8X", &[0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]), chunk(b"VP8L", b"pixels!"), chunk(b"EXIF", b"MM\0*GPSLatitude 53.8")].concat();
    [b"RIFF".to_vec(), (body.len() as u32).to_le_bytes().to_vec(), body].concat()
}

/// A JPEG whose Exif segment names where it was taken.
pub(crate) fn located_jpeg() -> Vec<u8> {
    let exif = b"Exif\0\0GPSLatitude 53.8";
    [
        vec![0xFF, 0xD8, 0xFF, 0xE1],
        ((exif.len() + 2) as u16).to_be_bytes().to_vec(),
        exif.to_vec(),
        vec![0xFF, 0xDB, 0x00, 0x04, 0x01, 0x02, 0xFF, 0xDA, 0x00, 0x02],
        b"pixels".to_vec(),
        vec![0xFF, 0xD9],
    ]
    .concat()
}

fn photo(bytes: Vec<u8>, name: &str) -> Form {
    Form::new().part("photo", Part::bytes(bytes).file_name(name.to_string()))
}

on_both_databases!(backend photos_lose_where_they_were_taken_and_are_read_through_signed_links);
async fn photos_lose_where_they_were_taken_and_are_read_through_signed_links(backend: common::Backend) {
    let app = TestApp::spawn_with(backend, |config| config.limits.document_bytes = 64 * 1024).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;

    for (bytes, name, magic) in
        [(located_png(), "leak.png", &b"\x89PNG"[..]), (located_jpeg(), "leak.jpg", &[0xFF, 0xD8][..]), (located_webp(), "leak.webp", &b"RIFF"[..])]
    {
        let (status, written) = write(app, booking, &customer, photo(bytes, name)).await;
        assert_eq!((status, written["body"].as_str()), (201, Some("")), "{written}");
        let link = written["photo"].as_str().unwrap();
        assert!(link.contains("/files/message-photos/") && link.contains("signature="), "{link}");
        let stored = app.client.get(link).send().await.unwrap();
        assert_eq!(stored.status(), 200);
        let stored = stored.bytes().await.unwrap();
        assert!(stored.starts_with(magic), "still the picture");
        assert!(!stored.windows(3).any(|w| w == b"GPS"), "where it was taken is gone");
        let unsigned = &link[..link.find('?').unwrap()];
        assert_ne!(app.client.get(unsigned).send().await.unwrap().status(), 200, "no link without a signature");
    }
    let (status, refused) = write(app, booking, &customer, photo(b"GIF89a\x01\x00\x01\x00".to_vec(), "x.gif")).await;
    assert_eq!(status, 415, "{refused}");
    let too_big = [located_png(), vec![0; 100 * 1024]].concat();
    assert_eq!(write(app, booking, &customer, photo(too_big, "big.png")).await.0, 413);
    let (status, refused) = write(app, booking, &customer, photo(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec(), "cut.png")).await;
    assert_eq!(
        (status, refused["photo"][0].as_str()),
        (400, Some("This photo could not be read: send a JPEG, PNG or WebP image as your camera or phone saved it."))
    );
    let (status, refused) = write(app, booking, &customer, text("   ")).await;
    assert_eq!((status, refused["body"][0].as_str()), (400, Some("Write a message or add a photo.")));
    assert_eq!(write(app, booking, &customer, text(&"a".repeat(2001))).await.0, 400);
    let (_, page) = thread(app, booking, &priya).await;
    assert_eq!(page["count"], 3, "only the three photos were kept");
}

on_both_databases!(staff_hide_a_message_and_its_writer_is_told_why);
async fn staff_hide_a_message_and_its_writer_is_told_why(app: &TestApp) {
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;
    let (_, written) = write(app, booking, &customer, text("Call me on 07700 900123 and pay cash.")).await;
    let id = written["id"].as_i64().unwrap();
    let staff = staff_member(app).await;
    let hide = format!("/api/admin/messages/{id}/hide/");

    assert_eq!(
        app.call(Method::POST, &hide, Some(json!({"reason": "Payment off the site."})), Some(&customer.token)).await.0,
        404,
        "the back office is not there for members"
    );
    let (status, refused) = staff_call(app, &staff, Method::POST, &hide, Some(json!({}))).await;
    assert_eq!((status, refused["reason"].is_array()), (400, true), "{refused}");
    let (status, hidden) = staff_call(app, &staff, Method::POST, &hide, Some(json!({"reason": "Payment off the site."}))).await;
    assert_eq!((status, hidden["hidden"].as_bool(), hidden["body"].as_str()), (200, Some(true), Some("Call me on 07700 900123 and pay cash.")), "{hidden}");

    let (_, for_provider) = thread(app, booking, &priya).await;
    let seen = &for_provider["results"][0];
    assert_eq!((seen["hidden"].as_bool(), seen["body"].as_str(), seen["hidden_reason"].clone()), (Some(true), Some(""), Value::Null));
    let (_, for_writer) = thread(app, booking, &customer).await;
    assert_eq!(for_writer["results"][0]["hidden_reason"], "Payment off the site.");
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&customer.token)).await;
    assert!(notices.to_string().contains("Your message was hidden") && notices.to_string().contains("The reason: Payment off the site."), "{notices}");
    assert_eq!(unread(app, &priya).await["total"], 0, "a hidden message is not waiting to be read");
    let (status, again) = staff_call(app, &staff, Method::POST, &hide, Some(json!({"reason": "Again."}))).await;
    assert_eq!((status, again["message"].as_str()), (400, Some("This message is already hidden.")));
    let (_, audit) = staff_call(app, &staff, Method::GET, "/api/admin/audit/?action=message.hide", None).await;
    assert!(audit.to_string().contains(&format!("Hid message {id} on booking {booking}")), "{audit}");
    assert_eq!(staff_call(app, &staff, Method::POST, "/api/admin/messages/999999/hide/", Some(json!({"reason": "x"}))).await.0, 404);
}

on_both_databases!(backend messages_are_rate_limited_and_erasure_empties_them);
async fn messages_are_rate_limited_and_erasure_empties_them(backend: common::Backend) {
    let app = TestApp::spawn_with(backend, |config| config.limits.messages_per_hour = 2).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;
    let (_, with_photo) = write(app, booking, &customer, photo(located_png(), "door.png").text("body", "The front door.")).await;
    assert_eq!(write(app, booking, &customer, text("And the back.")).await.0, 201);
    assert_eq!(write(app, booking, &customer, text("One more.")).await.0, 429);
    let photo_link = with_photo["photo"].as_str().unwrap().to_string();

    let member = entity::user::Entity::find_by_id(customer.user.id).one(&app.site.db).await.unwrap().unwrap();
    server::data_rights::erasure::erase(&app.state, &member, server::data_rights::erasure::ErasedBy::Member).await.unwrap();
    let (_, page) = thread(app, booking, &priya).await;
    let kept: Vec<_> = page["results"].as_array().unwrap().iter().map(|m| (m["author_name"].clone(), m["body"].clone(), m["photo"].clone())).collect();
    assert_eq!(kept, [(json!("Former member"), json!(""), Value::Null), (json!("Former member"), json!(""), Value::Null)]);
    assert_eq!(app.client.get(&photo_link).send().await.unwrap().status(), 404, "the photo is deleted");
}

on_both_databases!(staff_read_write_and_hide_from_the_back_offices_pages);
async fn staff_read_write_and_hide_from_the_back_offices_pages(app: &TestApp) {
    use reqwest::header::{COOKIE, ORIGIN};
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;
    let (_, written) = write(app, booking, &customer, text("Pay me in cash, here is my number.")).await;
    let id = written["id"].as_i64().unwrap();
    let staff = staff_member(app).await;
    let page = |path: String| {
        let request = app.client.get(format!("{}{path}", app.base)).header(COOKIE, &staff.cookie);
        async move { request.send().await.unwrap().text().await.unwrap() }
    };
    let post = |path: String, form: Vec<(&'static str, &'static str)>| {
        app.client.post(format!("{}{path}", app.base)).header(COOKIE, &staff.cookie).header(ORIGIN, &app.base).form(&form).send()
    };

    let list = page("/admin/bookings".into()).await;
    assert!(list.contains(&format!("/admin/bookings/{booking}/messages")), "each booking links to its messages");
    let html = page(format!("/admin/bookings/{booking}/messages")).await;
    assert!(html.contains("Amelia Hughes (customer)") && html.contains("Pay me in cash") && html.contains("Hide message"), "{html}");

    let refused = post(format!("/admin/messages/{id}/hide"), vec![("reason", "")]).await.unwrap();
    assert_eq!(refused.status(), 400);
    let hidden = post(format!("/admin/messages/{id}/hide"), vec![("reason", "Payment off the site.")]).await.unwrap();
    assert_eq!(
        (hidden.status().as_u16(), hidden.headers()["location"].to_str().unwrap()),
        (303, format!("/admin/bookings/{booking}/messages?done=hidden").as_str())
    );
    let html = page(format!("/admin/bookings/{booking}/messages?done=hidden")).await;
    assert!(html.contains("Message hidden. Its writer has been told why.") && html.contains("Payment off the site."), "{html}");
    assert!(!html.contains("Hide message"), "nothing left to hide");
    assert_eq!(thread(app, booking, &priya).await.1["results"][0]["hidden"], true);

    let sent = post(format!("/admin/bookings/{booking}/messages"), vec![("body", "Please keep payment on the site.")]).await.unwrap();
    assert_eq!(sent.status(), 303);
    let (_, seen) = thread(app, booking, &customer).await;
    assert_eq!((seen["results"][1]["author_role"].as_str(), seen["results"][1]["body"].as_str()), (Some("staff"), Some("Please keep payment on the site.")));
    assert_eq!(post("/admin/bookings/999999/messages".into(), vec![("body", "Hello")]).await.unwrap().status(), 404);
}

on_both_databases!(backend photos_are_stored_clean_and_those_stored_before_are_cleaned_once);
async fn photos_are_stored_clean_and_those_stored_before_are_cleaned_once(backend: common::Backend) {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, IntoActiveModel, QueryFilter};
    use server::platform::storage::FileKind;
    let app = TestApp::spawn(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;
    let located = |bytes: &[u8]| bytes.windows(3).any(|w| w == b"GPS");
    let account = |id: i32| async move { entity::user::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap() };

    // A profile picture is cleaned as it is uploaded, WebP too.
    for (bytes, name) in [(located_jpeg(), "me.jpg"), (located_webp(), "me.webp")] {
        let picture = Form::new().part("profile_picture", Part::bytes(bytes).file_name(name));
        let request = app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(picture);
        assert_eq!(common::send(request, Some(&priya.token)).await.0, 200);
        let stored = app.state.storage.get(&account(priya.user.id).await.profile_picture.unwrap()).await.unwrap();
        assert!(!located(&stored), "{name} stored without where it was taken");
    }
    let picture = Form::new().part("profile_picture", Part::bytes(b"\xFF\xD8\xFF\xE1\x00\x40Exif".to_vec()).file_name("cut.jpg"));
    let request = app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(picture);
    let (status, refused) = common::send(request, Some(&priya.token)).await;
    assert_eq!(
        (status, refused["profile_picture"][0].as_str()),
        (400, Some("This picture could not be read: upload a JPEG, PNG or WebP image as your camera or phone saved it."))
    );

    // A picture and a message photo stored as they came, before photos were cleaned on upload.
    let old_picture = app.state.storage.put("profile_picture", FileKind::Jpeg, located_jpeg().into()).await.unwrap();
    let mut row = account(priya.user.id).await.into_active_model();
    row.profile_picture = Set(Some(old_picture.clone()));
    row.update(&app.site.db).await.unwrap();
    let old_photo = app.state.storage.put("message-photos", FileKind::Png, located_png().into()).await.unwrap();
    let (_, written) = write(app, booking, &customer, text("The gate code is on the photo.")).await;
    entity::booking_message::Entity::update_many()
        .col_expr(entity::booking_message::Column::Photo, sea_orm::sea_query::Expr::value(old_photo.clone()))
        .filter(entity::booking_message::Column::Id.eq(written["id"].as_i64().unwrap() as i32))
        .exec(&app.site.db)
        .await
        .unwrap();
    assert!(located(&app.state.storage.get(&old_picture).await.unwrap()));
    // One that cannot be read, so cannot be cleaned, and would be handed out as it came.
    let unreadable = app.state.storage.put("profile_picture", FileKind::Jpeg, b"\xFF\xD8\xFF\xE1\x00\x40Exif GPS".to_vec().into()).await.unwrap();
    let mut row = account(customer.user.id).await.into_active_model();
    row.profile_picture = Set(Some(unreadable.clone()));
    row.update(&app.site.db).await.unwrap();

    server::startup::clean_stored_photos(app.state.clone()).await.unwrap();
    assert!(app.state.storage.get(&unreadable).await.is_err(), "an unreadable photo is deleted, not handed out");
    for key in [&old_picture, &old_photo] {
        let stored = app.state.storage.get(key).await.unwrap();
        assert!(!located(&stored) && (stored.starts_with(&[0xFF, 0xD8]) || stored.starts_with(b"\x89PNG")), "{key} cleaned where it is");
    }
    // "Who is coming" links the photo, which no longer says where it was taken.
    let (_, seen) = app.call(Method::GET, &format!("/api/service/booking/{booking}/"), None, Some(&customer.token)).await;
    let photo = seen["provider"]["photo"].as_str().expect("a photo link").to_string();
    let served = app.client.get(&photo).send().await.unwrap().bytes().await.unwrap();
    assert!(served.starts_with(&[0xFF, 0xD8]) && !located(&served), "the cleaned photo");
    // Run again, it finds nothing to change.
    server::startup::clean_stored_photos(app.state.clone()).await.unwrap();
    assert_eq!(app.state.storage.get(&old_picture).await.unwrap(), served);

    // The server ran the pass once at its start, and recorded it.
    let recorded = || async { entity::periodic_run::Entity::find_by_id("clean stored photos").one(&app.site.db).await.unwrap().is_some() };
    for _ in 0..100 {
        if recorded().await {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(recorded().await, "the start's pass is recorded");
    // Work done once is recorded only when it succeeds, and then skipped.
    use server::http::AppError;
    use server::platform::periodic::run_once;
    let failed = run_once(&app.state, "a test's work", |_| async { Err(AppError::Unavailable("The store is down.".into())) }).await;
    assert!(failed.is_err());
    assert!(run_once(&app.state, "a test's work", |_| async { Ok::<(), AppError>(()) }).await.unwrap(), "a failure left it to the next start");
    assert!(!run_once::<_, _, _, AppError>(&app.state, "a test's work", |_| async { panic!("done already") }).await.unwrap(), "done, it is skipped");
}

on_both_databases!(a_thread_link_stops_working_when_every_sign_in_ends);
async fn a_thread_link_stops_working_when_every_sign_in_ends(app: &TestApp) {
    use sea_orm::{ColumnTrait, QueryFilter};
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let booking = taken_booking(app, &customer, &priya).await;
    let link_of = |member: &SignedIn| {
        let token = member.token.clone();
        async move {
            let (_, mine) = app.call(Method::GET, &format!("/api/service/booking/{booking}/"), None, Some(&token)).await;
            mine["messages"]["link"].as_str().expect("a thread link").to_string()
        }
    };
    let before = link_of(&customer).await;
    assert_eq!(app.get(&before).await.status(), 200, "the link opens the thread");

    // Her password changed (by her or by someone who had it): the links already sent stop.
    let hash = server::platform::passwords::hash_blocking("an old password 1".into()).await;
    entity::user::Entity::update_many()
        .col_expr(entity::user::Column::PasswordHash, sea_orm::sea_query::Expr::value(hash))
        .filter(entity::user::Column::Id.eq(customer.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    let change = json!({"old_password": "an old password 1", "new_password": "a new password 2"});
    assert_eq!(app.call(Method::PUT, "/api/auth/update-password/", Some(change), Some(&customer.token)).await.0, 200);
    assert_eq!(app.get(&before).await.status(), 404, "a link from before the change opens nothing");
    let after = link_of(&customer).await;
    assert_eq!(app.get(&after).await.status(), 200, "a link made since works");
    // The provider's own links are untouched by her change.
    let job = &schedule(app, &priya, "upcoming").await["results"][0];
    assert_eq!(app.get(job["messages"]["link"].as_str().unwrap()).await.status(), 200);
}
