//! The server's stop, told to each connection by its own thread. A connection waits for the
//! stop beside its requests, so the wait is polled on every wake of its task: as a receiver of
//! one channel shared by every connection, each poll took the lock both cores write. Here it is
//! a look at the thread's flag, and the thread wakes its connections once when the stop comes.

use slab::Slab;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use tokio::sync::watch;

/// Numbers the threads' lists, so that a place is only ever looked up in its own.
static LISTS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static STOP: RefCell<ThisThread> = RefCell::new(ThisThread { number: LISTS.fetch_add(1, Ordering::Relaxed), stopped: false, waiting: Slab::new() });
}

struct ThisThread {
    number: u64,
    stopped: bool,
    /// The connections waiting for the stop, each in its own place until it is dropped or the
    /// stop comes.
    waiting: Slab<Waker>,
}

impl ThisThread {
    fn waker_at(&mut self, place: Place) -> Option<&mut Waker> {
        if place.list != self.number {
            return None;
        }
        self.waiting.get_mut(place.slot)
    }
}

/// Where a connection waits: its thread's list, and its place there.
#[derive(Clone, Copy)]
struct Place {
    list: u64,
    slot: usize,
}

/// Tells this thread's connections when `stop` turns true, or its sender is gone (the server
/// stopped without saying so): a task of the thread's runtime.
pub async fn tell_this_thread(mut stop: watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopped| *stopped).await;
    let wakers: Vec<Waker> = STOP.with_borrow_mut(|this| {
        this.stopped = true;
        this.waiting.drain().collect()
    });
    wakers.into_iter().for_each(Waker::wake);
}

/// Ready once the server stops (`tell_this_thread` on the thread that polls it).
#[derive(Default)]
pub(super) struct Stopping {
    place: Option<Place>,
}

impl Future for Stopping {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let place = &mut self.place;
        STOP.with_borrow_mut(|this| {
            if this.stopped {
                return Poll::Ready(());
            }
            match place.and_then(|place| this.waker_at(place)) {
                Some(waker) if waker.will_wake(cx.waker()) => {}
                Some(kept) => *kept = cx.waker().clone(),
                None => *place = Some(Place { list: this.number, slot: this.waiting.insert(cx.waker().clone()) }),
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
                if let Ok(mut this) = this.try_borrow_mut()
                    && place.list == this.number
                {
                    this.waiting.try_remove(place.slot);
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
        let told = async { (first.await.unwrap(), second.await.unwrap()) };
        tokio::time::timeout(std::time::Duration::from_secs(5), told).await.expect("both are woken");
        assert!(Stopping::default().now_or_never().is_some(), "a connection taken after the stop ends at once");
    }

    #[test]
    fn a_place_in_another_threads_list_is_not_this_ones() {
        let elsewhere = std::thread::spawn(|| {
            let mut stopping = Stopping::default();
            assert!((&mut stopping).now_or_never().is_none());
            stopping
        })
        .join()
        .unwrap();
        let mut here = Stopping::default();
        assert!((&mut here).now_or_never().is_none());
        assert_eq!(waiting(), 1);
        drop(elsewhere);
        assert_eq!(waiting(), 1, "the other thread's place, at the same slot, is left alone");
    }
}
