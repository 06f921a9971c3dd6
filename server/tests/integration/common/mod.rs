//! Starts the real server on a random port against a fresh database: a SQLite file in a
//! temporary folder, or a new PostgreSQL database made for the test and dropped after it.

pub mod smtp;

use server::config::{Config, Limits, sqlite_url};
use server::site::Site;
use server::startup::{self, App};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A member and their access token.
pub struct SignedIn {
    pub user: entity::user::Model,
    pub token: String,
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub site: Arc<Site>,
    /// What handlers share, for tests that mount a handler of their own.
    pub state: Arc<server::state::AppState>,
    pub config: Config,
    _data_dir: tempfile::TempDir,
    _postgres: Option<PostgresDatabase>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    served: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

/// With `RUST_LOG` set, the server's logs go to the test's output, which the harness shows for
/// a failing test (and for every test with `--nocapture`); without it the tests log nothing.
fn log_when_asked() {
    if std::env::var_os("RUST_LOG").is_some() {
        // Several tests share the process: the first to start installs the subscriber.
        let _ = tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).with_test_writer().try_init();
    }
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The PostgreSQL server tests use; CI and the test script set it, the default suits this machine.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A database of its own for one test; dropped with it.
struct PostgresDatabase {
    admin_url: String,
    name: String,
}

impl PostgresDatabase {
    /// A copy of the template database, for one test.
    async fn create() -> (Self, String) {
        use sea_orm::ConnectionTrait;
        let admin_url = postgres_admin_url();
        let template = postgres_template().await;
        let name = format!("marketplace_test_{}", rand::random::<u64>());
        let admin = sea_orm::Database::connect(&admin_url).await.expect("PostgreSQL is reachable (TEST_POSTGRES_URL)");
        let statement = format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\"");
        let mut tries = 0;
        // Copies of one template at the same moment can be refused for a moment: try again.
        while let Err(error) = admin.execute_unprepared(&statement).await {
            tries += 1;
            assert!(tries < 20, "cannot copy the template database: {error}");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        admin.close().await.ok();
        (PostgresDatabase { admin_url, name: name.clone() }, database_url(&name))
    }
}

/// An empty database of its own, unmigrated (for tests of the migrations themselves); it is
/// dropped with the guard.
pub async fn empty_database(backend: Backend) -> (Box<dyn std::any::Any + Send>, String) {
    match backend {
        Backend::Sqlite => {
            let folder = tempfile::tempdir().expect("a temporary folder");
            let url = sqlite_url(&folder.path().join("empty.sqlite3"));
            (Box::new(folder), url)
        }
        Backend::Postgres => {
            use sea_orm::ConnectionTrait;
            let admin_url = postgres_admin_url();
            let name = format!("marketplace_test_{}", rand::random::<u64>());
            let admin = sea_orm::Database::connect(&admin_url).await.expect("PostgreSQL is reachable (TEST_POSTGRES_URL)");
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.expect("can create a test database");
            admin.close().await.ok();
            let url = database_url(&name);
            (Box::new(PostgresDatabase { admin_url, name }), url)
        }
    }
}

/// The URL of database `name` on the test PostgreSQL server.
fn database_url(name: &str) -> String {
    match postgres_admin_url().rsplit_once('/') {
        Some((server, _)) => format!("{server}/{name}"),
        None => panic!("TEST_POSTGRES_URL names no database"),
    }
}

/// Cheap password hashing for every server a test starts: the cost is the server's to
/// configure, and tests are not about it.
const CHEAP_HASHING: server::platform::passwords::HashCost = server::platform::passwords::HashCost { memory_kib: 64, iterations: 1 };

fn cheap_hashing() {
    server::platform::passwords::set_cost(CHEAP_HASHING);
}

/// The day the demo data is dated from, once for the whole run: a run across midnight seeds and
/// compares with the same dates.
pub static DEMO_DAY: std::sync::LazyLock<chrono::NaiveDate> = std::sync::LazyLock::new(server::domain::uk_time::today);

/// What a template is made of: the migrations, the demo data and this build of the tests.
fn template_key() -> String {
    use migration::MigratorTrait;
    use sha2::{Digest, Sha256};
    let mut digest = Sha256::new();
    for migration in migration::Migrator::migrations() {
        digest.update(migration.name().as_bytes());
    }
    digest.update(server::import::DEMO_FIXTURE.as_bytes());
    // The demo's jobs are dated from the day they are loaded.
    digest.update(DEMO_DAY.to_string().as_bytes());
    let built = std::env::current_exe().and_then(std::fs::metadata).and_then(|m| m.modified()).expect("the test binary has a time");
    digest.update(format!("{built:?}").as_bytes());
    hex::encode(&digest.finalize()[..8])
}

/// Migrates `url` and loads the demo data, as a first start would.
async fn migrate_and_seed(url: &str) {
    cheap_hashing();
    let db = server::platform::db::connect_and_migrate(url, server::platform::db::Pool::SMALL).await.expect("the template migrates");
    server::import::import(&db, server::import::demo(*DEMO_DAY).unwrap()).await.expect("the demo data loads");
    if url.starts_with("sqlite:") {
        use sea_orm::ConnectionTrait;
        // Everything into the main file, which is what gets copied.
        db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)").await.expect("a checkpoint");
    }
    db.close().await.expect("the template closes");
}

