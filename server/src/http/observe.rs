//! Every request observed, with tower-http's layers: given a request id (the balancer's
//! `X-Request-Id` when it sent a sane one, else a new one) that comes back in the answer's
//! `X-Request-Id`; answered within a `request` span (id, method, path, route) that every log
//! line of the request, the libraries' included, is written in, so `RUST_LOG` can select a
//! request by its fields; counted with its latency by route for `/metrics`; and logged once
//! answered, under the `access` target (`RUST_LOG=access=warn` silences it).

use crate::platform::metrics::RequestMetrics;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue, Response};
use axum::middleware::Next;
use std::sync::Arc;
use std::time::Duration;
use tower_http::request_id::{MakeRequestId, RequestId};
use tower_http::trace::{HttpMakeClassifier, MakeSpan, OnResponse, TraceLayer};
use tracing::Span;

/// A name made once: a name given as text is parsed on every use.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The request, without the balancer's request id if it is not one worth keeping (a new one
/// is then made).
pub fn drop_unusable_request_id<B>(mut request: axum::http::Request<B>) -> axum::http::Request<B> {
    if request.headers().get(&REQUEST_ID).is_some_and(|id| !id.to_str().is_ok_and(is_sane)) {
        request.headers_mut().remove(&REQUEST_ID);
    }
    request
}

/// A request id worth keeping: short, and nothing a log reader could be fooled by.
fn is_sane(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
}

/// Request ids of 16 random hex digits.
#[derive(Clone, Copy)]
pub struct NewRequestIds;

impl MakeRequestId for NewRequestIds {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let id = hex::encode(rand::random::<u64>().to_be_bytes());
        Some(RequestId::new(HeaderValue::from_str(&id).expect("hex digits are a header value")))
    }
}

/// The span, count and access line of every request, for `/metrics` in `metrics`.
pub fn trace(metrics: Arc<RequestMetrics>) -> TraceLayer<HttpMakeClassifier, RequestSpan, (), CountAndLog, (), (), ()> {
    TraceLayer::new_for_http().make_span_with(RequestSpan).on_request(()).on_response(CountAndLog(metrics)).on_body_chunk(()).on_eos(()).on_failure(())
}

/// A `request` span whose route is recorded once known (`name`).
#[derive(Clone, Copy)]
pub struct RequestSpan;

impl<B> MakeSpan<B> for RequestSpan {
    fn make_span(&mut self, request: &axum::http::Request<B>) -> Span {
        let id = request.headers().get(&REQUEST_ID).and_then(|id| id.to_str().ok()).unwrap_or_default();
        tracing::info_span!("request", request_id = id, method = %request.method(), path = request.uri().path(), route = tracing::field::Empty)
    }
}

/// Counts an answer under the route it was named by, and writes its access line.
#[derive(Clone)]
pub struct CountAndLog(Arc<RequestMetrics>);

impl<B> OnResponse<B> for CountAndLog {
    fn on_response(self, answer: &Response<B>, took: Duration, _: &Span) {
        let route = answer.extensions().get::<RouteName>().map_or("other", RouteName::as_str);
        self.0.record(route, answer.status(), took);
        tracing::info!(target: "access", status = answer.status().as_u16(), ms = took.as_secs_f64() * 1000.0, "answered");
    }
}

/// The route a request is counted and logged under: the router's pattern (such as
/// `/api/service/{id}/`, not its path), or a fixed name, so that the names stay as few as the
/// routes.
#[derive(Clone)]
pub enum RouteName {
    Pattern(MatchedPath),
    Fixed(&'static str),
}

impl RouteName {
    pub fn as_str(&self) -> &str {
        match self {
            RouteName::Pattern(matched) => matched.as_str(),
            RouteName::Fixed(route) => route,
        }
    }

    /// The route a request the router did not match is named by: the page it names, or
    /// `other` (public files and paths that are not there).
    pub fn of_page<B>(request: &axum::http::Request<B>) -> RouteName {
        let path = request.uri().path();
        if path.starts_with("/assets/") {
            return RouteName::Fixed("/assets/");
        }
        let (page, _) = app::routes::page_of(path);
        RouteName::Fixed(app::routes::Route::known_path(page).unwrap_or("other"))
    }

    /// Names the request being answered: in its span, for the lines still to come.
    pub fn enter(&self) {
        Span::current().record("route", self.as_str());
    }

    /// Names `answer`'s request, for its count.
    pub fn name<B>(self, answer: &mut Response<B>) {
        answer.extensions_mut().insert(self);
    }
}

/// The router's requests named by the route they matched.
pub async fn name_route(request: Request, next: Next) -> axum::response::Response {
    let route = match request.extensions().get::<MatchedPath>() {
        Some(matched) => RouteName::Pattern(matched.clone()),
        None => RouteName::of_page(&request),
    };
    route.enter();
    let mut answer = next.run(request).await;
    route.name(&mut answer);
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_are_16_hex_digits_and_differ() {
        let request = axum::http::Request::new(());
        let (one, two) = (NewRequestIds.make_request_id(&request).unwrap(), NewRequestIds.make_request_id(&request).unwrap());
        let (one, two) = (one.header_value(), two.header_value());
        assert_eq!(one.len(), 16);
        assert!(one.as_bytes().iter().all(u8::is_ascii_hexdigit) && is_sane(one.to_str().unwrap()));
        assert_ne!(one, two);
    }

    #[test]
    fn only_short_plain_request_ids_are_kept() {
        assert!(is_sane("3f2a9c1e-77b0-4c55-9d1a-0e5f7d2c4b11"));
        assert!(!is_sane(""));
        assert!(!is_sane(&"a".repeat(65)));
        assert!(!is_sane("abc\" injected=\"1"));
        let request = axum::http::Request::builder().header(REQUEST_ID, "abc\" injected=\"1").body(()).unwrap();
        assert!(drop_unusable_request_id(request).headers().get(REQUEST_ID).is_none());
    }
}
