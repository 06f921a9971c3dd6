//! hyper's deadline for a request's headers, kept to the second on each connection thread.
//! hyper makes a deadline for every request it reads on a connection. As tokio timers each
//! went into the runtime's timer wheel and out again: 0.1 to 0.5 µs of the 7 to 11 a kept
//! page costs. Here a deadline is an entry in its thread's list, which the thread's watch looks
//! over once a second: a deadline fires up to a second late, never early.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// How often a thread's deadlines are looked over, and so how late one may fire.
const TICK: Duration = Duration::from_secs(1);

/// Numbers the lists, so that a deadline never takes another list's entry for its own.
static LISTS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The deadlines waited for on this thread, while its watch runs (`watch_this_thread`).
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

struct Watch {
    number: u64,
    /// The time of the last look: an entry falls due once it is past.
    looked_at: Instant,
    entries: Vec<Option<Entry>>,
    free: Vec<usize>,
    next_id: u64,
}

struct Entry {
    id: u64,
    at: Instant,
    waker: Waker,
}

/// Where a deadline waits: its list, its place in it, and its entry's number there (a place
/// freed is given to the next deadline).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    list: u64,
    slot: usize,
    id: u64,
}

impl Watch {
    fn new(looked_at: Instant) -> Self {
        Watch { number: LISTS.fetch_add(1, Ordering::Relaxed), looked_at, entries: Vec::new(), free: Vec::new(), next_id: 0 }
    }

    fn entry_mut(&mut self, place: Place) -> Option<&mut Entry> {
        if place.list != self.number {
            return None;
        }
        self.entries.get_mut(place.slot)?.as_mut().filter(|entry| entry.id == place.id)
    }

    /// Keeps `waker` to be woken at `at`, in `place` if that is still the deadline's entry.
    fn keep(&mut self, place: Option<Place>, at: Instant, waker: &Waker) -> Place {
        if let Some(place) = place
            && let Some(entry) = self.entry_mut(place)
        {
            if !entry.waker.will_wake(waker) {
                entry.waker = waker.clone();
            }
            return place;
        }
        let id = self.next_id;
        self.next_id += 1;
        let entry = Some(Entry { id, at, waker: waker.clone() });
        let slot = match self.free.pop() {
            Some(slot) => {
                self.entries[slot] = entry;
                slot
            }
            None => {
                self.entries.push(entry);
                self.entries.len() - 1
            }
        };
        Place { list: self.number, slot, id }
    }

    fn release(&mut self, place: Place) {
        if self.entry_mut(place).is_some() {
            self.entries[place.slot] = None;
            self.free.push(place.slot);
        }
    }

    /// Looks at the time `now`, and takes out the entries due by then.
    fn take_due(&mut self, now: Instant) -> Vec<Waker> {
        self.looked_at = now;
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

/// Looks over this thread's deadlines once a second, for as long as it runs: a task of the
/// thread's current-thread runtime. Before it first runs, and once it has ended, the thread's
/// deadlines are tokio's.
pub async fn watch_this_thread() {
    let _list = ListOfThisThread::start();
    let mut ticks = tokio::time::interval(TICK);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        ticks.tick().await;
        let due = WATCH.with_borrow_mut(|watch| watch.as_mut().map(|watch| watch.take_due(Instant::now())).unwrap_or_default());
        due.into_iter().for_each(Waker::wake);
    }
}

/// The thread's list, there while its watch runs.
struct ListOfThisThread;

impl ListOfThisThread {
    fn start() -> Self {
        WATCH.set(Some(Watch::new(Instant::now())));
        ListOfThisThread
    }
}

impl Drop for ListOfThisThread {
    fn drop(&mut self) {
        let _ = WATCH.try_with(|watch| watch.replace(None));
    }
}

/// hyper's timer for the connection threads.
#[derive(Clone, Copy, Debug)]
pub struct HeaderDeadlines;

impl hyper::rt::Timer for HeaderDeadlines {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.sleep_until(self.now() + duration)
    }

    /// Its first poll finds whether the thread's watch runs.
    fn sleep_until(&self, at: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(Deadline::Watched { at, place: None })
    }
}

enum Deadline {
    /// In its thread's list once polled.
    Watched { at: Instant, place: Option<Place> },
    /// On a thread whose watch does not run, yet or any more.
    ByTokio(Pin<Box<tokio::time::Sleep>>),
}

impl Deadline {
    fn by_tokio(at: Instant) -> Self {
        Deadline::ByTokio(Box::pin(tokio::time::sleep_until(at.into())))
    }
}

impl hyper::rt::Sleep for Deadline {}

