//! Serving connections with hyper's own server: HTTP/1.1 and HTTP/2 over cleartext (whichever
//! the client or the proxy in front speaks), a deadline for each request's headers, a limit on
//! how long an answer may stall, idle connections closed (one that never asks included), a cap
//! on open connections and on those of one address, and a graceful shutdown that lets requests
//! in flight finish.

use super::extract::ClientAddress;
use crate::config::Connections;
use axum::extract::ConnectInfo;
use axum::http::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulConnection;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
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

/// What a connection is doing: requests under way, and when it last finished one, so that one
/// left idle (never asking, or no longer) is closed.
struct Activity {
    opened: std::time::Instant,
    in_flight: AtomicUsize,
    /// Milliseconds after `opened` that the last request finished.
    last_done_ms: AtomicU64,
}

impl Activity {
    fn new() -> Self {
        Activity { opened: std::time::Instant::now(), in_flight: AtomicUsize::new(0), last_done_ms: AtomicU64::new(0) }
    }

    /// How long it has been idle, if it is: no request under way.
    fn idle_for(&self) -> Option<Duration> {
        if self.in_flight.load(Ordering::Acquire) > 0 {
            return None;
        }
        let since = Duration::from_millis(self.last_done_ms.load(Ordering::Acquire));
        Some(self.opened.elapsed().saturating_sub(since))
    }
}

/// Counts a request under way on its connection until it is answered (or dropped).
struct UnderWay(Arc<Activity>);

impl UnderWay {
    fn start(activity: &Arc<Activity>) -> Self {
        activity.in_flight.fetch_add(1, Ordering::AcqRel);
        UnderWay(activity.clone())
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        let done_ms = u64::try_from(self.0.opened.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.0.last_done_ms.store(done_ms, Ordering::Release);
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Serves `app` (the router with its layers) on `listener` until `shutdown` resolves; then
/// accepts no more, closes idle connections at once and lets requests in flight finish within
/// the grace, after which whatever is left is ended.
pub async fn serve<App, Body>(app: App, listener: TcpListener, limits: Connections, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()>
where
    App: Service<axum::http::Request<Incoming>, Response = Response<Body>, Error = Infallible> + Clone + Send + 'static,
    App::Future: Send + 'static,
    Body: hyper::body::Body + Send + 'static,
    Body::Data: Send,
    Body::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = limits.max_connections_per_address.map(|most| Arc::new(OpenPerAddress { most, open: Mutex::new(HashMap::new()) }));
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    // One connection may not run more requests at once than a browser would; a silent peer is
    // found by its pings.
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(HTTP2_STREAMS)
        .keep_alive_interval(limits.header_read_timeout)
        .keep_alive_timeout(limits.header_read_timeout);
    let (stopping, stop) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        // Finished connections' tasks are let go as new ones come.
        while connections.try_join_next().is_some() {}
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
        // An answer goes out as it is written: Nagle's algorithm would hold a body written after
        // its headers until the client acknowledged them.
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY could not be set");
        }
        // A client that stops reading its answer holds a slot no longer than a client that
        // stops sending its body.
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(limits.body_read_timeout));
        let activity = Arc::new(Activity::new());
        let app = app.clone();
        let counted = activity.clone();
        let service = hyper::service::service_fn(move |mut request: axum::http::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let under_way = UnderWay::start(&counted);
            let answer = app.clone().oneshot(request);
            async move {
                let answer = answer.await;
                drop(under_way);
                answer
            }
        });
        let connection = builder.serve_connection(TokioIo::new(Box::pin(stream)), service).into_owned();
        let stop = stop.clone();
        connections.spawn(async move {
            let _holds = (slot, hold);
            serve_connection(connection, activity, limits.header_read_timeout, stop).await;
        });
    }
    // New clients are refused at once rather than queued during the grace period.
    drop(listener);
    let _ = stopping.send(true);
    let all_closed = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(limits.shutdown_grace, all_closed).await.is_err() {
        tracing::warn!("some requests were still running when the server stopped: they are ended");
        connections.shutdown().await;
    }
    Ok(())
}

/// Requests one HTTP/2 connection may run at once.
const HTTP2_STREAMS: u32 = 32;

/// Why a connection is being closed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Closing {
    Open,
    /// It asked nothing for the idle limit.
    Idle,
    /// The server stops: its requests under way finish within the grace, which `serve` keeps.
    Stopping,
}

/// Serves one connection until it ends: closed gracefully (requests under way finish) when the
/// server stops, or once it has been idle for `idle_limit` (a client that never asks, or no
/// longer does); closed for idleness, it is dropped when it is idle still after `idle_limit`
/// again (an HTTP/2 peer that does not acknowledge the close).
async fn serve_connection<C>(connection: C, activity: Arc<Activity>, idle_limit: Duration, mut stop: watch::Receiver<bool>)
where
    C: GracefulConnection,
    C::Error: std::fmt::Display,
{
    let mut connection = std::pin::pin!(connection);
    let mut closing = Closing::Open;
    let mut look_at = tokio::time::Instant::now() + idle_limit;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                }
                return;
            }
            // The sender gone is a stop too: `serve` has returned.
            changed = stop.changed(), if closing != Closing::Stopping => {
                if changed.is_err() || *stop.borrow() {
                    connection.as_mut().graceful_shutdown();
                    closing = Closing::Stopping;
                }
            }
            () = tokio::time::sleep_until(look_at), if closing != Closing::Stopping => {
                match (closing, activity.idle_for()) {
                    (Closing::Idle, Some(idle)) if idle >= idle_limit => return,
                    (Closing::Open, Some(idle)) if idle >= idle_limit => {
                        connection.as_mut().graceful_shutdown();
                        closing = Closing::Idle;
                        look_at = tokio::time::Instant::now() + idle_limit;
                    }
                    (_, Some(idle)) => look_at = tokio::time::Instant::now() + (idle_limit - idle),
                    (_, None) => look_at = tokio::time::Instant::now() + idle_limit,
                }
            }
        }
    }
}
