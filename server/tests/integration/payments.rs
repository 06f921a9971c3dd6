//! Paying for bookings: the test provider's journey, the money rules (the booking's amount,
//! paid at most once, one checkout at a time, refunds inside the window), and Stripe Checkout
//! against a local stand-in for Stripe's API with signed webhooks.

use crate::common;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use common::{SignedIn, TestApp, uk_date};
use entity::words::PaymentProvider;
use hmac::{Hmac, Mac};
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

async fn book(app: &TestApp, member: &SignedIn, days_ahead: i64) -> Value {
    let service = entity::service::Entity::find().filter(entity::service::Column::Slug.eq("tenancy-checkout-clean")).one(&app.site.db).await.unwrap().unwrap();
    let body =
        json!({"service": service.id, "date": uk_date(days_ahead), "time": "10:30", "address_line_1": "1 High Street", "city": "Bath", "postcode": "BA1 1AA"});
    let (status, booking) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&member.token)).await;
    assert_eq!(status, 201, "{booking}");
    booking
}

async fn start(app: &TestApp, member: &SignedIn, booking: &Value) -> (u16, Value) {
    app.call(Method::POST, "/api/payments/", Some(json!({"booking": booking["id"]})), Some(&member.token)).await
}

async fn titles(app: &TestApp, member: &SignedIn) -> Vec<String> {
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    notices["results"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
}

async fn test_checkout(app: &TestApp, member: &SignedIn, payment: &Value, outcome: &str) -> (u16, Value) {
    app.call(Method::POST, &format!("/api/payments/{}/test-checkout/", payment["id"]), Some(json!({"outcome": outcome})), Some(&member.token)).await
}

async fn payment_status(app: &TestApp, member: &SignedIn, payment: &Value) -> String {
    let (_, shown) = app.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    shown["status"].as_str().unwrap().to_string()
}

async fn paying_in_test_mode_pays_the_booking_once(app: &TestApp) {
    let member = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;
    let booking = book(app, &member, 3).await;
    assert_eq!(app.call(Method::POST, "/api/payments/", Some(json!({"booking": booking["id"]})), None).await.0, 401);
    let (status, refused) = start(app, &stranger, &booking).await;
    assert_eq!(status, 400, "someone else's booking is as missing as none: {refused}");
    assert!(refused["booking"].is_array());
    for bad in [json!({}), json!({"booking": "x"}), json!({"booking": 0}), json!({"booking": 99_999_999_999i64})] {
        let (status, answer) = app.call(Method::POST, "/api/payments/", Some(bad.clone()), Some(&member.token)).await;
        assert_eq!(status, 400, "{bad}: {answer}");
        assert!(answer["booking"].is_array(), "{bad}: {answer}");
    }

    let (status, payment) = start(app, &member, &booking).await;
    assert_eq!(status, 201, "{payment}");
    assert_eq!(payment["amount"], booking["amount"], "the amount is the booking's");
    assert_eq!((payment["currency"].as_str(), payment["status"].as_str(), payment["test_mode"].as_bool()), (Some("GBP"), Some("Pending"), Some(true)));
    let checkout = payment["checkout_url"].as_str().unwrap();
    assert!(checkout.starts_with(&format!("{}/payment?booking={}&checkout=test_cs_", app.base, booking["id"])), "{checkout}");
    let (status, again) = start(app, &member, &booking).await;
    assert_eq!((status, again["id"].clone()), (200, payment["id"].clone()), "a second start answers the open checkout");

    let path = format!("/api/payments/{}/", payment["id"]);
    assert_eq!(app.call(Method::GET, &path, None, Some(&stranger.token)).await.0, 404);
    assert_eq!(test_checkout(app, &stranger, &payment, "paid").await.0, 404);
    assert_eq!(app.call(Method::GET, "/api/payments/", None, Some(&stranger.token)).await.1["count"], 0);

    let (status, paid) = test_checkout(app, &member, &payment, "paid").await;
    assert_eq!(status, 200, "{paid}");
    assert_eq!((paid["status"].as_str(), paid["booking"]["payment_status"].as_str()), (Some("Paid"), Some("Paid")));
    assert!(paid["paid_at"].is_string() && paid["checkout_url"].is_null());
    assert_eq!(test_checkout(app, &member, &payment, "paid").await.1["status"], "Paid", "pressing Pay again changes nothing");
    assert_eq!(test_checkout(app, &member, &payment, "cancelled").await.1["status"], "Paid", "nor does cancelling a paid checkout");
    let (status, refused) = start(app, &member, &booking).await;
    assert_eq!((status, refused["booking"][0].as_str()), (400, Some("This booking is already paid.")));
    let (_, shown) = app.call(Method::GET, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await;
    assert_eq!(shown["payment_status"], "Paid");

    let receipts = titles(app, &member).await.into_iter().filter(|t| t == "Payment received").count();
    assert_eq!(receipts, 1, "one receipt for one payment");
    let (_, mine) = app.call(Method::GET, &format!("/api/payments/?booking={}", booking["id"]), None, Some(&member.token)).await;
    assert_eq!(mine["count"], 1);
    assert_eq!(mine["results"][0]["receipt_number"], format!("BW-{:06}", payment["id"].as_i64().unwrap()));
    assert_eq!(app.call(Method::GET, "/api/payments/?booking=abc", None, Some(&member.token)).await.0, 400);
    assert_eq!(app.call(Method::POST, "/api/payments/webhook/", Some(json!({"id": "evt_1"})), None).await.0, 400, "the test provider takes no webhooks");
}
on_both_databases!(paying_in_test_mode_pays_the_booking_once);

async fn a_cancelled_checkout_leaves_the_booking_unpaid_and_a_new_one_can_start(app: &TestApp) {
    let member = app.member("Amelia Hughes").await;
    let booking = book(app, &member, 5).await;
    let (_, first) = start(app, &member, &booking).await;
    let (status, cancelled) = test_checkout(app, &member, &first, "cancelled").await;
    assert_eq!((status, cancelled["status"].as_str(), cancelled["booking"]["payment_status"].as_str()), (200, Some("Cancelled"), Some("Unpaid")));
    let (status, second) = start(app, &member, &booking).await;
    assert_eq!(status, 201, "{second}");
    assert_ne!(second["id"], first["id"]);
    // Cancelling the booking closes its open checkout: it can no longer be paid.
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await.0, 204);
    let (_, closed) = app.call(Method::GET, &format!("/api/payments/{}/", second["id"]), None, Some(&member.token)).await;
    assert_eq!(closed["status"], "Cancelled");
    let (status, refused) = start(app, &member, &booking).await;
    assert_eq!((status, refused["booking"][0].as_str()), (400, Some("This booking is cancelled.")));
}
on_both_databases!(a_cancelled_checkout_leaves_the_booking_unpaid_and_a_new_one_can_start);

async fn two_starts_at_once_make_one_payment(app: &TestApp) {
    let member = app.member("Amelia Hughes").await;
    let booking = book(app, &member, 4).await;
    let answers = futures::future::join_all((0..4).map(|_| start(app, &member, &booking))).await;
    let ids: Vec<&Value> = answers.iter().map(|(_, payment)| &payment["id"]).collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{answers:?}");
    assert_eq!(answers.iter().filter(|(status, _)| *status == 201).count(), 1, "{answers:?}");
    let rows = entity::payment::Entity::find()
        .filter(entity::payment::Column::BookingId.eq(booking["id"].as_i64().unwrap() as i32))
        .count(&app.site.db)
        .await
        .unwrap();
    assert_eq!(rows, 1);
}
on_both_databases!(two_starts_at_once_make_one_payment);

/// Cancelling three days ahead refunds; with a ten-day window the same cancellation keeps the payment.
async fn cancelling_refunds_inside_the_window_only(backend: common::Backend) {
    let app = TestApp::spawn(backend).await;
    let member = app.member("Amelia Hughes").await;
    let booking = book(&app, &member, 3).await;
    let refund_until = chrono::DateTime::parse_from_rfc3339(booking["refund_until"].as_str().unwrap()).unwrap();
    assert!(refund_until > chrono::Utc::now() + chrono::Duration::days(1), "{booking}");
    let (_, payment) = start(&app, &member, &booking).await;
    test_checkout(&app, &member, &payment, "paid").await;
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await.0, 204);
    let (_, refunded) = app.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    assert_eq!(
        (refunded["status"].as_str(), refunded["booking"]["payment_status"].as_str(), refunded["booking"]["status"].as_str()),
        (Some("Refunded"), Some("Refunded"), Some("Cancelled"))
    );
    assert!(refunded["refunded_at"].is_string());
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    assert!(notices["results"][0]["message"].as_str().unwrap().contains("is refunded to your card"), "{notices}");

    let strict = TestApp::spawn_with(backend, |config| config.payments.refund_window_hours = 240).await;
    let member = strict.member("Amelia Hughes").await;
    let booking = book(&strict, &member, 3).await;
    let (_, payment) = start(&strict, &member, &booking).await;
    test_checkout(&strict, &member, &payment, "paid").await;
    assert_eq!(strict.call(Method::DELETE, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await.0, 204);
    let (_, kept) = strict.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    assert_eq!(
        (kept["status"].as_str(), kept["booking"]["payment_status"].as_str(), kept["booking"]["status"].as_str()),
        (Some("Paid"), Some("Paid"), Some("Cancelled"))
    );
    let (_, notices) = strict.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    assert!(notices["results"][0]["message"].as_str().unwrap().contains("less than 240 hours before it starts, your payment of"), "{notices}");
}
on_both_databases!(backend cancelling_refunds_inside_the_window_only);

/// One call the stand-in for Stripe was asked: which, its form, its idempotency key.
struct StripeCall {
    what: String,
    form: HashMap<String, String>,
    key: Option<String>,
}

/// What the stand-in for Stripe was asked.
#[derive(Clone, Default)]
struct FakeStripe {
    calls: Arc<Mutex<Vec<StripeCall>>>,
    /// Sessions by idempotency key, and their states by id.
    sessions: Arc<Mutex<HashMap<String, String>>>,
    states: Arc<Mutex<HashMap<String, &'static str>>>,
    /// Refund calls still to fail, as Stripe does when it is down.
    refunds_failing: Arc<std::sync::atomic::AtomicUsize>,
    /// Payment intents refunded from Stripe's dashboard: a refund call for them is refused.
    refunded_in_dashboard: Arc<Mutex<Vec<String>>>,
}

impl FakeStripe {
    fn record(&self, what: &str, headers: &HeaderMap, body: &str) -> HashMap<String, String> {
        assert_eq!(headers.get("authorization").unwrap(), "Bearer sk_test_key", "every call carries the secret key");
        let form: HashMap<String, String> = form_urlencoded::parse(body.as_bytes()).into_owned().collect();
        let key = headers.get("idempotency-key").map(|v| v.to_str().unwrap().to_string());
        self.calls.lock().unwrap().push(StripeCall { what: what.to_string(), form: form.clone(), key });
        form
    }

    fn calls(&self, what: &str) -> Vec<(HashMap<String, String>, Option<String>)> {
        self.calls.lock().unwrap().iter().filter(|call| call.what == what).map(|call| (call.form.clone(), call.key.clone())).collect()
    }

    /// Answers like `api.stripe.com` for the calls the provider makes.
    async fn serve(&self) -> String {
        async fn create(State(fake): State<FakeStripe>, headers: HeaderMap, body: String) -> axum::Json<Value> {
            fake.record("create", &headers, &body);
            let key = headers.get("idempotency-key").expect("sessions are created idempotently").to_str().unwrap().to_string();
            let mut sessions = fake.sessions.lock().unwrap();
            let count = sessions.len();
            let id = sessions.entry(key).or_insert_with(|| format!("cs_test_{}", count + 1)).clone();
            fake.states.lock().unwrap().entry(id.clone()).or_insert("open");
            axum::Json(
                json!({"id": id, "object": "checkout.session", "url": format!("https://checkout.stripe.test/c/pay/{id}"), "status": "open", "payment_status": "unpaid", "payment_intent": null}),
            )
        }
        async fn retrieve(State(fake): State<FakeStripe>, Path(id): Path<String>) -> axum::Json<Value> {
            let status = *fake.states.lock().unwrap().get(&id).unwrap_or(&"open");
            axum::Json(
                json!({"id": id, "status": status, "payment_status": if status == "complete" { "paid" } else { "unpaid" }, "payment_intent": if status == "complete" { json!(format!("pi_{id}")) } else { Value::Null }}),
            )
        }
        async fn expire(State(fake): State<FakeStripe>, Path(id): Path<String>, headers: HeaderMap) -> axum::Json<Value> {
            fake.record("expire", &headers, "");
            fake.states.lock().unwrap().insert(id.clone(), "expired");
            axum::Json(json!({"id": id, "status": "expired"}))
        }
        async fn refund(State(fake): State<FakeStripe>, headers: HeaderMap, body: String) -> (axum::http::StatusCode, axum::Json<Value>) {
            let form = fake.record("refund", &headers, &body);
            if fake.refunded_in_dashboard.lock().unwrap().contains(&form["payment_intent"]) {
                let refused = json!({"error": {"code": "charge_already_refunded", "message": "Charge has already been refunded."}});
                return (axum::http::StatusCode::BAD_REQUEST, axum::Json(refused));
            }
            let failing = &fake.refunds_failing;
            if failing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| left.checked_sub(1)).is_ok() {
                return (axum::http::StatusCode::INTERNAL_SERVER_ERROR, axum::Json(json!({"error": {"message": "Something went wrong on Stripe's end."}})));
            }
            (axum::http::StatusCode::OK, axum::Json(json!({"id": format!("re_{}", form["payment_intent"]), "object": "refund", "status": "succeeded"})))
        }
        async fn refunds(State(fake): State<FakeStripe>, Query(query): Query<HashMap<String, String>>) -> axum::Json<Value> {
            let made = fake.refunded_in_dashboard.lock().unwrap().contains(&query["payment_intent"]);
            let data = if made { json!([{"id": format!("re_dashboard_{}", query["payment_intent"]), "status": "succeeded"}]) } else { json!([]) };
            axum::Json(json!({"object": "list", "data": data}))
        }
        let router = axum::Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .route("/v1/checkout/sessions/{id}/expire", post(expire))
            .route("/v1/refunds", post(refund).get(refunds))
            .with_state(self.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        url
    }
}

const WEBHOOK_SECRET: &str = "whsec_test_webhook";

fn signature(body: &str, at: i64, secret: &str) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{at}.{body}").as_bytes());
    format!("t={at},v1={}", hex::encode(mac.finalize().into_bytes()))
}

