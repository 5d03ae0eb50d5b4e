//! A run on another thread that the person can stop, and the button that
//! starts it and, while it runs, stops it.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gtk::prelude::*;

use crate::i18n::gettext;

/// The stop flag of the run under way, if one is.
#[derive(Debug, Default)]
pub struct StoppableRun {
    stop: RefCell<Option<Arc<AtomicBool>>>,
}

impl StoppableRun {
    pub fn is_running(&self) -> bool {
        self.stop.borrow().is_some()
    }

    /// A run begins: its stop flag, for the thread to read; `button`
    /// becomes a red Stop, and takes the focus: the settings beside it are
    /// made insensitive during a run, and a focus lost with them left
    /// Escape and the keys with nowhere to go.
    pub fn start(&self, button: &gtk::Button) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        self.stop.replace(Some(stop.clone()));
        button.set_label(&gettext("_Stop"));
        button.remove_css_class("suggested-action");
        button.add_css_class("destructive-action");
        button.grab_focus();
        stop
    }

    /// Asks the run to stop at its next look at the flag.
    pub fn stop(&self) {
        if let Some(stop) = self.stop.borrow().as_ref() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The run has ended: `button` starts one again, as `label`.
    pub fn finished(&self, button: &gtk::Button, label: &str) {
        self.stop.replace(None);
        button.set_label(label);
        button.remove_css_class("destructive-action");
        button.add_css_class("suggested-action");
    }
}
