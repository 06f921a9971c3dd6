//! hyper's deadline for a request's headers, kept to the second on each connection thread.
//! hyper makes a deadline for every request it reads on a connection. As tokio timers each
//! went into the runtime's timer wheel and out again, about 4% of the CPU of a kept page.
//! Here a deadline is an entry in its thread's list, which the thread's watch looks over once
//! a second: a deadline fires up to a second late, never early.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// How often a thread's deadlines are looked over, and so how late one may fire.
const TICK: Duration = Duration::from_secs(1);

/// Makes each thread's entries' numbers differ from every other thread's.
static WATCHES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The deadlines waited for on this thread, once it has a watch (`watch_this_thread`).
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

struct Watch {
    /// The time at the last look: a deadline is due once it is past.
    now: Instant,
    entries: Vec<Option<Entry>>,
    free: Vec<usize>,
    next_id: u64,
}

struct Entry {
    id: u64,
    at: Instant,
    waker: Waker,
}

impl Watch {
    /// Keeps `waker` to be woken at `at`, in the entry `held` if it is still this list's.
    fn hold(&mut self, held: Option<(usize, u64)>, at: Instant, waker: &Waker) -> (usize, u64) {
        if let Some((slot, id)) = held
            && let Some(Some(entry)) = self.entries.get_mut(slot)
            && entry.id == id
        {
            if !entry.waker.will_wake(waker) {
                entry.waker = waker.clone();
            }
            return (slot, id);
        }
        let id = self.next_id;
        self.next_id += 1;
        let entry = Some(Entry { id, at, waker: waker.clone() });
        match self.free.pop() {
            Some(slot) => {
                self.entries[slot] = entry;
                (slot, id)
            }
            None => {
                self.entries.push(entry);
                (self.entries.len() - 1, id)
            }
        }
    }

    fn release(&mut self, (slot, id): (usize, u64)) {
        if let Some(entry) = self.entries.get_mut(slot)
            && entry.as_ref().is_some_and(|entry| entry.id == id)
        {
            *entry = None;
            self.free.push(slot);
        }
    }

    /// Moves the time on to `now` and takes out the entries due by then.
    fn due(&mut self, now: Instant) -> Vec<Waker> {
        self.now = now;
        let mut due = Vec::new();
        for (slot, entry) in self.entries.iter_mut().enumerate() {
            if entry.as_ref().is_some_and(|entry| entry.at <= now) {
                due.extend(entry.take().map(|entry| entry.waker));
                self.free.push(slot);
            }
        }
        due
    }
}

/// Gives this thread a watch over its deadlines; the future it returns looks them over, and
/// must run on this thread (a current-thread runtime's task) for as long as they are used.
pub fn watch_this_thread() -> impl Future<Output = ()> {
    let first_id = WATCHES.fetch_add(1, Ordering::Relaxed) << 40;
    WATCH.set(Some(Watch { now: Instant::now(), entries: Vec::new(), free: Vec::new(), next_id: first_id }));
    async {
        let mut ticks = tokio::time::interval(TICK);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            ticks.tick().await;
            let due = WATCH.with_borrow_mut(|watch| watch.as_mut().map(|watch| watch.due(Instant::now())).unwrap_or_default());
            due.into_iter().for_each(Waker::wake);
        }
    }
}

/// hyper's timer for the connection threads. On a thread without a watch it uses tokio's timer.
#[derive(Clone, Copy, Debug)]
pub struct HeaderDeadlines;

impl hyper::rt::Timer for HeaderDeadlines {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.sleep_until(self.now() + duration)
    }

    fn sleep_until(&self, at: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        if WATCH.with_borrow(Option::is_some) { Box::pin(Deadline::Watched { at, held: None }) } else { Box::pin(Deadline::elsewhere(at)) }
    }
}

enum Deadline {
    /// In its thread's list once polled (`held`: the entry's place and number).
    Watched { at: Instant, held: Option<(usize, u64)> },
    /// On a thread without a watch.
    Elsewhere(Pin<Box<tokio::time::Sleep>>),
}

impl Deadline {
    fn elsewhere(at: Instant) -> Self {
        Deadline::Elsewhere(Box::pin(tokio::time::sleep_until(at.into())))
    }
}

impl hyper::rt::Sleep for Deadline {}

impl Future for Deadline {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let (at, held) = match &mut *self {
            Deadline::Elsewhere(sleep) => return sleep.as_mut().poll(cx),
            Deadline::Watched { at, held } => (*at, held),
        };
        // Changed in place: a deadline replaced would be dropped, and give up its entry.
        let watched = WATCH.with_borrow_mut(|watch| {
            let watch = watch.as_mut()?;
            if watch.now < at {
                *held = Some(watch.hold(*held, at, cx.waker()));
                return Some(Poll::Pending);
            }
            if let Some(entry) = held.take() {
                watch.release(entry);
            }
            Some(Poll::Ready(()))
        });
        watched.unwrap_or_else(|| {
            // Moved to a thread without a watch, which a connection's task never is.
            *self = Deadline::elsewhere(at);
            self.poll(cx)
        })
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        if let Deadline::Watched { held: Some(held), .. } = self {
            let held = *held;
            // At the thread's end its list may be gone already.
            let _ = WATCH.try_with(|watch| {
                if let Ok(mut watch) = watch.try_borrow_mut()
                    && let Some(watch) = watch.as_mut()
                {
                    watch.release(held);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::rt::Timer;

    fn waiting() -> usize {
        WATCH.with_borrow(|watch| watch.as_ref().map_or(0, |watch| watch.entries.iter().flatten().count()))
    }

    #[tokio::test]
    async fn a_deadline_fires_after_its_time_and_at_most_a_tick_late() {
        tokio::spawn(watch_this_thread());
        let asked = Duration::from_millis(1500);
        let started = Instant::now();
        let mut deadline = HeaderDeadlines.sleep(asked);
        // hyper may poll it again before it is due, as any future may be.
        for _ in 0..2 {
            assert!(futures::poll!(&mut deadline).is_pending());
        }
        assert_eq!(waiting(), 1, "it waits in the list, once");
        tokio::time::timeout(asked + 2 * TICK, deadline).await.expect("the watch wakes it");
        let waited = started.elapsed();
        assert!(waited >= asked && waited <= asked + TICK + Duration::from_millis(300), "{waited:?}");
        assert_eq!(waiting(), 0, "a deadline that fired leaves the list");
    }

    #[tokio::test]
    async fn a_deadline_dropped_before_its_time_leaves_the_list() {
        tokio::spawn(watch_this_thread());
        let early = tokio::time::timeout(Duration::from_millis(300), HeaderDeadlines.sleep(Duration::from_secs(5))).await;
        assert!(early.is_err(), "not fired after 0.3 of its 5 seconds");
        assert_eq!(waiting(), 0);
    }

    #[tokio::test]
    async fn without_a_watch_tokio_keeps_the_time() {
        let started = Instant::now();
        tokio::time::timeout(Duration::from_millis(900), HeaderDeadlines.sleep(Duration::from_millis(100))).await.expect("tokio's timer fires");
        assert!(started.elapsed() >= Duration::from_millis(100));
    }
}