async fn webhook(app: &TestApp, body: &str, signature: Option<String>) -> (u16, Value) {
    let mut request = app.client.post(format!("{}/api/payments/webhook/", app.base)).header("content-type", "application/json").body(body.to_string());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    common::send(request, None).await
}

fn session_event(event_id: &str, kind: &str, session: &str, paid: bool) -> String {
    let object = json!({"id": session, "object": "checkout.session", "payment_status": if paid { "paid" } else { "unpaid" }, "payment_intent": if paid { json!(format!("pi_{session}")) } else { Value::Null }});
    json!({"id": event_id, "object": "event", "type": kind, "data": {"object": object}}).to_string()
}

/// A paid session's event that states what was taken, as Stripe's do.
fn paid_event(event_id: &str, session: &str, pence: i64, currency: &str) -> String {
    let mut event: Value = serde_json::from_str(&session_event(event_id, "checkout.session.completed", session, true)).unwrap();
    event["data"]["object"]["amount_total"] = json!(pence);
    event["data"]["object"]["currency"] = json!(currency);
    event.to_string()
}

/// The app taking payments through Stripe at the stand-in `fake`.
async fn stripe_app(backend: common::Backend, fake: &FakeStripe) -> TestApp {
    let stripe_url = fake.serve().await;
    TestApp::spawn_with(backend, |config| {
        config.payments.provider = PaymentProvider::Stripe;
        config.payments.stripe = Some(server::config::StripeKeys { secret_key: "sk_test_key".into(), webhook_secret: WEBHOOK_SECRET.into() });
        config.payments.stripe_api_url = stripe_url;
    })
    .await
}

