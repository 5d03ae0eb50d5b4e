//! How the window ends: closing asks every page first; a signal that ends
//! the session ends every page without asking; either way what the next
//! start brings back is kept.

use std::cell::RefCell;
use std::rc::Rc;

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;

use super::Window;
use crate::games::GamePage;

impl Window {
    /// The pages made so far (a page is made when first wanted).
    fn made_pages(&self) -> Vec<Rc<dyn GamePage>> {
        self.imp()
            .pages
            .borrow()
            .iter()
            .filter_map(|s| s.page.clone())
            .collect()
    }

    pub(super) fn on_close_request(&self) -> glib::Propagation {
        let pages = self.made_pages();
        for page in &pages {
            let win = self.downgrade();
            let close = Box::new(move || {
                if let Some(win) = win.upgrade() {
                    win.close();
                }
            });
            if !page.before_close(close) {
                return glib::Propagation::Stop;
            }
        }
        self.keep_for_next_start();
        glib::Propagation::Proceed
    }

    /// Ends every page without asking anyone (see
    /// [`GamePage::end_unasked`]), then keeps what the next start brings
    /// back and calls `then`.
    pub fn end_unasked(&self, then: impl FnOnce() + 'static) {
        // The games first: a SIGKILL may follow soon after (a session that
        // ends in a hurry), and what the pages learned can take a while.
        self.keep_for_next_start();
        let pages = self.made_pages();
        // Each page says when it is done; the last one ends the window.
        let left = Rc::new(std::cell::Cell::new(pages.len() + 1));
        let then = Rc::new(RefCell::new(Some(then)));
        let win = self.downgrade();
        let one_done = move || {
            left.set(left.get() - 1);
            if left.get() == 0
                && let Some(then) = then.borrow_mut().take()
            {
                if let Some(win) = win.upgrade() {
                    win.keep_for_next_start();
                }
                then();
            }
        };
        for page in &pages {
            let one_done = one_done.clone();
            page.end_unasked(Box::new(one_done));
        }
        one_done();
    }

    /// Keeps what the next start brings back: the window's size and every
    /// page's game in progress. Closing does this once every page agreed;
    /// a signal that ends the session, at once.
    pub fn keep_for_next_start(&self) {
        let maximized = self.is_maximized();
        let (w, h) = self.default_size();
        self.settings().update(|s| {
            if !maximized {
                s.window_width = w;
                s.window_height = h;
            }
            s.window_maximized = maximized;
        });
        for page in self.made_pages() {
            page.closing();
        }
    }
}
