//! Every request, observed: given a request id (the balancer's `X-Request-Id` when it sent a
//! sane one, else a new one), which every log line of the request names (`platform::logs`)
//! and comes back in the answer's `X-Request-Id`; counted with its latency by route for
//! `/metrics`; and logged once answered, under the `access` target (`RUST_LOG=access=warn`
//! silences it).

use crate::platform::logs::{self, RequestContext, RouteName};
use crate::state::AppState;
use axum::extract::MatchedPath;
use axum::http::{HeaderName, HeaderValue, Uri};
use axum::http::{Request, Response};
use pin_project_lite::pin_project;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};
use tokio::task::futures::TaskLocalFuture;

/// A name made once: a name given as text is parsed on every use.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The layer that observes every request. Written out rather than as `from_fn` middleware,
/// which boxed each request's future and cloned a boxed copy of the router behind it: with
/// a span per request, that was a fifth of the time of serving a cached page.
#[derive(Clone)]
pub struct ObserveLayer(pub Arc<AppState>);

impl<S> tower::Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe { inner, state: self.0.clone() }
    }
}

#[derive(Clone)]
pub struct Observe<S> {
    inner: S,
    state: Arc<AppState>,
}

impl<S, RequestBody, B> tower::Service<Request<RequestBody>> for Observe<S>
where
    S: tower::Service<Request<RequestBody>, Response = Response<B>, Error = Infallible>,
{
    type Response = Response<B>;
    type Error = Infallible;
    type Future = TaskLocalFuture<RequestContext, Observed<S::Future>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<RequestBody>) -> Self::Future {
        let started = Instant::now();
        let context = context_of(&request, route_of(&request));
        // Kept for the access line only when it is written.
        let uri = access_logged().then(|| request.uri().clone());
        let answer = self.inner.call(request);
        logs::within(context, Observed { answer, started, uri, state: self.state.clone() })
    }
}

/// `request`'s `answer`, made at once from `started` (a kept answer, `http::front`), observed
/// now: no future to poll around it, and no handle on the state to take and give back.
/// It is counted under `route`, if given, else under the page's route.
pub fn observe_made<RequestBody, B>(
    state: &AppState,
    started: Instant,
    request: &Request<RequestBody>,
    route: Option<RouteName>,
    mut answer: Response<B>,
) -> Response<B> {
    let context = context_of(request, route.unwrap_or_else(|| route_of(request)));
    let took = started.elapsed();
    count_and_name(state, &context, took, &mut answer);
    if access_logged() {
        logs::within_now(context, || log_access(request.uri(), took, &answer));
    }
    answer
}

/// The request's id (the balancer's header value shares the request's bytes: no copy), method
/// and `route`.
fn context_of<RequestBody>(request: &Request<RequestBody>, route: RouteName) -> RequestContext {
    let id = request.headers().get(REQUEST_ID).filter(|id| id.to_str().is_ok_and(is_sane)).cloned().unwrap_or_else(new_id);
    RequestContext { id, method: request.method().clone(), route }
}

fn access_logged() -> bool {
    tracing::enabled!(target: "access", tracing::Level::INFO)
}

/// Counts the answer under its request's route, and gives it the request's id.
fn count_and_name<B>(state: &AppState, request: &RequestContext, took: Duration, answer: &mut Response<B>) {
    state.requests.record(request.route.as_str(), answer.status(), took);
    answer.headers_mut().insert(REQUEST_ID, request.id.clone());
}

/// The access line, written within the request's context, which names it.
fn log_access<B>(uri: &Uri, took: Duration, answer: &Response<B>) {
    tracing::info!(target: "access", status = answer.status().as_u16(), ms = took.as_secs_f64() * 1000.0, path = uri.path(), "answered");
}

pin_project! {
    /// A request's answer, counted, logged and given its id once ready: polled within its
    /// request's context, which it reads them from.
    pub struct Observed<F> {
        #[pin]
        answer: F,
        started: Instant,
        uri: Option<Uri>,
        state: Arc<AppState>,
    }
}

impl<F: Future<Output = Result<Response<B>, Infallible>>, B> Future for Observed<F> {
    type Output = Result<Response<B>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Ok(mut response) = ready!(this.answer.poll(cx));
        let took = this.started.elapsed();
        logs::current_request(|request| count_and_name(this.state, request, took, &mut response));
        if let Some(uri) = this.uri.take() {
            log_access(&uri, took, &response);
        }
        Poll::Ready(Ok(response))
    }
}

/// A request id worth keeping: short, and nothing a log reader could be fooled by.
fn is_sane(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
}

/// 16 hex digits, random: written straight into the header's bytes, as this is done for every
/// request (`hex::encode` builds a string a character at a time).
fn new_id() -> HeaderValue {
    let mut digits = [0u8; 16];
    hex::encode_to_slice(rand::random::<u64>().to_be_bytes(), &mut digits).expect("8 bytes are 16 hex digits");
    HeaderValue::from_bytes(&digits).expect("hex digits are a header value")
}

/// The route a request is counted under: the router's pattern, the page it names, or `other`
/// (public files and paths that are not there), so the labels stay as few as the routes.
fn route_of<RequestBody>(request: &Request<RequestBody>) -> RouteName {
    if let Some(matched) = request.extensions().get::<MatchedPath>() {
        return RouteName::Pattern(matched.clone());
    }
    let path = request.uri().path();
    if path.starts_with("/assets/") {
        return RouteName::Fixed("/assets/");
    }
    let (page, _) = crate::site::handlers::page_of(path);
    RouteName::Fixed(app::routes::Route::known_path(page).unwrap_or("other"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_are_16_hex_digits_and_differ() {
        let (one, two) = (new_id(), new_id());
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
    }
}
