//! The Accounts API against the real server, with a real SMTP server capturing the mail.

use crate::common;

use common::{Backend, TestApp, smtp};
use reqwest::multipart::{Form, Part};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

struct Client<'a> {
    app: &'a TestApp,
}

impl Client<'_> {
    async fn send(&self, request: reqwest::RequestBuilder, token: Option<&str>) -> (u16, Value) {
        common::send(request, token).await
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.app.base)
    }

    async fn post(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        self.send(self.app.client.post(self.url(path)).json(&body), token).await
    }

    async fn put(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        self.send(self.app.client.put(self.url(path)).json(&body), token).await
    }

    async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.send(self.app.client.get(self.url(path)), token).await
    }

    async fn delete(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.send(self.app.client.delete(self.url(path)), token).await
    }

    async fn patch(&self, form: Form, token: &str) -> (u16, Value) {
        self.send(self.app.client.patch(self.url("/api/auth/profile/")).multipart(form), Some(token)).await
    }
}

const PDF: &[u8] = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
/// A whole picture (header, data, end): pictures are stored without their metadata, which needs their chunks.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x01IDAT\x00\x00\x00\x00\x00\x00\x00\x00\x00IEND\xaeB`\x82";

fn file(bytes: &[u8], name: &str) -> Part {
    Part::bytes(bytes.to_vec()).file_name(name.to_string())
}

