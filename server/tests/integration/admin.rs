//! The back office: staff calls refused to everyone else, the second factor (enrolment, a code,
//! a recovery code, each working once), provider decisions seen from the member's side, and
//! the audit log that records every staff action and cannot be changed.

use crate::common;

use common::{Backend, SignedIn, TestApp, uk_date};
use reqwest::Method;
use reqwest::header::{COOKIE, ORIGIN, SET_COOKIE};
use sea_orm::{ConnectionTrait, EntityTrait};
use serde_json::{Value, json};

/// A staff member signed in to the back office: their access token and session cookie.
pub struct StaffMember {
    pub email: String,
    pub token: String,
    pub cookie: String,
    pub secret: String,
    pub recovery_codes: Vec<String>,
}

const STAFF_PASSWORD: &str = "a long staff password";

async fn login(app: &TestApp, email: &str) -> Value {
    let (status, answer) = app.call(Method::POST, "/api/auth/login/", Some(json!({"email": email, "password": STAFF_PASSWORD})), None).await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// The authenticator app's code for `secret`, `steps_ahead` steps of 30 s from now.
pub fn code(secret: &str, steps_ahead: u64) -> String {
    let totp = totp_rs::Builder::new().with_secret(totp_rs::Secret::try_from_base32(secret).unwrap()).with_account_name("staff").build().unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    totp.generate(now + 30 * steps_ahead).to_string()
}

fn session_cookie(response: &reqwest::Response) -> String {
    let set = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|v| v.starts_with("bw_staff="))
        .expect("a staff session cookie");
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Strict"), "{set}");
    set.split(';').next().unwrap().to_string()
}

/// A new staff account (as `create-admin` makes it), enrolled and signed in to the back office.
pub async fn staff_member(app: &TestApp) -> StaffMember {
    let email = format!("staff{}@example.org", rand::random::<u32>());
    server::accounts::staff::create_or_promote(&app.site.db, &server::domain::Email::parse(&email).unwrap(), STAFF_PASSWORD).await.unwrap();
    let answer = login(app, &email).await;
    assert_eq!(answer["second_factor"], "enrol");
    let token = answer["access"].as_str().unwrap().to_string();
    let (status, enrolment) = app.call(Method::POST, "/api/admin/enrolment/", None, Some(&token)).await;
    assert_eq!(status, 201, "{enrolment}");
    let secret = enrolment["secret"].as_str().unwrap().to_string();
    assert!(enrolment["otpauth_url"].as_str().unwrap().contains(&secret));
    assert!(enrolment["qr_svg"].as_str().unwrap().starts_with("<svg"));
    let response = app
        .client
        .post(format!("{}/api/admin/enrolment/confirm/", app.base))
        .bearer_auth(&token)
        .json(&json!({"code": code(&secret, 0)}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cookie = session_cookie(&response);
    let done: Value = response.json().await.unwrap();
    let recovery_codes: Vec<String> = done["recovery_codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    StaffMember { email, token, cookie, secret, recovery_codes }
}

/// A staff call with the back office's cookie (as its pages make it).
pub async fn staff_call(app: &TestApp, staff: &StaffMember, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut request = app.client.request(method, format!("{}{path}", app.base)).header(COOKIE, &staff.cookie);
    if let Some(body) = body {
        request = request.json(&body);
    }
    common::send(request, None).await
}

/// Every back-office operation the OpenAPI document lists, with `{id}` filled in; but the
/// sign-out, which anyone may call (it only clears the caller's own cookie).
fn staff_calls() -> Vec<(Method, String)> {
    let document: Value = serde_json::from_str(&server::http::api::document_json()).unwrap();
    let mut calls = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin/") {
            continue;
        }
        for method in operations.as_object().unwrap().keys() {
            if path == "/api/admin/session/" && method == "delete" {
                continue;
            }
            calls.push((Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), path.replace("{id}", "1")));
        }
    }
    assert!(calls.len() >= 30, "the back office's operations: {calls:?}");
    calls
}

async fn staff_calls_are_refused_to_everyone_else(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let member = app.member("Mia Member").await;
    let email = "firstfactor@example.org";
    server::accounts::staff::create_or_promote(&app.site.db, &server::domain::Email::parse(email).unwrap(), STAFF_PASSWORD).await.unwrap();
    let password_only = login(&app, email).await["access"].as_str().unwrap().to_string();
    for (method, path) in staff_calls() {
        let path = path.as_str();
        // The second factor's own calls take the password sign-in alone.
        let second_factor = path.starts_with("/api/admin/session/") || path.starts_with("/api/admin/enrolment/");
        let body = Some(json!({"decision": "approve"}));
        assert_eq!(app.call(method.clone(), path, body.clone(), None).await.0, 401, "{method} {path} to a visitor");
        assert_eq!(app.call(method.clone(), path, body.clone(), Some(&member.token)).await.0, 404, "{method} {path} to a member");
        if !second_factor {
            assert_eq!(app.call(method.clone(), path, body.clone(), Some(&password_only)).await.0, 403, "{method} {path} to staff without the second factor");
            let forged = app.client.request(method.clone(), format!("{}{path}", app.base)).header(COOKIE, "bw_staff=0123456789abcdef").json(&json!({}));
            assert_eq!(common::send(forged, None).await.0, 401, "{method} {path} with a made-up cookie");
        }
    }
    for path in ["/admin", "/admin/providers", "/admin/audit", "/admin/anything"] {
        let (status, html) = app.text(path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("Page Not Found"), "the site's own 404 page at {path}");
    }
}
on_both_databases!(backend staff_calls_are_refused_to_everyone_else);

