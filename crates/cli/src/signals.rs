//! Ctrl+C and `kill`: a long command stops at the next good moment, saves
//! what it has, and says so.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGINT, SIGTERM};

static RECEIVED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// From now on SIGINT and SIGTERM only set a flag that [`received`] reads.
pub fn catch() -> std::io::Result<()> {
    let flag = RECEIVED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
    for signal in [SIGINT, SIGTERM] {
        signal_hook::flag::register_usize(signal, Arc::clone(flag), signal as usize)?;
    }
    Ok(())
}

/// The signal received since [`catch`], if any.
pub fn received() -> Option<i32> {
    RECEIVED
        .get()
        .map(|f| f.load(Ordering::SeqCst))
        .filter(|s| *s != 0)
        .map(|s| s as i32)
}
