//! A request body must keep coming at a least rate: after `BODY_READ_TIMEOUT_SECONDS`, at
//! least `BODY_MIN_BYTES_PER_SECOND` on average since the request began, or the request is
//! answered 408 and its connection slot freed. The pause limit alone let a client hold a slot
//! for the whole request timeout by sending a byte just before each pause ran out; a few
//! addresses doing that could hold every slot.

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
use tokio::time::Instant;

/// The least pace of a body: `grace` first, then `bytes_per_second` on average.
#[derive(Clone, Copy, Debug)]
pub struct BodyPace {
    pub grace: Duration,
    pub bytes_per_second: u64,
}

impl BodyPace {
    /// When a body that has sent `received` bytes since `started` is overdue.
    fn deadline(self, started: Instant, received: u64) -> Instant {
        started + self.grace + Duration::from_secs_f64(received as f64 / self.bytes_per_second.max(1) as f64)
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

/// How much of a body has come, and whether all of it.
#[derive(Default)]
struct Progress {
    received: AtomicU64,
    done: AtomicBool,
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
        if request.body().is_end_stream() {
            let answer = self.inner.call(request);
            return Box::pin(async move { answer.await.map(|answer| answer.map(Body::new)) });
        }
        let (started, pace) = (Instant::now(), self.pace);
        let progress = Arc::new(Progress::default());
        let counted = progress.clone();
        let answer = self.inner.call(request.map(|body| Body::new(Counted { body, progress: counted })));
        Box::pin(async move {
            tokio::select! {
                biased;
                answer = answer => answer.map(|answer| answer.map(Body::new)),
                () = overdue(&progress, started, pace) => Ok(too_slow()),
            }
        })
    }
}

/// Resolves once the body falls behind its pace; never once it has all come.
async fn overdue(progress: &Progress, started: Instant, pace: BodyPace) {
    loop {
        if progress.done.load(Ordering::Acquire) {
            return std::future::pending().await;
        }
        let deadline = pace.deadline(started, progress.received.load(Ordering::Acquire));
        if Instant::now() >= deadline {
            return;
        }
        tokio::time::sleep_until(deadline).await;
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
