//! Uploads in an S3-compatible store: the server against moto's S3 server on loopback.

use crate::common;

use common::{Backend, TestApp};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documents_go_to_the_s3_bucket_and_back() {
    let moto = which("moto_server").expect("moto_server is installed (scripts/test.sh installs it from PyPI)");
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let _moto = Stopped(std::process::Command::new(moto).args(["-p", &port.to_string()]).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn().unwrap());
    let endpoint = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while http.put(format!("{endpoint}/marketplace-test")).send().await.map(|r| !r.status().is_success()).unwrap_or(true) {
        assert!(std::time::Instant::now() < deadline, "moto did not start");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // object_store reads these when the store is opened.
    unsafe {
        std::env::set_var("AWS_ENDPOINT", &endpoint);
        std::env::set_var("AWS_ALLOW_HTTP", "true");
        std::env::set_var("AWS_ACCESS_KEY_ID", "test");
        std::env::set_var("AWS_SECRET_ACCESS_KEY", "test");
        std::env::set_var("AWS_REGION", "eu-west-2");
    }
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.storage_url = "s3://marketplace-test/uploads".into()).await;

    let tokens: Value = app.client.post(format!("{}/api/auth/login/", app.base)).json(&json!({"email": "demo@brightway.example", "password": "demo-password-1"})).send().await.unwrap().json().await.unwrap();
    let pdf = b"%PDF-1.7\nutility bill\n".to_vec();
    let form = reqwest::multipart::Form::new().part("utility_bill", reqwest::multipart::Part::bytes(pdf.clone()).file_name("bill.pdf"));
    let profile: Value = app.client.patch(format!("{}/api/auth/profile/", app.base)).bearer_auth(tokens["access"].as_str().unwrap()).multipart(form).send().await.unwrap().json().await.unwrap();
    let link = profile["utility_bill"].as_str().expect("a signed link").to_string();

    let listing = http.get(format!("{endpoint}/marketplace-test")).send().await.unwrap().text().await.unwrap();
    assert!(listing.contains("<Key>uploads/utility_bill/"), "stored in the bucket under the prefix: {listing}");
    let fetched = app.client.get(&link).send().await.unwrap();
    assert_eq!(fetched.status(), 200);
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
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(program)).find(|path| path.is_file()))
        .ok_or(())
}