async fn the_second_factor_works_once_per_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    assert_eq!(staff.recovery_codes.len(), 10);
    let (status, counts) = staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(status, 200, "{counts}");
    let page = app.client.get(format!("{}/admin", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["cache-control"], "no-store");
    assert_eq!(page.headers()["x-robots-tag"], "noindex, nofollow");
    let html = page.text().await.unwrap();
    assert!(html.contains("Provider applications waiting for a decision") && html.contains(r#"<meta name="robots" content="noindex">"#), "{html}");

    // A second sign-in: the code the enrolment used is refused, the next one accepted once.
    let answer = login(&app, &staff.email).await;
    assert_eq!(answer["second_factor"], "code");
    let token = answer["access"].as_str().unwrap().to_string();
    let (status, refused) = app.call(Method::POST, "/api/admin/session/", Some(json!({"code": code(&staff.secret, 0)})), Some(&token)).await;
    assert_eq!(status, 400, "a used code: {refused}");
    assert!(refused["code"][0].as_str().unwrap().starts_with("That code is not right"));
    let (status, _) = app.call(Method::POST, "/api/admin/session/", Some(json!({"code": "000000"})), Some(&token)).await;
    assert_eq!(status, 400);
    let next = code(&staff.secret, 1);
    let (status, opened) = app.call(Method::POST, "/api/admin/session/", Some(json!({"code": next})), Some(&token)).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(app.call(Method::POST, "/api/admin/session/", Some(json!({"code": next})), Some(&token)).await.0, 400, "the same code twice");

    // A recovery code works once, typed in any case.
    let recovery = staff.recovery_codes[3].to_uppercase();
    let (status, opened) = app.call(Method::POST, "/api/admin/session/", Some(json!({"recovery_code": recovery})), Some(&token)).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["recovery_codes_left"], 9);
    let (status, refused) = app.call(Method::POST, "/api/admin/session/", Some(json!({"recovery_code": recovery})), Some(&token)).await;
    assert_eq!(status, 400);
    assert_eq!(refused["recovery_code"][0], "That recovery code is not right, or has been used.");

    // Enrolling again is refused: a lost authenticator is reset by another member of staff.
    assert_eq!(app.call(Method::POST, "/api/admin/enrolment/", None, Some(&token)).await.0, 400);

    let (_, log) = staff_call(&app, &staff, Method::GET, "/api/admin/audit/?search=staff.sign_in", None).await;
    let summaries: Vec<&str> = log["results"].as_array().unwrap().iter().map(|row| row["summary"].as_str().unwrap()).collect();
    assert_eq!(summaries, ["Signed in to the back office with a recovery code", "Signed in to the back office with an authenticator code"]);

    // Signing out of the site (its sign-in revoked) ends the staff session too.
    let (status, _) = app.call(Method::DELETE, "/api/admin/session/", None, None).await;
    assert_eq!(status, 204);
    server::accounts::tokens::revoke_all(&app.site.db, staff_id(&app, &staff).await, None).await.unwrap();
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await.0, 401, "the session ended with the sign-in");
    assert_eq!(app.client.get(format!("{}/admin", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().status(), 404);

    // A lost phone: another member of staff resets the authenticator.
    let colleague = staff_member(&app).await;
    let id = staff_id(&app, &staff).await;
    let (status, row) =
        staff_call(&app, &colleague, Method::POST, &format!("/api/admin/members/{id}/action/"), Some(json!({"action": "reset_second_factor"}))).await;
    assert_eq!((status, row["second_factor_enrolled"].as_bool()), (200, Some(false)), "{row}");
    let again = login(&app, &staff.email).await;
    assert_eq!(again["second_factor"], "enrol", "they set up a new one");
    let fresh = again["access"].as_str().unwrap().to_string();
    let (status, _) = app.call(Method::POST, "/api/admin/session/", Some(json!({"recovery_code": staff.recovery_codes[5]})), Some(&fresh)).await;
    assert_eq!(status, 400, "the old recovery codes are gone");
}
on_both_databases!(backend the_second_factor_works_once_per_code);

async fn staff_id(app: &TestApp, staff: &StaffMember) -> i32 {
    use sea_orm::{ColumnTrait, QueryFilter};
    entity::user::Entity::find().filter(entity::user::Column::Email.eq(&staff.email)).one(&app.site.db).await.unwrap().unwrap().id
}

async fn apply_to_provide(app: &TestApp, member: &SignedIn) -> Value {
    let (_, services) = app.json("/api/service/?page_size=1").await;
    let body = json!({"service": services["results"][0]["id"], "bio": "Ten years of domestic cleaning.", "experience_years": 10});
    let (status, application) = app.call(Method::POST, "/api/service/providers/", Some(body), Some(&member.token)).await;
    assert_eq!(status, 201, "{application}");
    application
}

async fn titles(app: &TestApp, member: &SignedIn) -> Vec<String> {
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    notices["results"].as_array().unwrap().iter().map(|n| format!("{}: {}", n["title"].as_str().unwrap(), n["message"].as_str().unwrap())).collect()
}

async fn provider_decisions_reach_the_member_and_the_audit_log(backend: Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let staff = staff_member(&app).await;
    let member = app.member("Priya Provider").await;
    let application = apply_to_provide(&app, &member).await;
    let id = application["id"].as_i64().unwrap();

    let (_, queue) = staff_call(&app, &staff, Method::GET, "/api/admin/providers/", None).await;
    assert_eq!(queue["count"], 1);
    assert_eq!((queue["results"][0]["member_name"].as_str(), queue["results"][0]["status"].as_str()), (Some("Priya Provider"), Some("Pending")));
    let (_, counts) = staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(counts["pending_provider_applications"], 1);

    let path = format!("/api/admin/providers/{id}/decision/");
    let decide = |body: Value| staff_call(&app, &staff, Method::POST, &path, Some(body));
    let (status, refused) = decide(json!({"decision": "reject"})).await;
    assert_eq!((status, refused["reason"][0].as_str()), (400, Some("This field is required.")), "a rejection needs a reason: {refused}");
    assert_eq!(decide(json!({"decision": "maybe"})).await.0, 400);
    assert_eq!(staff_call(&app, &staff, Method::POST, "/api/admin/providers/999999/decision/", Some(json!({"decision": "approve"}))).await.0, 404);

    let (status, approved) = decide(json!({"decision": "approve"})).await;
    assert_eq!((status, approved["status"].as_str()), (200, Some("Approved")), "{approved}");
    assert_eq!(decide(json!({"decision": "approve"})).await.0, 400, "already approved");
    let (_, own) = app.call(Method::GET, "/api/service/providers/", None, Some(&member.token)).await;
    assert_eq!(own["results"][0]["status"], "Approved");
    assert!(titles(&app, &member).await[0].starts_with("Provider application approved: Your application to provide"));
    let mail = inbox.wait_for_containing(&member.user.email, "Provider application approved", 10).await;
    assert!(mail.contains("has been approved"), "{mail}");

    // Staff change their mind, with a reason the member is told.
    let (status, rejected) = decide(json!({"decision": "reject", "reason": "We need a DBS certificate first."})).await;
    assert_eq!((status, rejected["decision_reason"].as_str()), (200, Some("We need a DBS certificate first.")));
    assert!(titles(&app, &member).await[0].ends_with("Our reason: We need a DBS certificate first."));
    let (_, own) = app.call(Method::GET, "/api/service/providers/", None, Some(&member.token)).await;
    assert_eq!(own["results"][0]["decision_reason"], "We need a DBS certificate first.", "the member reads why on their applications");
    inbox.wait_for_containing(&member.user.email, "We need a DBS certificate first.", 10).await;

    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=provider&subject_id={id}"), None).await;
    let rows = log["results"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[0]["action"].as_str(), rows[0]["before"]["status"].as_str(), rows[0]["after"]["status"].as_str()),
        (Some("provider.reject"), Some("Approved"), Some("Rejected"))
    );
    assert_eq!(
        (rows[1]["action"].as_str(), rows[1]["before"]["status"].as_str(), rows[1]["after"]["status"].as_str()),
        (Some("provider.approve"), Some("Pending"), Some("Approved"))
    );
    assert_eq!(rows[0]["actor"].as_str(), Some(staff.email.as_str()));
    assert_eq!(rows[0]["reason"], "We need a DBS certificate first.");

    // The log cannot be changed, not even by a statement straight to the database.
    let mut statements = vec!["UPDATE audit_log SET summary = 'nothing happened'", "DELETE FROM audit_log"];
    if matches!(backend, Backend::Postgres) {
        statements.push("TRUNCATE audit_log");
    }
    for statement in statements {
        assert!(app.site.db.execute_unprepared(statement).await.is_err(), "{statement} was allowed");
    }
    let (_, after) = staff_call(&app, &staff, Method::GET, "/api/admin/audit/?search=provider", None).await;
    assert_eq!(after["count"], 2);
}
on_both_databases!(backend provider_decisions_reach_the_member_and_the_audit_log);

/// The page's own form: approves, and lands on the list again; a form from elsewhere is refused.
async fn the_back_office_page_decides_by_form(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let member = app.member("Pat Page").await;
    let id = apply_to_provide(&app, &member).await["id"].as_i64().unwrap();
    let html = app.client.get(format!("{}/admin/providers", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("Pat Page") && html.contains(&format!("/admin/providers/{id}/decision")), "{html}");

    let form = |origin: &str| {
        app.client
            .post(format!("{}/admin/providers/{id}/decision", app.base))
            .header(COOKIE, &staff.cookie)
            .header(ORIGIN, origin)
            .form(&[("decision", "approve")])
    };
    assert_eq!(form("https://elsewhere.example").send().await.unwrap().status(), 403);
    let rebound = form("http://rebound.example").header(reqwest::header::HOST, "rebound.example").send().await.unwrap();
    assert_eq!(rebound.status(), 403, "an Origin that matches only the request's own Host is not the site's");
    let answer = form(&app.base).send().await.unwrap();
    assert_eq!(answer.status(), 303);
    assert_eq!(answer.headers()["location"], "/admin/providers?done=approved");
    let html = app.client.get(format!("{}/admin/providers?done=approved", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("Application approved. The member has been told"), "{html}");
    assert_eq!(titles(&app, &member).await.len(), 2, "received, then approved");

    let html = app.client.get(format!("{}/admin/audit?q=approve", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().text().await.unwrap();
    assert!(
        html.contains(&format!("Approved member {}&#x27;s application to provide", member.user.id))
            || html.contains(&format!("Approved member {}'s application to provide", member.user.id)),
        "{html}"
    );
}
on_both_databases!(backend the_back_office_page_decides_by_form);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_codes_are_limited_per_staff_account() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.limits.staff_code_failures_per_quarter_hour = 2).await;
    let staff = staff_member(&app).await;
    for _ in 0..2 {
        assert_eq!(app.call(Method::POST, "/api/admin/session/", Some(json!({"code": "123456"})), Some(&staff.token)).await.0, 400);
    }
    let (status, _) = app.call(Method::POST, "/api/admin/session/", Some(json!({"code": code(&staff.secret, 1)})), Some(&staff.token)).await;
    assert_eq!(status, 429, "even the right code waits once the wrong ones are used up");
}

async fn book(app: &TestApp, member: &SignedIn, days_ahead: i64) -> Value {
    let (_, services) = app.json("/api/service/?status=Open&page_size=1").await;
    let body = json!({"service": services["results"][0]["id"], "date": uk_date(days_ahead), "time": "09:30", "address_line_1": "2 Station Road", "city": "York", "postcode": "YO1 7HH"});
    let (status, booking) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&member.token)).await;
    assert_eq!(status, 201, "{booking}");
    booking
}

async fn act(app: &TestApp, staff: &StaffMember, id: &Value, body: Value) -> (u16, Value) {
    staff_call(app, staff, Method::POST, &format!("/api/admin/bookings/{id}/action/"), Some(body)).await
}

async fn staff_confirm_complete_and_cancel_bookings(backend: Backend) {
    // A refund window so long that a member's own cancellation would keep the money.
    let (url, inbox) = common::smtp::start().await;
    let app = TestApp::spawn_with(backend, |config| {
        config.smtp_url = Some(url);
        config.payments.refund_window_hours = 24 * 365;
    })
    .await;
    let staff = staff_member(&app).await;
    let member = app.member("Bea Booker").await;
    let first = book(&app, &member, 5).await;
    let second = book(&app, &member, 6).await;

    let (_, found) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/bookings/?member=bea%20BOOK&date={}&status=Pending", uk_date(5)), None).await;
    assert_eq!(found["count"], 1, "{found}");
    assert_eq!((found["results"][0]["id"].clone(), found["results"][0]["member_email"].as_str()), (first["id"].clone(), Some(member.user.email.as_str())));
    let (status, refused) = staff_call(&app, &staff, Method::GET, "/api/admin/bookings/?status=Lost", None).await;
    assert_eq!(status, 400);
    // The choices come from the status type itself, so a new status is offered at once.
    assert!(refused.to_string().contains(r#"Choose All, Pending, Confirmed, Completed or Cancelled; \"Lost\" is not one."#), "{refused}");
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/bookings/?date=tomorrow", None).await.0, 400);

    assert_eq!(act(&app, &staff, &first["id"], json!({"action": "complete"})).await.0, 400, "a pending booking is confirmed first");
    let (status, confirmed) = act(&app, &staff, &first["id"], json!({"action": "confirm"})).await;
    assert_eq!((status, confirmed["status"].as_str()), (200, Some("Confirmed")), "{confirmed}");
    let mail = inbox.wait_for_containing(&member.user.email, "Booking confirmed", 10).await;
    assert!(mail.contains("STATUS:CONFIRMED") && mail.contains("SEQUENCE:1"), "the calendar event is updated: {mail}");
    assert_eq!(act(&app, &staff, &first["id"], json!({"action": "confirm"})).await.0, 400, "confirmed already");
    let (status, completed) = act(&app, &staff, &first["id"], json!({"action": "complete"})).await;
    assert_eq!((status, completed["status"].as_str()), (200, Some("Completed")));
    assert_eq!(act(&app, &staff, &first["id"], json!({"action": "cancel", "reason": "Too late"})).await.0, 400, "a completed booking stays");

    // The company cancels a paid booking: refunded in full, whatever the refund window says.
    let (_, payment) = app.call(Method::POST, "/api/payments/", Some(json!({"booking": second["id"]})), Some(&member.token)).await;
    let paid = app.call(Method::POST, &format!("/api/payments/{}/test-checkout/", payment["id"]), Some(json!({"outcome": "paid"})), Some(&member.token)).await;
    assert_eq!(paid.0, 200, "{paid:?}");
    let (status, refused) = act(&app, &staff, &second["id"], json!({"action": "cancel"})).await;
    assert_eq!((status, refused["reason"][0].as_str()), (400, Some("This field is required.")));
    let (status, cancelled) = act(&app, &staff, &second["id"], json!({"action": "cancel", "reason": "Our cleaner is ill and nobody can cover."})).await;
    assert_eq!((status, cancelled["status"].as_str(), cancelled["payment_status"].as_str()), (200, Some("Cancelled"), Some("Refunded")), "{cancelled}");
    let (_, payment) = app.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    assert_eq!(payment["status"], "Refunded");
    let notices = titles(&app, &member).await;
    assert!(
        notices[0].starts_with("Booking cancelled: We are sorry: we have had to cancel your booking")
            && notices[0].contains("Our reason: Our cleaner is ill")
            && notices[0].contains("is refunded"),
        "{notices:?}"
    );
    assert!(notices.iter().any(|n| n.starts_with("How did it go?: Your booking of")), "the member is invited to review it");

    let (_, log) = staff_call(&app, &staff, Method::GET, "/api/admin/audit/?search=booking.", None).await;
    let actions: Vec<&str> = log["results"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["booking.cancel", "booking.complete", "booking.confirm"]);
    assert_eq!(log["results"][0]["after"]["refunded"], true);
}
on_both_databases!(backend staff_confirm_complete_and_cancel_bookings);

async fn catalogue_edits_show_on_the_public_site_at_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let (_, categories) = staff_call(&app, &staff, Method::GET, "/api/admin/categories/", None).await;
    let category = categories[0].clone();
    let slug = category["slug"].as_str().unwrap().to_string();
    let (_, listed) = app.json(&format!("/api/service/?category__slug={slug}&status=Open&page_size=1")).await;
    let id = listed["results"][0]["id"].as_i64().unwrap();
    // Cached before the change: the change must drop it.
    let (_, page) = app.text(&format!("/services/details?id={id}")).await;
    assert!(!page.contains("£987.65"));

    let path = format!("/api/admin/services/{id}/");
    let (status, refused) = staff_call(&app, &staff, Method::PATCH, &path, Some(json!({"price_from": "ten pounds", "status": "Maybe"}))).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["price_from"].is_array() && refused["status"].is_array());
    let (status, saved) = staff_call(&app, &staff, Method::PATCH, &path, Some(json!({"price_from": "987.65"}))).await;
    assert_eq!((status, saved["price_from"].as_str()), (200, Some("987.65")), "{saved}");
    let (_, public) = app.json(&format!("/api/service/{id}/")).await;
    assert_eq!(public["price_from"], "987.65");
    let (_, page) = app.text(&format!("/services/details?id={id}")).await;
    assert!(page.contains("987.65"), "the kept page was dropped");

    // Closed: it leaves its category's list and count.
    let count_before = category_count(&app, &slug).await;
    let (status, _) = staff_call(&app, &staff, Method::PATCH, &path, Some(json!({"status": "Closed"}))).await;
    assert_eq!(status, 200);
    assert_eq!(category_count(&app, &slug).await, count_before - 1);
    let (_, open) = app.json(&format!("/api/service/?category__slug={slug}&status=Open&page_size=100")).await;
    assert!(open["results"].as_array().unwrap().iter().all(|s| s["id"].as_i64() != Some(id)));

    // A category: a slug taken is refused; a new one is shown; a hidden one leaves the site.
    let (status, taken) = staff_call(&app, &staff, Method::POST, "/api/admin/categories/", Some(json!({"name": "Again", "slug": slug}))).await;
    assert_eq!((status, taken["slug"][0].as_str()), (400, Some("Another category has this slug.")));
    let (status, added) = staff_call(
        &app,
        &staff,
        Method::POST,
        "/api/admin/categories/",
        Some(json!({"name": "Window cleaning", "slug": "window-cleaning", "icon": "sparkles", "priority": 1})),
    )
    .await;
    assert_eq!(status, 201, "{added}");
    let (_, service) = staff_call(&app, &staff, Method::POST, "/api/admin/services/", Some(json!({
        "title": "Conservatory roof clean", "slug": "conservatory-roof-clean", "category": added["id"], "summary": "Roof panels and gutters.",
        "description": "We clean the roof panels, frames and gutters.", "price_from": 120, "price_unit": "fixed", "areas": ["Leeds", "York"], "status": "Open",
    }))).await;
    assert_eq!(service["areas"], json!(["Leeds", "York"]), "{service}");
    assert_eq!(category_count(&app, "window-cleaning").await, 1);
    let (status, _) = staff_call(&app, &staff, Method::PATCH, &format!("/api/admin/categories/{}/", added["id"]), Some(json!({"hidden": true}))).await;
    assert_eq!(status, 200);
    let (_, shown) = app.json("/api/service/categories/?page_size=100").await;
    assert!(shown["results"].as_array().unwrap().iter().all(|c| c["slug"] != "window-cleaning"), "a hidden category leaves the list");
    assert_eq!(app.text("/services?category=window-cleaning").await.0, 404);

    // The website info, in one form.
    let info = json!({"brand": "Brightway", "email": "Help@Brightway.example", "phones": "020 7946 0999", "address": "1 New Road, Leeds, LS1 1AA", "opening_hours": "Mon-Fri 08:00-17:00", "socials": "Facebook https://facebook.example/brightway"});
    let (status, bad) =
        staff_call(&app, &staff, Method::PUT, "/api/admin/website-info/", Some(json!({"brand": "", "email": "nope", "phones": "12", "address": "x"}))).await;
    assert_eq!(status, 400);
    assert!(bad["brand"].is_array() && bad["email"].is_array() && bad["phones"].is_array(), "{bad}");
    let (status, saved) = staff_call(&app, &staff, Method::PUT, "/api/admin/website-info/", Some(info)).await;
    assert_eq!((status, saved["phones"][0].as_str()), (200, Some("+44 20 7946 0999")), "{saved}");
    let (_, public) = app.json("/api/website-info/").await;
    assert_eq!(public["results"][0]["email"], "help@brightway.example");
    let (_, home) = app.text("/").await;
    assert!(home.contains("1 New Road, Leeds, LS1 1AA"), "every page shows it");

    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=service&subject_id={id}"), None).await;
    let rows = log["results"].as_array().unwrap();
    assert_eq!(rows[1]["after"], json!({"price_from": "987.65"}), "only the changed field");
    assert_eq!(rows[1]["before"].as_object().unwrap().keys().collect::<Vec<_>>(), ["price_from"]);
    assert_ne!(rows[1]["before"]["price_from"], "987.65");
    assert_eq!(rows[0]["after"], json!({"status": "Closed"}));
}
on_both_databases!(backend catalogue_edits_show_on_the_public_site_at_once);

async fn category_count(app: &TestApp, slug: &str) -> i64 {
    let (_, categories) = app.json("/api/service/categories/?page_size=100").await;
    categories["results"].as_array().unwrap().iter().find(|c| c["slug"] == slug).map_or(-1, |c| c["service_count"].as_i64().unwrap())
}

async fn review(app: &TestApp, who: &SignedIn, service: i64, rating: i64, text: &str) -> (u16, Value) {
    app.call(Method::POST, "/api/reviews/", Some(json!({"service": service, "rating": rating, "review": text})), Some(&who.token)).await
}

async fn report(app: &TestApp, who: &SignedIn, id: &Value) -> (u16, Value) {
    app.call(Method::POST, &format!("/api/reviews/{id}/report/"), Some(json!({"reason": "Not about this service."})), Some(&who.token)).await
}

async fn reviews_are_reported_hidden_and_restored(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let (customer, other, reporter) = (app.member("Vera Verified").await, app.member("Una Unverified").await, app.member("Rita Reporter").await);
    let booking = book(&app, &customer, 3).await;
    let service = booking["service"]["id"].as_i64().unwrap();
    for step in ["confirm", "complete"] {
        assert_eq!(act(&app, &staff, &booking["id"], json!({"action": step})).await.0, 200);
    }
    let (status, verified) = review(&app, &customer, service, 1, "They never turned up on time.").await;
    assert_eq!((status, verified["verified_booking"].as_bool()), (201, Some(true)), "{verified}");
    let (_, unverified) = review(&app, &other, service, 5, "Wonderful, would book again.").await;
    assert_eq!(unverified["verified_booking"], false);
    let (_, page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(page.contains("Verified booking") && page.contains("They never turned up on time."), "the page says which review is from a booking");
    let (_, before) = app.json(&format!("/api/service/{service}/")).await;

    assert_eq!(app.call(Method::POST, &format!("/api/reviews/{}/report/", verified["id"]), Some(json!({"reason": "x"})), None).await.0, 401);
    assert_eq!(report(&app, &reporter, &verified["id"]).await.0, 201);
    assert_eq!(report(&app, &reporter, &verified["id"]).await.0, 200, "once per member");
    assert_eq!(report(&app, &customer, &verified["id"]).await.0, 403, "not one's own");
    assert_eq!(report(&app, &reporter, &json!(999999)).await.0, 404);
    let (_, queue) = staff_call(&app, &staff, Method::GET, "/api/admin/reviews/", None).await;
    assert_eq!((queue["count"].as_u64(), queue["results"][0]["open_reports"].clone()), (Some(1), json!(["Not about this service."])));
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await.1["reported_reviews"], 1);

    let path = format!("/api/admin/reviews/{}/moderation/", verified["id"]);
    assert_eq!(staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "hide"}))).await.0, 400, "a reason is needed");
    let (status, hidden) = staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "hide", "reason": "Abusive language."}))).await;
    assert_eq!((status, hidden["hidden"].as_bool()), (200, Some(true)));
    let (_, listed) = app.json(&format!("/api/reviews/?service={service}")).await;
    assert!(listed["results"].as_array().unwrap().iter().all(|r| r["id"] != verified["id"]), "it leaves the list");
    let (_, after) = app.json(&format!("/api/service/{service}/")).await;
    assert_eq!(after["rating_count"].as_i64(), before["rating_count"].as_i64().map(|n| n - 1), "and the count: {after}");
    assert_ne!(after["rating_average"], before["rating_average"], "and the average");
    let (_, page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(!page.contains("They never turned up on time."), "the kept page was dropped");
    assert_eq!(report(&app, &other, &verified["id"]).await.0, 404, "a hidden review is not on the site");
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await.1["reported_reviews"], 0, "hiding closed the report");

    let (status, restored) = staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "restore"}))).await;
    assert_eq!((status, restored["hidden"].as_bool()), (200, Some(false)));
    let (_, back) = app.json(&format!("/api/service/{service}/")).await;
    assert_eq!(back["rating_count"], before["rating_count"]);
    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=review&subject_id={}", verified["id"]), None).await;
    let actions: Vec<(&str, Option<&str>)> = log["results"].as_array().unwrap().iter().map(|r| (r["action"].as_str().unwrap(), r["reason"].as_str())).collect();
    assert_eq!(actions, [("review.restore", None), ("review.hide", Some("Abusive language."))]);
}
on_both_databases!(backend reviews_are_reported_hidden_and_restored);

