//! What a load balancer asks: whether the server lives (`/healthz`), and whether it can serve
//! (`/readyz`: the database and the file storage answer), and that readiness comes back by
//! itself when what failed does.

use crate::common;

use common::{Backend, TestApp};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn readiness(app: &TestApp) -> (u16, Value) {
    let response = app.get("/readyz").await;
    assert_eq!(response.headers()["cache-control"], "no-store", "a balancer's answer is never cached");
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Asks `/readyz` until it answers `status`, for at most `seconds`.
async fn readiness_becomes(app: &TestApp, status: u16, seconds: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let (now, body) = readiness(app).await;
        if now == status {
            return body;
        }
        assert!(Instant::now() < deadline, "/readyz still answers {now} {body}, not {status}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn readiness_follows_the_storage(app: &TestApp) {
    let live = app.get("/healthz").await;
    assert_eq!(live.status(), 200);
    assert_eq!(live.headers()["cache-control"], "no-store");
    assert_eq!(live.json::<Value>().await.unwrap(), json!({ "status": "ok" }));
    assert_eq!(readiness(app).await, (200, json!({ "status": "ok", "database": "ok", "storage": "ok" })));

    // The uploads folder replaced by a file: nothing could be stored.
    let uploads = std::path::PathBuf::from(&app.config.storage_url);
    std::fs::remove_dir_all(&uploads).unwrap();
    std::fs::write(&uploads, b"not a folder").unwrap();
    assert_eq!(readiness(app).await, (503, json!({ "status": "unavailable", "database": "ok", "storage": "unreachable" })));
    assert_eq!(app.get("/healthz").await.status(), 200, "the process still lives");

    std::fs::remove_file(&uploads).unwrap();
    std::fs::create_dir(&uploads).unwrap();
    assert_eq!(readiness(app).await, (200, json!({ "status": "ok", "database": "ok", "storage": "ok" })), "ready again without a restart");
}
on_both_databases!(readiness_follows_the_storage);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_database() {
    let app = TestApp::spawn(Backend::Postgres).await;
    let name = app.config.database_url.rsplit('/').next().unwrap().to_string();
    let admin = sea_orm::Database::connect(common::postgres_admin_url()).await.unwrap();
    // As a database restart looks from the server: every connection cut, new ones refused.
    admin.execute_unprepared(&format!(r#"ALTER DATABASE "{name}" ALLOW_CONNECTIONS false"#)).await.unwrap();
    admin.execute_unprepared(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")).await.unwrap();

    let started = Instant::now();
    let down = readiness_becomes(&app, 503, 10).await;
    assert_eq!(down, json!({ "status": "unavailable", "database": "unreachable", "storage": "ok" }));
    assert!(started.elapsed() < Duration::from_secs(5), "a balancer is told within seconds, not after a connection timeout");
    assert_eq!(app.get("/healthz").await.status(), 200, "the process still lives");

    admin.execute_unprepared(&format!(r#"ALTER DATABASE "{name}" ALLOW_CONNECTIONS true"#)).await.unwrap();
    readiness_becomes(&app, 200, 15).await;
    assert_eq!(app.json("/api/service/categories/").await.0, 200, "and serves again without a restart");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_off_by_default_and_then_answer_only_their_token() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    assert_eq!(app.get("/metrics").await.status(), 404, "off unless METRICS_TOKEN is set");

    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.metrics_token = Some("scrape-secret-1".into())).await;
    assert_eq!(app.get("/metrics").await.status(), 401);
    let scrape = |token: &'static str| app.client.get(format!("{}/metrics", app.base)).bearer_auth(token).send();
    assert_eq!(scrape("scrape-secret-2").await.unwrap().status(), 401, "a wrong token");
    assert_eq!(app.get("/healthz").await.status(), 200);
    assert_eq!(app.get("/jobs").await.status(), 200);
    assert_eq!(app.get("/jobs").await.status(), 200);
    for _ in 0..2 {
        assert_eq!(app.json("/api/service/categories/").await.0, 200);
    }
    assert_eq!(app.json("/builds/latest.json").await.0, 200);
    let answer = scrape("scrape-secret-1").await.unwrap();
    assert_eq!(answer.status(), 200);
    assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    let text = answer.text().await.unwrap();
    assert!(text.contains("http_requests_total{route=\"/healthz\",status=\"2xx\"} 1\n"), "{text}");
    assert!(text.contains("http_requests_total{route=\"/jobs\",status=\"2xx\"} 2\n"), "pages count under their route: {text}");
    assert!(text.contains("page_cache_lookups_total{outcome=\"memory\"} 1\n"), "the second /jobs came from memory: {text}");
    assert!(text.contains("http_requests_total{route=\"/api/service/categories/\",status=\"2xx\"} 2\n"), "a kept API answer counts under its route: {text}");
    assert!(text.contains("http_requests_total{route=\"/builds/latest.json\",status=\"2xx\"} 1\n"), "{text}");
    assert!(text.contains("mail_outbox_waiting 0\n"), "{text}");
    let live = format!("page_cache_live_bytes {}\n", app.site.cache.disk_bytes());
    assert!(text.contains(&live) && text.contains("page_cache_pack_bytes "), "{text}");
    assert!(text.contains(&format!("database_pool_max_connections {}\n", app.config.database_pool.size)), "{text}");
    let value = |name: &str| {
        text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse::<u64>().ok()).unwrap_or_else(|| panic!("{name} in {text}"))
    };
    assert!(value("page_cache_memory_bytes") > 0, "/jobs is kept in memory: {text}");
    let heap = |state: &str| value(&format!("heap_bytes{{state=\"{state}\"}}"));
    assert!(heap("allocated") > 0 && heap("allocated") <= heap("active") && heap("active") <= heap("resident"), "{text}");
    assert!(heap("metadata") > 0, "{text}");
}
