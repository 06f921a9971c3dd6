//! Configuration from the environment, with defaults that make a fresh checkout run.

use std::path::{Path, PathBuf};
use crate::platform::passwords::HashCost;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Config {
    pub port: u16,
    /// Where the server keeps its own files (SQLite database, mail, uploads, secrets).
    pub data_dir: PathBuf,
    pub database_url: String,
    /// The origin visitors reach the site at; used for canonical links and absolute URLs.
    pub public_url: String,
    /// Overrides the website info's brand when set.
    pub brand: Option<String>,
    /// The esbuild output: `manifest.json`, `server.js`, `assets/`.
    pub islands_dir: PathBuf,
    pub public_dir: PathBuf,
    /// Import the bundled demo data into an empty database at start-up: by default only into
    /// the embedded SQLite database, never into a database someone configured.
    pub seed_demo: bool,
    /// Prerender every enumerable page in the background at start-up.
    pub prerender_on_start: bool,
    /// QuickJS threads rendering islands.
    pub island_threads: usize,
    /// `smtp://host:port` or `smtps://user:pass@host`; unset writes mail under `data/mail/`.
    pub smtp_url: Option<String>,
    /// The sender of the site's mail.
    pub mail_from: String,
    /// `s3://bucket/prefix`, or a folder for uploads.
    pub storage_url: String,
    /// Signs tokens, codes and file links; generated and kept under `data/` when unset.
    pub jwt_secret: Option<String>,
    pub limits: Limits,
    /// The cost of each new password hash.
    pub password_hash: HashCost,
    /// The wait before a failed mail's first retry; it doubles with each failure.
    pub mail_retry_after: Duration,
    /// How many proxies of our own stand in front of the server, each appending to
    /// `X-Forwarded-For`; 0 takes the client address from the connection.
    pub trusted_proxies: usize,
    pub connections: Connections,
}

/// Requests allowed per client address and per account, and sizes.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub login_per_minute: u32,
    /// Wrong passwords for one account from one address, per 15 minutes.
    pub login_failures_per_quarter_hour: u32,
    pub register_per_hour: u32,
    pub resend_per_hour: u32,
    pub reset_per_hour: u32,
    /// Rate-limit windows kept in memory at most (least recently used forgotten first).
    pub rate_limit_keys: usize,
    pub certificates_per_request: usize,
    pub certificates_per_member: usize,
}

/// How long a client may take, and how many may be connected at once.
#[derive(Clone, Copy, Debug)]
pub struct Connections {
    /// To send a request's headers.
    pub header_read_timeout: Duration,
    /// Between two pieces of a request's body, and between two writes of an answer.
    pub body_read_timeout: Duration,
    /// For the whole request, body included, until the answer starts.
    pub request_timeout: Duration,
    /// Past this many open connections the server stops accepting until one closes.
    pub max_connections: usize,
}

impl Config {
    pub fn from_env() -> Self {
        Self::from_settings(|name| std::env::var(name).ok())
    }

    /// The configuration `setting` describes (by variable name); anything unset takes its
    /// default, so `Config::from_settings(|_| None)` is the embedded default (tests start there).
    pub fn from_settings(setting: impl Fn(&str) -> Option<String>) -> Self {
        let var = |name: &str| setting(name).filter(|v| !v.trim().is_empty());
        let number = |name: &str, default: u64| var(name).and_then(|v| v.trim().parse().ok()).filter(|n| *n > 0).unwrap_or(default);
        let root = project_root();
        let data_dir = var("DATA_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("data"));
        let port = var("PORT").and_then(|p| p.parse().ok()).unwrap_or(3000);
        let database_url = var("DATABASE_URL").unwrap_or_else(|| sqlite_url(&data_dir.join("marketplace.sqlite3")));
        Config {
            port,
            database_url,
            public_url: var("PUBLIC_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}")).trim_end_matches('/').to_string(),
            brand: var("BRAND"),
            islands_dir: var("ISLANDS_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("islands/dist")),
            public_dir: var("PUBLIC_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("public")),
            seed_demo: seed_demo(var("SEED_DEMO").as_deref(), var("DATABASE_URL").is_some()),
            prerender_on_start: var("PRERENDER").map(|v| v != "0" && v != "false").unwrap_or(true),
            island_threads: var("ISLAND_THREADS").and_then(|n| n.parse().ok()).unwrap_or(2).max(1),
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Brightway <no-reply@brightway.example>".into()),
            storage_url: var("STORAGE_URL").unwrap_or_else(|| data_dir.join("uploads").display().to_string()),
            jwt_secret: var("JWT_SECRET"),
            limits: Limits {
                login_per_minute: number("RATE_LIMIT_LOGIN_PER_MINUTE", 10) as u32,
                login_failures_per_quarter_hour: number("RATE_LIMIT_LOGIN_FAILURES_PER_15_MINUTES", 5) as u32,
                register_per_hour: number("RATE_LIMIT_REGISTER_PER_HOUR", 20) as u32,
                resend_per_hour: number("RATE_LIMIT_RESEND_PER_HOUR", 10) as u32,
                reset_per_hour: number("RATE_LIMIT_RESET_PER_HOUR", 10) as u32,
                rate_limit_keys: number("RATE_LIMIT_MAX_KEYS", 100_000) as usize,
                certificates_per_request: number("CERTIFICATES_PER_REQUEST", 10) as usize,
                certificates_per_member: number("CERTIFICATES_PER_MEMBER", 30) as usize,
            },
            password_hash: HashCost {
                memory_kib: number("PASSWORD_HASH_MEMORY_KIB", HashCost::default().memory_kib.into()) as u32,
                iterations: number("PASSWORD_HASH_ITERATIONS", HashCost::default().iterations.into()) as u32,
            },
            mail_retry_after: Duration::from_secs(number("MAIL_RETRY_SECONDS", 5)),
            trusted_proxies: var("TRUSTED_PROXIES").and_then(|n| n.parse().ok()).unwrap_or(0),
            connections: Connections {
                header_read_timeout: Duration::from_secs(number("HEADER_READ_TIMEOUT_SECONDS", 10)),
                body_read_timeout: Duration::from_secs(number("BODY_READ_TIMEOUT_SECONDS", 30)),
                request_timeout: Duration::from_secs(number("REQUEST_TIMEOUT_SECONDS", 120)),
                max_connections: number("MAX_CONNECTIONS", 4096) as usize,
            },
            data_dir,
        }
    }

    pub fn is_sqlite(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }
}

/// `SEED_DEMO` when set; otherwise demo data only for the embedded default database.
fn seed_demo(setting: Option<&str>, database_configured: bool) -> bool {
    match setting {
        Some(value) => matches!(value.trim(), "1" | "true"),
        None => !database_configured,
    }
}

pub fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

/// The checkout the binary was built from, so that `target/release/server` finds `islands/`
/// and `public/` whatever the working directory; falls back to the working directory.
fn project_root() -> PathBuf {
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if built_in.join("islands").is_dir() {
        built_in.canonicalize().unwrap_or(built_in)
    } else {
        PathBuf::from(".")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_data_goes_only_into_the_embedded_database_unless_asked_for() {
        assert!(super::seed_demo(None, false), "a fresh checkout shows the demo catalogue");
        assert!(!super::seed_demo(None, true), "a configured database (PostgreSQL in production) is never seeded by default");
        assert!(super::seed_demo(Some("true"), true));
        assert!(!super::seed_demo(Some("false"), false));
    }
}
