//! What answers each request of a connection: a page or a visitor's API answer kept in the
//! cache first, else the router. A kept answer needs none of the routing, timeouts and
//! extractors that the router's requests go through, so it skips them; it is observed and
//! carries the security headers like any answer. A request with credentials goes to the
//! router, as it did before there was a way around it: some page addresses that take a post
//! apply the API's rules for credentials, and no member's read is answered from a shared cache.

use super::AppError;
use super::observe::observe_made;
use crate::platform::logs::RouteName;
use crate::state::AppState;
use axum::Router;
use axum::extract::ConnectInfo;
use axum::response::{IntoResponse, Response};
use futures::future::Either;
use hyper::body::Incoming;
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Instant;
use tower::ServiceExt;

#[derive(Clone)]
pub struct Front {
    pub state: Arc<AppState>,
    /// Everything else, with its own layers (`startup::build`).
    pub router: Router,
    /// Where the router's requests run: the main runtime, whose threads steal work from each
    /// other, so a slow search or render on one holds up no other connection.
    pub runtime: tokio::runtime::Handle,
}

impl Front {
    /// The answer to `request`, which came from `peer`.
    pub fn answer(&self, mut request: hyper::Request<Incoming>, peer: SocketAddr) -> impl Future<Output = Result<Response, Infallible>> + use<> {
        let started = Instant::now();
        // A lookup that panicked (a kept body that cannot be decoded) is left to the router,
        // whose layers answer a panic with the error page.
        let kept = if !super::member::is_visitor_read(&request) {
            None
        } else {
            std::panic::catch_unwind(AssertUnwindSafe(|| self.kept_answer(&request))).unwrap_or(None)
        };
        match kept {
            // It carries the security headers already (`site::answer_headers`).
            Some((answer, kept_under)) => Either::Left(std::future::ready(Ok(observe_made(&self.state, started, &request, kept_under, answer)))),
            None => {
                request.extensions_mut().insert(ConnectInfo(peer));
                // Dropped with its connection, the request is dropped too, as it was when it ran
                // on the connection's own task (work it gave the blocking pool still finishes).
                let routed = AbortOnDrop(self.runtime.spawn(self.router.clone().oneshot(request)));
                let security_headers = self.state.site.security_headers.clone();
                Either::Right(async move {
                    match routed.await {
                        Ok(answer) => answer,
                        // A panic the router's own layers did not turn into the error page ends
                        // the connection, as it did when the router ran on the connection's thread.
                        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
                        Err(_) => Ok(security_headers.add(AppError::Unavailable("The server is stopping.".into()).into_response())),
                    }
                })
            }
        }
    }

    /// The kept answer to a visitor's read, and the router's name for its route where the page
    /// routes' names do not say it.
    fn kept_answer(&self, request: &hyper::Request<Incoming>) -> Option<(Response, Option<RouteName>)> {
        let site = &self.state.site;
        let path = request.uri().path();
        if path.starts_with("/api/") {
            crate::site::answers::cached_answer(site, request).map(|(answer, route)| (answer, Some(RouteName::Pattern(route))))
        } else if path.starts_with("/builds/") {
            crate::site::handlers::build_file(site, request).map(|(file, route)| (file, Some(RouteName::Fixed(route))))
        } else {
            crate::site::handlers::cached_page(site, request).map(|page| (page, None))
        }
    }
}

/// A task's handle that ends the task when dropped.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl<T> Future for AbortOnDrop<T> {
    type Output = Result<T, tokio::task::JoinError>;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        std::pin::Pin::new(&mut self.0).poll(cx)
    }
}
