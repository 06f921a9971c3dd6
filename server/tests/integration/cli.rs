//! The command line: `server create-admin EMAIL` with the password on standard input, the
//! demo data only when asked, and `server serve` stopping cleanly on SIGTERM.

use std::io::Write;
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_admin_makes_a_verified_staff_account_from_stdin() {
    let data = tempfile::tempdir().unwrap();
    let database_url = server::config::sqlite_url(&data.path().join("cli.sqlite3"));
    let run = |password: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
            .args(["create-admin", "Boss@Example.org"])
            .env("DATABASE_URL", &database_url)
            .env("DATA_DIR", data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(format!("{password}\n").as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };

    let refused = run("1234");
    assert!(!refused.status.success(), "a weak password is refused");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("too short"));

    let made = run("a long staff password");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    assert!(String::from_utf8_lossy(&made.stdout).contains("created staff account boss@example.org"));

    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let db = server::platform::db::connect(&database_url, server::platform::db::Pool::SMALL).await.unwrap();
    let admin = entity::user::Entity::find().filter(entity::user::Column::Email.eq("boss@example.org")).one(&db).await.unwrap().unwrap();
    assert!(admin.is_staff && admin.is_verified);
    assert!(server::platform::passwords::verify("a long staff password", &admin.password_hash));
    db.close().await.unwrap();

    let again = run("another staff password");
    assert!(String::from_utf8_lossy(&again.stdout).contains("updated staff account"), "running it twice promotes, not duplicates");
}

/// Runs `server export` (which starts the app, seeding as configured) on a database of
/// its own; returns how many categories the database then holds.
async fn categories_after_start(seed_demo: Option<&str>) -> u64 {
    use sea_orm::{EntityTrait, PaginatorTrait};
    let data = tempfile::tempdir().unwrap();
    let database_url = server::config::sqlite_url(&data.path().join("configured.sqlite3"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_server"));
    command.arg("export").arg(data.path().join("site")).env("DATABASE_URL", &database_url).env("DATA_DIR", data.path()).env_remove("SEED_DEMO");
    if let Some(value) = seed_demo {
        command.env("SEED_DEMO", value);
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let db = server::platform::db::connect(&database_url, server::platform::db::Pool::SMALL).await.unwrap();
    let count = entity::category::Entity::find().count(&db).await.unwrap();
    db.close().await.unwrap();
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_data_goes_into_a_configured_database_only_when_asked() {
    assert_eq!(categories_after_start(None).await, 0, "a database named in DATABASE_URL (production) gets no demo data by default");
    let demo = crate::common::demo();
    assert_eq!(categories_after_start(Some("true")).await, demo["categories"].as_array().unwrap().len() as u64);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_logs_json_with_request_ids_and_stops_cleanly_on_sigterm() {
    use std::io::{BufRead, BufReader};
    let data = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("serve")
        // Where the islands' build and the public files are, as in a checkout.
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .env("DATABASE_URL", server::config::sqlite_url(&data.path().join("stop.sqlite3")))
        .env("DATA_DIR", data.path())
        .env("PORT", port.to_string())
        .env("PRERENDER", "false")
        // The demo member, for a failed sign-in aimed at an account.
        .env("SEED_DEMO", "true")
        // A request selected by its span's fields: the sign-in's statements, a library's debug
        // lines, are written; no other request's.
        .env("RUST_LOG", "info,[request{path=/api/auth/login/}]=debug")
        // Standard output is a pipe, not a terminal: the logs are JSON, one object a line.
        .env_remove("LOG_FORMAT")
        .env("SHUTDOWN_GRACE_SECONDS", "3")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let entry = |line: String| serde_json::from_str::<serde_json::Value>(&line).unwrap_or_else(|_| panic!("a log line that is not JSON: {line}"));
    // Serving once the log says where it listens.
    let mut log = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = log
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| entry(line)["fields"]["address"].as_str().map(str::to_string))
        .expect("the server says where it listens");
    let health = reqwest::get(format!("http://{address}/healthz")).await.unwrap();
    assert_eq!(health.status(), 200);
    assert_eq!(health.headers()["x-request-id"].len(), 16, "a request id is made when none came");
    let traced = reqwest::Client::new().get(format!("http://{address}/readyz")).header("X-Request-Id", "lb-7f3a-0001").send().await.unwrap();
    assert_eq!(traced.headers()["x-request-id"], "lb-7f3a-0001", "the balancer's id is kept");
    // The second ask of a page is answered from the cache, before the router: observed all the same.
    for id in ["lb-7f3a-0003", "lb-7f3a-0004"] {
        let page = reqwest::Client::new().get(format!("http://{address}/jobs")).header("X-Request-Id", id).send().await.unwrap();
        assert_eq!(page.headers()["x-request-id"], id);
    }
    let guess = serde_json::json!({"email": "demo@brightway.example", "password": "not-the-password-42"});
    let refused =
        reqwest::Client::new().post(format!("http://{address}/api/auth/login/")).header("X-Request-Id", "lb-7f3a-0002").json(&guess).send().await.unwrap();
    assert_eq!(refused.status(), 401);

    let stopped = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(stopped.success());
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(15), "the server did not stop within 15 s of SIGTERM");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(status.code(), Some(0), "a clean stop exits 0");
    let lines: Vec<serde_json::Value> = log.map_while(Result::ok).map(entry).collect();
    let answered =
        lines.iter().find(|line| line["span"]["request_id"] == "lb-7f3a-0001" && line["target"] == "access").expect("the request's log line names its id");
    assert_eq!(answered["fields"]["status"], 200);
    assert_eq!(answered["span"]["route"], "/readyz");
    let within = |line: &serde_json::Value, id: &str| line["spans"].as_array().is_some_and(|spans| spans.iter().any(|span| span["request_id"] == id));
    let statement = |line: &&serde_json::Value| line["target"].as_str().is_some_and(|target| target.starts_with("sqlx::query"));
    let selected = lines.iter().filter(statement).find(|line| within(line, "lb-7f3a-0002")).expect("the selected request's statements are written");
    assert_eq!(selected["level"], "DEBUG", "{selected}");
    assert!(!lines.iter().filter(statement).any(|line| within(line, "lb-7f3a-0003")), "a page rendered from the database, not selected, writes none");
    let kept = lines.iter().find(|line| line["span"]["request_id"] == "lb-7f3a-0004" && line["target"] == "access").expect("a kept page's line names its id");
    assert_eq!((kept["fields"]["status"].as_u64(), kept["span"]["route"].as_str()), (Some(200), Some("/jobs")));
    let failed_sign_in = lines
        .iter()
        .find(|line| line["target"] == "security" && line["fields"]["event"] == "sign_in_failed")
        .expect("a failed sign-in is a security event in the log");
    assert_eq!((failed_sign_in["level"].as_str(), failed_sign_in["span"]["request_id"].as_str()), (Some("WARN"), Some("lb-7f3a-0002")));
    assert!(failed_sign_in["fields"]["account"].is_number(), "the account it was aimed at: {failed_sign_in}");
    assert!(lines.iter().all(|line| !line.to_string().contains("not-the-password-42")), "no password in the log");
    assert!(reqwest::get(format!("http://{address}/healthz")).await.is_err(), "nothing listens any more");
}
