//! Fixed-window rate limits per action and key (a client address or an account). One SQLite
//! server keeps its windows in memory, in an LRU map of bounded size so that a client
//! inventing keys cannot grow it; PostgreSQL servers keep them in the database, so that the
//! limits hold across every server behind a load balancer.

use chrono::{DateTime, Utc};
use lru::LruCache;
use parking_lot::Mutex;
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, Statement};
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

/// At most `count` requests per `window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub count: u32,
    pub window: Duration,
}

impl Limit {
    pub const fn per_minute(count: u32) -> Self {
        Limit { count, window: Duration::from_secs(60) }
    }

    pub const fn per_quarter_hour(count: u32) -> Self {
        Limit { count, window: Duration::from_secs(15 * 60) }
    }

    pub const fn per_hour(count: u32) -> Self {
        Limit { count, window: Duration::from_secs(3600) }
    }
}

/// When a window started and how many requests it has counted.
type Window = (Instant, u32);

pub enum RateLimiter {
    Memory(Mutex<LruCache<(&'static str, String), Window>>),
    Shared(DatabaseConnection),
}

impl RateLimiter {
    /// Shared through `db` when it is PostgreSQL; else in memory, remembering at most `keys`
    /// windows and forgetting the least recently used.
    pub fn new(db: &DatabaseConnection, keys: usize) -> Self {
        match db.get_database_backend() {
            DatabaseBackend::Postgres => RateLimiter::Shared(db.clone()),
            _ => Self::in_memory(keys),
        }
    }

    pub fn in_memory(keys: usize) -> Self {
        RateLimiter::Memory(Mutex::new(LruCache::new(NonZeroUsize::new(keys.max(1)).expect("at least one"))))
    }

    /// Counts one request of `action` by `key`; refused once over `limit`. Checked and counted
    /// in one step (under one lock, or one statement), so simultaneous requests cannot all
    /// slip under the limit.
    pub async fn check(&self, action: &'static str, key: &str, limit: Limit) -> Result<(), Refused> {
        match self {
            RateLimiter::Memory(windows) => {
                let now = Instant::now();
                let mut windows = windows.lock();
                let window = current(windows.get_or_insert_mut((action, key.to_lowercase()), || (now, 0)), now, limit);
                refuse_if_used_up(window.1, now.duration_since(window.0), limit)?;
                window.1 += 1;
                Ok(())
            }
            RateLimiter::Shared(db) => {
                let (started_at, count) = shared::count(db, action, key, limit).await?;
                refuse_if_used_up(count - 1, elapsed_since(started_at), limit)
            }
        }
    }

    /// Gives back one request counted by [`RateLimiter::check`], for limits that only
    /// failures should use up (wrong passwords, wrong codes): the attempt takes its try before
    /// it is judged, so that simultaneous attempts cannot all be judged, and a success gives
    /// the try back.
    pub async fn give_back(&self, action: &'static str, key: &str) -> Result<(), DbErr> {
        match self {
            RateLimiter::Memory(windows) => {
                if let Some(window) = windows.lock().get_mut(&(action, key.to_lowercase())) {
                    window.1 = window.1.saturating_sub(1);
                }
            }
            RateLimiter::Shared(db) => shared::give_back(db, action, key).await?,
        }
        Ok(())
    }

    /// Forgets the shared windows that ended long ago (every limit's window is at most an
    /// hour); the memory map forgets by itself.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<(), DbErr> {
        if let RateLimiter::Shared(db) = self {
            shared::forget_before(db, now - chrono::Duration::days(1)).await?;
        }
        Ok(())
    }
}

/// `window`, started afresh if `limit`'s window has passed.
fn current(window: &mut Window, now: Instant, limit: Limit) -> &mut Window {
    if now.duration_since(window.0) >= limit.window {
        *window = (now, 0);
    }
    window
}

fn elapsed_since(started_at: DateTime<Utc>) -> Duration {
    (Utc::now() - started_at).to_std().unwrap_or_default()
}

/// Why a request was not counted.
#[derive(Debug)]
pub enum Refused {
    /// Its limit is used up until so many seconds from now.
    UsedUp { retry_after_seconds: u64 },
    /// The shared windows could not be read.
    Failed(DbErr),
}

impl From<DbErr> for Refused {
    fn from(error: DbErr) -> Self {
        Refused::Failed(error)
    }
}

/// Refused if `used` requests `elapsed` into the window leave none of `limit`.
fn refuse_if_used_up(used: u32, elapsed: Duration, limit: Limit) -> Result<(), Refused> {
    if used < limit.count {
        return Ok(());
    }
    Err(Refused::UsedUp { retry_after_seconds: limit.window.saturating_sub(elapsed).as_secs().max(1) })
}

/// The windows in the `rate_limit_windows` table (PostgreSQL).
mod shared {
    use super::*;

