//! Every request, observed: given a request id (the balancer's `X-Request-Id` when it sent a
//! sane one, else a new one), which names the span every log line of the request is written
//! in and comes back in the answer's `X-Request-Id`; counted with its latency by route for
//! `/metrics`; and logged once answered, under the `access` target (`RUST_LOG=access=warn`
//! silences it).

use crate::state::AppState;
use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

pub const REQUEST_ID: &str = "x-request-id";

pub async fn observe(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = request.headers().get(REQUEST_ID).and_then(|id| id.to_str().ok()).filter(|id| is_sane(id)).map_or_else(new_id, str::to_string);
    let route = Route::of(&request);
    // A clone of the request's URI shares its bytes: no copy on the hot path for the log line.
    let (method, uri) = (request.method().clone(), request.uri().clone());
    let span = tracing::info_span!("request", request_id = %id, %method, route = route.as_str());
    let mut response = next.run(request).instrument(span.clone()).await;
    let took = started.elapsed();
    state.requests.record(route.as_str(), response.status(), took);
    span.in_scope(|| tracing::info!(target: "access", status = response.status().as_u16(), ms = took.as_secs_f64() * 1000.0, path = uri.path(), "answered"));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// A request id worth keeping: short, and nothing a log reader could be fooled by.
fn is_sane(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
}

fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

/// The route a request is counted under: the router's pattern, the page it names, or `other`
/// (public files and paths that are not there), so the labels stay as few as the routes.
enum Route {
    Pattern(MatchedPath),
    Fixed(&'static str),
}

impl Route {
    fn of(request: &Request) -> Route {
        if let Some(matched) = request.extensions().get::<MatchedPath>() {
            return Route::Pattern(matched.clone());
        }
        let path = request.uri().path();
        if path.starts_with("/assets/") {
            return Route::Fixed("/assets/");
        }
        let page = path.strip_suffix("/_payload.json").map(|page| if page.is_empty() { "/" } else { page }).unwrap_or(path);
        Route::Fixed(app::routes::PATHS.iter().find(|known| **known == page).copied().unwrap_or("other"))
    }

    fn as_str(&self) -> &str {
        match self {
            Route::Pattern(matched) => matched.as_str(),
            Route::Fixed(route) => route,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_request_ids_are_kept() {
        assert!(is_sane("3f2a9c1e-77b0-4c55-9d1a-0e5f7d2c4b11"));
        assert!(!is_sane(""));
        assert!(!is_sane(&"a".repeat(65)));
        assert!(!is_sane("abc\" injected=\"1"));
    }
}
