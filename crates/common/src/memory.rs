//! Memory given back after a burst.
//!
//! glibc keeps what a thread freed in that thread's arena: after a flood of
//! D-Bus calls (thousands of short tasks at once) the app would stay tens
//! of megabytes larger long after every one of them is gone. The app calls
//! [`give_back`] once such a burst is over.

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
}