async fn staff_refund_a_payment_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let member = app.member("Pam Payer").await;
    let booking = book(&app, &member, 9).await;
    let (_, payment) = app.call(Method::POST, "/api/payments/", Some(json!({"booking": booking["id"]})), Some(&member.token)).await;
    assert_eq!(
        app.call(Method::POST, &format!("/api/payments/{}/test-checkout/", payment["id"]), Some(json!({"outcome": "paid"})), Some(&member.token)).await.0,
        200
    );

    let (_, paid) = staff_call(&app, &staff, Method::GET, "/api/admin/payments/?status=Paid", None).await;
    assert_eq!((paid["count"].as_u64(), paid["results"][0]["member_email"].as_str()), (Some(1), Some(member.user.email.as_str())));
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/payments/?status=Lost", None).await.0, 400);
    let path = format!("/api/admin/payments/{}/refund/", payment["id"]);
    assert_eq!(staff_call(&app, &staff, Method::POST, &path, Some(json!({}))).await.0, 400, "a reason is needed");
    let (status, refunded) = staff_call(&app, &staff, Method::POST, &path, Some(json!({"reason": "Goodwill: the cleaner arrived late."}))).await;
    assert_eq!((status, refunded["status"].as_str()), (200, Some("Refunded")), "{refunded}");
    assert_eq!(staff_call(&app, &staff, Method::POST, &path, Some(json!({"reason": "Again"}))).await.0, 400, "money goes back once");
    let (_, seen) = app.call(Method::GET, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await;
    assert_eq!(seen["payment_status"], "Refunded");
    assert!(titles(&app, &member).await[0].starts_with("Payment refunded: We have refunded your payment of £"));
    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=payment&subject_id={}", payment["id"]), None).await;
    assert_eq!(
        (log["results"][0]["action"].as_str(), log["results"][0]["reason"].as_str()),
        (Some("payment.refund"), Some("Goodwill: the cleaner arrived late."))
    );
}
on_both_databases!(backend staff_refund_a_payment_once);

