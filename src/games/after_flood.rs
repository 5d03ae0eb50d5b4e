//! Memory given back after a flood of D-Bus calls.
//!
//! Thousands of short tasks at once leave tens of megabytes free in the
//! allocator's arenas, which glibc keeps unless asked (see
//! `match5_common::memory`). Once the calls stop for a second, that is
//! given back. Not all of it is free by then: the replies still waiting to
//! be written and the messages zbus read ahead go later, most of all on a
//! busy machine or behind a client that never reads its replies (measured:
//! 25 s after a flood's give-back, 60 MB lay free in a zbus thread's arena,
//! and a second give-back returned 41 MB). So it is given back again a few
//! seconds and half a minute later.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// When the last call came, whether a quiet moment is awaited, and the
/// calls since memory was last given back.
static LAST_CALL: Mutex<Option<Instant>> = Mutex::new(None);
static FLOODED: AtomicBool = AtomicBool::new(false);
static CALLS: AtomicUsize = AtomicUsize::new(0);

/// Calls after which memory is given back once they stop, refused or not
/// (calls waiting in zbus's own queue are never refused).
const A_BURST: usize = 1000;

/// How long no call comes before a flood counts as over.
const QUIET: Duration = Duration::from_secs(1);

/// When memory is given back again after a flood is over, for what was
/// still in use at the first give-back.
const AGAIN_AFTER: [Duration; 2] = [Duration::from_secs(5), Duration::from_secs(30)];

/// Notes a call; after a flood (a call refused as `Busy`, or [`A_BURST`]
/// calls), once no call has come for a second, gives back to the system
/// what its thousands of short tasks held meanwhile, and again later.
pub(super) fn note_call(refused: bool) {
    *LAST_CALL.lock().expect("never poisoned") = Some(Instant::now());
    let burst = CALLS.fetch_add(1, Ordering::SeqCst) + 1 >= A_BURST;
    if (refused || burst) && !FLOODED.swap(true, Ordering::SeqCst) {
        gtk::glib::timeout_add_once(QUIET, when_quiet);
    }
}

/// Waits until no call has come for [`QUIET`], then gives memory back now
/// and at each of [`AGAIN_AFTER`].
fn when_quiet() {
    let last = *LAST_CALL.lock().expect("never poisoned");
    match last.map(|t| t.elapsed()) {
        Some(since) if since < QUIET => {
            gtk::glib::timeout_add_once(QUIET - since, when_quiet);
        }
        _ => {
            CALLS.store(0, Ordering::SeqCst);
            FLOODED.store(false, Ordering::SeqCst);
            match5_common::memory::give_back();
            for after in AGAIN_AFTER {
                gtk::glib::timeout_add_once(after, || {
                    match5_common::memory::give_back();
                });
            }
        }
    }
}