/// A migrated, demo-seeded SQLite file made once per test process; each test copies it.
async fn sqlite_template() -> &'static std::path::Path {
    static TEMPLATE: tokio::sync::OnceCell<(tempfile::TempDir, PathBuf)> = tokio::sync::OnceCell::const_new();
    let (_, path) = TEMPLATE
        .get_or_init(|| async {
            let folder = tempfile::tempdir().expect("a temporary folder");
            // Made as the server makes its own database: owner-only.
            server::platform::data_dir::prepare(folder.path()).expect("an owner-only folder");
            let path = folder.path().join("template.sqlite3");
            migrate_and_seed(&sqlite_url(&path)).await;
            (folder, path)
        })
        .await;
    path
}

/// A migrated, demo-seeded PostgreSQL database that tests copy with `CREATE DATABASE ...
/// TEMPLATE`, named by its key and the time it was made. It is kept between runs while its
/// key holds (other builds' templates go after a day), and made by one process at a time
/// under an advisory lock.
async fn postgres_template() -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            use sea_orm::{ConnectionTrait, Statement};
            let prefix = format!("marketplace_template_{}_", template_key());
            let mut options = sea_orm::ConnectOptions::new(postgres_admin_url());
            options.max_connections(1).sqlx_logging(false);
            let admin = sea_orm::Database::connect(options).await.expect("PostgreSQL is reachable (TEST_POSTGRES_URL)");
            admin.execute_unprepared("SELECT pg_advisory_lock(7310)").await.unwrap();
            let templates: Vec<String> = admin
                .query_all_raw(Statement::from_string(
                    sea_orm::DatabaseBackend::Postgres,
                    "SELECT datname FROM pg_database WHERE datname LIKE 'marketplace_template_%'",
                ))
                .await
                .unwrap()
                .iter()
                .map(|row| row.try_get("", "datname").unwrap())
                .collect();
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
            let name = match templates.iter().find(|t| t.starts_with(&prefix) && !t.ends_with("_partial")) {
                Some(existing) => existing.clone(),
                None => {
                    // Made under another name and renamed once whole, so a half-made one is never used.
                    let name = format!("{prefix}{now}");
                    let partial = format!("{name}_partial");
                    admin.execute_unprepared(&format!("CREATE DATABASE \"{partial}\"")).await.unwrap();
                    migrate_and_seed(&database_url(&partial)).await;
                    admin.execute_unprepared(&format!("ALTER DATABASE \"{partial}\" RENAME TO \"{name}\"")).await.unwrap();
                    name
                }
            };
            // Templates of other builds go once they are a day old: a test process of another
            // build may still be copying a younger one.
            for old in templates.iter().filter(|t| !t.starts_with(&prefix)) {
                let made: u64 = old.rsplit('_').find_map(|part| part.parse().ok()).unwrap_or(0);
                if now.saturating_sub(made) > 24 * 3600 {
                    let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{old}\" WITH (FORCE)")).await;
                }
            }
            admin.execute_unprepared("SELECT pg_advisory_unlock(7310)").await.unwrap();
            admin.close().await.ok();
            name
        })
        .await
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let statement = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
        // Drop may run inside the test's runtime, which cannot block: use a runtime of our own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
            runtime.block_on(async {
                use sea_orm::ConnectionTrait;
                if let Ok(admin) = sea_orm::Database::connect(&admin_url).await {
                    let _ = admin.execute_unprepared(&statement).await;
                    let _ = admin.close().await;
                }
            });
        })
        .join();
    }
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> TestApp {
        Self::spawn_with(backend, |_| {}).await
    }

    /// A server whose configuration `customize` may change (SMTP, limits, ...).
    pub async fn spawn_with(backend: Backend, customize: impl FnOnce(&mut Config)) -> TestApp {
        log_when_asked();
        let data_dir = tempfile::tempdir().expect("a temporary folder");
        let (postgres, database_url) = match backend {
            Backend::Sqlite => {
                let path = data_dir.path().join("test.sqlite3");
                std::fs::copy(sqlite_template().await, &path).expect("the template copies");
                (None, sqlite_url(&path))
            }
            Backend::Postgres => {
                let (database, url) = PostgresDatabase::create().await;
                (Some(database), url)
            }
        };
        Self::start(data_dir, database_url, postgres, customize).await
    }

    /// A server whose mail goes to a real SMTP listener; the inbox holds what it received.
    pub async fn with_mail(backend: Backend) -> (TestApp, smtp::Inbox) {
        let (url, inbox) = smtp::start().await;
        (Self::spawn_with(backend, |config| config.smtp_url = Some(url)).await, inbox)
    }

    /// A second server on the same database as `other` (as behind a load balancer), whose
    /// configuration `customize` may change.
    pub async fn spawn_beside(other: &TestApp, customize: impl FnOnce(&mut Config)) -> TestApp {
        Self::start(tempfile::tempdir().expect("a temporary folder"), other.config.database_url.clone(), None, customize).await
    }

    async fn start(data_dir: tempfile::TempDir, database_url: String, postgres: Option<PostgresDatabase>, customize: impl FnOnce(&mut Config)) -> TestApp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let address = listener.local_addr().unwrap();
        let defaults = Config::from_settings(|_| None).expect("the defaults are valid");
        let mut config = Config {
            port: address.port(),
            data_dir: data_dir.path().to_path_buf(),
            // As the server sizes it for this database (not for the defaults' SQLite file), at
            // most 8: the tests running at once share PostgreSQL's 100 connections.
            database_pool: server::platform::db::Pool { size: server::config::default_pool_size(&database_url).min(8), ..defaults.database_pool },
            database_url,
            public_url: format!("http://{address}"),
            islands_dir: repo_root().join("islands/dist"),
            public_dir: repo_root().join("public"),
            seed_demo: true,
            prerender_on_start: false,
            island_threads: 1,
            storage_url: data_dir.path().join("uploads").display().to_string(),
            jwt_secret: Some(format!("{:064x}", rand::random::<u128>())),
            password_hash: CHEAP_HASHING,
            mail_retry_after: std::time::Duration::from_millis(200),
            // Tests that are not about the connection caps (a burst of calls opens many
            // connections from one loopback address) must not trip them either.
            connections: server::config::Connections { max_connections_per_address: Some(defaults.connections.max_connections), ..defaults.connections },
            // Tests that are not about rate limits must not trip them.
            limits: Limits {
                login_per_minute: 1000,
                login_failures_per_quarter_hour: 1000,
                register_per_hour: 1000,
                resend_per_hour: 1000,
                reset_per_hour: 1000,
                ..defaults.limits
            },
            ..defaults
        };
        customize(&mut config);
        let app: App = startup::build(config.clone()).await.expect("the app starts");
        let site = app.site.clone();
        let state = app.state.clone();
        let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
        let served = tokio::spawn(startup::serve(app, listener, async {
            let _ = stop.await;
        }));
        TestApp {
            base: format!("http://{address}"),
            client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
            site,
            state,
            config,
            _data_dir: data_dir,
            _postgres: postgres,
            shutdown: Some(shutdown),
            served: Some(served),
        }
    }

    /// Stops the server as SIGTERM does and waits until `serve` has returned.
    pub async fn stop(&mut self) -> anyhow::Result<()> {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        match self.served.take() {
            Some(served) => served.await.expect("serve does not panic"),
            None => Ok(()),
        }
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.base)).send().await.expect("the server answers")
    }

    /// Status and body of a GET.
    pub async fn text(&self, path: &str) -> (u16, String) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.text().await.unwrap())
    }

    /// Asserts that `write` refreshes the kept page at `path`: the page, read (so kept) before
    /// the write, does not show `shown`; read after it, it does. A write that forgets to name
    /// the page's tag leaves the page as it was kept, and this fails.
    pub async fn assert_refreshed_by(&self, path: &str, shown: &str, write: impl std::future::Future<Output = ()>) {
        let (status, before) = self.text(path).await;
        assert_eq!(status, 200, "{path} answers before the write");
        assert!(!before.contains(shown), "{path} shows {shown:?} before the write");
        write.await;
        let (_, after) = self.text(path).await;
        assert!(after.contains(shown), "{path} was not refreshed by the write: it does not show {shown:?}");
    }

    /// Every part of the sitemap that `/sitemap.xml` indexes, one after the other.
    pub async fn sitemap(&self) -> String {
        let (status, index) = self.text("/sitemap.xml").await;
        assert_eq!(status, 200);
        assert!(index.contains("<sitemapindex"), "{index}");
        let mut parts = String::new();
        for loc in index.split("<loc>").skip(1).filter_map(|rest| rest.split_once("</loc>")).map(|(loc, _)| loc) {
            let (status, part) = self.text(loc.strip_prefix(&self.base).expect("a part on this site")).await;
            assert_eq!(status, 200, "{loc}");
            parts.push_str(&part);
        }
        parts
    }

    /// A verified member made straight in the database (the sign-up journey has tests of its
    /// own), with an access token.
    pub async fn member(&self, full_name: &str) -> SignedIn {
        let email = server::domain::Email::parse(&format!("member{}@example.co.uk", rand::random::<u32>())).unwrap();
        let new = server::accounts::members::NewMember {
            email: &email,
            password_hash: "not-a-hash".into(),
            full_name: full_name.into(),
            phone: None,
            is_verified: true,
            is_staff: false,
        };
        let user = server::accounts::members::insert(&self.site.db, new).await.unwrap();
        let token = self.state.tokens.issue(&self.site.db, user.id, None).await.unwrap().access;
        SignedIn { user, token }
    }

    /// Status and JSON body (`null` when empty) of a request, signed in when `token` is given.
    pub async fn call(&self, method: reqwest::Method, path: &str, body: Option<serde_json::Value>, token: Option<&str>) -> (u16, serde_json::Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, if text.is_empty() { serde_json::Value::Null } else { serde_json::from_str(&text).expect("a JSON body") })
    }

    pub async fn json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.expect("a JSON body"))
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// Status and body of `request`, signed in when `token` is given: JSON, the text itself when it
/// is not JSON, `null` when empty.
pub async fn send(request: reqwest::RequestBuilder, token: Option<&str>) -> (u16, serde_json::Value) {
    let request = match token {
        Some(token) => request.bearer_auth(token),
        None => request,
    };
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, if text.is_empty() { serde_json::Value::Null } else { serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)) })
}

