//! Configuration from the environment, with defaults that make a fresh checkout run.

use crate::platform::passwords::HashCost;
use entity::words::{PaymentProvider, Word};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Config {
    pub port: u16,
    /// Where the server keeps its own files (SQLite database, mail, uploads, secrets).
    pub data_dir: PathBuf,
    pub database_url: String,
    /// The most database connections the server opens, and how long a request waits for one.
    pub database_pool: crate::platform::db::Pool,
    /// The origin visitors reach the site at; used for canonical links and absolute URLs.
    pub public_url: String,
    /// `PUBLIC_URL` was set, rather than left to its default: then it is the only origin the
    /// site's pages have.
    pub public_url_configured: bool,
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
    /// The most bytes of pages the memory cache holds; the rest are read from disk.
    pub page_cache_bytes: u64,
    /// QuickJS threads rendering islands.
    pub island_threads: usize,
    /// `smtp://host:port` or `smtps://user:pass@host`; unset writes mail under `data/mail/`.
    pub smtp_url: Option<String>,
    /// The sender of the site's mail.
    pub mail_from: String,
    /// `s3://bucket/prefix`, or a folder for uploads.
    pub storage_url: String,
    /// Options of an S3 store given here rather than read from the `AWS_*` variables (by name:
    /// `aws_endpoint`, `aws_region`, ...); none by default. Each wins over the environment's.
    pub storage_options: Vec<(String, String)>,
    /// The longest one request to an S3 store may take, retries included.
    pub storage_timeout: Duration,
    /// Signs tokens, codes and file links; generated and kept under `data/` when unset.
    pub jwt_secret: Option<String>,
    pub limits: Limits,
    /// The cost of each new password hash.
    pub password_hash: HashCost,
    /// The wait before a failed mail's first retry; it doubles with each failure.
    pub mail_retry_after: Duration,
    /// The least time between two job alert mails to one person.
    pub job_alerts_every: Duration,
    /// How many proxies of our own stand in front of the server, each appending to
    /// `X-Forwarded-For`; 0 takes the client address from the connection.
    pub trusted_proxies: usize,
    pub connections: Connections,
    pub payments: Payments,
    /// Months after which CVs and identity documents no longer needed are deleted.
    pub document_retention_months: u32,
    /// How long a staff sign-in to the back office lasts.
    pub staff_session: Duration,
    /// `METRICS_TOKEN`: `/metrics` answers only a request bearing it, and is off when unset.
    pub metrics_token: Option<String>,
    pub distances: Distances,
    pub scheduling: Scheduling,
    pub messages: Messages,
}

/// Messages on bookings.
#[derive(Clone, Copy, Debug)]
pub struct Messages {
    /// A reader is mailed about a thread at most once in this time.
    pub mail_every: Duration,
}

/// Providers' slots and the offers of bookings to them.
#[derive(Clone, Copy, Debug)]
pub struct Scheduling {
    /// The most days one request for slots may span.
    pub slots_max_days: u32,
    /// How long a provider has to answer an offer before it goes to the next.
    pub offer_timeout: Duration,
}

/// Distance search (`near`, `within`).
#[derive(Clone, Copy, Debug)]
pub struct Distances {
    /// The radius a service's base covers where its area says none, in miles.
    pub default_radius_miles: u32,
    /// The farthest a search may reach (`within`), in miles.
    pub max_within_miles: u32,
}

impl Distances {
    /// How far a search reaches when it does not say: 25 miles, or less where the most allowed is less.
    pub fn default_within_miles(self) -> u32 {
        25.min(self.max_within_miles)
    }
}

