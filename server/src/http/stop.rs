//! The server's stop, told to each connection by its own thread. A connection waits for the
//! stop beside its requests, so the wait is polled on every wake of its task: as a receiver of
//! one channel shared by every connection, each poll took the lock both cores write. Here it is
//! a look at the thread's flag, and the thread wakes its connections once when the stop comes.

use slab::Slab;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use tokio::sync::watch;

thread_local! {
    static STOP: RefCell<ThisThread> = const { RefCell::new(ThisThread { stopped: false, waiting: Slab::new() }) };
}

struct ThisThread {
    stopped: bool,
    /// The connections waiting for the stop, each in its own place until it is dropped.
    waiting: Slab<Option<Waker>>,
}

/// Tells this thread's connections when `stop` turns true: a task of the thread's runtime.
pub async fn tell_this_thread(mut stop: watch::Receiver<bool>) {
    // A closed channel leaves the connections to end with their clients.
    if stop.wait_for(|stopped| *stopped).await.is_err() {
        return;
    }
    let wakers: Vec<Waker> = STOP.with_borrow_mut(|this| {
        this.stopped = true;
        this.waiting.iter_mut().filter_map(|(_, waker)| waker.take()).collect()
    });
    wakers.into_iter().for_each(Waker::wake);
}

/// Ready once the server stops (`tell_this_thread` on the thread that polls it).
#[derive(Default)]
pub struct Stopping {
    place: Option<usize>,
}

impl Future for Stopping {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let place = &mut self.place;
        STOP.with_borrow_mut(|this| {
            if this.stopped {
                return Poll::Ready(());
            }
            match place.and_then(|place| this.waiting.get_mut(place)) {
                Some(Some(waker)) if waker.will_wake(cx.waker()) => {}
                Some(kept) => *kept = Some(cx.waker().clone()),
                None => *place = Some(this.waiting.insert(Some(cx.waker().clone()))),
            }
            Poll::Pending
        })
    }
}

impl Drop for Stopping {
    fn drop(&mut self) {
        if let Some(place) = self.place {
            // At the thread's end its list may be gone already.
            let _ = STOP.try_with(|this| {
                if let Ok(mut this) = this.try_borrow_mut() {
                    this.waiting.try_remove(place);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::FutureExt;

    fn waiting() -> usize {
        STOP.with_borrow(|this| this.waiting.len())
    }

    #[tokio::test]
    async fn every_connection_of_the_thread_is_told_once_the_server_stops() {
        let (stopping, stop) = watch::channel(false);
        tokio::spawn(tell_this_thread(stop));
        let first = tokio::spawn(Stopping::default());
        let second = tokio::spawn(Stopping::default());
        tokio::task::yield_now().await;
        assert_eq!(waiting(), 2);
        assert!(!first.is_finished() && !second.is_finished());

        // One that ends before the stop leaves its place.
        let mut gone = Stopping::default();
        assert!((&mut gone).now_or_never().is_none());
        assert_eq!(waiting(), 3);
        drop(gone);
        assert_eq!(waiting(), 2);

        stopping.send(true).unwrap();
        first.await.unwrap();
        second.await.unwrap();
        assert!(Stopping::default().now_or_never().is_some(), "a connection taken after the stop ends at once");
    }
}
