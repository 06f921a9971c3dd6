//! The allocator: jemalloc, for the Rust code and, in place of glibc's malloc, for the C the
//! server links (SQLite, QuickJS). glibc kept what was freed in the middle of its heaps, and
//! giving it back (`malloc_trim`) walks every arena under its lock, so trimming often enough to
//! matter cost more time than it saved memory (docs/performance.md has the figures).

#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings, read before `main` (`MALLOC_CONF` in the environment overrides each one
/// it names). On Linux the crate builds jemalloc unprefixed, so it reads this `malloc_conf`:
/// - an arena a core, not four: each arena keeps freed memory of its own to reuse (where the
///   process may run on only some of the cores, jemalloc says so at start and keeps four a core);
/// - a thread of jemalloc's own releases freed pages once unused for about a second
///   (`MADV_DONTNEED`, with `muzzy_decay_ms:0`, jemalloc's default, said so that it stays: they
///   leave the resident size at once rather than when the system needs them), busy or idle.
#[unsafe(export_name = "malloc_conf")]
static SETTINGS: Settings = Settings(c"percpu_arena:percpu,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0".as_ptr());

/// A C string's address, as jemalloc reads `malloc_conf`.
#[repr(transparent)]
struct Settings(*const std::ffi::c_char);

// SAFETY: the address of a constant string, which nothing writes.
unsafe impl Sync for Settings {}

/// Gives the pages freed so far back to the system now, rather than over the next second: after
/// a prerender pass, whose last batches are freed at once. Returns whether jemalloc did.
pub fn give_back() -> bool {
    // Every arena: `MALLCTL_ARENAS_ALL` of jemalloc 5's `jemalloc_macros.h`, which the crate
    // does not export.
    const EVERY_ARENA_PURGE: &std::ffi::CStr = c"arena.4096.purge";
    // SAFETY: a known name, which reads and writes no value.
    let answer = unsafe { tikv_jemalloc_sys::mallctl(EVERY_ARENA_PURGE.as_ptr(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), 0) };
    if answer != 0 {
        tracing::warn!(answer, "jemalloc did not give the freed memory back");
    }
    answer == 0
}

/// Where the allocator's memory is, in bytes, as jemalloc counts it.
pub struct HeapUse {
    /// In blocks the program holds.
    pub allocated: u64,
    /// In the pages those blocks lie in: the rest is room for blocks of their size.
    pub active: u64,
    /// jemalloc's own bookkeeping.
    pub metadata: u64,
    /// In memory: the active pages, the metadata and the freed pages not given back yet.
    pub resident: u64,
    /// Address space kept for reuse, given back to the system: no memory.
    pub retained: u64,
}

/// Where the allocator's memory is now, or `None` if jemalloc cannot say.
pub fn heap_use() -> Option<HeapUse> {
    use tikv_jemalloc_ctl::{epoch, stats};
    // Its figures are refreshed when the epoch moves.
    epoch::advance().ok()?;
    let read = |figure: tikv_jemalloc_ctl::Result<usize>| figure.ok().map(|bytes| bytes as u64);
    Some(HeapUse {
        allocated: read(stats::allocated::read())?,
        active: read(stats::active::read())?,
        metadata: read(stats::metadata::read())?,
        resident: read(stats::resident::read())?,
        retained: read(stats::retained::read())?,
    })
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::time::{Duration, Instant};

    fn page_size() -> usize {
        // SAFETY: sysconf only reads a constant of the system.
        usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
    }

    /// Whether the page at `address` is in memory (`mincore`): about this test's own blocks,
    /// whatever the tests running beside it allocate.
    fn resident(address: usize) -> bool {
        let page = address & !(page_size() - 1);
        let mut state = 0u8;
        // SAFETY: the page lies in a mapping of the allocator's, and `state` has room for one page.
        let answer = unsafe { libc::mincore(page as *mut libc::c_void, 1, &mut state) };
        answer == 0 && state & 1 == 1
    }

    /// Blocks of 64 KiB, every other one then freed: holes between blocks still in use, which
    /// glibc never gave back by itself. Returns the blocks kept and an address inside each freed
    /// one, checked resident before it was freed.
    fn holes() -> (Vec<Option<Vec<u8>>>, Vec<usize>) {
        let mut blocks: Vec<Option<Vec<u8>>> = (0..1024).map(|i| Some(vec![i as u8 | 1; 64 << 10])).collect();
        let inside: Vec<usize> = blocks.iter().step_by(2).map(|block| block.as_ref().unwrap().as_ptr() as usize + (32 << 10)).collect();
        assert_eq!(still_resident(&inside), inside.len(), "written, so resident");
        for block in blocks.iter_mut().step_by(2) {
            *block = None;
        }
        (blocks, inside)
    }

    fn still_resident(inside: &[usize]) -> usize {
        inside.iter().filter(|address| resident(**address)).count()
    }

    /// One test, so that its two halves' holes are not filled by each other's blocks; a quarter
    /// may be, by the other tests' allocations meanwhile.
    #[test]
    fn freed_memory_is_given_back_within_seconds_unasked_and_at_once_when_asked() {
        let (kept, inside) = holes();
        let freed_at = Instant::now();
        let mut left = still_resident(&inside);
        while left > inside.len() / 4 && freed_at.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(100));
            left = still_resident(&inside);
        }
        assert!(left <= inside.len() / 4, "{left} of {} freed pages still resident after {:?}", inside.len(), freed_at.elapsed());
        assert!(kept.iter().skip(1).step_by(2).all(|block| block.as_ref().is_some_and(|bytes| bytes[1000] != 0)), "the blocks kept are intact");

        let (kept, inside) = holes();
        assert!(super::give_back(), "jemalloc purges every arena");
        let left = still_resident(&inside);
        assert!(left <= inside.len() / 4, "{left} of {} freed pages still resident", inside.len());
        drop(kept);
    }
}