/// Who takes card payments, and the money rules that are the company's to choose.
#[derive(Clone, Debug)]
pub struct Payments {
    /// `PAYMENTS`: `test` (the embedded default: no network, no money moves) or `stripe`.
    pub provider: PaymentProvider,
    pub stripe: Option<StripeKeys>,
    /// Stripe's API origin; a test points it at a local stand-in.
    pub stripe_api_url: String,
    /// A cancelled paid booking is refunded when cancelled at least this long before it starts.
    pub refund_window_hours: u32,
    /// How long a checkout stays open (Stripe takes 30 minutes to 24 hours).
    pub checkout_open_for: Duration,
    /// The longest wait for the payment provider's answer.
    pub provider_timeout: Duration,
    /// An owed refund the provider did not make is tried again after this, then twice as long
    /// each time, up to 10 minutes.
    pub refund_retry_after: Duration,
}

#[derive(Clone)]
pub struct StripeKeys {
    /// `STRIPE_SECRET_KEY`, `sk_live_...` or `sk_test_...`.
    pub secret_key: String,
    /// `STRIPE_WEBHOOK_SECRET`, `whsec_...`: signs the events Stripe sends us.
    pub webhook_secret: String,
}

impl std::fmt::Debug for StripeKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StripeKeys { .. }")
    }
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
    /// Bookings one member may make in an hour (each queues mail).
    pub bookings_per_hour: u32,
    /// Jobs one member may post in an hour.
    pub job_posts_per_hour: u32,
    /// Job applications one member may send in an hour (each stores a CV and queues mail).
    pub job_applications_per_hour: u32,
    /// Recruitment requests from one client address in an hour (visitors may send them).
    pub recruitment_per_hour: u32,
    /// Contact messages from one client address in an hour (visitors may send them).
    pub contact_per_hour: u32,
    /// Job-seeker registrations from one client address in an hour (visitors may register).
    pub job_seekers_per_hour: u32,
    /// Payments one member may start in an hour (each may call the payment provider).
    pub payments_per_hour: u32,
    /// Reviews one member may leave in an hour (each re-renders the service's page and lists).
    pub reviews_per_hour: u32,
    /// Messages one member (or one of staff) may write on bookings in an hour.
    pub messages_per_hour: u32,
    /// Wrong staff authenticator or recovery codes per staff account, per 15 minutes.
    pub staff_code_failures_per_quarter_hour: u32,
    /// Rate-limit windows kept in memory at most (least recently used forgotten first).
    pub rate_limit_keys: usize,
    pub certificates_per_request: usize,
    pub certificates_per_member: usize,
    /// The largest document (CV, job attachment, passport, certificate) one upload may be.
    pub document_bytes: usize,
}

/// Room for a multipart form's text fields beside its files.
const FORM_TEXT_BYTES: usize = 1024 * 1024;

impl Limits {
    /// The most a form with one document (a CV, a job's attachment) may weigh: room to read a
    /// document up to twice the limit to its end, so that its sender is answered a 413 naming
    /// the limit rather than cut off mid-upload.
    pub fn document_form_bytes(&self) -> usize {
        2 * self.document_bytes + FORM_TEXT_BYTES
    }

    /// The most a profile update may weigh: every document and certificate at once, and the
    /// picture. Each file is also held to its own limit as it arrives.
    pub fn profile_form_bytes(&self) -> usize {
        self.document_bytes * (self.certificates_per_request + 4) + crate::http::upload::PICTURE_LIMIT + FORM_TEXT_BYTES
    }
}

/// How long a client may take, and how many may be connected at once.
#[derive(Clone, Copy, Debug)]
pub struct Connections {
    /// To send a request's headers, and to start the next one on a kept-alive connection (over
    /// HTTP/2, the time a silent connection has to answer a ping).
    pub header_read_timeout: Duration,
    /// Between two pieces of a request's body, and between two writes of an answer; also the
    /// time a body has before it must keep up `body_min_bytes_per_second`.
    pub body_read_timeout: Duration,
    /// The least average rate of a request's body once `body_read_timeout` has passed.
    pub body_min_bytes_per_second: u64,
    /// For the whole request, body included, until the answer starts.
    pub request_timeout: Duration,
    /// Past this many open connections the server stops accepting until one closes.
    pub max_connections: usize,
    /// Open connections one client address may hold (an IPv6 /64 counts as one); `None` behind
    /// trusted proxies, where every connection comes from a proxy.
    pub max_connections_per_address: Option<usize>,
    /// After SIGTERM: how long requests in flight, then the mail being sent, may take to finish.
    pub shutdown_grace: Duration,
}

