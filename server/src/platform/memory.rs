//! Memory given back to the system while the server runs. glibc returns only the free memory at
//! the top of an arena (`M_TRIM_THRESHOLD`, set in `main`); what is freed in the middle of its
//! heap stays resident. Under load that is most of what grows: measured on the large data after
//! 256 connections over every page, 35 MB of the server's 165 MB was such free memory, as pages
//! read from the pack took the place of others in the memory cache.

use std::time::Duration;

/// How far the resident memory may grow past what it was after the last giving back before
/// the free memory is given back again: giving back costs a walk of the heap (a few
/// milliseconds), and each page given back is faulted in again when it is used.
const GROWTH_BEFORE_GIVING_BACK: u64 = 16 << 20;

/// How often the resident memory is read.
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Starts a thread that gives the free memory back whenever the resident memory has grown by
/// [`GROWTH_BEFORE_GIVING_BACK`] since it last did. Nothing to do where glibc is not the allocator.
pub fn give_back_as_it_grows() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    std::thread::Builder::new()
        .name("memory-give-back".into())
        .spawn(|| {
            let mut after_last = resident_bytes().unwrap_or(0);
            loop {
                std::thread::sleep(LOOK_EVERY);
                let Some(now) = resident_bytes() else { return };
                if now > after_last + GROWTH_BEFORE_GIVING_BACK {
                    give_back();
                    after_last = resident_bytes().unwrap_or(now);
                } else {
                    after_last = after_last.min(now);
                }
            }
        })
        .expect("a thread starts");
}

/// Gives every arena's free memory back to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back() {
    // SAFETY: malloc_trim takes each arena's lock; it is safe to call from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The process's resident memory, from `/proc/self/statm`; `None` where there is none.
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a constant of the system.
    let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page_size).ok()?)
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    #[test]
    fn free_memory_in_the_middle_of_the_heap_is_given_back() {
        // 128 MiB in blocks the heap holds (below the mapping threshold), then every other one
        // freed: holes that an arena's top trimming never returns, with a block kept after each.
        let mut blocks: Vec<Option<Vec<u8>>> = (0..4096).map(|i| Some(vec![i as u8; 32 << 10])).collect();
        for block in blocks.iter_mut().step_by(2) {
            *block = None;
        }
        let held = resident_bytes().unwrap();
        give_back();
        let after = resident_bytes().unwrap();
        assert!(after + (32 << 20) < held, "{held} bytes resident before, {after} after");
        drop(blocks);
    }
}
