//! The server's edges against a careless or hostile client: guessing codes, forging client
//! addresses, locking owners out, reviving revoked sign-ins, slow or too many connections,
//! oversized requests, and what answers and files give away.

use crate::common;

use common::{Backend, TestApp};
use reqwest::multipart::{Form, Part};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, IntoActiveModel, QueryOrder};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const DEMO: (&str, &str) = ("demo@brightway.example", "demo-password-1");

async fn post(app: &TestApp, path: &str, body: Value, forwarded_for: Option<&str>) -> (u16, Value) {
    let mut request = app.client.post(format!("{}{path}", app.base)).json(&body);
    if let Some(hops) = forwarded_for {
        request = request.header("x-forwarded-for", hops);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn login(app: &TestApp, (email, password): (&str, &str)) -> Value {
    let (status, tokens) = post(app, "/api/auth/login/", json!({"email": email, "password": password}), None).await;
    assert_eq!(status, 200, "{tokens}");
    tokens
}

async fn register(app: &TestApp, email: &str) {
    let body = json!({"full_name": "Nia Roberts", "email": email, "phone_number": "07700 900140", "password": "lantern by the sea"});
    let (status, answer) = post(app, "/api/auth/register/", body, None).await;
    assert_eq!(status, 201, "{answer}");
}

async fn a_burst_of_guesses_gets_no_more_than_five_tries(backend: Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let email = "nia.burst@example.co.uk";
    register(&app, email).await;
    let code = inbox.code_for(email).await;
    let wrong = if code == "999999" { "888888" } else { "999999" };
    let guesses = (0..30).map(|_| post(&app, "/api/auth/verify-email/", json!({"email": email, "otp": wrong}), None));
    let answers = futures::future::join_all(guesses).await;
    assert!(answers.iter().all(|(status, _)| *status == 400));
    let compared = answers.iter().filter(|(_, body)| body["otp"][0] == "Invalid or expired code.").count();
    assert!(compared <= 5, "{compared} of 30 simultaneous guesses were compared with the code");
    let (status, body) = post(&app, "/api/auth/verify-email/", json!({"email": email, "otp": code}), None).await;
    assert_eq!((status, body["otp"][0].as_str()), (400, Some("Too many wrong codes. Request a new code.")));
}
on_both_databases!(backend a_burst_of_guesses_gets_no_more_than_five_tries);

/// A server behind one proxy of ours, with small limits.
async fn behind_a_proxy(customize: impl FnOnce(&mut server::config::Config)) -> TestApp {
    TestApp::spawn_with(Backend::Sqlite, |config| {
        config.trusted_proxies = 1;
        config.limits.login_per_minute = 3;
        config.limits.register_per_hour = 2;
        customize(config);
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_checks_are_limited_per_account_whatever_the_address() {
    let app = behind_a_proxy(|_| {}).await;
    for (path, body) in [
        ("/api/auth/verify-email/", json!({"email": "nobody@example.org", "otp": "123456"})),
        ("/api/auth/password-reset-confirm/", json!({"email": "nobody@example.org", "otp": "123456", "password": "a new long password"})),
    ] {
        for n in 1..=3 {
            let (status, _) = post(&app, path, body.clone(), Some(&format!("203.0.113.{n}"))).await;
            assert_eq!(status, 400, "{path}");
        }
        let (status, answer) = post(&app, path, body.clone(), Some("203.0.113.4")).await;
        assert_eq!(status, 429, "{path}: the fourth guess at one account, from a fourth address: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_forwarded_for_does_not_dodge_the_limits() {
    let app = behind_a_proxy(|_| {}).await;
    let attempt = |n: u32, hops: String| {
        let app = &app;
        async move {
            let body =
                json!({"full_name": "Forged Hops", "email": format!("forged{n}@example.org"), "phone_number": "07700 900141", "password": "a long password"});
            post(app, "/api/auth/register/", body, Some(&hops)).await.0
        }
    };
    // The client writes whatever it likes on the left; our proxy appends the real address.
    assert_eq!(attempt(1, "1.1.1.1, 198.51.100.7".into()).await, 201);
    assert_eq!(attempt(2, "2.2.2.2, 198.51.100.7".into()).await, 201);
    assert_eq!(attempt(3, "3.3.3.3, 198.51.100.7".into()).await, 429);
    // An IPv6 client rotating addresses within its /64 is one client.
    assert_eq!(attempt(4, "2001:db8:5:6::1".into()).await, 201);
    assert_eq!(attempt(5, "2001:db8:5:6::2".into()).await, 201);
    assert_eq!(attempt(6, "2001:db8:5:6:ffff::3".into()).await, 429);
    assert_eq!(attempt(7, "2001:db8:5:7::1".into()).await, 201, "another /64 is another client");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_from_elsewhere_do_not_lock_the_owner_out() {
    let app = behind_a_proxy(|config| {
        config.limits.login_per_minute = 100;
        config.limits.login_failures_per_quarter_hour = 3;
    })
    .await;
    let wrong = json!({"email": DEMO.0, "password": "not the password"});
    for _ in 0..3 {
        assert_eq!(post(&app, "/api/auth/login/", wrong.clone(), Some("203.0.113.66")).await.0, 401);
    }
    assert_eq!(post(&app, "/api/auth/login/", wrong.clone(), Some("203.0.113.66")).await.0, 429, "the guesser is stopped at this account");
    let elsewhere = json!({"email": "amelia.hughes@example.co.uk", "password": "not the password"});
    assert_eq!(post(&app, "/api/auth/login/", elsewhere, Some("203.0.113.66")).await.0, 401, "the limit is per account and address, not per address");
    let (status, body) = post(&app, "/api/auth/login/", json!({"email": DEMO.0, "password": DEMO.1}), Some("198.51.100.20")).await;
    assert_eq!(status, 200, "the owner still signs in from their own address: {body}");
}

async fn a_revoked_sign_in_cannot_be_revived_by_a_racing_refresh(app: &TestApp) {
    use entity::refresh_token;
    let first = login(app, DEMO).await;
    let (status, second) = post(app, "/api/auth/token/refresh/", json!({"refresh": first["refresh"]}), None).await;
    assert_eq!(status, 200);
    let (status, _) = post(app, "/api/auth/token/refresh/", json!({"refresh": first["refresh"]}), None).await;
    assert_eq!(status, 401, "a replayed refresh token revokes its sign-in");
    // What a refresh racing that revocation leaves behind: its new token written after the
    // family was revoked, so not revoked itself.
    let newest = refresh_token::Entity::find().order_by_desc(refresh_token::Column::Id).one(&app.site.db).await.unwrap().unwrap();
    let mut row = newest.into_active_model();
    row.revoked_at = Set(None);
    row.update(&app.site.db).await.unwrap();

    let (status, _) = post(app, "/api/auth/token/refresh/", json!({"refresh": second["refresh"]}), None).await;
    assert_eq!(status, 401, "the revoked sign-in is not extended");
    let profile = app.client.get(format!("{}/api/auth/profile/", app.base)).bearer_auth(second["access"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(profile.status(), 401, "nor are its access tokens accepted");
}
on_both_databases!(a_revoked_sign_in_cannot_be_revived_by_a_racing_refresh);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sent_mail_leaves_no_code_in_the_outbox() {
    use entity::mail_outbox;
    let (app, inbox) = TestApp::with_mail(Backend::Sqlite).await;
    let email = "nia.outbox@example.co.uk";
    register(&app, email).await;
    let code = inbox.code_for(email).await;
    let mail = inbox.wait_for(email, 5).await;
    let subject = mail.lines().find(|l| l.starts_with("Subject:")).unwrap();
    assert!(!subject.contains(&code), "no code in the subject: {subject}");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let rows = loop {
        let rows = mail_outbox::Entity::find().all(&app.site.db).await.unwrap();
        if rows.iter().all(|r| r.sent_at.is_some()) {
            break rows;
        }
        assert!(std::time::Instant::now() < deadline, "the mail was not marked sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    for row in rows {
        assert!(![&row.subject, &row.text_body, &row.html_body].iter().any(|field| field.contains(&code)), "the code is still readable in the outbox");
    }
}

/// A whole request on a raw connection, answered 200 by any server that serves it.
const ROBOTS: &[u8] = b"GET /robots.txt HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";

/// A raw connection, to be slow or silent on purpose.
async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://")).await.unwrap()
}

/// What the server sends before it closes the connection, if it does within `seconds`.
async fn answer_within(stream: &mut TcpStream, seconds: u64) -> Option<String> {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    let read_all = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(seconds), read_all).await.ok()?;
    Some(String::from_utf8_lossy(&answer).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.connections.header_read_timeout = Duration::from_secs(1);
        config.connections.body_read_timeout = Duration::from_secs(1);
        config.connections.request_timeout = Duration::from_secs(3);
        // The pace of a body has a test of its own: here the request's own time limit ends it.
        config.connections.body_min_bytes_per_second = 1;
    })
    .await;

    let mut headers_never_end = connect(&app).await;
    headers_never_end.write_all(b"GET / HTTP/1.1\r\nHost: test\r\n").await.unwrap();
    assert!(answer_within(&mut headers_never_end, 5).await.is_some(), "a client that never finishes its headers is disconnected");

    let mut body_stops = connect(&app).await;
    body_stops
        .write_all(b"POST /api/auth/login/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\"")
        .await
        .unwrap();
    let answer = answer_within(&mut body_stops, 5).await.expect("a client whose body stops is answered");
    assert!(answer.starts_with("HTTP/1.1 4"), "{answer}");

    // A byte every half second never trips the body timeout, but the request as a whole ends.
    let mut trickle = connect(&app).await;
    trickle.write_all(b"POST /api/auth/login/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n").await.unwrap();
    let started = std::time::Instant::now();
    let answer = loop {
        if trickle.write_all(b" ").await.is_err() {
            break answer_within(&mut trickle, 1).await.unwrap_or_default();
        }
        let mut peek = [0u8; 64];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(500), trickle.peek(&mut peek)).await
            && n > 0
        {
            break answer_within(&mut trickle, 2).await.unwrap_or_default();
        }
        assert!(started.elapsed() < Duration::from_secs(8), "a trickling request ran past its time limit");
    };
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_wait_for_a_free_one() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.connections.max_connections = 2;
        config.connections.header_read_timeout = Duration::from_secs(30);
    })
    .await;
    let idle_one = connect(&app).await;
    let _idle_two = connect(&app).await;
    let mut third = connect(&app).await;
    third.write_all(ROBOTS).await.unwrap();
    let mut first_byte = [0u8; 1];
    let early = tokio::time::timeout(Duration::from_secs(1), third.peek(&mut first_byte)).await;
    assert!(early.is_err(), "a third connection is not served while two are open");
    drop(idle_one);
    let answer = answer_within(&mut third, 5).await.expect("served once a connection closes");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

const PDF: &[u8] = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn certificates_are_capped_per_request_and_per_member() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.limits.certificates_per_request = 2;
        config.limits.certificates_per_member = 3;
    })
    .await;
    let access = login(&app, DEMO).await["access"].as_str().unwrap().to_string();
    let upload = |count: usize| {
        let form = (0..count).fold(Form::new(), |form, n| form.part("certificates", Part::bytes(PDF.to_vec()).file_name(format!("first-aid-{n}.pdf"))));
        let request = app.client.patch(format!("{}/api/auth/profile/", app.base)).bearer_auth(&access).multipart(form);
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let (status, body) = upload(3).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["certificates"][0], "Add at most 2 certificates at a time.");
    let (status, body) = upload(2).await;
    assert_eq!((status, body["certificates"].as_array().map(Vec::len)), (200, Some(2)), "{body}");
    let (status, body) = upload(2).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["certificates"][0], "You can keep at most 3 certificates. Remove one first.");
    let uploads = walk(&app.config.data_dir.join("uploads"));
    assert_eq!(uploads.len(), 2, "refused uploads leave no file behind: {uploads:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_changes_are_limited_per_member() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.limits.login_per_minute = 3).await;
    let access = login(&app, DEMO).await["access"].as_str().unwrap().to_string();
    let change = || {
        app.client
            .put(format!("{}/api/auth/update-password/", app.base))
            .bearer_auth(&access)
            .json(&json!({"old_password": "a guess at it", "new_password": "a new long password"}))
            .send()
    };
    for _ in 0..3 {
        assert_eq!(change().await.unwrap().status(), 400);
    }
    assert_eq!(change().await.unwrap().status(), 429, "a stolen token is no fast way to guess the password");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let runtime = app.get("/").await.text().await.unwrap();
    let script = runtime.split('"').find(|part| part.starts_with("/assets/runtime-")).expect("the page loads its runtime").to_owned();
    for path in ["/", "/services", "/nowhere", "/api/openapi.json", "/api/auth/profile/", "/robots.txt", &script] {
        let response = app.get(path).await;
        let headers = response.headers();
        let policy = headers.get("content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP")).to_str().unwrap();
        let directive = |name: &str| policy.split(';').map(str::trim).find(|d| d.starts_with(name)).unwrap_or_default().to_string();
        if headers["content-type"].to_str().unwrap().starts_with("text/html") {
            assert_eq!(directive("script-src"), "script-src 'self'", "{path}: only our own script files run");
        } else {
            assert_eq!(directive("default-src"), "default-src 'none'", "{path}: anything but a page loads nothing");
        }
        assert_eq!(directive("frame-ancestors"), "frame-ancestors 'none'", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert!(headers.contains_key("referrer-policy"), "{path}");
        assert!(!headers.contains_key("strict-transport-security"), "{path}: no HSTS over plain HTTP");
    }
    let profile = app.get("/api/auth/profile/").await;
    assert_eq!(profile.headers()["cache-control"], "no-store");
    let login = app.client.post(format!("{}/api/auth/login/", app.base)).json(&json!({"email": DEMO.0, "password": DEMO.1})).send().await.unwrap();
    assert_eq!((login.status().as_u16(), login.headers()["cache-control"].to_str().unwrap()), (200, "no-store"), "tokens are never cached");

    let secure = TestApp::spawn_with(Backend::Sqlite, |config| config.public_url = "https://www.brightway.example".into()).await;
    let hsts = secure.get("/").await.headers().get("strict-transport-security").cloned();
    assert!(hsts.is_some_and(|v| v.to_str().unwrap().contains("max-age=")), "HTTPS sites ask browsers to stay on HTTPS");
}

/// Every answer that carries a member's or staff member's data is `no-store`, not only the
/// accounts' (bookings, payments, notifications, bookmarks, applications, provider records,
/// the back office); a public list asked without credentials keeps its own caching.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_with_a_members_data_are_kept_by_no_one() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let member = login(&app, DEMO).await;
    let token = member["access"].as_str().unwrap();
    let staff = crate::admin::staff_member(&app).await;
    for path in [
        "/api/service/booking/",
        "/api/payments/",
        "/api/notifications",
        "/api/bookmarks/",
        "/api/service/applications/",
        "/api/service/providers/",
        "/api/service/jobs/?mine=true",
    ] {
        let response = app.client.get(format!("{}{path}", app.base)).bearer_auth(token).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"), "{path}");
    }
    for path in ["/api/admin/dashboard/", "/api/admin/members/", "/api/admin/bookings/"] {
        let response = app.client.get(format!("{}{path}", app.base)).header("cookie", &staff.cookie).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"), "{path}");
    }
    let public = app.get("/api/service/").await;
    assert_ne!(public.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"), "the public catalogue asked by a visitor");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_have_no_inline_script_for_the_policy_to_block() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    for path in app::routes::PATHS {
        let (_, html) = app.text(path).await;
        for script in html.split("<script").skip(1) {
            let tag = &script[..script.find('>').unwrap()];
            let data_only = tag.contains("type=\"application/json\"") || tag.contains("type=\"application/ld+json\"");
            assert!(tag.contains("src=") || data_only, "{path} has an inline script: <script{tag}>");
        }
    }
}

fn walk(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_data_folder_and_its_files_are_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.jwt_secret = None).await;
    register(&app, "nia.files@example.co.uk").await;
    let access = login(&app, DEMO).await["access"].as_str().unwrap().to_string();
    let form = Form::new().part("passport", Part::bytes(PDF.to_vec()).file_name("passport.pdf"));
    let response = app.client.patch(format!("{}/api/auth/profile/", app.base)).bearer_auth(&access).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let data = app.config.data_dir.clone();
    assert_eq!(mode(&data), 0o700, "the data folder");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !walk(&data.join("mail")).iter().any(|p| p.extension().is_some_and(|e| e == "eml")) {
        assert!(std::time::Instant::now() < deadline, "no mail file was written");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let files = walk(&data);
    for kind in ["secret", "test.sqlite3", ".eml", ".pdf"] {
        assert!(files.iter().any(|p| p.to_string_lossy().ends_with(kind)), "no {kind} file among {files:?}");
    }
    for file in files {
        assert_eq!(mode(&file) & 0o077, 0, "{} is readable by others", file.display());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_staff_account_guard_hides_staff_calls_from_everyone_else() {
    use axum::body::Body;
    use axum::http::{Request, header};
    use server::accounts::signed_in::StaffAccount;
    use tower::ServiceExt;
    let app = TestApp::spawn(Backend::Sqlite).await;
    let back_office = axum::Router::new()
        .route("/admin-only", axum::routing::get(|StaffAccount(staff): StaffAccount| async move { staff.user.email }))
        .with_state(app.state.clone());
    let ask = |token: Option<String>| {
        let mut request = Request::get("/admin-only");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        back_office.clone().oneshot(request.body(Body::empty()).unwrap())
    };
    assert_eq!(ask(None).await.unwrap().status(), 401, "a visitor is asked to sign in");
    let member = login(&app, DEMO).await["access"].as_str().unwrap().to_string();
    assert_eq!(ask(Some(member)).await.unwrap().status(), 404, "to a member the back office does not exist");

    let email = server::domain::Email::parse("boss@example.org").unwrap();
    server::accounts::staff::create_or_promote(&app.site.db, &email, "a long staff password").await.unwrap();
    let staff = login(&app, ("boss@example.org", "a long staff password")).await["access"].as_str().unwrap().to_string();
    let answer = ask(Some(staff)).await.unwrap();
    assert_eq!(answer.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_method_gets_the_contract_error() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let wrong_method = app.client.delete(format!("{}/api/auth/login/", app.base)).send().await.unwrap();
    assert_eq!(wrong_method.status(), 405);
    let body: Value = wrong_method.json().await.unwrap();
    assert_eq!((body["error"].as_bool(), body["message"].as_str()), (Some(true), Some("This method is not allowed here.")));
}

async fn refreshes_at_once_all_answer(app: &TestApp) {
    let sign_ins = futures::future::join_all((0..8).map(|_| login(app, DEMO))).await;
    let refreshes = sign_ins.iter().map(|tokens| post(app, "/api/auth/token/refresh/", json!({"refresh": tokens["refresh"]}), None));
    let answers = futures::future::join_all(refreshes).await;
    assert!(answers.iter().all(|(status, _)| *status == 200), "{answers:?}");
    // The same token twice at once: one wins, the other is a replay; never a server error.
    let token = json!({"refresh": answers[0].1["refresh"]});
    let racing = futures::future::join_all((0..2).map(|_| post(app, "/api/auth/token/refresh/", token.clone(), None))).await;
    let mut statuses: Vec<u16> = racing.iter().map(|(status, _)| *status).collect();
    statuses.sort();
    assert_eq!(statuses, [200, 401], "{racing:?}");
}
on_both_databases!(refreshes_at_once_all_answer);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_published_demo_staff_account_is_retired() {
    use entity::user;
    let app = TestApp::spawn(Backend::Sqlite).await;
    // As earlier demo data left it in databases it seeded.
    let email = server::domain::Email::parse("admin@brightway.example").unwrap();
    server::accounts::staff::create_or_promote(&app.site.db, &email, "admin-password-1").await.unwrap();
    login(&app, ("admin@brightway.example", "admin-password-1")).await;

    server::accounts::staff::retire_published_staff_account(&app.site.db).await.unwrap();
    let retired = user::Entity::find().all(&app.site.db).await.unwrap().into_iter().find(|u| u.email == "admin@brightway.example").unwrap();
    assert!(!retired.is_staff, "no longer staff");
    let (status, _) = post(&app, "/api/auth/login/", json!({"email": "admin@brightway.example", "password": "admin-password-1"}), None).await;
    assert_eq!(status, 401, "the published password no longer signs in");

    // A staff account that merely has that address but its own password is left alone.
    server::accounts::staff::create_or_promote(&app.site.db, &email, "a password of their own").await.unwrap();
    server::accounts::staff::retire_published_staff_account(&app.site.db).await.unwrap();
    let kept = user::Entity::find().all(&app.site.db).await.unwrap().into_iter().find(|u| u.email == "admin@brightway.example").unwrap();
    assert!(kept.is_staff);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_hold_every_connection() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.connections.max_connections_per_address = Some(2);
        config.connections.header_read_timeout = Duration::from_secs(30);
    })
    .await;
    let _first = connect(&app).await;
    let _second = connect(&app).await;
    let mut third = connect(&app).await;
    third.write_all(ROBOTS).await.unwrap_or_default();
    assert_eq!(answer_within(&mut third, 5).await.as_deref(), Some(""), "a third connection from the same address is closed unanswered");

    // Another client (another loopback address) is served meanwhile.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    let mut other = socket.connect(app.base.trim_start_matches("http://").parse().unwrap()).await.unwrap();
    other.write_all(ROBOTS).await.unwrap();
    let answer = answer_within(&mut other, 5).await.expect("served");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_closes_its_idle_connections_at_once() {
    let mut app = TestApp::spawn_with(Backend::Sqlite, |config| config.connections.shutdown_grace = Duration::from_secs(30)).await;
    // Kept open after their answers.
    let mut idle = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(&app).await;
        stream.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: test\r\n\r\n").await.unwrap();
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).await.unwrap();
        assert_eq!(&head, b"HTTP/1.1 200");
        idle.push(stream);
    }
    let stopping = std::time::Instant::now();
    app.stop().await.expect("the server stops cleanly");
    assert!(stopping.elapsed() < Duration::from_secs(5), "the idle connections were not waited for: {:?}", stopping.elapsed());
    for mut stream in idle {
        assert!(answer_within(&mut stream, 5).await.is_some(), "and each is closed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_over_http2_is_answered_like_one_over_http1() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let h2 = reqwest::Client::builder().http2_prior_knowledge().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let h1 = reqwest::Client::builder().http1_only().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    // A page, a kept API answer, an API answer through the router, and a page that is not there.
    for path in ["/about", "/api/website-info/", "/api/website-info/", "/api/service/?page_size=1", "/nowhere"] {
        let (one, two) = (h1.get(format!("{}{path}", app.base)).send().await.unwrap(), h2.get(format!("{}{path}", app.base)).send().await.unwrap());
        assert_eq!((one.version(), two.version()), (reqwest::Version::HTTP_11, reqwest::Version::HTTP_2), "{path}");
        assert_eq!(one.status(), two.status(), "{path}");
        let headers = |response: &reqwest::Response| {
            let mut named: Vec<(String, String)> = response
                .headers()
                .iter()
                .filter(|(name, _)| !["date", "x-request-id", "connection", "keep-alive", "transfer-encoding"].contains(&name.as_str()))
                .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or("").to_string()))
                .collect();
            named.sort();
            named
        };
        assert_eq!(headers(&one), headers(&two), "{path}: the same headers");
        assert_eq!(one.bytes().await.unwrap(), two.bytes().await.unwrap(), "{path}: the same body");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_could_be_read_two_ways_hides_no_request() {
    let app = &TestApp::spawn(Backend::Sqlite).await;
    // A message the API takes (201) when its body has one length.
    let message = json!({"full_name": "Ann Lee", "email": "ann@lee.example", "subject": "Hi", "body": "Hello"}).to_string();
    // Kept alive unless the server closes it.
    let head = "POST /api/contact/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n";
    let chunked = format!("{:x}\r\n{message}\r\n0\r\n\r\n", message.len());
    let length = message.len();
    let send_raw = |framing: String, body: String| async move {
        let mut stream = connect(app).await;
        stream.write_all(format!("{head}{framing}\r\n{body}").as_bytes()).await.unwrap();
        answer_within(&mut stream, 5).await.unwrap_or_default()
    };
    let answer = send_raw(format!("Content-Length: {length}\r\nContent-Length: {}\r\n", length + 1), message.clone()).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "two lengths: {answer}");
    // With both headers the chunked body is read, and the connection closed after its answer:
    // a request hidden after the body (as the other length would have it) is never read.
    let hidden = "GET /robots.txt HTTP/1.1\r\nHost: test\r\n\r\n";
    for framing in
        [format!("Content-Length: {length}\r\nTransfer-Encoding: chunked\r\n"), format!("Transfer-Encoding: chunked\r\nContent-Length: {length}\r\n")]
    {
        let answer = send_raw(framing.clone(), format!("{chunked}{hidden}")).await;
        assert_eq!(answer.matches("HTTP/1.1 ").count(), 1, "{framing:?}: one answer, and the connection closed: {answer}");
        assert!(!answer.contains("User-agent"), "{framing:?}: the hidden request was not answered: {answer}");
    }
    let taken = entity::contact_message::Entity::find().all(&app.site.db).await.unwrap().len();

    // Over HTTP/2 a body is as long as its frames (Transfer-Encoding is a malformed header
    // there, which no client sends): a Content-Length that disagrees with them resets the stream.
    let h2 = reqwest::Client::builder().http2_prior_knowledge().build().unwrap();
    let wrong_length = h2.post(format!("{}/api/contact/", app.base)).header("content-type", "application/json").header("content-length", "5");
    assert!(wrong_length.body(message.clone()).send().await.is_err(), "the stream is reset");
    assert_eq!(entity::contact_message::Entity::find().all(&app.site.db).await.unwrap().len(), taken, "nothing more was taken");
    let taken = h2.post(format!("{}/api/contact/", app.base)).header("content-type", "application/json").body(message.clone()).send().await.unwrap();
    assert_eq!(taken.status(), 201, "one length, over HTTP/2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_few_addresses_cannot_take_every_connection() {
    // Scaled down: 16 connections, so each address may hold the default's sixteenth, 1.
    let app = &TestApp::spawn_with(Backend::Sqlite, |config| {
        let defaults = server::config::Config::from_settings(|name| (name == "MAX_CONNECTIONS").then(|| "16".to_string())).unwrap();
        config.connections.max_connections = defaults.connections.max_connections;
        config.connections.max_connections_per_address = defaults.connections.max_connections_per_address;
        config.connections.header_read_timeout = Duration::from_secs(30);
    })
    .await;
    assert_eq!(app.config.connections.max_connections_per_address, Some(1));
    let from = |address: &'static str| async move {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{address}:0").parse().unwrap()).unwrap();
        socket.connect(app.base.trim_start_matches("http://").parse().unwrap()).await.unwrap()
    };
    // Three clients try to hold more than every slot between them, silent, as slow clients do.
    let mut held = Vec::new();
    for address in ["127.0.0.2", "127.0.0.3", "127.0.0.4"] {
        for _ in 0..6 {
            held.push(from(address).await);
        }
    }
    let mut fourth = from("127.0.0.5").await;
    fourth.write_all(ROBOTS).await.unwrap();
    let answer = answer_within(&mut fourth, 5).await.expect("a fourth client is served");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let defaults = server::config::Config::from_settings(|_| None).unwrap();
    assert_eq!((defaults.connections.max_connections, defaults.connections.max_connections_per_address), (4096, Some(64)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_falls_behind_its_pace_is_cut_off() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.connections.body_read_timeout = Duration::from_secs(1);
        config.connections.body_min_bytes_per_second = 1000;
        config.connections.request_timeout = Duration::from_secs(30);
    })
    .await;
    let message = json!({"full_name": "Ann Lee", "email": "ann@lee.example", "subject": "Hi", "body": "Hello"}).to_string();
    let head = |length: usize| {
        format!("POST /api/contact/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {length}\r\n\r\n")
    };

    // Ten bytes every tenth of a second, never pausing long, but a hundred bytes a second.
    let mut trickle = connect(&app).await;
    trickle.write_all(head(100_000).as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let answer = loop {
        if trickle.write_all(&[b' '; 10]).await.is_err() {
            break answer_within(&mut trickle, 2).await.unwrap_or_default();
        }
        let mut peek = [0u8; 64];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(100), trickle.peek(&mut peek)).await
            && n > 0
        {
            break answer_within(&mut trickle, 2).await.unwrap_or_default();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "a body behind its pace ran on");
    };
    assert!(answer.starts_with("HTTP/1.1 408") && answer.contains("came too slowly"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(5), "cut off soon after the grace: {:?}", started.elapsed());

    // A body that keeps its pace, with pauses, is taken: 2,400 bytes over 1.6 s.
    let padded = format!("{message}{}", " ".repeat(2400 - message.len()));
    let mut steady = connect(&app).await;
    steady.write_all(head(padded.len()).as_bytes()).await.unwrap();
    for part in padded.as_bytes().chunks(800) {
        steady.write_all(part).await.unwrap();
        tokio::time::sleep(Duration::from_millis(800)).await;
    }
    let answer = answer_within(&mut steady, 5).await.unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_asks_nothing_is_closed() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.connections.header_read_timeout = Duration::from_secs(1)).await;
    let started = std::time::Instant::now();
    let mut silent = connect(&app).await;
    // The start of HTTP/2's opening line, which leaves the protocol undecided.
    let mut undecided = connect(&app).await;
    undecided.write_all(b"PRI * HTTP/2.0\r\n").await.unwrap();
    // A connection whose one request was answered, then left open.
    let mut answered = connect(&app).await;
    answered.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: test\r\n\r\n").await.unwrap();
    for (name, stream) in [("silent", &mut silent), ("undecided", &mut undecided), ("answered", &mut answered)] {
        assert!(answer_within(stream, 5).await.is_some(), "{name}: closed");
    }
    assert!(started.elapsed() < Duration::from_secs(5), "within a second or two of the header time: {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_at_the_stop_finishes_past_the_header_time() {
    let mut app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.connections.header_read_timeout = Duration::from_secs(1);
        config.connections.body_min_bytes_per_second = 0;
        config.connections.shutdown_grace = Duration::from_secs(10);
    })
    .await;
    let message = json!({"full_name": "Ann Lee", "email": "ann@lee.example", "subject": "Hi", "body": "Hello"}).to_string();
    let mut request = connect(&app).await;
    let head = format!("POST /api/contact/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", message.len());
    request.write_all(head.as_bytes()).await.unwrap();
    request.write_all(&message.as_bytes()[..10]).await.unwrap();
    // The body's end comes two header times after the stop began.
    let finish = async {
        tokio::time::sleep(Duration::from_secs(2)).await;
        request.write_all(&message.as_bytes()[10..]).await.unwrap();
        answer_within(&mut request, 5).await.unwrap_or_default()
    };
    // The stop comes once the request is under way (its head read and handed to the router).
    let stop = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        app.stop().await
    };
    let (stopped, answer) = tokio::join!(stop, finish);
    stopped.expect("the server stops cleanly");
    assert!(answer.starts_with("HTTP/1.1 201"), "answered within the grace: {answer}");
}