impl Config {
    /// Where mail is written as `.eml` files when no `SMTP_URL` is set.
    pub fn mail_dir(&self) -> PathBuf {
        self.data_dir.join("mail")
    }

    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_settings(|name| std::env::var(name).ok())
    }

    /// The configuration `setting` describes (by variable name); anything unset takes its
    /// default, so `Config::from_settings(|_| None)` is the embedded default (tests start there).
    /// A value that is set but cannot be read is refused, naming the variable, rather than
    /// quietly replaced by its default.
    pub fn from_settings(setting: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let settings = Settings { setting: &setting, problems: RefCell::new(Vec::new()) };
        let root = project_root();
        let data_dir = settings.text("DATA_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("data"));
        let port = settings.number("PORT", 3000u16);
        let database_configured = settings.text("DATABASE_URL").is_some();
        let trusted_proxies = settings.count("TRUSTED_PROXIES", 0);
        let database_url = settings.text("DATABASE_URL").unwrap_or_else(|| sqlite_url(&data_dir.join("marketplace.sqlite3")));
        let max_connections = settings.number("MAX_CONNECTIONS", 4096usize);
        let database_pool = crate::platform::db::Pool {
            size: settings.number("DATABASE_POOL_SIZE", default_pool_size(&database_url)),
            acquire_timeout: Duration::from_secs(settings.number("DATABASE_ACQUIRE_TIMEOUT_SECONDS", 5)),
            sqlite_cache_kib: settings.number("SQLITE_CACHE_KIB", crate::platform::db::Pool::SQLITE_CACHE_KIB),
        };
        let config = Config {
            port,
            database_url,
            database_pool,
            public_url: settings.text("PUBLIC_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}")).trim_end_matches('/').to_string(),
            public_url_configured: settings.text("PUBLIC_URL").is_some(),
            brand: settings.text("BRAND"),
            islands_dir: settings.text("ISLANDS_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("islands/dist")),
            public_dir: settings.text("PUBLIC_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("public")),
            // Demo data only for the embedded default database, never into one someone configured.
            seed_demo: settings.switch("SEED_DEMO", !database_configured),
            prerender_on_start: settings.switch("PRERENDER", true),
            page_cache_bytes: settings.number("PAGE_CACHE_MB", 64u64) * 1024 * 1024,
            island_threads: settings.number("ISLAND_THREADS", 2),
            smtp_url: settings.text("SMTP_URL"),
            mail_from: settings.text("MAIL_FROM").unwrap_or_else(|| "Brightway <no-reply@brightway.example>".into()),
            storage_url: settings.text("STORAGE_URL").unwrap_or_else(|| data_dir.join("uploads").display().to_string()),
            storage_options: Vec::new(),
            storage_timeout: Duration::from_secs(settings.number("STORAGE_TIMEOUT_SECONDS", 30)),
            jwt_secret: settings.text("JWT_SECRET"),
            limits: Limits {
                login_per_minute: settings.number("RATE_LIMIT_LOGIN_PER_MINUTE", 10),
                login_failures_per_quarter_hour: settings.number("RATE_LIMIT_LOGIN_FAILURES_PER_15_MINUTES", 5),
                register_per_hour: settings.number("RATE_LIMIT_REGISTER_PER_HOUR", 20),
                resend_per_hour: settings.number("RATE_LIMIT_RESEND_PER_HOUR", 10),
                reset_per_hour: settings.number("RATE_LIMIT_RESET_PER_HOUR", 10),
                bookings_per_hour: settings.number("RATE_LIMIT_BOOKINGS_PER_HOUR", 20),
                job_posts_per_hour: settings.number("RATE_LIMIT_JOB_POSTS_PER_HOUR", 10),
                job_applications_per_hour: settings.number("RATE_LIMIT_JOB_APPLICATIONS_PER_HOUR", 30),
                recruitment_per_hour: settings.number("RATE_LIMIT_RECRUITMENT_PER_HOUR", 5),
                contact_per_hour: settings.number("RATE_LIMIT_CONTACT_PER_HOUR", 5),
                job_seekers_per_hour: settings.number("RATE_LIMIT_JOB_SEEKERS_PER_HOUR", 5),
                payments_per_hour: settings.number("RATE_LIMIT_PAYMENTS_PER_HOUR", 30),
                reviews_per_hour: settings.number("RATE_LIMIT_REVIEWS_PER_HOUR", 10),
                messages_per_hour: settings.number("RATE_LIMIT_MESSAGES_PER_HOUR", 60),
                staff_code_failures_per_quarter_hour: settings.number("RATE_LIMIT_STAFF_CODE_FAILURES_PER_15_MINUTES", 5),
                rate_limit_keys: settings.number("RATE_LIMIT_MAX_KEYS", 100_000),
                certificates_per_request: settings.number("CERTIFICATES_PER_REQUEST", 10),
                certificates_per_member: settings.number("CERTIFICATES_PER_MEMBER", 30),
                document_bytes: settings.number("UPLOAD_MAX_MIB", 5usize) * 1024 * 1024,
            },
            password_hash: HashCost {
                memory_kib: settings.number("PASSWORD_HASH_MEMORY_KIB", HashCost::default().memory_kib),
                iterations: settings.number("PASSWORD_HASH_ITERATIONS", HashCost::default().iterations),
            },
            mail_retry_after: Duration::from_secs(settings.number("MAIL_RETRY_SECONDS", 5)),
            job_alerts_every: Duration::from_secs(settings.number("JOB_ALERTS_EVERY_SECONDS", 86_400)),
            trusted_proxies,
            connections: Connections {
                max_connections,
                header_read_timeout: Duration::from_secs(settings.number("HEADER_READ_TIMEOUT_SECONDS", 10)),
                body_read_timeout: Duration::from_secs(settings.number("BODY_READ_TIMEOUT_SECONDS", 30)),
                body_min_bytes_per_second: settings.number("BODY_MIN_BYTES_PER_SECOND", 4096),
                request_timeout: Duration::from_secs(settings.number("REQUEST_TIMEOUT_SECONDS", 120)),
                // A handful of addresses cannot take every slot: 64, and at most a sixteenth.
                max_connections_per_address: (trusted_proxies == 0)
                    .then(|| settings.number("MAX_CONNECTIONS_PER_ADDRESS", (max_connections / 16).clamp(1, 64))),
                shutdown_grace: Duration::from_secs(settings.number("SHUTDOWN_GRACE_SECONDS", 10)),
            },
            payments: settings.payments(),
            document_retention_months: settings.number("DOCUMENT_RETENTION_MONTHS", 12),
            staff_session: Duration::from_secs(3600 * settings.number("STAFF_SESSION_HOURS", 8u64)),
            metrics_token: settings.text("METRICS_TOKEN"),
            distances: Distances {
                default_radius_miles: settings.parsed(
                    "SERVICE_RADIUS_MILES",
                    10,
                    |miles| (1..=crate::places::MAX_RADIUS_MILES).contains(miles),
                    &format!("a whole number of miles from 1 to {}", crate::places::MAX_RADIUS_MILES),
                ),
                max_within_miles: settings.number("NEAR_MAX_MILES", 50),
            },
            scheduling: Scheduling {
                slots_max_days: settings.parsed("SLOTS_MAX_DAYS", 62, |days| (1..=366).contains(days), "a whole number of days from 1 to 366"),
                offer_timeout: Duration::from_secs(60 * settings.number("OFFER_TIMEOUT_MINUTES", 120u64)),
            },
            messages: Messages { mail_every: Duration::from_secs(60 * settings.number("MESSAGE_MAIL_MINUTES", 10u64)) },
            data_dir,
        };
        // A public site on HTTPS with the test provider would take bookings it is never paid
        // for: only a staging site that says so may.
        if config.public_url.starts_with("https://") && config.payments.provider == PaymentProvider::Test && !settings.switch("ALLOW_TEST_PAYMENTS", false) {
            settings.problems.borrow_mut().push(
                "PUBLIC_URL is https:// but PAYMENTS is test, which takes no money: set PAYMENTS=stripe (see \"Taking real payments\"), \
                 or ALLOW_TEST_PAYMENTS=true for a staging site"
                    .into(),
            );
        }
        let problems = settings.problems.into_inner();
        if problems.is_empty() { Ok(config) } else { anyhow::bail!("{}", problems.join("; ")) }
    }

    pub fn is_sqlite(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }
}

/// `BLOCKING_THREADS` (default 32): the most threads rendering pages and hashing passwords at
/// once. Read on its own, before the runtime those threads belong to starts.
pub fn blocking_threads_from_env() -> anyhow::Result<usize> {
    let setting = |name: &str| std::env::var(name).ok();
    let settings = Settings { setting: &setting, problems: RefCell::new(Vec::new()) };
    let threads = settings.number("BLOCKING_THREADS", 32);
    let problems = settings.problems.into_inner();
    if problems.is_empty() { Ok(threads) } else { anyhow::bail!("{}", problems.join("; ")) }
}

/// Reads settings by name, noting every value that is set but cannot be read.
struct Settings<'a> {
    setting: &'a dyn Fn(&str) -> Option<String>,
    problems: RefCell<Vec<String>>,
}

