//! The `|< < > >|` buttons of a window that steps through a list (the
//! pattern viewer, the replay of a lost game): the keys that press them and
//! which of them can be pressed.

use gtk::prelude::*;
use gtk::{gdk, glib};

/// First, previous, next and last.
pub struct StepButtons<'a> {
    pub first: &'a gtk::Button,
    pub previous: &'a gtk::Button,
    pub next: &'a gtk::Button,
    pub last: &'a gtk::Button,
}

impl StepButtons<'_> {
    /// Home, Left or Page Up, Right or Page Down, End press the buttons
    /// (when they can be pressed); other keys go on.
    pub fn press_for(&self, key: gdk::Key) -> glib::Propagation {
        let button = match key {
            gdk::Key::Home => self.first,
            gdk::Key::Left | gdk::Key::Page_Up => self.previous,
            gdk::Key::Right | gdk::Key::Page_Down => self.next,
            gdk::Key::End => self.last,
            _ => return glib::Propagation::Proceed,
        };
        if button.is_sensitive() {
            button.emit_clicked();
        }
        glib::Propagation::Stop
    }

    /// At step `at` of `0..=last`: back only after the first, on only
    /// before the last.
    pub fn show_at(&self, at: usize, last: usize) {
        self.first.set_sensitive(at > 0);
        self.previous.set_sensitive(at > 0);
        self.next.set_sensitive(at < last);
        self.last.set_sensitive(at < last);
    }
}
