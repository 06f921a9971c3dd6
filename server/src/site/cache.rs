//! The page cache: every prerendered page's HTML and `_payload.json`, as brotli, in the pack on
//! disk, and the ones asked for lately in a memory cache of fixed size in front of it. Memory
//! therefore does not grow with the catalogue: the index of what the pack holds is all that
//! does, a few dozen bytes a page. A page is dropped when the data it was made from changes.

use super::encoded::{Encoded, EtagBytes, etag_bytes, etag_header};
use super::pack::Pack;
use app::routes::Body;
use app::routes::Tag;
use parking_lot::{Mutex, RwLock};
use prometheus_client::metrics::counter::Counter;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where one page's bodies sit in the pack: the HTML, then the payload, straight after it.
struct Stored {
    offset: u64,
    html_length: u32,
    payload_length: u32,
    html_etag: EtagBytes,
    payload_etag: EtagBytes,
    /// Inline, so that an entry holds no memory of its own besides its URL.
    tags: [Option<Tag>; MOST_TAGS],
}

/// The most tags a page is made from (the home page: the site, services, jobs, reviews).
const MOST_TAGS: usize = 4;

impl Stored {
    fn bytes(&self) -> u64 {
        u64::from(self.html_length) + u64::from(self.payload_length)
    }
}

struct Disk {
    pack: Arc<Pack>,
    index: HashMap<Box<str>, Stored>,
    /// Bytes of the pack that pages in the index still use.
    live_bytes: u64,
    /// Counts invalidations: a page made from data read before one is served, never kept.
    generation: u64,
}

/// A page's URL, and the offset and length of its bodies in the pack.
type Placed = (Box<str>, u64, u64);

type Memory = moka::sync::Cache<Key, Arc<Encoded>>;

/// A kept body's key in memory: its page's URL and which of its bodies.
#[derive(Clone, Hash, PartialEq, Eq)]
struct Key {
    url: Box<str>,
    body: Body,
}

/// A key as a lookup names it, borrowed: a kept page is found without copying its URL into a
/// key of its own first, as every request for one asks. It hashes as its `Key` does (the same
/// fields, a `&str` hashing as a `Box<str>`).
#[derive(Hash)]
struct KeyRef<'a> {
    url: &'a str,
    body: Body,
}

impl moka::Equivalent<Key> for KeyRef<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        *self.url == *key.url && self.body == key.body
    }
}

pub struct PageCache {
    memory: Memory,
    disk: RwLock<Disk>,
    dir: PathBuf,
    lookups: Lookups,
    /// One compaction at a time (the others that would start meanwhile have nothing left to
    /// do), and when the last one failed, if it did.
    compacting: Mutex<Option<Instant>>,
}

/// How lookups went, for `/metrics`.
#[derive(Default)]
pub struct Lookups {
    pub memory: Counter,
    pub disk: Counter,
    pub missed: Counter,
}

impl PageCache {
    /// A cache keeping at most `memory_budget` bytes in memory, and its pack under `dir`.
    pub fn new(dir: &Path, memory_budget: u64) -> std::io::Result<Self> {
        let memory = Memory::builder()
            .max_capacity(memory_budget)
            // The key and the entry's own bookkeeping count too: an empty page is not free.
            .weigher(|key: &Key, body: &Arc<Encoded>| u32::try_from(key.url.len() + body.weight() + 128).unwrap_or(u32::MAX))
            .build();
        let disk = Disk { pack: Arc::new(Pack::create(dir)?), index: HashMap::new(), live_bytes: 0, generation: 0 };
        Ok(PageCache { memory, disk: RwLock::new(disk), dir: dir.to_path_buf(), lookups: Lookups::default(), compacting: Mutex::new(None) })
    }

    /// To be read before loading a page's data and handed to [`PageCache::put`].
    pub fn generation(&self) -> u64 {
        self.disk.read().generation
    }

    pub fn contains(&self, url: &str) -> bool {
        self.disk.read().index.contains_key(url)
    }

    pub fn page_count(&self) -> usize {
        self.disk.read().index.len()
    }

    pub fn lookups(&self) -> &Lookups {
        &self.lookups
    }

    /// Bytes of pages kept in memory, as weighed against `PAGE_CACHE_MB`.
    pub fn memory_bytes(&self) -> u64 {
        self.memory.run_pending_tasks();
        self.memory.weighted_size()
    }

    /// Bytes the pack holds for live pages.
    pub fn disk_bytes(&self) -> u64 {
        self.disk.read().live_bytes
    }

    /// The size of the pack's file: the live pages and the dead ones not compacted away yet.
    pub fn pack_bytes(&self) -> u64 {
        self.disk.read().pack.written_bytes()
    }

