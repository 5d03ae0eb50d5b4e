//! The model while a practice run holds the computer's knowledge
//! (`../practice/`): moves and other knowledge wait, and the run's
//! knowledge comes back when it ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gtk::glib;
use gtk::glib::prelude::*;
use gtk::subclass::prelude::*;
use match5_five::Knowledge;

use super::{FiveGame, put_copy};

impl FiveGame {
    /// Takes back the knowledge a practice run played with; what it
    /// learned is unsaved. The game on the board goes on.
    pub fn end_practice(&self, knowledge: Knowledge, learned: bool) {
        self.change(|s| {
            *s.knowledge_mut() = knowledge;
            if learned {
                s.mark_changed();
            }
        });
        self.hold_for_practice(None);
        self.emit_knowledge_changed();
    }

    /// A practice run holds the knowledge until it ends (`stop` set), or
    /// no longer (`None`).
    pub fn hold_for_practice(&self, stop: Option<Arc<AtomicBool>>) {
        let practising = stop.is_some();
        self.imp().practice_stop.replace(stop);
        if put_copy(&self.imp().practising, practising) {
            self.notify_practising();
        }
    }

    /// A script's practice ended: `words` say how, for the page to show
    /// (the Practice window shows its own).
    pub fn report_practice(&self, words: &str) {
        self.emit_by_name::<()>("practice-reported", &[&words]);
    }

    /// `f(model, words)` when a script's practice ended.
    pub fn connect_practice_reported<F: Fn(&Self, String) + 'static>(&self, f: F) {
        self.connect_closure(
            "practice-reported",
            false,
            glib::closure_local!(move |obj: Self, words: String| f(&obj, words)),
        );
    }

    /// Asks the practice run, if one runs, to stop.
    pub fn stop_practice(&self) {
        if let Some(stop) = self.imp().practice_stop.borrow().as_ref() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}