async fn the_recruitment_inbox_and_the_talent_pool(backend: Backend) {
    use crate::jobs::{post_form, recruitment, seeker_form};
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let (status, _) = app.call(Method::POST, "/api/send-recruitment/", Some(recruitment()), None).await;
    assert_eq!(status, 201);
    let (status, _) = post_form(&app, "/api/job-seekers/", seeker_form("talent@example.co.uk", false), None).await;
    assert_eq!(status, 201);
    let (_, counts) = staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!((counts["new_recruitment_requests"].as_u64(), counts["new_job_seekers"].as_u64()), (Some(1), Some(1)));

    let (_, inbox) = staff_call(&app, &staff, Method::GET, "/api/admin/recruitment/", None).await;
    assert_eq!((inbox["count"].as_u64(), inbox["results"][0]["status"].as_str()), (Some(1), Some("New")));
    let path = format!("/api/admin/recruitment/{}/", inbox["results"][0]["id"]);
    assert_eq!(staff_call(&app, &staff, Method::PATCH, &path, Some(json!({"status": "Lost"}))).await.0, 400);
    let (status, saved) =
        staff_call(&app, &staff, Method::PATCH, &path, Some(json!({"status": "Contacted", "staff_notes": "Called Jo, sending CVs Friday."}))).await;
    assert_eq!((status, saved["status"].as_str(), saved["staff_notes"].as_str()), (200, Some("Contacted"), Some("Called Jo, sending CVs Friday.")));
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/recruitment/", None).await.1["count"], 0, "no longer New");
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/recruitment/?status=Contacted", None).await.1["count"], 1);
    let (_, log) = staff_call(&app, &staff, Method::GET, "/api/admin/audit/?search=recruitment.update", None).await;
    assert_eq!(log["results"][0]["after"], json!({"status": "Contacted", "notes_changed": true}));

    let found = |query: &'static str| {
        let path = format!("/api/admin/talent/{query}");
        let app = &app;
        let staff = &staff;
        async move { staff_call(app, staff, Method::GET, &path, None).await.1["count"].as_u64() }
    };
    assert_eq!(found("?role=CARE").await, Some(1));
    assert_eq!(found("?role=pilot").await, Some(0));
    assert_eq!(found("?location=harrogate&employment_type=part_time").await, Some(1));
    assert_eq!(found("?employment_type=contract").await, Some(0));
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/talent/?employment_type=forever", None).await.0, 400);
    let (_, pool) = staff_call(&app, &staff, Method::GET, "/api/admin/talent/", None).await;
    let cv = pool["results"][0]["cv"].as_str().unwrap();
    assert!(cv.contains("signature="), "{cv}");
    assert_eq!(pool["results"][0]["roles"], json!(["care assistant", "support worker"]));
    assert_eq!(app.client.get(cv).send().await.unwrap().status(), 200, "the signed link opens the CV");
}
on_both_databases!(backend the_recruitment_inbox_and_the_talent_pool);

