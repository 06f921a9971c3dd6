//! Serving connections with hyper's own server: HTTP/1.1 and HTTP/2 over cleartext (whichever
//! the client or the proxy in front speaks), a deadline for each request's headers, a limit on
//! how long an answer may stall, a cap on open connections and on those of one address, and a
//! graceful shutdown that lets requests in flight finish.

use super::extract::ClientAddress;
use crate::config::Connections;
use axum::extract::ConnectInfo;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;
use tower::{Service, ServiceExt};

/// Connections open per client address, so one client cannot take every slot.
struct OpenPerAddress {
    most: usize,
    open: Mutex<HashMap<String, usize>>,
}

impl OpenPerAddress {
    /// A hold on one connection of `ip`'s, or `None` when it already has the most it may.
    fn take(self: &Arc<Self>, ip: IpAddr) -> Option<AddressHold> {
        let key = ClientAddress(ip).key();
        let mut open = self.open.lock();
        let count = open.entry(key.clone()).or_insert(0);
        if *count >= self.most {
            return None;
        }
        *count += 1;
        Some(AddressHold { counts: self.clone(), key })
    }
}

/// Gives the connection back when dropped.
struct AddressHold {
    counts: Arc<OpenPerAddress>,
    key: String,
}

impl Drop for AddressHold {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock();
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// Serves `app` (the router with its layers) on `listener` until `shutdown` resolves; then
/// accepts no more, closes idle connections and lets requests in flight finish within the grace.
pub async fn serve<App>(app: App, listener: TcpListener, limits: Connections, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()>
where
    App: Service<axum::http::Request<Incoming>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    App::Future: Send + 'static,
{
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = limits.max_connections_per_address.map(|most| Arc::new(OpenPerAddress { most, open: Mutex::new(HashMap::new()) }));
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    // A client that opens streams and never finishes them is bounded by the request timeout;
    // one that goes silent is found by its pings.
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(limits.header_read_timeout).keep_alive_timeout(limits.header_read_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        // At the cap the server stops accepting: new clients wait in the kernel's queue.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the connection semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, say: wait a moment rather than spin.
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let hold = match &per_address {
            Some(open) => match open.take(peer.ip()) {
                Some(hold) => Some(hold),
                // One client holding the most it may: this one is closed at once.
                None => continue,
            },
            None => None,
        };
        // A client that stops reading its answer holds a slot no longer than a client that
        // stops sending its body.
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(limits.body_read_timeout));
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: axum::http::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(Box::pin(stream)), service).into_owned());
        tokio::spawn(async move {
            let _holds = (slot, hold);
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
        });
    }
    // New clients are refused at once rather than queued during the grace period.
    drop(listener);
    if tokio::time::timeout(limits.shutdown_grace, graceful.shutdown()).await.is_err() {
        tracing::warn!("some requests were still running when the server stopped");
    }
    Ok(())
}
