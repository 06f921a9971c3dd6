//! The allocator: jemalloc, for the Rust code and, in place of glibc's malloc, for the C the
//! server links (SQLite, QuickJS). glibc kept what was freed in the middle of its heaps, and
//! giving it back (`malloc_trim`) walks every arena under its lock: measured on the large data at
//! the end of the benchmark, glibc held 163 MB from the system for 109 MB in use, and the server
//! 180 MB at rest; with jemalloc, 148 MB. Trimming more often cost a quarter of the page views a
//! second.

#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings, read before `main` (`MALLOC_CONF` in the environment overrides each one
/// it names):
/// - an arena a core, not four: each arena keeps freed memory of its own to reuse;
/// - a thread of jemalloc's own gives back freed pages once unused for about a second, at once
///   (`muzzy_decay_ms:0`: unmapped, not only marked free, so that they leave the resident size
///   without waiting for the system to need them), busy or idle.
#[used]
#[unsafe(export_name = "malloc_conf")]
static SETTINGS: Settings = Settings(c"percpu_arena:percpu,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0".as_ptr());

/// A C string's address, as jemalloc reads `malloc_conf`.
#[repr(transparent)]
struct Settings(*const std::ffi::c_char);

// SAFETY: the address of a constant string, which nothing writes.
unsafe impl Sync for Settings {}

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

    #[test]
    fn memory_freed_in_the_middle_is_given_back_within_seconds_without_being_asked() {
        // Blocks, then every other one freed: holes between blocks still in use, which glibc
        // never gave back by itself, and which an allocator that only purges as it allocates
        // keeps while the server is idle.
        let mut blocks: Vec<Option<Vec<u8>>> = (0..1024).map(|i| Some(vec![i as u8 | 1; 64 << 10])).collect();
        let inside: Vec<usize> = blocks.iter().step_by(2).map(|block| block.as_ref().unwrap().as_ptr() as usize + (32 << 10)).collect();
        for block in blocks.iter_mut().step_by(2) {
            *block = None;
        }
        let count = || inside.iter().filter(|address| resident(**address)).count();
        let freed_at = Instant::now();
        while count() > inside.len() / 4 && freed_at.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(count() <= inside.len() / 4, "{} of {} freed pages still resident after {:?}", count(), inside.len(), freed_at.elapsed());
        assert!(blocks.iter().skip(1).step_by(2).all(|block| block.as_ref().is_some_and(|bytes| bytes[1000] != 0)), "the blocks kept are intact");
    }
}