    /// `url`'s `body` from memory, or else from the pack (then kept in memory); a page not
    /// there is counted as missed (it is rendered next).
    pub fn get(&self, url: &str, body: Body) -> Option<Arc<Encoded>> {
        let found = self.find(url, body);
        if found.is_none() {
            self.lookups.missed.inc();
        }
        found
    }

    /// Like [`PageCache::get`], for a lookup that is not followed by a render (the pages asked
    /// for before the router, which go on to the router when they are not there).
    pub fn find(&self, url: &str, body: Body) -> Option<Arc<Encoded>> {
        if let Some(kept) = self.memory.get(&KeyRef { url, body }) {
            self.lookups.memory.inc();
            return Some(kept);
        }
        let (pack, offset, length, etag) = {
            let disk = self.disk.read();
            let stored = disk.index.get(url)?;
            match body {
                Body::Html => (disk.pack.clone(), stored.offset, stored.html_length, stored.html_etag),
                Body::Payload => (disk.pack.clone(), stored.offset + u64::from(stored.html_length), stored.payload_length, stored.payload_etag),
            }
        };
        // Read in place: a few kilobytes the system most likely holds in its page cache. A
        // thread of the blocking pool per read would cost more, and under a load of many
        // connections it would start hundreds of threads, each with a stack of its own.
        match pack.read(offset, length) {
            Ok(br) => {
                self.lookups.disk.inc();
                let encoded = Arc::new(Encoded::stored(br, etag_header(etag)));
                self.memory.insert(Key { url: url.into(), body }, encoded.clone());
                Some(encoded)
            }
            Err(error) => {
                tracing::error!(%error, url, "cannot read a prerendered page back");
                None
            }
        }
    }

    /// Keeps a page rendered from data read at `generation`: appended to the pack, indexed by
    /// its tags, and put in memory. Blocks on the disk write: call it off the async threads.
    /// Returns whether it was kept; a page made before an invalidation is not.
    pub fn put(&self, url: &str, tags: Vec<Tag>, html: &Arc<Encoded>, payload: &Arc<Encoded>, generation: u64) -> bool {
        let (Some(html_br), Some(payload_br)) = (html.brotli_bytes(), payload.brotli_bytes()) else {
            return false;
        };
        if tags.len() > MOST_TAGS {
            tracing::error!(url, "a page made from more than {MOST_TAGS} tags is served without being kept");
            return false;
        }
        let mut inline_tags = [None; MOST_TAGS];
        for (slot, tag) in inline_tags.iter_mut().zip(tags) {
            *slot = Some(tag);
        }
        let pack = self.disk.read().pack.clone();
        let offset = match pack.append(&[html_br, payload_br]) {
            Ok(offset) => offset,
            Err(error) => {
                tracing::error!(%error, url, "cannot write a prerendered page to disk; it is served without being kept");
                return false;
            }
        };
        let (Some(html_etag), Some(payload_etag)) = (etag_bytes(&html.etag), etag_bytes(&payload.etag)) else {
            tracing::error!(url, "a prerendered page's ETag is not one of ours; it is served without being kept");
            return false;
        };
        let stored = Stored { offset, html_length: html_br.len() as u32, payload_length: payload_br.len() as u32, html_etag, payload_etag, tags: inline_tags };
        let mut disk = self.disk.write();
        // The pack may have been started again meanwhile, or the data changed since it was read.
        if disk.generation != generation || !Arc::ptr_eq(&disk.pack, &pack) {
            return false;
        }
        disk.live_bytes += stored.bytes();
        if let Some(replaced) = disk.index.insert(url.into(), stored) {
            disk.live_bytes -= replaced.bytes();
        }
        drop(disk);
        self.memory.insert(Key { url: url.into(), body: Body::Html }, html.clone());
        self.memory.insert(Key { url: url.into(), body: Body::Payload }, payload.clone());
        true
    }

    /// Weighs an entry again after it made a new encoding of itself, if it is still the one kept.
    pub fn reweigh(&self, url: &str, body: Body, encoded: &Arc<Encoded>) {
        if self.memory.get(&KeyRef { url, body }).is_some_and(|kept| Arc::ptr_eq(&kept, encoded)) {
            self.memory.insert(Key { url: url.into(), body }, encoded.clone());
        }
    }

