//! What answers each request of a connection: a page kept in the cache first, else the router.
//! A kept page needs none of the routing, timeouts and extractors that the router's requests go
//! through, so it skips them; it is observed and carries the security headers like any answer.
//! A request with credentials goes to the router, as it did before there was a way around it:
//! some page addresses that take a post apply the API's rules for credentials.

use super::AppError;
use super::observe::observe;
use super::security_headers::SecurityHeaders;
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
    pub security_headers: Arc<SecurityHeaders>,
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
        let kept = if super::member::carries_credentials(request.headers()) {
            None
        } else {
            std::panic::catch_unwind(AssertUnwindSafe(|| crate::site::handlers::cached_page(&self.state.site, &request))).unwrap_or(None)
        };
        match kept {
            Some(page) => {
                let page = self.security_headers.add(page);
                Either::Left(observe(&self.state, started, request, |_| std::future::ready(Ok(page))))
            }
            None => {
                request.extensions_mut().insert(ConnectInfo(peer));
                let routed = self.runtime.spawn(self.router.clone().oneshot(request));
                // The router answers every request (a panic becomes the error page): the task
                // fails only when the server stops under it.
                Either::Right(async move { routed.await.unwrap_or_else(|_| Ok(AppError::Unavailable("The server is stopping.".into()).into_response())) })
            }
        }
    }
}
