//! Prometheus metrics through `prometheus-client`, in Prometheus' text format. Requests are
//! counted with their latency by route as they are answered (`http::observe`); what the caches,
//! the outbox and the database pool hold is read when scraped, into a registry made for the
//! scrape (`http::metrics`). Each server, and each test's server, keeps a registry of its own.

use axum::http::StatusCode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::fmt;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// Latency bucket bounds in seconds: fine below 50 ms, where kept pages and the API answer.
const BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// A route pattern, never a raw path, so that the labels stay as few as the routes.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Route {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Answered {
    route: String,
    status: &'static str,
}

type Latency = Family<Route, Histogram, fn() -> Histogram>;

/// Requests answered, by route and status class, and how long they took.
pub struct RequestMetrics {
    registry: Registry,
    answered: Family<Answered, Counter>,
    latency: Latency,
}

impl Default for RequestMetrics {
    fn default() -> Self {
        let answered = Family::<Answered, Counter>::default();
        let latency = Latency::new_with_constructor(|| Histogram::new(BUCKETS));
        let mut registry = Registry::default();
        registry.register("http_requests", "Requests answered, by route and status class", answered.clone());
        registry.register("http_request_duration_seconds", "Time from a request's arrival to its answer's headers, by route", latency.clone());
        RequestMetrics { registry, answered, latency }
    }
}

impl RequestMetrics {
    pub fn record(&self, route: &str, status: StatusCode, took: Duration) {
        let status = match status.as_u16() / 100 {
            ..=1 => "1xx",
            2 => "2xx",
            3 => "3xx",
            4 => "4xx",
            _ => "5xx",
        };
        self.answered.get_or_create(&Answered { route: route.to_owned(), status }).inc();
        self.latency.get_or_create(&Route { route: route.to_owned() }).observe(took.as_secs_f64());
    }

    /// The requests' families, then `read`'s (values read for this scrape).
    pub fn write(&self, read: &Registry) -> Result<String, fmt::Error> {
        let mut text = String::new();
        prometheus_client::encoding::prometheus_text::encode(&mut text, &self.registry)?;
        prometheus_client::encoding::prometheus_text::encode(&mut text, read)?;
        Ok(text)
    }
}

/// Registers under `name` a family of one `label` whose values have the counts given.
pub fn counts(registry: &mut Registry, name: &str, help: &str, label: &'static str, counts: &[(&'static str, u64)]) {
    let family = Family::<[(&'static str, &'static str); 1], Counter>::default();
    for (value, count) in counts {
        family.get_or_create(&[(label, *value)]).inc_by(*count);
    }
    registry.register(name, help, family);
}

/// Registers under `name` a family of one `label` whose values measure what is given.
pub fn levels(registry: &mut Registry, name: &str, help: &str, label: &'static str, levels: &[(&'static str, u64)]) {
    let family = Family::<[(&'static str, &'static str); 1], Gauge<u64, AtomicU64>>::default();
    for (value, level) in levels {
        family.get_or_create(&[(label, *value)]).set(*level);
    }
    registry.register(name, help, family);
}

/// Registers under `name` one gauge measuring `level`.
pub fn level(registry: &mut Registry, name: &str, help: &str, level: u64) {
    let gauge = Gauge::<u64, AtomicU64>::default();
    gauge.set(level);
    registry.register(name, help, gauge);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(metrics: &RequestMetrics) -> String {
        metrics.write(&Registry::default()).unwrap()
    }

    #[test]
    fn requests_are_counted_by_route_class_and_latency_bucket() {
        let metrics = RequestMetrics::default();
        metrics.record("/api/services/", StatusCode::OK, Duration::from_millis(3));
        metrics.record("/api/services/", StatusCode::NOT_FOUND, Duration::from_millis(30));
        metrics.record("/jobs", StatusCode::OK, Duration::from_secs(20));
        let text = written(&metrics);
        assert!(text.contains("# TYPE http_requests_total counter\n"), "{text}");
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
        let text = written(&metrics);
        assert!(text.contains("http_requests_total{route=\"/jobs\",status=\"2xx\"} 15\n"), "{text}");
        assert!(text.contains("http_requests_total{route=\"/jobs\",status=\"5xx\"} 1\n"), "{text}");
        assert!(text.contains("http_request_duration_seconds_count{route=\"/jobs\"} 16\n"), "{text}");
    }

    #[test]
    fn values_read_at_the_scrape_follow_the_requests() {
        let mut read = Registry::default();
        counts(&mut read, "page_cache_lookups", "Cached page lookups", "outcome", &[("memory", 4), ("missed", 1)]);
        level(&mut read, "mail_outbox_waiting", "Mails queued and not sent yet", 2);
        let text = RequestMetrics::default().write(&read).unwrap();
        assert!(text.contains("page_cache_lookups_total{outcome=\"memory\"} 4\n"), "{text}");
        assert!(text.contains("# TYPE mail_outbox_waiting gauge\nmail_outbox_waiting 2\n"), "{text}");
        assert!(!text.contains("# EOF"), "Prometheus' text format has no end marker: {text}");
    }

    #[test]
    fn label_values_are_escaped() {
        let metrics = RequestMetrics::default();
        metrics.record("a\"b\\c", StatusCode::OK, Duration::from_millis(1));
        assert!(written(&metrics).contains("http_requests_total{route=\"a\\\"b\\\\c\",status=\"2xx\"} 1\n"));
    }
}