    /// Counts one request in the window of `action` and `key`, starting a new window if the
    /// last one has passed; returns the window's start and its count, this request included.
    pub async fn count(db: &DatabaseConnection, action: &str, key: &str, limit: Limit) -> Result<(DateTime<Utc>, u32), DbErr> {
        let now = Utc::now();
        let window_ended_by = chrono::Duration::from_std(limit.window).ok().and_then(|window| now.checked_sub_signed(window)).unwrap_or(DateTime::UNIX_EPOCH);
        // Every SET reads the row as it was, so both CASEs agree on whether the window passed.
        let sql = "INSERT INTO rate_limit_windows (action, key, started_at, count) VALUES ($1, $2, $3, 1) \
                   ON CONFLICT (action, key) DO UPDATE SET \
                   count = CASE WHEN rate_limit_windows.started_at <= $4 THEN 1 ELSE rate_limit_windows.count + 1 END, \
                   started_at = CASE WHEN rate_limit_windows.started_at <= $4 THEN $3 ELSE rate_limit_windows.started_at END \
                   RETURNING started_at, count";
        let values = [action.into(), key.to_lowercase().into(), now.into(), window_ended_by.into()];
        let row = db
            .query_one_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, sql, values))
            .await?
            .ok_or_else(|| DbErr::RecordNotFound("the counted window".into()))?;
        Ok((row.try_get("", "started_at")?, u32::try_from(row.try_get::<i32>("", "count")?).unwrap_or(0)))
    }

    /// Takes one request off the window of `action` and `key`.
    pub async fn give_back(db: &DatabaseConnection, action: &str, key: &str) -> Result<(), DbErr> {
        let sql = "UPDATE rate_limit_windows SET count = count - 1 WHERE action = $1 AND key = $2 AND count > 0";
        db.execute_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, sql, [action.into(), key.to_lowercase().into()])).await?;
        Ok(())
    }

    pub async fn forget_before(db: &DatabaseConnection, before: DateTime<Utc>) -> Result<(), DbErr> {
        db.execute_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, "DELETE FROM rate_limit_windows WHERE started_at < $1", [before.into()]))
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_limit_applies_per_action_and_key() {
        let limiter = RateLimiter::in_memory(100);
        for _ in 0..3 {
            limiter.check("login", "1.2.3.4", Limit::per_minute(3)).await.unwrap();
        }
        assert!(matches!(limiter.check("login", "1.2.3.4", Limit::per_minute(3)).await, Err(Refused::UsedUp { .. })));
        assert!(limiter.check("login", "5.6.7.8", Limit::per_minute(3)).await.is_ok());
        assert!(limiter.check("register", "1.2.3.4", Limit::per_minute(3)).await.is_ok());
    }

    #[tokio::test]
    async fn a_window_resets_after_its_length() {
        let limiter = RateLimiter::in_memory(100);
        let limit = Limit { count: 1, window: Duration::from_millis(30) };
        limiter.check("resend", "a@b.uk", limit).await.unwrap();
        assert!(limiter.check("resend", "A@B.uk", limit).await.is_err(), "keys ignore case");
        tokio::time::sleep(Duration::from_millis(40)).await;
        assert!(limiter.check("resend", "a@b.uk", limit).await.is_ok());
    }

    #[tokio::test]
    async fn memory_is_bounded_by_the_number_of_keys() {
        let limiter = RateLimiter::in_memory(10);
        for n in 0..1000 {
            limiter.check("register", &format!("10.0.{}.{}", n / 256, n % 256), Limit::per_hour(5)).await.unwrap();
        }
        let RateLimiter::Memory(windows) = &limiter else { unreachable!() };
        assert_eq!(windows.lock().len(), 10);
    }

    #[tokio::test]
    async fn tries_given_back_leave_the_limit_to_failures() {
        let limiter = RateLimiter::in_memory(10);
        let limit = Limit::per_minute(2);
        for _ in 0..5 {
            limiter.check("login-failure", "a@b.uk|1.2.3.4", limit).await.unwrap();
            limiter.give_back("login-failure", "a@b.uk|1.2.3.4").await.unwrap();
        }
        limiter.check("login-failure", "a@b.uk|1.2.3.4", limit).await.unwrap();
        limiter.check("login-failure", "a@b.uk|1.2.3.4", limit).await.unwrap();
        assert!(limiter.check("login-failure", "a@b.uk|1.2.3.4", limit).await.is_err());
        assert!(limiter.check("login-failure", "a@b.uk|5.6.7.8", limit).await.is_ok());
    }
}
