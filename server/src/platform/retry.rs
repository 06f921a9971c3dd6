//! How long to wait before trying again something that failed (a mail, a refund): long enough
//! not to hammer a service that is down, short enough to catch it soon after it is back.

use chrono::Duration;

/// Wait after the n-th failure: `first`, then twice as long each time, up to 10 minutes.
pub fn backoff(first: std::time::Duration, attempts: i32) -> Duration {
    let first = Duration::from_std(first).unwrap_or(Duration::seconds(5));
    (first * (1 << (attempts - 1).clamp(0, 16))).min(Duration::minutes(10))
}

#[cfg(test)]
mod tests {
    #[test]
    fn retries_back_off_to_ten_minutes() {
        let first = std::time::Duration::from_secs(5);
        assert_eq!(super::backoff(first, 1).num_seconds(), 5);
        assert_eq!(super::backoff(first, 2).num_seconds(), 10);
        assert_eq!(super::backoff(first, 3).num_seconds(), 20);
        assert_eq!(super::backoff(first, 30).num_seconds(), 600);
    }
}