impl Settings<'_> {
    fn text(&self, name: &str) -> Option<String> {
        (self.setting)(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
    }

    fn parsed<T: FromStr>(&self, name: &str, default: T, valid: impl Fn(&T) -> bool, expected: &str) -> T {
        let Some(raw) = self.text(name) else { return default };
        match raw.parse().ok().filter(|value| valid(value)) {
            Some(value) => value,
            None => {
                self.problems.borrow_mut().push(format!("{name} must be {expected}, not {raw:?}"));
                default
            }
        }
    }

    /// A whole number above zero.
    fn number<T: FromStr + PartialOrd + Default>(&self, name: &str, default: T) -> T {
        self.parsed(name, default, |n| *n > T::default(), "a whole number above 0")
    }

    /// A whole number, 0 included.
    fn count<T: FromStr>(&self, name: &str, default: T) -> T {
        self.parsed(name, default, |_| true, "a whole number")
    }

    fn payments(&self) -> Payments {
        let provider = match self.text("PAYMENTS") {
            None => PaymentProvider::Test,
            Some(raw) => PaymentProvider::parse(&raw.to_ascii_lowercase()).unwrap_or_else(|| {
                self.problems.borrow_mut().push(format!("PAYMENTS must be test or stripe, not {raw:?}"));
                PaymentProvider::Test
            }),
        };
        let keys = (self.text("STRIPE_SECRET_KEY"), self.text("STRIPE_WEBHOOK_SECRET"));
        let stripe = match (provider, keys) {
            (PaymentProvider::Stripe, (Some(secret_key), Some(webhook_secret))) => Some(StripeKeys { secret_key, webhook_secret }),
            (PaymentProvider::Stripe, _) => {
                self.problems.borrow_mut().push("PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET".into());
                None
            }
            (PaymentProvider::Test, _) => None,
        };
        let checkout_minutes = self.parsed("CHECKOUT_OPEN_MINUTES", 60u64, |m| (30..=1440).contains(m), "a number of minutes from 30 to 1440");
        Payments {
            provider,
            stripe,
            stripe_api_url: self.text("STRIPE_API_URL").unwrap_or_else(|| "https://api.stripe.com".into()).trim_end_matches('/').to_string(),
            refund_window_hours: self.count("REFUND_WINDOW_HOURS", 24),
            checkout_open_for: Duration::from_secs(checkout_minutes * 60),
            provider_timeout: Duration::from_secs(self.number("PAYMENT_PROVIDER_TIMEOUT_SECONDS", 20)),
            refund_retry_after: Duration::from_secs(self.number("REFUND_RETRY_SECONDS", 30)),
        }
    }

    fn switch(&self, name: &str, default: bool) -> bool {
        let Some(raw) = self.text(name) else { return default };
        match raw.to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => true,
            "0" | "false" | "no" | "off" => false,
            _ => {
                self.problems.borrow_mut().push(format!("{name} must be true or false, not {raw:?}"));
                default
            }
        }
    }
}

