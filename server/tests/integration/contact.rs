//! The contact page's messages: kept and mailed both ways from the API and from the page's own
//! form without JavaScript (post, redirect, get), limited per client, and moved along by staff
//! in the back office's inbox.

use crate::admin::{staff_call, staff_member};
use crate::common;

use common::TestApp;
use reqwest::Method;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

const SENT: &str = "Thank you: your message is with our team, who aim to reply within one working day. We have emailed you a confirmation.";

fn message() -> Value {
    json!({"full_name": "Ann Lee", "email": "ann@lee.example", "phone_number": "020 7946 0000", "subject": "An invoice", "body": "Could you send my invoice again?"})
}

async fn messages_are_kept_and_mailed_both_ways(app: &TestApp) {
    let (status, sent) = app.call(Method::POST, "/api/contact/", Some(message()), None).await;
    assert_eq!((status, sent["message"].as_str()), (201, Some(SENT)), "{sent}");
    let stored = entity::contact_message::Entity::find_by_id(sent["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().expect("stored");
    assert_eq!((stored.phone_number.as_str(), stored.status), ("+44 20 7946 0000", entity::words::ContactStatus::New));
    let info = server::catalogue::website_info::website_info(&app.site.db, None).await.unwrap();
    // (A sent mail's body is blanked, so only its address and subject are looked at.)
    let mails = entity::mail_outbox::Entity::find().all(&app.site.db).await.unwrap();
    assert!(mails.iter().any(|m| m.to_address == info.email && m.subject == "Contact message: An invoice"), "the company gets it");
    let receipt = format!("We have your message (reference {})", sent["id"]);
    assert!(mails.iter().any(|m| m.to_address == "ann@lee.example" && m.subject == receipt), "the sender gets a receipt");

    let mut without_phone = message();
    without_phone["phone_number"] = json!("");
    assert_eq!(app.call(Method::POST, "/api/contact/", Some(without_phone), None).await.0, 201, "the phone is optional");
    let bad = json!({"full_name": " ", "email": "ann@", "phone_number": "12345", "subject": "x".repeat(151), "body": ""});
    let (status, body) = app.call(Method::POST, "/api/contact/", Some(bad), None).await;
    assert_eq!((status, body["error"].as_bool()), (400, Some(true)), "{body}");
    assert_eq!(body["full_name"][0], "This field is required.");
    assert_eq!(body["body"][0], "This field is required.");
    assert!(body["message"].is_string(), "the error body's sentence stays a sentence: {body}");
    assert_eq!(body["subject"][0], "Ensure this field has no more than 150 characters.");
    assert!(body["email"].is_array() && body["phone_number"].is_array(), "{body}");
}
on_both_databases!(messages_are_kept_and_mailed_both_ways);

async fn the_contact_page_takes_its_form_without_javascript(app: &TestApp) {
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let post = |fields: Vec<(&'static str, String)>| {
        let browser = browser.clone();
        async move { browser.post(format!("{}/contact", app.base)).form(&fields).send().await.unwrap() }
    };
    let fields: Vec<(&'static str, String)> =
        ["full_name", "email", "phone_number", "subject", "body"].into_iter().map(|name| (name, message()[name].as_str().unwrap().to_string())).collect();
    let sent = post(fields.clone()).await;
    assert_eq!(sent.status(), 303, "post, redirect...");
    assert_eq!(sent.headers()["location"], "/contact?sent=1");
    let (status, page) = app.text("/contact?sent=1").await;
    assert_eq!(status, 200, "...get");
    assert!(page.contains(SENT), "the confirmation shows");
    let (_, plain) = app.text("/contact").await;
    assert!(!plain.contains(SENT) && plain.contains(r#"action="/contact""#), "the form posts to the page");

    let mut bad = fields.clone();
    bad.retain(|(name, _)| *name != "email");
    bad.push(("email", "ann@".into()));
    let refused = post(bad).await;
    assert_eq!(refused.status(), 400);
    let page = refused.text().await.unwrap();
    assert!(page.contains("Enter a valid email address."), "the field's message");
    assert!(page.contains("Could you send my invoice again?"), "what was typed comes back");
    assert_eq!(entity::contact_message::Entity::find().all(&app.site.db).await.unwrap().len(), 1, "one message, none from the refused post");
}
on_both_databases!(the_contact_page_takes_its_form_without_javascript);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contact_messages_are_limited_per_client() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.contact_per_hour = 2).await;
    for _ in 0..2 {
        assert_eq!(app.call(Method::POST, "/api/contact/", Some(message()), None).await.0, 201);
    }
    let (status, body) = app.call(Method::POST, "/api/contact/", Some(message()), None).await;
    assert_eq!((status, body["error"].as_bool()), (429, Some(true)));
    // A mistyped message is told what is wrong, and would not have used up a try.
    let mut mistyped = message();
    mistyped["email"] = json!("ann@");
    assert_eq!(app.call(Method::POST, "/api/contact/", Some(mistyped), None).await.0, 400, "the form's fault first, not the limit");
    let form: Vec<(&str, &str)> = vec![("full_name", "Ann Lee"), ("email", "ann@lee.example"), ("subject", "Hi"), ("body", "Hello")];
    let refused = app.client.post(format!("{}/contact", app.base)).form(&form).send().await.unwrap();
    assert_eq!(refused.status(), 429, "the page's form shares the limit");
}

async fn staff_answer_messages_in_the_inbox(app: &TestApp) {
    let staff = staff_member(app).await;
    let (_, sent) = app.call(Method::POST, "/api/contact/", Some(message()), None).await;
    let id = sent["id"].as_i64().unwrap();
    let (_, dashboard) = staff_call(app, &staff, Method::GET, "/api/admin/dashboard/", None).await;
    assert_eq!(dashboard["new_contact_messages"], 1, "{dashboard}");
    let (status, inbox) = staff_call(app, &staff, Method::GET, "/api/admin/contact-messages/", None).await;
    assert_eq!((status, inbox["count"].as_u64(), inbox["results"][0]["subject"].as_str()), (200, Some(1), Some("An invoice")), "{inbox}");
    assert_eq!(app.call(Method::GET, "/api/admin/contact-messages/", None, None).await.0, 401, "staff only");
    let (status, body) = staff_call(app, &staff, Method::PATCH, &format!("/api/admin/contact-messages/{id}/"), Some(json!({"status": "Contacted"}))).await;
    assert_eq!((status, body["status"][0].as_str()), (400, Some("Choose New, Answered or Closed.")), "{body}");
    let change = json!({"status": "Answered", "staff_notes": "Sent the invoice again."});
    let (status, row) = staff_call(app, &staff, Method::PATCH, &format!("/api/admin/contact-messages/{id}/"), Some(change)).await;
    assert_eq!((status, row["status"].as_str(), row["staff_notes"].as_str()), (200, Some("Answered"), Some("Sent the invoice again.")), "{row}");
    let (_, inbox) = staff_call(app, &staff, Method::GET, "/api/admin/contact-messages/", None).await;
    assert_eq!(inbox["count"], 0, "New is the default filter");
    let (_, all) = staff_call(app, &staff, Method::GET, "/api/admin/contact-messages/?status=All", None).await;
    assert_eq!(all["count"], 1);
    let (_, log) = staff_call(app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=contact_message&subject_id={id}"), None).await;
    assert_eq!(log["results"][0]["action"], "contact.update", "{log}");
    let page = app.client.get(format!("{}/admin/contact?status=Answered", app.base)).header(reqwest::header::COOKIE, &staff.cookie).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Could you send my invoice again?") && html.contains("Sent the invoice again."), "the back office's page shows it");
}
on_both_databases!(staff_answer_messages_in_the_inbox);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_sites_page_cannot_post_the_sites_forms() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let form: Vec<(&str, &str)> = vec![("full_name", "Ann Lee"), ("email", "victim@example.co.uk"), ("subject", "Hi"), ("body", "Hello")];
    for path in ["/contact", "/recruitment-post", "/user/register", "/user/forgot-password"] {
        let forged = browser.post(format!("{}{path}", app.base)).header("origin", "https://evil.example").form(&form).send().await.unwrap();
        assert_eq!(forged.status(), 403, "{path}");
    }
    assert!(entity::contact_message::Entity::find().all(&app.site.db).await.unwrap().is_empty(), "nothing was sent");
    let own = browser.post(format!("{}/contact", app.base)).header("origin", app.base.as_str()).form(&form).send().await.unwrap();
    assert_eq!(own.status(), 303, "the site's own page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mistyped_form_uses_up_no_try() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.contact_per_hour = 1).await;
    let mut mistyped = message();
    mistyped["email"] = json!("ann@");
    for _ in 0..3 {
        assert_eq!(app.call(Method::POST, "/api/contact/", Some(mistyped.clone()), None).await.0, 400);
        let form: Vec<(&str, &str)> = vec![("full_name", "Ann Lee"), ("email", "ann@"), ("subject", "Hi"), ("body", "Hello")];
        assert_eq!(app.client.post(format!("{}/contact", app.base)).form(&form).send().await.unwrap().status(), 400);
    }
    assert_eq!(app.call(Method::POST, "/api/contact/", Some(message()), None).await.0, 201, "the one try is still there");
}

async fn the_senders_mail_quotes_nothing_to_an_address_nobody_verified(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    // Anyone may give anyone's address: the mail to it says only that a message came.
    let mut spam = message();
    spam["email"] = json!("victim@example.co.uk");
    spam["full_name"] = json!("Win a prize at scam.example");
    spam["subject"] = json!("Claim it at scam.example");
    spam["body"] = json!("Visit scam.example now");
    let (status, sent) = app.call(Method::POST, "/api/contact/", Some(spam), None).await;
    assert_eq!(status, 201, "{sent}");
    let receipt = inbox.wait_for("victim@example.co.uk", 10).await;
    assert!(receipt.contains(&format!("reference {}", sent["id"])), "{receipt}");
    assert!(!receipt.contains("scam.example") && !receipt.contains("Win a prize"), "nothing the sender wrote: {receipt}");

    // A signed-in member who gives their own verified address gets a copy of what they wrote.
    let member = app.member("Ann Lee").await;
    let mut own = message();
    own["email"] = json!(member.user.email);
    let (status, sent) = app.call(Method::POST, "/api/contact/", Some(own), Some(&member.token)).await;
    assert_eq!(status, 201);
    let copy = inbox.wait_for_containing(&member.user.email, "Could you send my invoice again?", 10).await;
    assert!(copy.contains(&format!("reference {}", sent["id"])), "{copy}");
    // Signed in, but giving another address: that address gets the receipt alone.
    let mut other = message();
    other["email"] = json!("someone.else@example.co.uk");
    assert_eq!(app.call(Method::POST, "/api/contact/", Some(other), Some(&member.token)).await.0, 201);
    let receipt = inbox.wait_for("someone.else@example.co.uk", 10).await;
    assert!(!receipt.contains("Could you send my invoice again?"), "{receipt}");
}
on_both_databases!(backend the_senders_mail_quotes_nothing_to_an_address_nobody_verified);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_site_takes_its_forms_only_from_its_own_address() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| {
        config.public_url = "https://market.example".into();
        config.public_url_configured = true;
    })
    .await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let form: Vec<(&str, &str)> = vec![("full_name", "Ann Lee"), ("email", "ann@lee.example"), ("subject", "Hi"), ("body", "Hello")];
    // A page on a rebound DNS name sends its own name as both Origin and Host.
    let rebound = browser.post(format!("{}/contact", app.base)).header("origin", app.base.as_str()).form(&form).send().await.unwrap();
    assert_eq!(rebound.status(), 403, "the Host proves nothing once PUBLIC_URL is set");
    let own = browser.post(format!("{}/contact", app.base)).header("origin", "https://market.example").form(&form).send().await.unwrap();
    assert_eq!(own.status(), 303, "the site's own address");
}
