//! Memory given back after a burst.
//!
//! glibc keeps what a thread freed in that thread's arena: after a flood of
//! D-Bus calls (thousands of short tasks at once) the app would stay tens
//! of megabytes larger long after every one of them is gone. The app calls
//! [`give_back`] once such a burst is over.
//!
//! Large blocks are another matter. glibc maps a block of 128 KiB or more
//! on its own and unmaps it when it is freed, but each time it frees such
//! a block it raises that threshold to the block's size (up to 32 MiB):
//! from then on blocks that size come from the arenas, where what a
//! search thread freed stays with its arena. The tile search's table
//! grows by doubling to tens of megabytes, so after a few searches on
//! threads of their own the app kept 50 MB and more for good, a little
//! more each round. [`large_blocks_mapped`] fixes the threshold at start.

/// Every block of 128 KiB or more is mapped on its own and given back to
/// the system the moment it is freed, whichever thread freed it: setting
/// the threshold turns off glibc's raising of it. Call it at start, before
/// any thread. Elsewhere than on glibc it does nothing.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn large_blocks_mapped() {
    // SAFETY: mallopt only sets a tuning parameter of the allocator; an
    // unknown value is refused by its return value, never undefined.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGE_BLOCK as libc::c_int);
    }
}

/// Every block of 128 KiB or more is mapped on its own (see the glibc
/// version); elsewhere than on glibc it does nothing.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn large_blocks_mapped() {}

/// The size from which a block is mapped on its own: glibc's own first
/// threshold, kept.
pub const LARGE_BLOCK: usize = 128 << 10;

/// Asks the C allocator to return the memory it holds free to the system;
/// true when it returned some. Elsewhere than on glibc it does nothing.
/// It walks and locks every arena in turn: call it when the app is idle.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn give_back() -> bool {
    // SAFETY: malloc_trim takes a padding in bytes and has no other
    // requirement of its caller; it only releases memory that is free.
    unsafe { libc::malloc_trim(0) != 0 }
}

/// Asks the C allocator to return the memory it holds free to the system;
/// true when it returned some. Elsewhere than on glibc it does nothing.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back() -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    /// The tests measure the whole process: one at a time.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    /// The process's resident memory in bytes.
    fn resident() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").expect("statm");
        let pages: usize = statm
            .split_whitespace()
            .nth(1)
            .expect("resident")
            .parse()
            .expect("a number");
        pages * 4096
    }

    #[test]
    fn memory_freed_below_a_live_piece_goes_back_to_the_system() {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        // 64 MiB in small pieces, then one piece that stays: what is freed
        // below it cannot shrink the heap, so the arena keeps it.
        let pieces: Vec<Box<[u8; 1024]>> = (0..65_536).map(|i| Box::new([i as u8; 1024])).collect();
        let pin = Box::new([7u8; 1024]);
        drop(pieces);
        let held = resident();
        assert!(super::give_back(), "there was freed memory to return");
        let after = resident();
        assert!(
            held - after > 32 << 20,
            "at least 32 MiB went back: {held} bytes before, {after} after"
        );
        assert_eq!(pin[0], 7);
    }

    #[test]
    fn a_large_block_freed_on_another_thread_goes_back_at_once() {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        super::large_blocks_mapped();
        // Tables that grow by doubling on a thread of their own, as the
        // tile search's do: 48 MiB in the end, 96 MiB freed on the way.
        let start = resident();
        for _ in 0..3 {
            std::thread::spawn(|| {
                let mut table = vec![1u8; 192 << 10];
                while table.len() < 48 << 20 {
                    let mut bigger = vec![1u8; table.len() * 2];
                    bigger[..table.len()].copy_from_slice(&table);
                    table = bigger;
                }
                std::hint::black_box(&table);
            })
            .join()
            .expect("the thread ends");
        }
        let after = resident();
        assert!(
            after < start + (8 << 20),
            "the tables went back with no trim: {start} bytes before, {after} after"
        );
    }
}