/// The connections a server opens to `database_url` unless `DATABASE_POOL_SIZE` says. SQLite
/// writes one at a time and reads in this process, so more connections than twice the cores
/// only add page caches (memory) and no speed. PostgreSQL's periodic tasks each hold one
/// connection under their advisory lock while their rounds borrow others, so its pool stays
/// well above their number.
pub fn default_pool_size(database_url: &str) -> u32 {
    if database_url.starts_with("sqlite:") { (2 * std::thread::available_parallelism().map_or(2, |n| n.get()) as u32).max(4) } else { 16 }
}

pub fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

/// The checkout the binary was built from, so that `target/release/server` finds `islands/`
/// and `public/` whatever the working directory; falls back to the working directory.
fn project_root() -> PathBuf {
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if built_in.join("islands").is_dir() { built_in.canonicalize().unwrap_or(built_in) } else { PathBuf::from(".") }
}

#[cfg(test)]
mod tests {
    use super::Config;
    use std::collections::BTreeSet;

    /// The README's configuration table names every variable the server reads (its own, and
    /// `RUST_LOG`, which the log filter reads) and the tests' `TEST_POSTGRES_URL`, and no other.
    #[test]
    fn the_readme_lists_every_variable_the_server_reads_and_no_other() {
        let readme = include_str!("../../README.md");
        let table = readme.split("\n## Configuration\n").nth(1).expect("the README has a Configuration section").split("\n## ").next().unwrap();
        let is_variable = |name: &&str| {
            name.len() > 2
                && name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        };
        let listed: BTreeSet<String> = table
            .lines()
            .filter_map(|line| line.strip_prefix("| "))
            .filter_map(|row| row.split(" |").next())
            .flat_map(|cell| cell.split('`').skip(1).step_by(2))
            .filter(is_variable)
            .map(str::to_string)
            .collect();
        let quoted = regex::Regex::new(r#""([A-Z][A-Z0-9_]{2,})""#).unwrap();
        let compile_time = regex::Regex::new(r#"env!\("([A-Z0-9_]+)"\)"#).unwrap();
        let from_environment = regex::Regex::new(r#"env::var\("([A-Z][A-Z0-9_]+)"\)"#).unwrap();
        let mut read: BTreeSet<String> = ["RUST_LOG", "TEST_POSTGRES_URL"].map(String::from).into();
        for (name, text) in crate::source_tree::rust_files() {
            let code = text.split("#[cfg(test)]").next().unwrap();
            read.extend(from_environment.captures_iter(code).map(|found| found[1].to_string()));
            if name == "config.rs" {
                let built_in: BTreeSet<&str> = compile_time.captures_iter(code).map(|found| found.get(1).unwrap().as_str()).collect();
                read.extend(quoted.captures_iter(code).map(|found| found.get(1).unwrap().as_str()).filter(|name| !built_in.contains(name)).map(str::to_string));
            }
        }
        assert!(read.len() > 50, "the settings were not found in config.rs: {read:?}");
        let unlisted: Vec<&String> = read.difference(&listed).collect();
        let not_read: Vec<&String> = listed.difference(&read).collect();
        assert!(unlisted.is_empty() && not_read.is_empty(), "read but not in the README: {unlisted:?}; in the README but not read: {not_read:?}");
    }

    fn with(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let pairs: std::collections::HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_settings(|name| pairs.get(name).cloned())
    }

    #[test]
    fn demo_data_goes_only_into_the_embedded_database_unless_asked_for() {
        assert!(with(&[]).unwrap().seed_demo, "a fresh checkout shows the demo catalogue");
        assert!(!with(&[("DATABASE_URL", "postgres://db/marketplace")]).unwrap().seed_demo, "a configured database is never seeded by default");
        assert!(with(&[("DATABASE_URL", "postgres://db/marketplace"), ("SEED_DEMO", "true")]).unwrap().seed_demo);
        assert!(!with(&[("SEED_DEMO", "false")]).unwrap().seed_demo);
    }

    #[test]
    fn a_setting_that_cannot_be_read_is_refused_by_name() {
        let error = with(&[("TRUSTED_PROXIES", "one"), ("MAX_CONNECTIONS", "0"), ("PRERENDER", "maybe")]).unwrap_err().to_string();
        assert!(error.contains("TRUSTED_PROXIES must be a whole number, not \"one\""), "{error}");
        assert!(error.contains("MAX_CONNECTIONS must be a whole number above 0"), "{error}");
        assert!(error.contains("PRERENDER must be true or false"), "{error}");
        let config = with(&[("TRUSTED_PROXIES", "2"), ("RATE_LIMIT_LOGIN_PER_MINUTE", " 30 ")]).unwrap();
        assert_eq!((config.trusted_proxies, config.limits.login_per_minute), (2, 30));
    }

    #[test]
    fn an_https_site_takes_test_payments_only_when_told_to() {
        let error = with(&[("PUBLIC_URL", "https://www.brightway.example")]).unwrap_err().to_string();
        assert!(error.contains("PUBLIC_URL is https:// but PAYMENTS is test"), "{error}");
        assert!(with(&[("PUBLIC_URL", "https://staging.brightway.example"), ("ALLOW_TEST_PAYMENTS", "true")]).is_ok());
        let stripe =
            [("PUBLIC_URL", "https://www.brightway.example"), ("PAYMENTS", "stripe"), ("STRIPE_SECRET_KEY", "sk_live_1"), ("STRIPE_WEBHOOK_SECRET", "whsec_1")];
        assert!(with(&stripe).is_ok());
        assert!(with(&[("PUBLIC_URL", "http://127.0.0.1:3000")]).is_ok(), "a local site may test");
    }

    #[test]
    fn payments_are_in_test_mode_unless_stripe_is_configured_whole() {
        assert_eq!(with(&[]).unwrap().payments.provider, entity::words::PaymentProvider::Test);
        let error = with(&[("PAYMENTS", "stripe"), ("STRIPE_SECRET_KEY", "sk_test_1")]).unwrap_err().to_string();
        assert!(error.contains("PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET"), "{error}");
        assert!(with(&[("PAYMENTS", "paypal")]).unwrap_err().to_string().contains("PAYMENTS must be test or stripe"));
        let config =
            with(&[("PAYMENTS", "stripe"), ("STRIPE_SECRET_KEY", "sk_test_1"), ("STRIPE_WEBHOOK_SECRET", "whsec_1"), ("REFUND_WINDOW_HOURS", "48")]).unwrap();
        assert_eq!(config.payments.stripe.unwrap().webhook_secret, "whsec_1");
        assert_eq!(config.payments.refund_window_hours, 48);
    }
}
