//! Prometheus metrics in the text exposition format. Requests and their latency are counted by
//! route as they are answered; everything else (page cache, mail outbox, database pool) is read
//! when scraped. The format is a few lines per sample, so it is written here rather than
//! through a registry crate, and each server (and each test's server) keeps its own.

use axum::http::StatusCode;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::fmt::{Display, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use thread_local::ThreadLocal;

/// Latency bucket bounds in seconds: fine below 50 ms, where cached pages and the API answer.
const BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// Status classes, 1xx to 5xx.
const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

#[derive(Default, Clone)]
struct RouteStats {
    by_class: [u64; CLASSES.len()],
    /// Requests that took at most each bucket's bound (not yet cumulative).
    buckets: [u64; BUCKETS.len()],
    seconds: f64,
    count: u64,
}

impl RouteStats {
    fn add(&mut self, status: StatusCode, took: Duration) {
        let seconds = took.as_secs_f64();
        let class = usize::from(status.as_u16() / 100).clamp(1, CLASSES.len()) - 1;
        self.by_class[class] += 1;
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            self.buckets[bucket] += 1;
        }
        self.seconds += seconds;
        self.count += 1;
    }

    fn merge(&mut self, other: &RouteStats) {
        self.by_class.iter_mut().zip(other.by_class).for_each(|(sum, count)| *sum += count);
        self.buckets.iter_mut().zip(other.buckets).for_each(|(sum, count)| *sum += count);
        self.seconds += other.seconds;
        self.count += other.count;
    }
}

/// A count that goes up on every core at once: each thread adds to a count of its own, as a
/// count they all added to would be a line of memory every core wrote to on every request.
#[derive(Default)]
pub struct Counter {
    shards: ThreadLocal<AtomicU64>,
}

impl Counter {
    pub fn add_one(&self) {
        self.shards.get_or_default().fetch_add(1, Ordering::Relaxed);
    }

    pub fn total(&self) -> u64 {
        self.shards.iter().map(|shard| shard.load(Ordering::Relaxed)).sum()
    }
}

/// Requests answered, by route (a route pattern, never a raw path: the labels stay few).
/// Each thread counts in a shard of its own, which no other thread touches but a scrape: one
/// table for all, under one lock, was a line every request on every core wrote to.
#[derive(Default)]
pub struct RequestMetrics {
    shards: ThreadLocal<Mutex<HashMap<Box<str>, RouteStats>>>,
}

impl RequestMetrics {
    pub fn record(&self, route: &str, status: StatusCode, took: Duration) {
        let mut routes = self.shards.get_or_default().lock();
        match routes.get_mut(route) {
            Some(stats) => stats.add(status, took),
            None => {
                let mut stats = RouteStats::default();
                stats.add(status, took);
                routes.insert(route.into(), stats);
            }
        }
    }

    pub fn write(&self, out: &mut Exposition) {
        let mut routes: HashMap<Box<str>, RouteStats> = HashMap::new();
        for shard in &self.shards {
            for (route, stats) in shard.lock().iter() {
                routes.entry(route.clone()).or_default().merge(stats);
            }
        }
        let mut names: Vec<&str> = routes.keys().map(|route| &**route).collect();
        names.sort_unstable();
        out.family("http_requests_total", "counter", "Requests answered, by route and status class.");
        for route in &names {
            for (class, count) in CLASSES.iter().zip(routes[*route].by_class) {
                if count > 0 {
                    out.sample("http_requests_total", &[("route", route), ("status", class)], count);
                }
            }
        }
        out.family("http_request_duration_seconds", "histogram", "Time from a request's arrival to its answer's headers, by route.");
        for route in &names {
            let stats = &routes[*route];
            let mut cumulative = 0;
            for (bound, count) in BUCKETS.iter().zip(stats.buckets) {
                cumulative += count;
                out.sample("http_request_duration_seconds_bucket", &[("route", route), ("le", &bound.to_string())], cumulative);
            }
            out.sample("http_request_duration_seconds_bucket", &[("route", route), ("le", "+Inf")], stats.count);
            out.sample("http_request_duration_seconds_sum", &[("route", route)], stats.seconds);
            out.sample("http_request_duration_seconds_count", &[("route", route)], stats.count);
        }
    }
}

/// A scrape's text, written family by family.
#[derive(Default)]
pub struct Exposition(String);

impl Exposition {
    /// Starts a metric family: its help text and type (`counter`, `gauge`, `histogram`).
    pub fn family(&mut self, name: &str, kind: &str, help: &str) {
        let _ = writeln!(self.0, "# HELP {name} {help}\n# TYPE {name} {kind}");
    }

    pub fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl Display) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (n, (label, text)) in labels.iter().enumerate() {
                let separator = if n == 0 { "" } else { "," };
                let escaped = text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
                let _ = write!(self.0, "{separator}{label}=\"{escaped}\"");
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }

    pub fn into_text(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_route_class_and_latency_bucket() {
        let metrics = RequestMetrics::default();
        metrics.record("/api/services/", StatusCode::OK, Duration::from_millis(3));
        metrics.record("/api/services/", StatusCode::NOT_FOUND, Duration::from_millis(30));
        metrics.record("/jobs", StatusCode::OK, Duration::from_secs(20));
        let mut out = Exposition::default();
        metrics.write(&mut out);
        let text = out.into_text();
        assert!(text.contains("http_requests_total{route=\"/api/services/\",status=\"2xx\"} 1\n"), "{text}");
        assert!(text.contains("http_requests_total{route=\"/api/services/\",status=\"4xx\"} 1\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_bucket{route=\"/api/services/\",le=\"0.005\"} 1\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_bucket{route=\"/api/services/\",le=\"0.05\"} 2\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_bucket{route=\"/jobs\",le=\"10\"} 0\n"), "slower than every bound: {text}");
        assert!(text.contains("http_request_duration_seconds_bucket{route=\"/jobs\",le=\"+Inf\"} 1\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_count{route=\"/api/services/\"} 2\n"), "{text}");
    }

    #[test]
    fn counts_from_every_thread_are_summed() {
        let metrics = RequestMetrics::default();
        std::thread::scope(|threads| {
            for _ in 0..3 {
                threads.spawn(|| (0..5).for_each(|_| metrics.record("/jobs", StatusCode::OK, Duration::from_millis(1))));
            }
        });
        metrics.record("/jobs", StatusCode::INTERNAL_SERVER_ERROR, Duration::from_millis(1));
        let mut out = Exposition::default();
        metrics.write(&mut out);
        let text = out.into_text();
        assert!(text.contains("http_requests_total{route=\"/jobs\",status=\"2xx\"} 15\n"), "{text}");
        assert!(text.contains("http_requests_total{route=\"/jobs\",status=\"5xx\"} 1\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_count{route=\"/jobs\"} 16\n"), "{text}");
    }

    #[test]
    fn label_values_are_escaped() {
        let mut out = Exposition::default();
        out.sample("x", &[("route", "a\"b\\c")], 1);
        assert_eq!(out.into_text(), "x{route=\"a\\\"b\\\\c\"} 1\n");
    }
}
