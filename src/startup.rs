//! Start-up timing: with `MATCH5_TRACE_STARTUP=1` the app prints, on
//! standard error, how long after `main` began each step was reached, the
//! last one being the first frame of the window. `tools/bench-startup`
//! reads these lines. With `MATCH5_TRACE_STARTUP=exit` the app quits right
//! after its first frame, to profile the start alone.

use std::sync::OnceLock;
use std::time::Instant;

use gtk::glib;
use gtk::prelude::*;

static START: OnceLock<Instant> = OnceLock::new();

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("MATCH5_TRACE_STARTUP").is_some_and(|v| v != "0"))
}

/// Called first thing in `main`.
pub fn mark_start() {
    let _ = START.set(Instant::now());
}

/// Prints `match5-startup: <step> <ms>` when tracing.
pub fn trace(step: &str) {
    if enabled() {
        let ms = START
            .get()
            .map_or(0.0, |s| s.elapsed().as_secs_f64() * 1000.0);
        eprintln!("match5-startup: {step} {ms:.1}");
    }
}

/// Runs `f` once, after the window's first painted frame (the handler is
/// removed after it).
fn after_first_frame(window: &impl IsA<gtk::Widget>, f: impl FnOnce() + 'static) {
    let f = std::cell::Cell::new(Some(f));
    window.connect_realize(move |w| {
        let Some(clock) = w.frame_clock() else {
            return;
        };
        let f = std::cell::Cell::new(f.take());
        let handler = std::rc::Rc::new(std::cell::Cell::new(None));
        let id = clock.connect_after_paint(glib::clone!(
            #[strong]
            handler,
            move |clock| {
                if let Some(id) = handler.take() {
                    clock.disconnect(id);
                }
                if let Some(f) = f.take() {
                    f();
                }
            }
        ));
        handler.set(Some(id));
    });
}

/// Traces the window's first painted frame.
pub fn trace_first_frame(window: &impl IsA<gtk::Widget>) {
    if !enabled() {
        return;
    }
    trace("window-made");
    after_first_frame(window, || {
        trace("first-frame");
        // For profiling the start alone (`perf record`).
        if std::env::var_os("MATCH5_TRACE_STARTUP").is_some_and(|v| v == "exit") {
            std::process::exit(0);
        }
    });
}

/// Once the window has painted and the work put off until then (the
/// sidebar, at low priority) is done, the allocator gives back what
/// building the window freed: idle memory is what the app holds, not what
/// it once used.
pub fn give_back_after_start(window: &impl IsA<gtk::Widget>) {
    after_first_frame(window, || {
        glib::timeout_add_local_once(std::time::Duration::from_millis(100), || {
            glib::idle_add_local_full(glib::Priority::LOW, || {
                match5_common::memory::give_back();
                glib::ControlFlow::Break
            });
        });
    });
}