    /// Drops every page made from any of `tags`; returns how many it dropped. Their bytes stay
    /// in the pack until [`PageCache::compact_if_wasteful`] runs.
    pub fn invalidate(&self, tags: &[Tag]) -> usize {
        let wanted: HashSet<&Tag> = tags.iter().collect();
        let mut disk = self.disk.write();
        disk.generation += 1;
        let stale: Vec<Box<str>> =
            disk.index.iter().filter(|(_, stored)| stored.tags.iter().flatten().any(|t| wanted.contains(t))).map(|(url, _)| url.clone()).collect();
        for url in &stale {
            if let Some(stored) = disk.index.remove(url) {
                disk.live_bytes -= stored.bytes();
            }
        }
        drop(disk);
        for url in stale.iter() {
            self.memory.invalidate(&KeyRef { url, body: Body::Html });
            self.memory.invalidate(&KeyRef { url, body: Body::Payload });
        }
        stale.len()
    }

    /// Whether the pack's dead bytes outweigh its live ones, so that compacting is due.
    pub fn is_wasteful(&self) -> bool {
        let disk = self.disk.read();
        disk.pack.written_bytes() > 2 * disk.live_bytes
    }

    /// Once [`PageCache::is_wasteful`], copies the live pages into a new pack and drops the old
    /// one, so that the file stays within twice the live pages' size however often pages are
    /// replaced. Each byte copied paid for a dead byte, so the copying costs at most as much as
    /// the writing did. Blocks on the disk: run it in the background, off the async threads.
    ///
    /// The copy runs without the index's lock, so pages are served and kept meanwhile; it
    /// catches up with the pages kept during the copy the same way, and takes the lock only
    /// for the last few and the swap. After a failure (a full disk) it waits before trying again.
    pub fn compact_if_wasteful(&self) {
        if !self.is_wasteful() {
            return;
        }
        let Some(mut failed_at) = self.compacting.try_lock() else { return };
        if failed_at.is_some_and(|at| at.elapsed() < COMPACTION_RETRY) || !self.is_wasteful() {
            return;
        }
        let old = self.disk.read().pack.clone();
        let copy = |placed: Vec<Placed>, into: &Pack, moved: &mut HashMap<Box<str>, (u64, u64)>| -> std::io::Result<()> {
            for (url, offset, length) in placed {
                let bytes = old.read(offset, u32::try_from(length).map_err(std::io::Error::other)?)?;
                moved.insert(url, (offset, into.append(&[&bytes])?));
            }
            Ok(())
        };
        // The live pages not in the new pack yet: new since the last round, or replaced.
        let behind = |disk: &Disk, moved: &HashMap<Box<str>, (u64, u64)>| -> Vec<Placed> {
            disk.index
                .iter()
                .filter(|(url, stored)| moved.get(*url).is_none_or(|(offset, _)| *offset != stored.offset))
                .map(|(url, stored)| (url.clone(), stored.offset, stored.bytes()))
                .collect()
        };
        let result = (|| -> std::io::Result<()> {
            let new = Pack::create(&self.dir)?;
            let mut moved = HashMap::new();
            for _ in 0..CATCH_UP_ROUNDS {
                let placed = behind(&self.disk.read(), &moved);
                if placed.len() <= FEW_ENOUGH_UNDER_THE_LOCK {
                    break;
                }
                copy(placed, &new, &mut moved)?;
            }
            // Only a compaction starts a new pack, so `old` is still the one in use.
            let mut disk = self.disk.write();
            let placed = behind(&disk, &moved);
            copy(placed, &new, &mut moved)?;
            for (url, stored) in disk.index.iter_mut() {
                stored.offset = moved[url].1;
            }
            let before = disk.pack.written_bytes();
            disk.pack = Arc::new(new);
            tracing::info!(before, after = disk.pack.written_bytes(), pages = disk.index.len(), "page pack compacted");
            Ok(())
        })();
        *failed_at = match result {
            Ok(()) => None,
            Err(error) => {
                tracing::error!(%error, "cannot compact the page pack; keeping the old one and trying again in a minute");
                Some(Instant::now())
            }
        };
    }
}

/// Rounds of copying without the lock before the rest is copied under it.
const CATCH_UP_ROUNDS: usize = 4;
/// Pages few enough to copy while lookups wait.
const FEW_ENOUGH_UNDER_THE_LOCK: usize = 64;
/// How long a failed compaction waits before the next try.
const COMPACTION_RETRY: Duration = Duration::from_secs(60);

#[cfg(test)]
mod tests {
    use super::super::encoded::{Encoding, etag_of};
    use super::*;

    fn bodies(text: &str) -> (Arc<Encoded>, Arc<Encoded>) {
        (Arc::new(Encoded::compressed(format!("<p>{text}</p>").as_bytes())), Arc::new(Encoded::compressed(format!("{{\"t\":\"{text}\"}}").as_bytes())))
    }

    fn put(cache: &PageCache, url: &str, tags: Vec<Tag>) {
        let (html, payload) = bodies(url);
        assert!(cache.put(url, tags, &html, &payload, cache.generation()));
    }

