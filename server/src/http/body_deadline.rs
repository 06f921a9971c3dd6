//! A request body must keep coming at a least rate: its reader may wait for it
//! `BODY_READ_TIMEOUT_SECONDS` and then as long again as `BODY_MIN_BYTES_PER_SECOND` allows
//! for what has come, or the request is answered 408. The pause limit alone let a client hold
//! its connection for the whole request timeout by sending a byte just before each pause ran
//! out. Only the time the handler spends waiting on the client counts: a handler busy before
//! or after reading (a database, a store) is never the client's fault. The answer is given
//! while the handler waits on the body, before it has written anything.

use axum::body::{Body, HttpBody};
use axum::http::{Request, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures::future::BoxFuture;
use hyper::body::{Frame, SizeHint};
use pin_project_lite::pin_project;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use std::time::Instant;

/// The least pace of a body: `grace` of waiting first, then `bytes_per_second`; 0 is no pace.
#[derive(Clone, Copy, Debug)]
pub struct BodyPace {
    pub grace: Duration,
    pub bytes_per_second: u64,
}

impl BodyPace {
    /// How long a reader may have waited in all for a body that has sent `received` bytes.
    fn patience(self, received: u64) -> Duration {
        self.grace.saturating_add(Duration::from_millis(received.saturating_mul(1000) / self.bytes_per_second.max(1)))
    }
}

#[derive(Clone, Copy)]
pub struct BodyDeadlineLayer(pub BodyPace);

impl<S> tower::Layer<S> for BodyDeadlineLayer {
    type Service = BodyDeadline<S>;

    fn layer(&self, inner: S) -> BodyDeadline<S> {
        BodyDeadline { inner, pace: self.0 }
    }
}

#[derive(Clone)]
pub struct BodyDeadline<S> {
    inner: S,
    pace: BodyPace,
}

/// How much of a body has come, whether all of it, and how long its reader has waited for it.
struct Progress {
    base: Instant,
    received: AtomicU64,
    done: AtomicBool,
    /// Nanoseconds after `base` the reader began waiting, or 0 while it is not waiting.
    waiting_since: AtomicU64,
    /// Nanoseconds waited before that.
    waited: AtomicU64,
}

impl Progress {
    fn new() -> Self {
        Progress {
            base: Instant::now(),
            received: AtomicU64::new(0),
            done: AtomicBool::new(false),
            waiting_since: AtomicU64::new(0),
            waited: AtomicU64::new(0),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.base.elapsed().as_nanos()).unwrap_or(u64::MAX).max(1)
    }

    /// The reader waits for the body (its read came back pending).
    fn waiting(&self) {
        if self.waiting_since.load(Ordering::Acquire) == 0 {
            self.waiting_since.store(self.now(), Ordering::Release);
        }
    }

    /// The reader got something of the body.
    fn answered(&self) {
        let since = self.waiting_since.swap(0, Ordering::AcqRel);
        if since != 0 {
            self.waited.fetch_add(self.now().saturating_sub(since), Ordering::AcqRel);
        }
    }

    fn waited_so_far(&self) -> Duration {
        let since = self.waiting_since.load(Ordering::Acquire);
        let current = if since == 0 { 0 } else { self.now().saturating_sub(since) };
        Duration::from_nanos(self.waited.load(Ordering::Acquire).saturating_add(current))
    }
}

impl<S, Answered> tower::Service<Request<Body>> for BodyDeadline<S>
where
    S: tower::Service<Request<Body>, Response = axum::http::Response<Answered>, Error = Infallible>,
    S::Future: Send + 'static,
    Answered: HttpBody<Data = Bytes> + Send + 'static,
    Answered::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Response, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        if request.body().is_end_stream() || self.pace.bytes_per_second == 0 {
            let answer = self.inner.call(request);
            return Box::pin(async move { answer.await.map(|answer| answer.map(Body::new)) });
        }
        let pace = self.pace;
        let progress = Arc::new(Progress::new());
        let counted = progress.clone();
        let answer = self.inner.call(request.map(|body| Body::new(Counted { body, progress: counted })));
        Box::pin(async move {
            tokio::select! {
                biased;
                answer = answer => answer.map(|answer| answer.map(Body::new)),
                () = overdue(&progress, pace) => Ok(too_slow()),
            }
        })
    }
}

/// Resolves once the body's reader has waited longer than its pace allows; never once the body
/// has all come.
async fn overdue(progress: &Progress, pace: BodyPace) {
    loop {
        if progress.done.load(Ordering::Acquire) {
            return std::future::pending().await;
        }
        let (waited, patience) = (progress.waited_so_far(), pace.patience(progress.received.load(Ordering::Acquire)));
        if waited >= patience {
            return;
        }
        tokio::time::sleep(patience - waited).await;
    }
}

fn too_slow() -> Response {
    let body = serde_json::json!({"error": true, "message": "The request's body came too slowly. Please send it again."});
    (StatusCode::REQUEST_TIMEOUT, axum::Json(body)).into_response()
}

pin_project! {
    /// A body that counts what has come of it.
    struct Counted {
        #[pin]
        body: Body,
        progress: Arc<Progress>,
    }
}

impl HttpBody for Counted {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let mut this = self.project();
        let frame = this.body.as_mut().poll_frame(cx);
        if frame.is_pending() {
            this.progress.waiting();
            return frame;
        }
        this.progress.answered();
        match &frame {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.progress.received.fetch_add(data.len() as u64, Ordering::AcqRel);
                }
                // A reader that knows the length stops at its last byte, without asking again.
                if this.body.is_end_stream() {
                    this.progress.done.store(true, Ordering::Release);
                }
            }
            Poll::Ready(None) => this.progress.done.store(true, Ordering::Release),
            _ => {}
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
