//! Shared machinery every feature uses: the write path (`Change`), the database, secrets, file storage, the mail outbox
//! and sender, rate limits, retries, password hashing, memory given back, text search, periodic tasks and metrics.

pub mod audit;
pub mod change;
pub mod data_dir;
pub mod db;
pub mod host;
pub mod logs;
pub mod mail;
#[expect(unsafe_code, reason = "jemalloc's configuration is read by C before main, and its purge is a C call")]
pub mod memory;
pub mod metrics;
pub mod passwords;
pub mod periodic;
pub mod photo_metadata;
pub mod rate_limit;
pub mod retry;
pub mod search;
pub mod secrets;
pub mod security_events;
pub mod signed_link;
pub mod stale_pages;
pub mod storage;