/// Declares a test that runs `$check` once on SQLite and once on PostgreSQL: given a started
/// server, or (with `backend`) given the database kind.
#[macro_export]
macro_rules! on_both_databases {
    // `$check(backend)` starts what it needs itself (its own configuration, or no server).
    (backend $check:ident) => {
        mod $check {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$check(common::Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$check(common::Backend::Postgres).await;
            }
        }
    };
    ($check:ident) => {
        mod $check {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$check(&common::TestApp::spawn(common::Backend::Sqlite).await).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$check(&common::TestApp::spawn(common::Backend::Postgres).await).await;
            }
        }
    };
}

/// The first link in `text` (a mail) that starts with `prefix`.
/// The demo fixture the servers start with: what the tests expect to find.
pub fn demo() -> serde_json::Value {
    serde_json::from_str(server::import::DEMO_FIXTURE).unwrap()
}

pub fn link_in(text: &str, prefix: &str) -> String {
    let start = text.find(prefix).unwrap_or_else(|| panic!("a link {prefix} in {text}"));
    text[start..].split_whitespace().next().unwrap().to_string()
}

/// A date `days` from today in the UK, as the API writes dates.
pub fn uk_date(days: i64) -> String {
    (server::domain::uk_time::today() + chrono::Duration::days(days)).format("%Y-%m-%d").to_string()
}

/// Base64 decoding (standard or URL-safe alphabet; padding and line breaks ignored), for JWT
/// segments and mail parts, without another dependency.
pub fn base64_decode(input: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in input.bytes().filter(|c| !matches!(c, b'=' | b'\r' | b'\n')) {
        let value = match c {
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            other => alphabet.iter().position(|a| *a == other).expect("base64") as u32,
        };
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}