async fn staff_close_reopen_and_remove_jobs_and_move_applications(backend: Backend) {
    use crate::jobs::{application_form, post_form, post_job};
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let (poster, applicant) = (app.member("Polly Poster").await, app.member("Alan Applicant").await);
    let job = post_job(&app, &poster, "Weekend chef").await;
    let (status, _) = post_form(&app, "/api/job-apply/", application_form(&job, &applicant), Some(&applicant.token)).await;
    assert_eq!(status, 201);
    let (_, found) = staff_call(&app, &staff, Method::GET, "/api/admin/jobs/?search=weekend%20CHEF", None).await;
    assert_eq!(
        (found["count"].as_u64(), found["results"][0]["applications"].as_u64(), found["results"][0]["poster_email"].as_str()),
        (Some(1), Some(1), Some(poster.user.email.as_str()))
    );
    let path = format!("/api/admin/jobs/{}/action/", job["id"]);
    let open_ids =
        || async { app.json("/api/service/jobs/?page_size=100").await.1["results"].as_array().unwrap().iter().map(|j| j["id"].clone()).collect::<Vec<_>>() };

    let (status, closed) = staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "close"}))).await;
    assert_eq!((status, closed["status"].as_str()), (200, Some("Closed")), "{closed}");
    assert_eq!(staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "close"}))).await.0, 400, "closed already");
    let (_, public) = app.json(&format!("/api/service/jobs/{}/", job["id"])).await;
    assert_eq!(public["status"], "Closed");
    let (status, reopened) = staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "reopen"}))).await;
    assert_eq!((status, reopened["status"].as_str()), (200, Some("Open")));
    assert!(open_ids().await.contains(&job["id"]));

    let (_, applications) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/jobs/{}/applications/", job["id"]), None).await;
    let application = applications["results"][0].clone();
    assert!(application["resume"].as_str().unwrap().contains("signature="), "{application}");
    let (status, moved) =
        staff_call(&app, &staff, Method::PATCH, &format!("/api/admin/applications/{}/", application["id"]), Some(json!({"status": "Shortlisted"}))).await;
    assert_eq!((status, moved["status"].as_str()), (200, Some("Shortlisted")));
    assert!(titles(&app, &applicant).await[0].starts_with("Application update:"));

    assert_eq!(staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "remove"}))).await.0, 400, "a reason is needed");
    let (status, removed) =
        staff_call(&app, &staff, Method::POST, &path, Some(json!({"action": "remove", "reason": "Pay below the National Minimum Wage."}))).await;
    assert_eq!((status, removed["status"].as_str()), (200, Some("Removed")));
    assert_eq!(app.json(&format!("/api/service/jobs/{}/", job["id"])).await.0, 404, "gone from the site");
    assert!(
        titles(&app, &poster).await[0].starts_with("Job post removed: Our team has removed your job post Weekend chef")
            && titles(&app, &poster).await[0].ends_with("Our reason: Pay below the National Minimum Wage.")
    );
    assert!(titles(&app, &applicant).await[0].starts_with("Job withdrawn:"));
    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=job&subject_id={}", job["id"]), None).await;
    let actions: Vec<&str> = log["results"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["job.remove", "job.reopen", "job.close"]);
}
on_both_databases!(backend staff_close_reopen_and_remove_jobs_and_move_applications);

