//! Uploads in an S3-compatible store: the server against moto's S3 server on loopback, and
//! the store going away during uploads and coming back.

use crate::common;

use common::{Backend, TestApp};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// moto's S3 server on `port` with an empty `bucket`; stopped when dropped.
async fn start_store(port: u16, bucket: &str) -> Stopped {
    let moto = which("moto_server").expect("moto_server is installed (scripts/test.sh installs it from PyPI)");
    let store = Stopped(
        std::process::Command::new(moto)
            .args(["-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while http.put(format!("http://127.0.0.1:{port}/{bucket}")).send().await.map(|r| !r.status().is_success()).unwrap_or(true) {
        assert!(Instant::now() < deadline, "moto did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    store
}

/// A server storing uploads in `bucket` of the store on `port`, told where it is and how to
/// sign in explicitly (not through the environment every test of this binary shares).
async fn app_with_store(port: u16, bucket: &str) -> TestApp {
    let options = [
        ("aws_endpoint", format!("http://127.0.0.1:{port}")),
        ("aws_allow_http", "true".into()),
        ("aws_access_key_id", "test".into()),
        ("aws_secret_access_key", "test".into()),
        ("aws_region", "eu-west-2".into()),
    ];
    TestApp::spawn_with(Backend::Sqlite, |config| {
        config.storage_url = format!("s3://{bucket}/uploads");
        config.storage_options = options.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
    })
    .await
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn demo_member_token(app: &TestApp) -> String {
    let tokens: Value = app
        .client
        .post(format!("{}/api/auth/login/", app.base))
        .json(&json!({"email": "demo@brightway.example", "password": "demo-password-1"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    tokens["access"].as_str().unwrap().to_string()
}

async fn upload(app: &TestApp, token: &str, field: &'static str, pdf: &[u8]) -> (u16, Value) {
    let form = reqwest::multipart::Form::new().part(field, reqwest::multipart::Part::bytes(pdf.to_vec()).file_name("document.pdf"));
    common::send(app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(form), Some(token)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documents_go_to_the_s3_bucket_and_back() {
    let port = free_port();
    let _store = start_store(port, "marketplace-test").await;
    let endpoint = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let app = app_with_store(port, "marketplace-test").await;

    let token = demo_member_token(&app).await;
    let pdf = b"%PDF-1.7\nutility bill\n".to_vec();
    let (status, profile) = upload(&app, &token, "utility_bill", &pdf).await;
    assert_eq!(status, 200, "{profile}");
    let link = profile["utility_bill"].as_str().expect("a signed link").to_string();

    let listing = http.get(format!("{endpoint}/marketplace-test")).send().await.unwrap().text().await.unwrap();
    assert!(listing.contains("<Key>uploads/utility_bill/"), "stored in the bucket under the prefix: {listing}");
    let fetched = app.client.get(&link).send().await.unwrap();
    assert_eq!(fetched.status(), 200);
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), pdf);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_answer_503_while_the_store_is_unreachable_and_work_again_when_it_is_back() {
    let port = free_port();
    let store = start_store(port, "marketplace-faults").await;
    let app = app_with_store(port, "marketplace-faults").await;
    let token = demo_member_token(&app).await;
    let pdf = b"%PDF-1.7\ncv\n".to_vec();
    let (status, before) = upload(&app, &token, "utility_bill", &pdf).await;
    assert_eq!(status, 200, "{before}");

    drop(store);
    let download = app.client.get(before["utility_bill"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(download.status(), 503, "a stored file is not reported missing while the store is away");
    let asked = Instant::now();
    let (status, body) = upload(&app, &token, "resume", &pdf).await;
    assert_eq!((status, body["message"].as_str()), (503, Some("File storage is unavailable for a moment. Please try again shortly.")), "{body}");
    assert!(asked.elapsed() < Duration::from_secs(10), "told in seconds, not after minutes of retries: {:?}", asked.elapsed());
    let (_, profile) = app.call(reqwest::Method::GET, "/api/auth/profile/", None, Some(&token)).await;
    assert!(profile["resume"].is_null(), "no record points at a file that was never stored: {profile}");
    assert!(profile["utility_bill"].is_string(), "what was stored before is still named");
    let form = crate::jobs::seeker_form("seeker@example.co.uk", false);
    let (status, body) = crate::jobs::post_form(&app, "/api/job-seekers/", form, None).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(entity::job_seeker::Entity::find().count(&app.site.db).await.unwrap(), 0, "no registration without its CV");

    // The store is back (empty, as moto keeps nothing): uploads work again, no restart.
    let _store = start_store(port, "marketplace-faults").await;
    let (status, profile) = upload(&app, &token, "resume", &pdf).await;
    assert_eq!(status, 200, "{profile}");
    let fetched = app.client.get(profile["resume"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), pdf);
}

/// Stops the S3 server when the test ends, pass or fail.
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn which(program: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(program)).find(|path| path.is_file())).ok_or(())
}
