//! Serving connections: HTTP/1.1 with a deadline for each request's headers, a limit on how
//! long an answer may stall, a cap on open connections, and a graceful shutdown that lets
//! requests in flight finish.

use super::extract::ClientAddress;
use super::front::Front;
use crate::config::Connections;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio_io_timeout::TimeoutStream;

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

pub async fn serve(front: Front, listener: TcpListener, limits: Connections, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let (stopping, stop) = watch::channel(false);
    let per_address = limits.max_connections_per_address.map(|most| Arc::new(OpenPerAddress { most, open: Mutex::new(HashMap::new()) }));
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
        let front = front.clone();
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _slot = (slot, hold);
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| front.answer(request, peer));
            let mut builder = http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
            // A client that stops reading its answer holds a slot no longer than a client that
            // stops sending its body.
            let mut stream = TimeoutStream::new(stream);
            stream.set_write_timeout(Some(limits.body_read_timeout));
            let connection = builder.serve_connection(TokioIo::new(Box::pin(stream)), service);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(error) = result {
                        tracing::debug!(%error, %peer, "connection ended with an error");
                    }
                }
                _ = stop.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    // New clients are refused at once rather than queued during the grace period.
    drop(listener);
    let _ = stopping.send(true);
    let every_slot = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(limits.shutdown_grace, slots.acquire_many(every_slot)).await.is_err() {
        tracing::warn!("some requests were still running when the server stopped");
    }
    Ok(())
}