/// Each code is counted before it is compared, in one step: of 200 wrong codes sent at once,
/// at most the limit (5) are compared; the rest are refused unread (about 30 were compared
/// when the count came after the comparison).
async fn a_burst_of_wrong_codes_gets_no_more_than_the_limit_compared(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let guesses = (0..200).map(|n| app.call(Method::POST, "/api/admin/session/", Some(json!({"code": format!("{:06}", 100_000 + n)})), Some(&staff.token)));
    let answers = futures::future::join_all(guesses).await;
    let compared = answers.iter().filter(|(status, _)| *status == 400).count();
    let refused = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!(compared + refused, 200, "only 400 or 429: {:?}", answers.iter().find(|(status, _)| *status != 400 && *status != 429));
    assert!(compared <= 5, "{compared} of 200 simultaneous wrong codes were compared");
}
on_both_databases!(backend a_burst_of_wrong_codes_gets_no_more_than_the_limit_compared);

/// A new password ends every staff session of the member, the one of the sign-in that changed
/// it included: the back office asks for the second factor again.
async fn a_new_password_ends_the_staff_sessions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    assert_eq!(staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await.0, 200);
    let change = json!({"old_password": STAFF_PASSWORD, "new_password": "a longer staff password"});
    let (status, answer) = app.call(Method::PUT, "/api/auth/update-password/", Some(change), Some(&staff.token)).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(status, 401, "the staff session ended with the old password: {answer}");
    let (status, _) = app.call(Method::GET, "/api/auth/profile/", None, Some(&staff.token)).await;
    assert_eq!(status, 200, "the sign-in that changed the password goes on, on the site");
}
on_both_databases!(backend a_new_password_ends_the_staff_sessions);
