//! What a search that a person starts may use: time and memory.

use std::time::{Duration, Instant};

/// What a search that a person starts may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// How long it may take; `None`: as long as an exact answer takes.
    pub time: Option<Duration>,
    /// Memory for the positions it remembers, in bytes.
    pub memory: usize,
}

impl Budget {
    /// The memory a search remembers positions in unless told otherwise:
    /// 64 MiB.
    pub const MEMORY: usize = 64 << 20;
    /// As long as the exact answer takes, in [`Budget::MEMORY`].
    pub const EXACT: Budget = Budget {
        time: None,
        memory: Budget::MEMORY,
    };

    /// At most `seconds`, in [`Budget::MEMORY`].
    pub fn seconds(seconds: f64) -> Budget {
        Budget {
            time: Some(Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX)),
            memory: Budget::MEMORY,
        }
    }
}

/// When a search must give up: its budget's time is up, or `stop` (a
/// person's Stop, an experiment's own limit) says so.
pub(super) struct Deadline<'a> {
    at: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Deadline<'a> {
    /// The deadline of `budget` for a search that started at `started`.
    pub(super) fn of(budget: Budget, started: Instant, stop: &'a dyn Fn() -> bool) -> Self {
        Deadline {
            at: budget.time.and_then(|t| started.checked_add(t)),
            stop,
        }
    }

    pub(super) fn passed(&self) -> bool {
        (self.stop)() || self.at.is_some_and(|at| Instant::now() >= at)
    }
}