    fn html_of(cache: &PageCache, url: &str) -> Option<String> {
        let body = cache.get(url, Body::Html)?;
        Some(String::from_utf8(body.bytes(Encoding::Identity).unwrap().0.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn invalidation_drops_only_pages_made_from_the_tags() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PageCache::new(dir.path(), 1 << 20).unwrap();
        put(&cache, "/about", vec![Tag::Site]);
        put(&cache, "/services/details?id=1", vec![Tag::Site, Tag::Service(1)]);
        put(&cache, "/services/details?id=2", vec![Tag::Site, Tag::Service(2)]);
        assert_eq!(cache.invalidate(&[Tag::Service(1)]), 1);
        assert!(!cache.contains("/services/details?id=1"));
        assert_eq!(html_of(&cache, "/services/details?id=2").as_deref(), Some("<p>/services/details?id=2</p>"));
        assert_eq!(cache.invalidate(&[Tag::Site]), 2);
        assert_eq!(cache.page_count(), 0);
        assert!(cache.get("/about", Body::Html).is_none());
    }

    /// A lookup's borrowed key finds the key it was kept under: a page asked for again comes from
    /// memory, not the disk, and an invalidation takes it out of memory too.
    #[test]
    fn a_kept_page_is_found_in_memory_and_dropped_from_it() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PageCache::new(dir.path(), 1 << 20).unwrap();
        put(&cache, "/about", vec![Tag::Site]);
        assert!(cache.find("/about", Body::Html).is_some() && cache.find("/about", Body::Payload).is_some());
        assert_eq!((cache.lookups().memory.get(), cache.lookups().disk.get()), (2, 0), "both bodies from memory");
        assert!(cache.memory_bytes() > 0);
        cache.invalidate(&[Tag::Site]);
        assert_eq!(cache.memory_bytes(), 0, "nothing of the page is left in memory");
    }

    #[tokio::test]
    async fn pages_beyond_the_memory_budget_are_read_back_from_disk() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PageCache::new(dir.path(), 4 * 1024).unwrap();
        for id in 1..=200 {
            put(&cache, &format!("/services/details?id={id}"), vec![Tag::Site, Tag::Service(id)]);
        }
        cache.memory.run_pending_tasks();
        assert!(cache.memory.weighted_size() <= 4 * 1024, "memory holds {} bytes", cache.memory.weighted_size());
        assert_eq!(cache.page_count(), 200);
        for id in [1, 77, 200] {
            assert_eq!(html_of(&cache, &format!("/services/details?id={id}")), Some(format!("<p>/services/details?id={id}</p>")));
            let payload = cache.get(&format!("/services/details?id={id}"), Body::Payload).unwrap();
            assert_eq!(payload.etag, etag_of(format!("{{\"t\":\"/services/details?id={id}\"}}").as_bytes()));
        }
    }

    #[test]
    fn a_page_made_before_an_invalidation_is_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PageCache::new(dir.path(), 1 << 20).unwrap();
        let before = cache.generation();
        cache.invalidate(&[Tag::Service(1)]);
        let (html, payload) = bodies("stale");
        assert!(!cache.put("/services/details?id=1", vec![Tag::Site, Tag::Service(1)], &html, &payload, before));
        assert!(!cache.contains("/services/details?id=1"));
    }

    #[test]
    fn a_compacted_pack_keeps_every_live_page_and_stays_within_twice_their_size() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PageCache::new(dir.path(), 0).unwrap();
        for id in 1..=50 {
            put(&cache, &format!("/services/details?id={id}"), vec![Tag::Service(id)]);
        }
        let live = cache.disk_bytes();
        for round in 0..200 {
            let id = round % 50 + 1;
            cache.invalidate(&[Tag::Service(id)]);
            put(&cache, &format!("/services/details?id={id}"), vec![Tag::Service(id)]);
            cache.compact_if_wasteful();
            assert!(cache.pack_bytes() <= 2 * cache.disk_bytes(), "round {round}: {} bytes for {} live", cache.pack_bytes(), cache.disk_bytes());
        }
        assert_eq!(cache.disk_bytes(), live);
        for id in 1..=50 {
            assert_eq!(html_of(&cache, &format!("/services/details?id={id}")), Some(format!("<p>/services/details?id={id}</p>")), "read from the disk");
        }
        for id in 1..=50 {
            cache.invalidate(&[Tag::Service(id)]);
        }
        cache.compact_if_wasteful();
        assert_eq!((cache.pack_bytes(), cache.page_count()), (0, 0), "an empty cache leaves an empty pack");
    }
}
