//! Starts the real server on a random port against a fresh database: a SQLite file in a
//! temporary folder, or a new PostgreSQL database made for the test and dropped after it.

#![allow(dead_code)]

pub mod smtp;

use server::config::{Config, Limits, sqlite_url};
use server::startup::{self, App};
use server::site::Site;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub site: Arc<Site>,
    pub config: Config,
    _data_dir: tempfile::TempDir,
    postgres: Option<PostgresDatabase>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The PostgreSQL server tests use; CI and the test script set it, the default suits this machine.
fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A database of its own for one test; dropped with it.
struct PostgresDatabase {
    admin_url: String,
    name: String,
}

impl PostgresDatabase {
    async fn create() -> (Self, String) {
        use sea_orm::ConnectionTrait;
        let admin_url = postgres_admin_url();
        let name = format!("marketplace_test_{}", rand::random::<u64>());
        let admin = sea_orm::Database::connect(&admin_url).await.expect("PostgreSQL is reachable (TEST_POSTGRES_URL)");
        admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.expect("can create a test database");
        admin.close().await.ok();
        let url = match admin_url.rsplit_once('/') {
            Some((server, _)) => format!("{server}/{name}"),
            None => panic!("TEST_POSTGRES_URL names no database"),
        };
        (PostgresDatabase { admin_url, name }, url)
    }
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
        let data_dir = tempfile::tempdir().expect("a temporary folder");
        let (postgres, database_url) = match backend {
            Backend::Sqlite => (None, sqlite_url(&data_dir.path().join("test.sqlite3"))),
            Backend::Postgres => {
                let (database, url) = PostgresDatabase::create().await;
                (Some(database), url)
            }
        };
        Self::start(data_dir, database_url, postgres, customize).await
    }

    /// A second server on the same database as `other` (as behind a load balancer).
    pub async fn spawn_beside(other: &TestApp) -> TestApp {
        Self::start(tempfile::tempdir().expect("a temporary folder"), other.config.database_url.clone(), None, |_| {}).await
    }

    async fn start(data_dir: tempfile::TempDir, database_url: String, postgres: Option<PostgresDatabase>, customize: impl FnOnce(&mut Config)) -> TestApp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let address = listener.local_addr().unwrap();
        let mut config = Config {
            port: address.port(),
            data_dir: data_dir.path().to_path_buf(),
            database_url,
            public_url: format!("http://{address}"),
            brand: None,
            islands_dir: repo_root().join("islands/dist"),
            public_dir: repo_root().join("public"),
            seed_demo: true,
            prerender_on_start: false,
            island_threads: 1,
            smtp_url: None,
            mail_from: "Brightway <no-reply@brightway.example>".into(),
            storage_url: data_dir.path().join("uploads").display().to_string(),
            jwt_secret: Some(format!("{:064x}", rand::random::<u128>())),
            limits: Limits { login_per_minute: 1000, register_per_hour: 1000, resend_per_hour: 1000, reset_per_hour: 1000 },
            trust_proxy: false,
        };
        customize(&mut config);
        let app: App = startup::build(config.clone()).await.expect("the app starts");
        let site = app.site.clone();
        let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(startup::serve(app, listener, async {
            let _ = stop.await;
        }));
        TestApp {
            base: format!("http://{address}"),
            client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
            site,
            config,
            _data_dir: data_dir,
            postgres,
            shutdown: Some(shutdown),
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

/// Declares a test that runs `$check` once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
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