impl Future for Deadline {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let (at, place) = match &mut *self {
            Deadline::ByTokio(sleep) => return sleep.as_mut().poll(cx),
            Deadline::Watched { at, place } => (*at, place),
        };
        // `place` is updated where it is: a deadline put in `self`'s stead would drop this one,
        // and its drop would release the entry.
        let watched = WATCH.with_borrow_mut(|watch| {
            let watch = watch.as_mut()?;
            if watch.looked_at < at {
                *place = Some(watch.keep(*place, at, cx.waker()));
                return Some(Poll::Pending);
            }
            // Its entry left the list when it fell due.
            *place = None;
            Some(Poll::Ready(()))
        });
        watched.unwrap_or_else(|| {
            // No watch runs on this thread: before its first tick, or once the server stops.
            *self = Deadline::by_tokio(at);
            self.poll(cx)
        })
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        if let Deadline::Watched { place: Some(place), .. } = *self {
            // At the thread's end its list may be gone already.
            let _ = WATCH.try_with(|watch| {
                if let Ok(mut watch) = watch.try_borrow_mut()
                    && let Some(watch) = watch.as_mut()
                {
                    watch.release(place);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::rt::Timer;

    fn after(start: Instant, millis: u64) -> Instant {
        start + Duration::from_millis(millis)
    }

    #[test]
    fn an_entry_falls_due_once_its_time_is_past_and_once() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        watch.keep(None, after(start, 1500), Waker::noop());
        assert!(watch.take_due(after(start, 1000)).is_empty());
        assert_eq!(watch.take_due(after(start, 2000)).len(), 1);
        assert!(watch.take_due(after(start, 3000)).is_empty());
    }

    #[test]
    fn a_place_given_to_another_deadline_is_not_released_by_its_former_one() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        let former = watch.keep(None, after(start, 1000), Waker::noop());
        watch.take_due(after(start, 2000));
        let next = watch.keep(None, after(start, 3000), Waker::noop());
        assert_eq!(next.slot, former.slot, "the place is used again");
        watch.release(former);
        assert_eq!(watch.take_due(after(start, 4000)).len(), 1, "the next one still waits");
    }

    #[test]
    fn another_lists_place_is_not_this_ones() {
        let start = Instant::now();
        let (mut one, mut other) = (Watch::new(start), Watch::new(start));
        let in_one = one.keep(None, after(start, 1000), Waker::noop());
        other.keep(None, after(start, 1000), Waker::noop());
        other.release(in_one);
        assert_eq!(other.take_due(after(start, 2000)).len(), 1);
    }

    fn waiting() -> usize {
        WATCH.with_borrow(|watch| watch.as_ref().map_or(0, |watch| watch.entries.iter().flatten().count()))
    }

    /// The watch, running on this test's thread.
    async fn watched() -> tokio::task::JoinHandle<()> {
        let watch = tokio::spawn(watch_this_thread());
        tokio::task::yield_now().await;
        assert!(WATCH.with_borrow(Option::is_some));
        watch
    }

    #[tokio::test]
    async fn the_watch_wakes_a_deadline_after_its_time() {
        let _watch = watched().await;
        let asked = Duration::from_millis(1500);
        let started = Instant::now();
        let mut deadline = HeaderDeadlines.sleep(asked);
        // hyper may poll it again before it is due, as any future may be.
        for _ in 0..2 {
            assert!(futures::poll!(&mut deadline).is_pending());
        }
        assert_eq!(waiting(), 1, "it waits in the list, once");
        tokio::time::timeout(asked + TICK + Duration::from_secs(1), deadline).await.expect("the watch wakes it");
        assert!(started.elapsed() >= asked);
        assert_eq!(waiting(), 0, "a deadline that fired leaves the list");
    }

    #[tokio::test]
    async fn a_deadline_dropped_before_its_time_leaves_the_list() {
        let _watch = watched().await;
        let mut deadline = HeaderDeadlines.sleep(Duration::from_secs(5));
        assert!(futures::poll!(&mut deadline).is_pending());
        assert_eq!(waiting(), 1);
        let early = tokio::time::timeout(Duration::from_millis(300), deadline).await;
        assert!(early.is_err(), "not fired after 0.3 of its 5 seconds");
        assert_eq!(waiting(), 0, "dropped, it left the list");
    }

    #[tokio::test]
    async fn before_a_watch_runs_tokio_keeps_the_time() {
        let started = Instant::now();
        tokio::time::timeout(Duration::from_millis(900), HeaderDeadlines.sleep(Duration::from_millis(100))).await.expect("tokio's timer fires");
        assert!(started.elapsed() >= Duration::from_millis(100));
    }

    #[tokio::test]
    async fn once_the_watch_ends_tokio_keeps_the_time() {
        let watch = watched().await;
        let mut deadline = HeaderDeadlines.sleep(Duration::from_millis(200));
        assert!(futures::poll!(&mut deadline).is_pending());
        watch.abort();
        tokio::task::yield_now().await;
        assert!(WATCH.with_borrow(Option::is_none), "the list goes with its watch");
        let started = Instant::now();
        tokio::time::timeout(Duration::from_millis(900), deadline).await.expect("tokio's timer fires");
        assert!(started.elapsed() >= Duration::from_millis(100));
    }
}