/// Registers and verifies a member through the mail; returns their tokens.
async fn signed_up(client: &Client<'_>, inbox: &smtp::Inbox, email: &str, password: &str) -> (String, String) {
    let (status, body) = client
        .post("/api/auth/register/", json!({"full_name": "Amelia Hughes", "email": email, "phone_number": "07700 900123", "password": password}), None)
        .await;
    assert_eq!(status, 201, "{body}");
    let code = inbox.code_for(email).await;
    let (status, body) = client.post("/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await;
    assert_eq!(status, 200, "{body}");
    let (status, tokens) = client.post("/api/auth/login/", json!({"email": email, "password": password}), None).await;
    assert_eq!(status, 200, "{tokens}");
    (tokens["access"].as_str().unwrap().to_string(), tokens["refresh"].as_str().unwrap().to_string())
}

async fn the_whole_account_journey(backend: Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let client = Client { app: &app };
    let email = "amelia.journey@example.org";

    let (status, body) = client
        .post(
            "/api/auth/register/",
            json!({"full_name": "Amelia Hughes", "email": "Amelia.Journey@Example.org", "phone_number": "07700 900123", "password": "a quiet garden"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["email"], email);
    let mail = inbox.wait_for(email, 15).await;
    assert!(mail.contains("Brightway") && mail.contains("text/html") && mail.contains("text/plain"));
    let code = inbox.code_for(email).await;
    assert_eq!(code.len(), 6);

    let (status, body) = client.post("/api/auth/login/", json!({"email": email, "password": "a quiet garden"}), None).await;
    assert_eq!(status, 403, "unverified accounts cannot sign in");
    assert!(body["detail"].as_str().unwrap().contains("verify"));

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, body) = client.post("/api/auth/verify-email/", json!({"email": email, "otp": wrong}), None).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], true);
    assert!(body["otp"][0].is_string());
    let (status, _) = client.post("/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await;
    assert_eq!(status, 200);
    let (status, _) = client.post("/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await;
    assert_eq!(status, 400, "a code works once");

    let (status, tokens) = client.post("/api/auth/login/", json!({"email": email, "password": "a quiet garden"}), None).await;
    assert_eq!(status, 200);
    let access = tokens["access"].as_str().unwrap().to_string();
    let refresh = tokens["refresh"].as_str().unwrap().to_string();
    let payload: Value = {
        use common::base64_decode as decode;
        serde_json::from_slice(&decode(access.split('.').nth(1).unwrap())).unwrap()
    };
    let lifetime = payload["exp"].as_i64().unwrap() - payload["iat"].as_i64().unwrap();
    assert_eq!(lifetime, 15 * 60, "access tokens live 15 minutes");

    let (status, profile) = client.get("/api/auth/profile/", Some(&access)).await;
    assert_eq!(status, 200);
    assert_eq!(profile["email"], email);
    assert_eq!(profile["phone_number"], "+44 7700 900123");
    assert_eq!(profile["is_verified"], true);
    assert!(profile["passport"].is_null());

    // Refresh rotates; the old refresh token then fails and takes its whole sign-in with it.
    let (status, rotated) = client.post("/api/auth/token/refresh/", json!({"refresh": refresh}), None).await;
    assert_eq!(status, 200);
    let new_refresh = rotated["refresh"].as_str().unwrap().to_string();
    assert_ne!(new_refresh, refresh);
    let (status, body) = client.post("/api/auth/token/refresh/", json!({"refresh": refresh}), None).await;
    assert_eq!(status, 401, "a used refresh token is refused");
    assert!(body["detail"].is_string());
    let (status, _) = client.post("/api/auth/token/refresh/", json!({"refresh": new_refresh}), None).await;
    assert_eq!(status, 401, "reuse revoked the family");
    let (status, _) = client.get("/api/auth/profile/", Some(rotated["access"].as_str().unwrap())).await;
    assert_eq!(status, 401, "and its access tokens");

    let (status, tokens) = client.post("/api/auth/login/", json!({"email": email, "password": "a quiet garden"}), None).await;
    assert_eq!(status, 200);
    let access = tokens["access"].as_str().unwrap().to_string();

    // Documents: private, signed, expiring links.
    let form = Form::new()
        .text("city", "Leeds")
        .text("postcode", "ls1 4ap")
        .part("passport", file(PDF, "passport.pdf"))
        .part("certificates", file(PDF, "First aid.pdf"));
    let (status, profile) = client.patch(form, &access).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["city"], "Leeds");
    assert_eq!(profile["postcode"], "LS1 4AP");
    let passport = profile["passport"].as_str().unwrap().to_string();
    assert!(passport.starts_with(&format!("{}/files/passport/", app.base)), "{passport}");
    assert!(!passport.contains("passport.pdf"), "stored under a random name");
    let document = app.client.get(&passport).send().await.unwrap();
    assert_eq!(document.status(), 200);
    assert_eq!(document.headers()["content-type"], "application/pdf");
    assert_eq!(&document.bytes().await.unwrap()[..], PDF);
    for tampered in [passport.replace("expires=", "expires=9"), passport.split('?').next().unwrap().to_string(), passport.replace("signature=", "signature=00")]
    {
        let response = app.client.get(&tampered).send().await.unwrap();
        assert_eq!(response.status(), 403, "{tampered}");
        assert!(!response.text().await.unwrap().contains("%PDF"));
    }
    let certificate = &profile["certificates"][0];
    assert_eq!(certificate["name"], "First aid.pdf");

    // Another member cannot touch it.
    let (other_access, _) = signed_up(&client, &inbox, "oliver.tester@example.org", "another good password").await;
    let path = format!("/api/auth/certificate/{}/", certificate["id"]);
    assert_eq!(client.delete(&path, Some(&other_access)).await.0, 404);
    assert_eq!(client.delete(&path, Some(&access)).await.0, 204);
    let (_, profile) = client.get("/api/auth/profile/", Some(&access)).await;
    assert_eq!(profile["certificates"].as_array().unwrap().len(), 0);

    // Password change keeps this sign-in and ends the others.
    let (_, second_login) = client.post("/api/auth/login/", json!({"email": email, "password": "a quiet garden"}), None).await;
    let (status, body) =
        client.put("/api/auth/update-password/", json!({"old_password": "wrong one!", "new_password": "a louder garden"}), Some(&access)).await;
    assert_eq!(status, 400);
    assert!(body["old_password"][0].is_string());
    let (status, _) =
        client.put("/api/auth/update-password/", json!({"old_password": "a quiet garden", "new_password": "a louder garden"}), Some(&access)).await;
    assert_eq!(status, 200);
    assert_eq!(client.get("/api/auth/profile/", Some(&access)).await.0, 200);
    assert_eq!(client.get("/api/auth/profile/", Some(second_login["access"].as_str().unwrap())).await.0, 401);
    assert_eq!(client.post("/api/auth/login/", json!({"email": email, "password": "a quiet garden"}), None).await.0, 401);

    // Reset by mail: answers alike for strangers, revokes every sign-in.
    let (status, stranger) = client.post("/api/auth/password-reset/", json!({"email": "nobody@example.co.uk"}), None).await;
    let (_, known) = client.post("/api/auth/password-reset/", json!({"email": email}), None).await;
    assert_eq!(status, 200);
    assert_eq!(stranger, known);
    let code = inbox.code_in(email, "password reset code").await;
    let (status, _) = client.post("/api/auth/password-reset-confirm/", json!({"email": email, "otp": code, "password": "a brand new garden"}), None).await;
    assert_eq!(status, 200);
    assert_eq!(client.get("/api/auth/profile/", Some(&access)).await.0, 401, "reset ends every sign-in");
    let (status, tokens) = client.post("/api/auth/login/", json!({"email": email, "password": "a brand new garden"}), None).await;
    assert_eq!(status, 200);

    let (status, _) = client.post("/api/auth/logout/", json!({"refresh": tokens["refresh"]}), None).await;
    assert_eq!(status, 200);
    assert_eq!(client.get("/api/auth/profile/", Some(tokens["access"].as_str().unwrap())).await.0, 401, "logout ends the sign-in");
    assert_eq!(client.post("/api/auth/token/refresh/", json!({"refresh": tokens["refresh"]}), None).await.0, 401);
}
on_both_databases!(backend the_whole_account_journey);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_field_errors_in_the_contract_shape() {
    let (app, inbox) = TestApp::with_mail(Backend::Sqlite).await;
    let client = Client { app: &app };
    let (status, body) = client
        .post("/api/auth/register/", json!({"full_name": "", "email": "not-an-email", "phone_number": "+1 202 555 0100", "password": "12345678"}), None)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], true);
    assert_eq!(body["email"][0], "Enter a valid email address.");
    assert_eq!(body["phone_number"][0], "Enter a valid UK phone number.");
    assert_eq!(body["password"][0], "This password is entirely numeric.");
    assert_eq!(body["full_name"][0], "This field is required.");
    assert!(body["message"].is_string());
    let common = json!({"full_name": "Ann Lee", "email": "ann.lee@example.co.uk", "phone_number": "07700 900124", "password": "password1"});
    let (status, body) = client.post("/api/auth/register/", common, None).await;
    assert_eq!((status, body["password"][0].as_str()), (400, Some(server::domain::password::TOO_COMMON)), "a common password is refused: {body}");

    let (status, body) = app
        .client
        .post(format!("{}/api/auth/login/", app.base))
        .body("{not json")
        .header("content-type", "application/json")
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .unwrap();
    assert_eq!(status, 400);
    assert_eq!(body.json::<Value>().await.unwrap()["error"], true);

    signed_up(&client, &inbox, "zara.ahmed@example.co.uk", "lavender fields").await;
    let (status, body) = client
        .post(
            "/api/auth/register/",
            json!({"full_name": "Zara Ahmed", "email": "zara.ahmed@example.co.uk", "phone_number": "07700 900124", "password": "lavender fields"}),
            None,
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["email"][0], "A user with this email already exists.");

    let (status, body) = client.post("/api/auth/login/", json!({"email": "zara.ahmed@example.co.uk", "password": "wrong password"}), None).await;
    assert_eq!(status, 401);
    assert!(body["detail"].is_string());
    let (status, body) = client.get("/api/auth/profile/", None).await;
    assert_eq!(status, 401);
    assert_eq!(body["detail"], "Authentication credentials were not provided.");
    assert_eq!(client.get("/api/auth/profile/", Some("not.a.token")).await.0, 401);
    assert_eq!(client.get("/api/nothing-here/", None).await.0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_are_checked_by_content_and_size() {
    let (app, inbox) = TestApp::with_mail(Backend::Sqlite).await;
    let client = Client { app: &app };
    let (access, _) = signed_up(&client, &inbox, "harry.wilson@example.co.uk", "sunny allotment").await;
    let (status, body) = client.patch(Form::new().part("resume", file(b"MZ\x90\x00 not a pdf", "cv.pdf")), &access).await;
    assert_eq!(status, 415, "a .pdf name does not make a PDF");
    assert_eq!(body["error"], true);
    let (status, _) = client.patch(Form::new().part("profile_picture", file(PDF, "me.png")), &access).await;
    assert_eq!(status, 415, "pictures are images");
    let mut big = PDF.to_vec();
    big.resize(5 * 1024 * 1024 + 1, b' ');
    let (status, body) = client.patch(Form::new().part("passport", file(&big, "passport.pdf")), &access).await;
    assert_eq!(status, 413);
    assert_eq!(body["error"], true);
    let (status, profile) = client.patch(Form::new().part("profile_picture", file(PNG, "me.png")), &access).await;
    assert_eq!(status, 200);
    assert!(profile["profile_picture"].as_str().unwrap().contains("/files/profile_picture/"));
    let (status, body) = client.patch(Form::new().text("postcode", "NOT A POSTCODE"), &access).await;
    assert_eq!(status, 400);
    assert!(body["postcode"][0].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_die_after_five_wrong_tries_and_resends_wait_a_minute() {
    let (app, inbox) = TestApp::with_mail(Backend::Sqlite).await;
    let client = Client { app: &app };
    let email = "george.evans@example.co.uk";
    client
        .post("/api/auth/register/", json!({"full_name": "George Evans", "email": email, "phone_number": "07700 900125", "password": "river walk 22"}), None)
        .await;
    let code = inbox.code_for(email).await;
    let wrong = if code == "999999" { "888888" } else { "999999" };
    for _ in 0..5 {
        assert_eq!(client.post("/api/auth/verify-email/", json!({"email": email, "otp": wrong}), None).await.0, 400);
    }
    let (status, body) = client.post("/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await;
    assert_eq!(status, 400, "the right code no longer works after five wrong ones");
    assert!(body["otp"][0].as_str().unwrap().contains("new code"));
    let (status, body) = client.post("/api/auth/resend-otp/", json!({"email": email}), None).await;
    assert_eq!(status, 429, "a new code at most once a minute");
    assert_eq!(body["error"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_are_rate_limited_per_address() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.limits.login_per_minute = 3).await;
    let client = Client { app: &app };
    for _ in 0..3 {
        assert_eq!(client.post("/api/auth/login/", json!({"email": "demo@brightway.example", "password": "wrong"}), None).await.0, 401);
    }
    let (status, body) = client.post("/api/auth/login/", json!({"email": "demo@brightway.example", "password": "demo-password-1"}), None).await;
    assert_eq!(status, 429);
    assert_eq!(body["error"], true);
    assert!(body["message"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_queued_while_smtp_is_down_arrives_when_it_is_back() {
    // Reserve a port, then leave it closed: the SMTP server is down.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"))).await;
    let client = Client { app: &app };
    let email = "isla.brown@example.co.uk";
    let (status, _) = client
        .post("/api/auth/register/", json!({"full_name": "Isla Brown", "email": email, "phone_number": "07700 900126", "password": "harbour lights"}), None)
        .await;
    assert_eq!(status, 201, "registration does not wait for the mail server");
    // The sender has tried, and failed, before the mail server comes up.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !entity::mail_outbox::Entity::find().all(&app.site.db).await.unwrap().iter().any(|mail| mail.attempts > 0) {
        assert!(std::time::Instant::now() < deadline, "the sender never tried");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let inbox = smtp::Inbox::default();
    smtp::serve(listener, inbox.clone());
    let code = {
        let mail = inbox.wait_for(email, 30).await;
        assert!(mail.contains("verification code"));
        inbox.code_for(email).await
    };
    assert_eq!(client.post("/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_is_described_by_openapi_3_1() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let (status, document) = app.json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"));
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/api/auth/register/",
        "/api/auth/verify-email/",
        "/api/auth/resend-otp/",
        "/api/auth/login/",
        "/api/auth/token/refresh/",
        "/api/auth/logout/",
        "/api/auth/password-reset/",
        "/api/auth/password-reset-confirm/",
        "/api/auth/profile/",
        "/api/auth/certificate/{id}/",
        "/api/auth/update-password/",
    ] {
        assert!(paths.contains_key(path), "{path} is described");
    }
    let schema_of = |path: &str, method: &str, media: &str| {
        let schema = &document["paths"][path][method]["requestBody"]["content"][media]["schema"];
        let name = schema["$ref"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        document["components"]["schemas"][name].clone()
    };
    let register = schema_of("/api/auth/register/", "post", "application/json");
    let required: Vec<&str> = register["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    for field in ["full_name", "email", "phone_number", "password"] {
        assert!(required.contains(&field), "register requires {field}");
    }
    let profile = schema_of("/api/auth/profile/", "patch", "multipart/form-data");
    assert_eq!(profile["properties"]["passport"]["format"], "binary");
    assert_eq!(profile["properties"]["certificates"]["items"]["format"], "binary");
    let (status, docs) = app.text("/api/docs").await;
    assert_eq!(status, 200);
    assert!(docs.contains("/api/auth/password-reset-confirm/") && docs.contains("<table>"));
}

/// The account forms posted as a browser without JavaScript posts them: signing up, verifying
/// and resetting a password go through (post, redirect, get), with the API's rules and
/// messages; logging in and changing the password answer that they need JavaScript.
async fn the_account_forms_work_without_javascript(backend: Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let post = |path: &'static str, fields: Vec<(&'static str, &'static str)>| {
        let request = browser.post(format!("{}{path}", app.base)).form(&fields);
        async move { request.send().await.unwrap() }
    };
    let location = |answer: &reqwest::Response| answer.headers().get("location").map(|l| l.to_str().unwrap().to_string());
    let email = "no.script@example.co.uk";
    let signing_up = |password: &'static str| {
        vec![("full_name", "Nora Script"), ("email", "No.Script@example.co.uk"), ("phone_number", "07700 900123"), ("password", password)]
    };

    let refused = post("/user/register", signing_up("password")).await;
    assert_eq!(refused.status(), 400);
    let page = refused.text().await.unwrap();
    assert!(page.contains("Nora Script"), "what was typed comes back");
    assert!(shows(&page, server::domain::password::TOO_COMMON), "the API's message for the field");
    assert!(!page.contains(r#""password":"password""#), "never the password");
    let registered = post("/user/register", signing_up("a long garden path")).await;
    assert_eq!(
        (registered.status(), location(&registered)),
        (reqwest::StatusCode::SEE_OTHER, Some(format!("/user/verify?email={}", "no.script%40example.co.uk")))
    );

    let code = inbox.code_for(email).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = browser.post(format!("{}/user/verify", app.base)).form(&[("email", email), ("otp", wrong)]).send().await.unwrap();
    assert_eq!(refused.status(), 400);
    assert!(refused.text().await.unwrap().contains("Invalid or expired code."));
    let verified = browser.post(format!("{}/user/verify", app.base)).form(&[("email", email), ("otp", code.as_str())]).send().await.unwrap();
    assert_eq!(location(&verified).as_deref(), Some("/user/login?verified=1"));
    let (status, login_page) = app.text("/user/login?verified=1").await;
    assert_eq!(status, 200);
    assert!(shows(&login_page, server::accounts::texts::VERIFIED));

    let login = post("/user/login", vec![("email", email), ("password", "a long garden path")]).await;
    assert_eq!(login.status(), 200);
    let page = login.text().await.unwrap();
    assert!(shows(&page, server::accounts::texts::LOGIN_NEEDS_JAVASCRIPT) && !page.contains("a long garden path"));
    let change = post("/user/change-password", vec![("current_password", "a long garden path"), ("new_password", "another garden")]).await;
    assert_eq!(change.status(), 200);
    assert!(shows(&change.text().await.unwrap(), server::accounts::texts::CHANGE_PASSWORD_NEEDS_JAVASCRIPT));

    let asked = post("/user/forgot-password", vec![("email", email)]).await;
    assert_eq!(location(&asked).as_deref(), Some("/user/forgot-password?email=no.script%40example.co.uk"));
    let (status, second_step) = app.text("/user/forgot-password?email=no.script%40example.co.uk").await;
    assert_eq!(status, 200);
    assert!(shows(&second_step, server::accounts::texts::RESET_CODE_SENT) && second_step.contains(r#"name="otp""#), "the code's step");
    let code = inbox.code_in(email, "password reset code").await;
    let reset =
        browser.post(format!("{}/user/forgot-password", app.base)).form(&[("email", email), ("otp", code.as_str()), ("password", "a brand new garden")]);
    let reset = reset.send().await.unwrap();
    assert_eq!(location(&reset).as_deref(), Some("/user/login?reset=1"));
    let (status, _) = Client { app: &app }.post("/api/auth/login/", json!({"email": email, "password": "a brand new garden"}), None).await;
    assert_eq!(status, 200, "the new password signs in");
}
on_both_databases!(backend the_account_forms_work_without_javascript);

/// Whether `page` shows `text`, as it is or with its apostrophes escaped as React escapes them.
fn shows(page: &str, text: &str) -> bool {
    page.contains(text) || page.contains(&text.replace('\'', "&#x27;"))
}
