//! Configuration from the environment, with defaults that make a fresh checkout run.

use std::path::{Path, PathBuf};

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
    /// Import the bundled demo data into an empty database at start-up.
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
    /// Take the client address from `X-Forwarded-For` (behind a trusted proxy only).
    pub trust_proxy: bool,
}

/// Requests allowed per client address and per account.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub login_per_minute: u32,
    pub register_per_hour: u32,
    pub resend_per_hour: u32,
    pub reset_per_hour: u32,
}

impl Config {
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
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
            seed_demo: var("SEED_DEMO").map(|v| v != "0" && v != "false").unwrap_or(true),
            prerender_on_start: var("PRERENDER").map(|v| v != "0" && v != "false").unwrap_or(true),
            island_threads: var("ISLAND_THREADS").and_then(|n| n.parse().ok()).unwrap_or(2).max(1),
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Brightway <no-reply@brightway.example>".into()),
            storage_url: var("STORAGE_URL").unwrap_or_else(|| data_dir.join("uploads").display().to_string()),
            jwt_secret: var("JWT_SECRET"),
            limits: Limits {
                login_per_minute: number("RATE_LIMIT_LOGIN_PER_MINUTE", 10),
                register_per_hour: number("RATE_LIMIT_REGISTER_PER_HOUR", 20),
                resend_per_hour: number("RATE_LIMIT_RESEND_PER_HOUR", 10),
                reset_per_hour: number("RATE_LIMIT_RESET_PER_HOUR", 10),
            },
            trust_proxy: var("TRUST_PROXY").is_some_and(|v| v == "1" || v == "true"),
            data_dir,
        }
    }

    pub fn is_sqlite(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }
}

fn number(name: &str, default: u32) -> u32 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).filter(|n| *n > 0).unwrap_or(default)
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
