//! Kept answers ahead of the router: a visitor's read of a page, an API answer or a build file
//! kept in the cache is answered from it, and everything else goes to the router. A kept answer
//! needs none of the routing, timeouts and extractors the router's requests go through, so it
//! skips them; it is named by its route for the observing layers around it (`http::observe`),
//! and carries the security headers like any answer. A request with credentials goes to the
//! router: some page addresses that take a post apply the API's rules for credentials, and no
//! member's read is answered from a shared cache. A kept body that cannot be decoded is logged
//! and left to the router too.

use super::observe::RouteName;
use crate::state::AppState;
use axum::http::Request;
use axum::response::Response;
use futures::future::{Either, Ready, ready};
use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

/// The layer that answers kept reads before the service it wraps (the router).
#[derive(Clone)]
pub struct KeptAnswersLayer(pub Arc<AppState>);

impl<S> tower::Layer<S> for KeptAnswersLayer {
    type Service = KeptAnswers<S>;

    fn layer(&self, inner: S) -> KeptAnswers<S> {
        KeptAnswers { inner, state: self.0.clone() }
    }
}

#[derive(Clone)]
pub struct KeptAnswers<S> {
    inner: S,
    state: Arc<AppState>,
}

impl<S, B> tower::Service<Request<B>> for KeptAnswers<S>
where
    S: tower::Service<Request<B>, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Ready<Result<Response, Infallible>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        // It carries the security headers already (`site::answer_headers`).
        match super::credentials::is_visitor_read(&request).then(|| kept_answer(&self.state, &request)).flatten() {
            Some((mut answer, route)) => {
                route.enter();
                route.name(&mut answer);
                Either::Left(ready(Ok(answer)))
            }
            None => Either::Right(self.inner.call(request)),
        }
    }
}

/// The kept answer to a visitor's read, and the route it is named by.
fn kept_answer<B>(state: &AppState, request: &Request<B>) -> Option<(Response, RouteName)> {
    let site = &state.site;
    let path = request.uri().path();
    if path.starts_with("/api/") {
        crate::site::answers::kept_api_answer(site, request).map(|(answer, route)| (answer, RouteName::Pattern(route)))
    } else if path.starts_with("/builds/") {
        crate::site::handlers::build_file(site, request).map(|(file, route)| (file, RouteName::Fixed(route)))
    } else {
        crate::site::handlers::kept_page(site, request).map(|page| (page, RouteName::of_page(request)))
    }
}
