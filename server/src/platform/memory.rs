//! Memory given back to the system. glibc returns by itself only the free memory at the top of
//! an arena (`M_TRIM_THRESHOLD`, set in `main`); what is freed in the middle of its heap stays
//! resident. Under load that is most of what grows: measured on the large data after 256
//! connections over every page, 35 MB of the server's 165 MB was such free memory, left as pages
//! read from the pack took the place of others in the memory cache. Nothing to do where glibc is
//! not the allocator.

/// Gives every arena's free memory back to the system now (after a prerender pass, say).
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    glibc::give_back();
}

/// Starts a thread that gives the free memory back whenever the resident memory has grown by
/// 16 MiB since it last did.
pub fn give_back_as_it_grows() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    glibc::give_back_as_it_grows();
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod glibc {
    use std::time::Duration;

    /// How far the resident memory may grow past what it was after the last giving back before
    /// the free memory is given back again: giving back walks the heap (a few milliseconds),
    /// and each page given back is faulted in again when it is used.
    const GROWTH_BEFORE_GIVING_BACK: u64 = 16 << 20;

    /// How often the resident memory is read.
    const LOOK_EVERY: Duration = Duration::from_secs(1);

    pub fn give_back() {
        // SAFETY: malloc_trim only returns free memory of the allocator's own, under each
        // arena's lock; any thread may call it.
        unsafe {
            libc::malloc_trim(0);
        }
    }

    pub fn give_back_as_it_grows() {
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

    /// The process's resident memory, from `/proc/self/statm`.
    fn resident_bytes() -> Option<u64> {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        Some(pages * page_size())
    }

    fn page_size() -> u64 {
        // SAFETY: sysconf only reads a constant of the system.
        u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// Whether the page at `address` is in memory (`mincore`): about this test's own
        /// blocks, whatever the tests running beside it allocate.
        fn resident(address: usize) -> bool {
            let page = address & !(page_size() as usize - 1);
            let mut state = 0u8;
            // SAFETY: the page lies in the heap's mapping, and `state` has room for one page.
            let answer = unsafe { libc::mincore(page as *mut libc::c_void, 1, &mut state) };
            answer == 0 && state & 1 == 1
        }

        #[test]
        fn free_memory_in_the_middle_of_the_heap_is_given_back() {
            // Blocks the heap holds (below the mapping threshold), then every other one freed:
            // holes that an arena's top trimming never returns, with a block kept after each.
            let mut blocks: Vec<Option<Vec<u8>>> = (0..1024).map(|i| Some(vec![i as u8 | 1; 32 << 10])).collect();
            // A page well inside each block to be freed.
            let inside: Vec<usize> = blocks.iter().step_by(2).map(|block| block.as_ref().unwrap().as_ptr() as usize + (16 << 10)).collect();
            for block in blocks.iter_mut().step_by(2) {
                *block = None;
            }
            let count = |addresses: &[usize]| addresses.iter().filter(|address| resident(**address)).count();
            assert!(count(&inside) > inside.len() * 3 / 4, "freed, but still resident before giving back");
            give_back();
            assert!(count(&inside) < inside.len() / 4, "{} of {} pages still resident", count(&inside), inside.len());
            drop(blocks);
        }
    }
}
