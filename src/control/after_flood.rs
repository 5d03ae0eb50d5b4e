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
use std::time::{Duration, Instant};

/// What the calls have been since memory was last given back.
struct Flood {
    /// When the last call came.
    last_call: Option<Instant>,
    /// A quiet moment is awaited: memory goes back once it comes.
    awaited: bool,
    /// The calls since memory was last given back.
    calls: usize,
}

/// The calls of every object: memory is the process's, so one flood is
/// watched whichever game's object it reaches.
static FLOOD: Mutex<Flood> = Mutex::new(Flood {
    last_call: None,
    awaited: false,
    calls: 0,
});

/// Calls after which memory is given back once they stop, refused or not:
/// calls that wait in zbus's own queue (a client that sends faster than
/// it is answered) are never refused, and what they held stayed.
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
    let mut flood = FLOOD.lock().expect("never poisoned");
    flood.last_call = Some(Instant::now());
    flood.calls += 1;
    if (refused || flood.calls >= A_BURST) && !flood.awaited {
        flood.awaited = true;
        gtk::glib::timeout_add_once(QUIET, when_quiet);
    }
}

/// Waits until no call has come for [`QUIET`], then gives memory back now
/// and at each of [`AGAIN_AFTER`].
fn when_quiet() {
    let mut flood = FLOOD.lock().expect("never poisoned");
    if let Some(since) = flood.last_call.map(|t| t.elapsed())
        && since < QUIET
    {
        gtk::glib::timeout_add_once(QUIET - since, when_quiet);
        return;
    }
    flood.calls = 0;
    flood.awaited = false;
    drop(flood);
    match5_common::memory::give_back();
    for after in AGAIN_AFTER {
        gtk::glib::timeout_add_once(after, || {
            match5_common::memory::give_back();
        });
    }
}
