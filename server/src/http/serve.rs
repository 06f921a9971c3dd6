//! Serving connections: HTTP/1.1 with a deadline for each request's headers, a limit on how
//! long an answer may stall, a cap on open connections, and a graceful shutdown that lets
//! requests in flight finish. Connections are accepted here and served on threads of their own,
//! a core each (`ConnectionThreads`).

use super::extract::ClientAddress;
use super::front::Front;
use super::header_deadline::{HeaderDeadlines, watch_this_thread};
use super::sendfile::SendfileStream;
use crate::config::Connections;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, watch};
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
    super::sendfile::raise_open_files_limit();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let (stopping, stop) = watch::channel(false);
    let per_address = limits.max_connections_per_address.map(|most| Arc::new(OpenPerAddress { most, open: Mutex::new(HashMap::new()) }));
    let mut threads = ConnectionThreads::start(limits.connection_threads, Served { front, limits }, stop)?;
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
        match stream.into_std() {
            Ok(stream) => threads.hand(Accepted { stream, peer, hold: (slot, hold) }),
            Err(error) => tracing::warn!(%error, %peer, "a connection could not be handed on"),
        }
    }
    // New clients are refused at once rather than queued during the grace period.
    drop(listener);
    let _ = stopping.send(true);
    let every_slot = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(limits.shutdown_grace, slots.acquire_many(every_slot)).await.is_err() {
        tracing::warn!("some requests were still running when the server stopped");
    }
    tokio::task::spawn_blocking(move || threads.stop()).await?;
    Ok(())
}

/// A connection accepted, with the holds that count it until it closes.
struct Accepted {
    stream: std::net::TcpStream,
    peer: SocketAddr,
    hold: (OwnedSemaphorePermit, Option<AddressHold>),
}

/// What every connection is served with.
#[derive(Clone)]
struct Served {
    front: Front,
    limits: Connections,
}

/// Threads of each connection thread's blocking pool.
const BODY_READING_THREADS: usize = 4;

/// The threads that serve the connections, one runtime of a single thread each, as nginx has a
/// worker a core: a connection stays on the thread it was handed to, so a kept page is read,
/// answered and written without a task ever moving between threads or waking another.
/// The router's handlers run on the main runtime (`Front::answer`), as before; the bodies of
/// their answers are written from here.
struct ConnectionThreads {
    queues: Vec<mpsc::UnboundedSender<Accepted>>,
    next: usize,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl ConnectionThreads {
    /// `count` threads serving with `served` until `stop` turns true, when each connection ends
    /// after its request in flight.
    fn start(count: usize, served: Served, stop: watch::Receiver<bool>) -> anyhow::Result<Self> {
        let mut queues = Vec::with_capacity(count);
        let mut threads = Vec::with_capacity(count);
        for n in 0..count {
            let (queue, mut accepted) = mpsc::unbounded_channel::<Accepted>();
            let (served, stop) = (served.clone(), stop.clone());
            // The server does not start with a thread that cannot serve: its share of the
            // connections would be closed unanswered.
            let (ready, started) = std::sync::mpsc::sync_channel::<std::io::Result<()>>(1);
            let thread = std::thread::Builder::new().name(format!("connections-{n}")).spawn(move || {
                // A routed answer's body is read here (a file's, from the disk): a few threads for
                // that, not the 512 a runtime would start.
                let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().max_blocking_threads(BODY_READING_THREADS).build() {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        let _ = ready.send(Err(error));
                        return;
                    }
                };
                let _ = ready.send(Ok(()));
                runtime.block_on(async move {
                    tokio::spawn(watch_this_thread());
                    tokio::spawn(super::stop::tell_this_thread(stop));
                    while let Some(connection) = accepted.recv().await {
                        tokio::spawn(serve_connection(connection, served.clone()));
                    }
                });
            })?;
            started.recv()??;
            queues.push(queue);
            threads.push(thread);
        }
        Ok(ConnectionThreads { queues, next: 0, threads })
    }

    /// Gives `connection` to the threads in turn.
    fn hand(&mut self, connection: Accepted) {
        let turn = self.next % self.queues.len();
        self.next = self.next.wrapping_add(1);
        if self.queues[turn].send(connection).is_err() {
            tracing::error!("a connection thread has stopped");
        }
    }

    /// Ends the threads, and with them any connection still open.
    fn stop(self) {
        drop(self.queues);
        for thread in self.threads {
            let _ = thread.join();
        }
    }
}

async fn serve_connection(accepted: Accepted, served: Served) {
    let Accepted { stream, peer, hold: _hold } = accepted;
    let Served { front, limits } = served;
    let stream = match TcpStream::from_std(stream) {
        Ok(stream) => stream,
        Err(error) => return tracing::warn!(%error, %peer, "a connection could not be served"),
    };
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| front.answer(request, peer));
    let mut builder = http1::Builder::new();
    builder.timer(HeaderDeadlines).header_read_timeout(limits.header_read_timeout);
    // A client that stops reading its answer holds a slot no longer than a client that
    // stops sending its body.
    let mut stream = TimeoutStream::new(SendfileStream::new(stream));
    stream.set_write_timeout(Some(limits.body_read_timeout));
    let connection = builder.serve_connection(TokioIo::new(Box::pin(stream)), service);
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        // Polled in this order on every wake: no random draw to pick a first.
        biased;
        result = connection.as_mut() => {
            if let Err(error) = result {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
        }
        () = super::stop::Stopping::default() => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}