async fn stripe_checkout_is_paid_by_signed_webhooks_once_and_refunded(backend: common::Backend) {
    let fake = FakeStripe::default();
    let app = stripe_app(backend, &fake).await;
    let member = app.member("Amelia Hughes").await;
    let booking = book(&app, &member, 3).await;
    let (status, payment) = start(&app, &member, &booking).await;
    assert_eq!(status, 201, "{payment}");
    assert_eq!((payment["test_mode"].as_bool(), payment["provider"].as_str()), (Some(false), Some("stripe")));
    let session = payment["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    assert!(payment["checkout_url"].as_str().unwrap().starts_with("https://checkout.stripe.test/c/pay/cs_test_"), "{payment}");
    let created = fake.calls("create");
    let (form, key) = &created[0];
    let pence = (booking["amount"].as_str().unwrap().parse::<f64>().unwrap() * 100.0).round() as i64;
    assert_eq!(form["line_items[0][price_data][unit_amount]"], pence.to_string(), "Stripe is asked for the booking's amount in pence");
    assert_eq!(form["line_items[0][price_data][currency]"], "gbp");
    assert_eq!(form["mode"], "payment");
    assert_eq!(form["customer_email"], member.user.email);
    assert_eq!(form["success_url"], format!("{}/success?payment={}", app.base, payment["id"]));
    assert_eq!(form["cancel_url"], format!("{}/cancel?payment={}", app.base, payment["id"]));
    assert!(key.as_deref().unwrap().starts_with(&format!("payment-{}-", payment["id"])));

    let now = chrono::Utc::now().timestamp();
    // Money that is not the payment's settles nothing: recorded, not applied, and staff are told.
    let staff = crate::admin::staff_member(&app).await;
    for (id, taken, currency) in [("evt_0", pence - 100, "gbp"), ("evt_0b", pence, "eur")] {
        let wrong = paid_event(id, &session, taken, currency);
        let (status, answer) = webhook(&app, &wrong, Some(signature(&wrong, now, WEBHOOK_SECRET))).await;
        assert_eq!(status, 200, "acknowledged, so that Stripe does not retry it: {answer}");
        assert_eq!(payment_status(&app, &member, &payment).await, "Pending", "{taken} {currency} is not the payment's amount");
    }
    let (_, dashboard) = crate::admin::staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(dashboard["payment_events_not_applied"], 2, "{dashboard}");
    assert!(dashboard["payment_event_problems"][0].as_str().unwrap().contains(&format!("{pence} minor units of EUR")), "{dashboard}");
    assert!(dashboard["payment_event_problems"][1].as_str().unwrap().starts_with("The provider took £"), "{dashboard}");

    let completed = paid_event("evt_1", &session, pence, "gbp");
    let tampered = completed.replace("\"paid\"", "\"unpaid\"");
    for (body, signed, why) in [
        (completed.clone(), None, "unsigned"),
        (completed.clone(), Some(signature(&completed, now, "whsec_someone_else")), "signed with another secret"),
        (tampered.clone(), Some(signature(&completed, now, WEBHOOK_SECRET)), "tampered after signing"),
        (completed.clone(), Some(signature(&completed, now - 301, WEBHOOK_SECRET)), "older than five minutes"),
    ] {
        let (status, answer) = webhook(&app, &body, signed).await;
        assert_eq!(status, 400, "{why}: {answer}");
        assert_eq!(answer["error"], true);
        assert_eq!(payment_status(&app, &member, &payment).await, "Pending", "{why}: nothing changed");
    }

    let (status, answer) = webhook(&app, &completed, Some(signature(&completed, now, WEBHOOK_SECRET))).await;
    assert_eq!((status, answer["received"].as_bool()), (200, Some(true)), "{answer}");
    assert_eq!(payment_status(&app, &member, &payment).await, "Paid");
    let notices = titles(&app, &member).await;
    // Stripe retries and replays: the same event again, even re-signed later, changes nothing.
    let (status, _) = webhook(&app, &completed, Some(signature(&completed, now + 60, WEBHOOK_SECRET))).await;
    assert_eq!(status, 200);
    let expired_after = session_event("evt_1", "checkout.session.expired", &session, false);
    webhook(&app, &expired_after, Some(signature(&expired_after, now, WEBHOOK_SECRET))).await;
    assert_eq!(payment_status(&app, &member, &payment).await, "Paid", "an event id is applied once, whatever it says the second time");
    assert_eq!(titles(&app, &member).await, notices, "no second receipt");
    let events = entity::payment_event::Entity::find().filter(entity::payment_event::Column::EventId.eq("evt_1")).count(&app.site.db).await.unwrap();
    assert_eq!(events, 1);
    let unrelated = json!({"id": "evt_2", "type": "customer.created", "data": {"object": {"id": "cus_1"}}}).to_string();
    assert_eq!(webhook(&app, &unrelated, Some(signature(&unrelated, now, WEBHOOK_SECRET))).await.0, 200, "events we do not use are acknowledged");

    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await.0, 204);
    let refunds = fake.calls("refund");
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].0["payment_intent"], format!("pi_{session}"));
    assert!(refunds[0].1.as_deref().unwrap().starts_with(&format!("refund-{}-", payment["id"])), "refunds are idempotent");
    assert_eq!(payment_status(&app, &member, &payment).await, "Refunded");

    // A checkout that expires unpaid leaves the booking unpaid; paying again opens a new one.
    let other = book(&app, &member, 6).await;
    let (_, first) = start(&app, &member, &other).await;
    let first_session = first["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let expired = session_event("evt_3", "checkout.session.expired", &first_session, false);
    assert_eq!(webhook(&app, &expired, Some(signature(&expired, now, WEBHOOK_SECRET))).await.0, 200);
    let (_, closed) = app.call(Method::GET, &format!("/api/payments/{}/", first["id"]), None, Some(&member.token)).await;
    assert_eq!((closed["status"].as_str(), closed["booking"]["payment_status"].as_str()), (Some("Cancelled"), Some("Unpaid")));
    let (status, second) = start(&app, &member, &other).await;
    assert_eq!(status, 201);
    assert_ne!(second["checkout_url"], first["checkout_url"]);
    // Cancelling an unpaid booking expires its open checkout at Stripe.
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", other["id"]), None, Some(&member.token)).await.0, 204);
    assert_eq!(fake.calls("expire").len(), 1);

    // A late payment of a checkout closed in the meantime is still money taken: recorded, and
    // the member told it will be refunded, as the booking was paid through its new checkout.
    let third = book(&app, &member, 8).await;
    let (_, old) = start(&app, &member, &third).await;
    let old_session = old["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let expired = session_event("evt_4", "checkout.session.expired", &old_session, false);
    webhook(&app, &expired, Some(signature(&expired, now, WEBHOOK_SECRET))).await;
    let (_, new) = start(&app, &member, &third).await;
    let new_session = new["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    for (event, session) in [("evt_5", &new_session), ("evt_6", &old_session)] {
        let completed = session_event(event, "checkout.session.completed", session, true);
        assert_eq!(webhook(&app, &completed, Some(signature(&completed, now, WEBHOOK_SECRET))).await.0, 200);
    }
    assert_eq!(payment_status(&app, &member, &old).await, "Paid");
    let (_, notices) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    assert!(notices["results"][0]["message"].as_str().unwrap().contains("had already been paid, so we will refund this second payment"), "{notices}");
}
on_both_databases!(backend stripe_checkout_is_paid_by_signed_webhooks_once_and_refunded);

/// A refund owed by a cancellation is recorded with it, and made by the worker once Stripe
/// answers again, with one idempotency key for every attempt; the payment reads Refunded only
/// then.
async fn a_refund_stripe_cannot_make_is_owed_and_made_when_it_can(backend: common::Backend) {
    let fake = FakeStripe::default();
    let app = stripe_app(backend, &fake).await;
    let staff = crate::admin::staff_member(&app).await;
    let member = app.member("Amelia Hughes").await;
    let mut paid = Vec::new();
    for (days, event) in [(3, "evt_a"), (4, "evt_b")] {
        let booking = book(&app, &member, days).await;
        let (_, payment) = start(&app, &member, &booking).await;
        let session = payment["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        let pence = (booking["amount"].as_str().unwrap().parse::<f64>().unwrap() * 100.0).round() as i64;
        let completed = paid_event(event, &session, pence, "gbp");
        let now = chrono::Utc::now().timestamp();
        assert_eq!(webhook(&app, &completed, Some(signature(&completed, now, WEBHOOK_SECRET))).await.0, 200);
        assert_eq!(payment_status(&app, &member, &payment).await, "Paid");
        paid.push((booking, payment));
    }
    let (booking, payment) = &paid[0];

    fake.refunds_failing.store(2, Ordering::SeqCst);
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/booking/{}/", booking["id"]), None, Some(&member.token)).await.0, 204, "cancelled all the same");
    let (_, shown) = app.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    assert_eq!(
        (shown["status"].as_str(), shown["booking"]["status"].as_str(), shown["booking"]["payment_status"].as_str()),
        (Some("Paid"), Some("Cancelled"), Some("Paid")),
        "no refund is recorded that was not made: {shown}"
    );
    let (_, dashboard) = crate::admin::staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(dashboard["refunds_not_made"], 1, "{dashboard}");
    let (_, rows) = crate::admin::staff_call(&app, &staff, Method::GET, "/api/admin/payments/?status=Paid", None).await;
    let row = rows["results"].as_array().unwrap().iter().find(|r| r["id"] == payment["id"]).unwrap().clone();
    assert!(row["refund_owed_at"].is_string() && row["refund_error"].is_string(), "{row}");
    let (status, _) =
        crate::admin::staff_call(&app, &staff, Method::POST, &format!("/api/admin/payments/{}/refund/", payment["id"]), Some(json!({"reason": "Goodwill."})))
            .await;
    assert_eq!(status, 409, "staff cannot owe it twice");

    let now = chrono::Utc::now();
    assert_eq!(server::payments::refunds::make_due(&app.state, now).await.unwrap(), 0, "not due again yet");
    let later = now + chrono::Duration::minutes(1);
    assert_eq!(server::payments::refunds::make_due(&app.state, later).await.unwrap(), 0, "Stripe fails a second time");
    assert_eq!(payment_status(&app, &member, payment).await, "Paid");
    assert_eq!(server::payments::refunds::make_due(&app.state, later + chrono::Duration::minutes(5)).await.unwrap(), 1, "Stripe answers");
    let (_, shown) = app.call(Method::GET, &format!("/api/payments/{}/", payment["id"]), None, Some(&member.token)).await;
    assert_eq!((shown["status"].as_str(), shown["booking"]["payment_status"].as_str()), (Some("Refunded"), Some("Refunded")), "{shown}");
    assert_eq!(server::payments::refunds::make_due(&app.state, later + chrono::Duration::hours(1)).await.unwrap(), 0, "made once");
    let keys: Vec<Option<String>> = fake.calls("refund").into_iter().map(|(_, key)| key).collect();
    assert_eq!(keys.len(), 3);
    assert!(keys.iter().all(|key| key == &keys[0]) && keys[0].as_deref().unwrap().starts_with(&format!("refund-{}-", payment["id"])), "{keys:?}");
    let (_, dashboard) = crate::admin::staff_call(&app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(dashboard["refunds_not_made"], 0);

    // Staff's refund is owed and made the same way: at once when Stripe answers; and a payment
    // refunded from Stripe's dashboard meanwhile is found refunded, not tried for ever.
    let (_, other) = &paid[1];
    let session = other["checkout_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    fake.refunded_in_dashboard.lock().unwrap().push(format!("pi_{session}"));
    let (status, row) =
        crate::admin::staff_call(&app, &staff, Method::POST, &format!("/api/admin/payments/{}/refund/", other["id"]), Some(json!({"reason": "Goodwill."})))
            .await;
    assert_eq!((status, row["status"].as_str()), (200, Some("Refunded")), "{row}");
    let made = entity::payment::Entity::find_by_id(other["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(made.refund_reference, Some(format!("re_dashboard_pi_{session}")), "the dashboard's refund");
}
on_both_databases!(backend a_refund_stripe_cannot_make_is_owed_and_made_when_it_can);

async fn an_unreachable_provider_is_a_502_and_a_retry_opens_the_same_payment(backend: common::Backend) {
    let closed_port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let app = TestApp::spawn_with(backend, |config| {
        config.payments.provider = PaymentProvider::Stripe;
        config.payments.stripe = Some(server::config::StripeKeys { secret_key: "sk_test_key".into(), webhook_secret: WEBHOOK_SECRET.into() });
        config.payments.stripe_api_url = format!("http://{closed_port}");
    })
    .await;
    let member = app.member("Amelia Hughes").await;
    let booking = book(&app, &member, 3).await;
    let (status, answer) = start(&app, &member, &booking).await;
    assert_eq!(status, 502, "{answer}");
    assert_eq!(answer["message"], "The payment provider could not be reached.");
    let (status, again) = start(&app, &member, &booking).await;
    assert_eq!(status, 502, "{again}");
    let rows = entity::payment::Entity::find()
        .filter(entity::payment::Column::BookingId.eq(booking["id"].as_i64().unwrap() as i32))
        .count(&app.site.db)
        .await
        .unwrap();
    assert_eq!(rows, 1, "the retry reuses the payment whose checkout did not open");
}
on_both_databases!(backend an_unreachable_provider_is_a_502_and_a_retry_opens_the_same_payment);

/// A booking marked paid by hand (no payment through the site) is not refunded by the site:
/// cancelling it is a clear 400, and nothing changes.
async fn a_booking_paid_outside_the_site_is_not_cancelled_by_the_member(app: &TestApp) {
    use sea_orm::ActiveModelTrait;
    let member = app.member("Amelia Hughes").await;
    let booking = book(app, &member, 4).await;
    let id = booking["id"].as_i64().unwrap() as i32;
    let mut row: entity::booking::ActiveModel = entity::booking::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into();
    row.payment_status = sea_orm::ActiveValue::Set(entity::words::BookingPayment::Paid);
    row.update(&app.site.db).await.unwrap();
    let (status, answer) = app.call(Method::DELETE, &format!("/api/service/booking/{id}/"), None, Some(&member.token)).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("paid outside the site"), "{answer}");
    let kept = entity::booking::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(kept.status, entity::words::BookingStatus::Pending);
}
on_both_databases!(a_booking_paid_outside_the_site_is_not_cancelled_by_the_member);
