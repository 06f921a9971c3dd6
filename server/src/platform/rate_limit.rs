//! Fixed-window rate limits per action and key (a client address or an account). Kept in
//! memory: each server limits what reaches it, which bounds abuse without shared state.

use crate::http::AppError;
use parking_lot::Mutex;
use std::collections::HashMap;
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

    pub const fn per_hour(count: u32) -> Self {
        Limit { count, window: Duration::from_secs(3600) }
    }
}

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<(&'static str, String), (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts one request of `action` by `key`; 429 once over `limit`.
    pub fn check(&self, action: &'static str, key: &str, limit: Limit) -> Result<(), AppError> {
        let now = Instant::now();
        let mut windows = self.windows.lock();
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(3600));
        }
        let entry = windows.entry((action, key.to_lowercase())).or_insert((now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        if entry.1 >= limit.count {
            let retry_after = limit.window.saturating_sub(now.duration_since(entry.0)).as_secs().max(1);
            return Err(AppError::TooManyRequests { message: "Too many requests. Please try again later.".into(), retry_after_seconds: retry_after });
        }
        entry.1 += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_applies_per_action_and_key() {
        let limiter = RateLimiter::default();
        for _ in 0..3 {
            limiter.check("login", "1.2.3.4", Limit::per_minute(3)).unwrap();
        }
        assert!(matches!(limiter.check("login", "1.2.3.4", Limit::per_minute(3)), Err(AppError::TooManyRequests { .. })));
        assert!(limiter.check("login", "5.6.7.8", Limit::per_minute(3)).is_ok());
        assert!(limiter.check("register", "1.2.3.4", Limit::per_minute(3)).is_ok());
    }

    #[test]
    fn a_window_resets_after_its_length() {
        let limiter = RateLimiter::default();
        let limit = Limit { count: 1, window: Duration::from_millis(30) };
        limiter.check("resend", "a@b.uk", limit).unwrap();
        assert!(limiter.check("resend", "A@B.uk", limit).is_err(), "keys ignore case");
        std::thread::sleep(Duration::from_millis(40));
        assert!(limiter.check("resend", "a@b.uk", limit).is_ok());
    }
}
