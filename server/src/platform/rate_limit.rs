//! Fixed-window rate limits per action and key (a client address or an account), kept in
//! memory: each server limits what reaches it, which bounds abuse without shared state. The
//! windows live in an LRU map of bounded size, so a client inventing keys cannot grow memory.

use crate::http::AppError;
use lru::LruCache;
use parking_lot::Mutex;
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

pub struct RateLimiter {
    windows: Mutex<LruCache<(&'static str, String), Window>>,
}

impl RateLimiter {
    /// A limiter that remembers at most `keys` windows, forgetting the least recently used.
    pub fn new(keys: usize) -> Self {
        RateLimiter { windows: Mutex::new(LruCache::new(NonZeroUsize::new(keys.max(1)).expect("at least one"))) }
    }

    /// Counts one request of `action` by `key`; 429 once over `limit`. Checked and counted
    /// under one lock, so simultaneous requests cannot all slip under the limit.
    pub fn check(&self, action: &'static str, key: &str, limit: Limit) -> Result<(), AppError> {
        let now = Instant::now();
        let mut windows = self.windows.lock();
        let window = current(windows.get_or_insert_mut((action, key.to_lowercase()), || (now, 0)), now, limit);
        refuse_if_used_up(window, now, limit)?;
        window.1 += 1;
        Ok(())
    }

    /// 429 if `key` has used up `limit` for `action`, without counting this request: for
    /// limits that count only failures (see [`RateLimiter::count`]).
    pub fn refuse_if_full(&self, action: &'static str, key: &str, limit: Limit) -> Result<(), AppError> {
        let now = Instant::now();
        match self.windows.lock().get_mut(&(action, key.to_lowercase())) {
            Some(window) => refuse_if_used_up(current(window, now, limit), now, limit),
            None => Ok(()),
        }
    }

    /// Counts one request of `action` by `key` in the current window of `limit`.
    pub fn count(&self, action: &'static str, key: &str, limit: Limit) {
        let now = Instant::now();
        let mut windows = self.windows.lock();
        current(windows.get_or_insert_mut((action, key.to_lowercase()), || (now, 0)), now, limit).1 += 1;
    }
}

/// `window`, started afresh if `limit`'s window has passed.
fn current(window: &mut Window, now: Instant, limit: Limit) -> &mut Window {
    if now.duration_since(window.0) >= limit.window {
        *window = (now, 0);
    }
    window
}

fn refuse_if_used_up(window: &Window, now: Instant, limit: Limit) -> Result<(), AppError> {
    if window.1 < limit.count {
        return Ok(());
    }
    let retry_after = limit.window.saturating_sub(now.duration_since(window.0)).as_secs().max(1);
    Err(AppError::TooManyRequests { message: "Too many requests. Please try again later.".into(), retry_after_seconds: retry_after })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_applies_per_action_and_key() {
        let limiter = RateLimiter::new(100);
        for _ in 0..3 {
            limiter.check("login", "1.2.3.4", Limit::per_minute(3)).unwrap();
        }
        assert!(matches!(limiter.check("login", "1.2.3.4", Limit::per_minute(3)), Err(AppError::TooManyRequests { .. })));
        assert!(limiter.check("login", "5.6.7.8", Limit::per_minute(3)).is_ok());
        assert!(limiter.check("register", "1.2.3.4", Limit::per_minute(3)).is_ok());
    }

    #[test]
    fn a_window_resets_after_its_length() {
        let limiter = RateLimiter::new(100);
        let limit = Limit { count: 1, window: Duration::from_millis(30) };
        limiter.check("resend", "a@b.uk", limit).unwrap();
        assert!(limiter.check("resend", "A@B.uk", limit).is_err(), "keys ignore case");
        std::thread::sleep(Duration::from_millis(40));
        assert!(limiter.check("resend", "a@b.uk", limit).is_ok());
    }

    #[test]
    fn memory_is_bounded_by_the_number_of_keys() {
        let limiter = RateLimiter::new(10);
        for n in 0..1000 {
            limiter.check("register", &format!("10.0.{}.{}", n / 256, n % 256), Limit::per_hour(5)).unwrap();
        }
        assert_eq!(limiter.windows.lock().len(), 10);
    }

    #[test]
    fn failures_only_limits_count_what_the_caller_counts() {
        let limiter = RateLimiter::new(10);
        let limit = Limit::per_minute(2);
        for _ in 0..5 {
            limiter.refuse_if_full("login-failure", "a@b.uk|1.2.3.4", limit).unwrap();
        }
        limiter.count("login-failure", "a@b.uk|1.2.3.4", limit);
        limiter.count("login-failure", "a@b.uk|1.2.3.4", limit);
        assert!(limiter.refuse_if_full("login-failure", "a@b.uk|1.2.3.4", limit).is_err());
        assert!(limiter.refuse_if_full("login-failure", "a@b.uk|5.6.7.8", limit).is_ok());
    }
}
