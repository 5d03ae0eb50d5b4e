//! Work on threads of its own that must end well before the app exits: a
//! training that keeps what it learned when stopped. Each game's page
//! registers such work; the application, which names no game, stops it all
//! and waits for it when it shuts down (the quit action, the last window
//! closed, SIGTERM), so quitting never throws learning away.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Work under way: each with the flag that stops it and its thread.
struct Registry(Mutex<Vec<(Arc<AtomicBool>, JoinHandle<()>)>>);

impl Registry {
    const fn new() -> Registry {
        Registry(Mutex::new(Vec::new()))
    }

    fn register(&self, stop: Arc<AtomicBool>, thread: JoinHandle<()>) {
        let mut running = self.0.lock().unwrap_or_else(|e| e.into_inner());
        running.retain(|(_, t)| !t.is_finished());
        running.push((stop, thread));
    }

    fn finish_all(&self) {
        let running = std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()));
        for (stop, _) in &running {
            stop.store(true, Ordering::Relaxed);
        }
        for (_, thread) in running {
            let _ = thread.join();
        }
    }
}

static RUNNING: Registry = Registry::new();

/// Work under way on `thread`, which ends soon (saving what it must) once
/// `stop` is set.
pub fn register(stop: Arc<AtomicBool>, thread: JoinHandle<()>) {
    RUNNING.register(stop, thread);
}

/// Stops all registered work and waits until it has ended.
pub fn finish_all() {
    RUNNING.finish_all();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finishing_stops_the_work_and_waits_for_it() {
        // A registry of its own: the app's would stop other tests' work.
        let registry = Registry::new();
        let stop = Arc::new(AtomicBool::new(false));
        let saved = Arc::new(AtomicBool::new(false));
        let thread = std::thread::spawn({
            let (stop, saved) = (stop.clone(), saved.clone());
            move || {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
                saved.store(true, Ordering::Relaxed);
            }
        });
        registry.register(stop, thread);
        registry.finish_all();
        assert!(saved.load(Ordering::Relaxed), "it ended, having saved");
    }
}
