//! Frame times, for benchmarks: with `MATCH5_TRACE_FRAMES` set, a widget
//! draws every frame while something runs and keeps each frame's time; at
//! the end the spread of the gaps between frames is printed to stderr.

use std::cell::RefCell;
use std::rc::Rc;

use gtk::glib;
use gtk::prelude::*;

#[derive(Debug, Default)]
pub struct FrameTrace {
    times: Rc<RefCell<Vec<i64>>>,
    tick: RefCell<Option<gtk::TickCallbackId>>,
}

impl FrameTrace {
    /// Starts keeping `widget`'s frame times, if `MATCH5_TRACE_FRAMES` is set.
    pub fn start(&self, widget: &impl IsA<gtk::Widget>) {
        if std::env::var_os("MATCH5_TRACE_FRAMES").is_none() {
            return;
        }
        let times = self.times.clone();
        times.borrow_mut().clear();
        let id = widget.add_tick_callback(move |widget, clock| {
            times.borrow_mut().push(clock.frame_time());
            widget.queue_draw();
            glib::ControlFlow::Continue
        });
        if let Some(old) = self.tick.replace(Some(id)) {
            old.remove();
        }
    }

    /// Stops, and prints the gaps between frames as `what`.
    pub fn report(&self, what: &str) {
        let Some(id) = self.tick.take() else {
            return;
        };
        id.remove();
        let times = self.times.take();
        let mut gaps: Vec<f64> = times
            .windows(2)
            .map(|w| (w[1] - w[0]) as f64 / 1000.0)
            .collect();
        if gaps.is_empty() {
            return;
        }
        gaps.sort_by(f64::total_cmp);
        let at = |q: f64| gaps[((gaps.len() - 1) as f64 * q) as usize];
        eprintln!(
            "match5: {what} frames: {} frames, median {:.1} ms, 95th {:.1} ms, 99th {:.1} ms, slowest {:.1} ms",
            gaps.len(),
            at(0.5),
            at(0.95),
            at(0.99),
            at(1.0)
        );
    }
}
