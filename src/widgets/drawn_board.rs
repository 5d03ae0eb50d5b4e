//! What every drawn board has in common (five in a row, leap-frog, tiles,
//! tic-tac-toe): it takes the keyboard focus and fills its space, a click
//! on something on it plays it, its keys move a cursor (shown from the
//! first key, without Tab first, until the next click), it is drawn again
//! when the focus comes or goes (the cursor shows only with the focus) and
//! when the desktop's look changes (light or dark, high contrast, the accent
//! colour, the text size), and it draws itself with Cairo.
//! Each board's view says only what is under a point, what its keys do and
//! how its scene is drawn.

use gtk::prelude::*;
use gtk::{cairo, graphene};

/// Makes `widget` a drawn board. A click calls `on_click` with the point;
/// when it hit something (true) the board takes the focus and the click is
/// claimed. Key presses go to `on_key` (with the modifiers held);
/// `on_focus` runs when the focus comes.
pub fn drawn_board<W: IsA<gtk::Widget>>(
    widget: &W,
    on_click: impl Fn(&W, f64, f64) -> bool + 'static,
    on_key: impl Fn(&W, gtk::gdk::Key, gtk::gdk::ModifierType) -> gtk::glib::Propagation + 'static,
    on_focus: impl Fn(&W) + 'static,
) {
    widget.set_focusable(true);
    widget.set_hexpand(true);
    let click = gtk::GestureClick::new();
    let weak = widget.downgrade();
    click.connect_released(move |gesture, _, x, y| {
        let Some(w) = weak.upgrade() else {
            return;
        };
        // Played with the mouse: the cursor hides until the next key.
        let keyboard = played_from_keyboard(&w);
        w.remove_css_class(KEYBOARD_PLAY);
        // The focus first: a move that ends the game gives it on to Play
        // Again.
        let before = w.root().and_then(|r| r.focus());
        w.grab_focus();
        if on_click(&w, x, y) {
            gesture.set_state(gtk::EventSequenceState::Claimed);
        } else {
            // A click beside the fields takes nothing, the focus neither.
            if let Some(root) = w.root() {
                root.set_focus(before.as_ref());
            }
            if keyboard {
                w.add_css_class(KEYBOARD_PLAY);
            }
        }
    });
    widget.add_controller(click);
    keyboard_surface(widget, on_key, on_focus);
}

/// Draws `widget` with Cairo in the rectangle `(left, top, width, height)`
/// of it (the origin moved there): `draw` gets the context, the width and
/// height, whether the keyboard cursor shows (the board has the focus from
/// the keyboard) and whether the style is dark.
pub fn draw_cairo(
    widget: &impl IsA<gtk::Widget>,
    snapshot: &gtk::Snapshot,
    (left, top, width, height): (f64, f64, f64, f64),
    draw: impl FnOnce(&cairo::Context, f64, f64, bool, bool),
) {
    let rect = graphene::Rect::new(left as f32, top as f32, width as f32, height as f32);
    let cr = snapshot.append_cairo(&rect);
    cr.translate(left, top);
    let dark = adw::StyleManager::default().is_dark();
    draw(&cr, width, height, shows_cursor(widget), dark);
}

/// Marks a board played from the keyboard since the last click.
const KEYBOARD_PLAY: &str = "keyboard-play";

/// Is `widget` (a drawn board) played from the keyboard, not by clicks?
pub fn played_from_keyboard(widget: &impl IsA<gtk::Widget>) -> bool {
    widget.has_css_class(KEYBOARD_PLAY)
}

/// The keyboard cursor shows while the board has the focus and is played
/// from the keyboard: after Tab, or from its first key on.
fn shows_cursor(widget: &impl IsA<gtk::Widget>) -> bool {
    widget.has_focus() && (widget.has_visible_focus() || played_from_keyboard(widget))
}

/// Gives `board` the focus once the menu or popover that started a new
/// game has closed (and given the focus back to its button): looked at
/// every 50 ms, for at most 2 s.
pub fn focus_soon(board: &impl IsA<gtk::Widget>) {
    let board = board.clone().upcast::<gtk::Widget>();
    let tries = std::cell::Cell::new(0);
    gtk::glib::timeout_add_local(std::time::Duration::from_millis(50), move || {
        let in_popover = board
            .root()
            .and_then(|root| root.focus())
            .is_some_and(|focus| focus.ancestor(gtk::Popover::static_type()).is_some());
        tries.set(tries.get() + 1);
        if in_popover && tries.get() < 40 {
            return gtk::glib::ControlFlow::Continue;
        }
        board.grab_focus();
        // A page that scrolls shows its top again, where the status says
        // what the new game is (taking the focus may have scrolled it
        // away under a tall board).
        if let Some(scrolled) = board
            .ancestor(gtk::ScrolledWindow::static_type())
            .and_downcast::<gtk::ScrolledWindow>()
        {
            let adjustment = scrolled.vadjustment();
            gtk::glib::idle_add_local_once(move || adjustment.set_value(0.0));
        }
        gtk::glib::ControlFlow::Break
    });
}

/// The whole of `widget`: `(0, 0, width, height)`, for [`draw_cairo`].
pub fn whole(widget: &impl IsA<gtk::Widget>) -> (f64, f64, f64, f64) {
    (0.0, 0.0, widget.width() as f64, widget.height() as f64)
}

/// Makes `widget` a drawn surface with a keyboard cursor: its key presses
/// go to `on_key` (with the modifiers held), and it is drawn again when the
/// focus comes or goes (the cursor shows only with the focus) and when the
/// desktop's look changes. `on_focus` runs first when the focus comes.
fn keyboard_surface<W: IsA<gtk::Widget>>(
    widget: &W,
    on_key: impl Fn(&W, gtk::gdk::Key, gtk::gdk::ModifierType) -> gtk::glib::Propagation + 'static,
    on_focus: impl Fn(&W) + 'static,
) {
    let keys = gtk::EventControllerKey::new();
    let weak = widget.downgrade();
    keys.connect_key_pressed(move |_, key, _, modifiers| {
        let Some(w) = weak.upgrade() else {
            return gtk::glib::Propagation::Proceed;
        };
        // A key the board uses is keyboard play (already while the board
        // acts on it): its cursor shows from now on. (GTK shows the focus
        // only after its own keyboard navigation, such as Tab, and turns
        // that off again soon after the board's own keys.)
        let before = played_from_keyboard(&w);
        w.add_css_class(KEYBOARD_PLAY);
        let handled = on_key(&w, key, modifiers);
        if !before {
            if handled == gtk::glib::Propagation::Stop {
                w.queue_draw();
            } else {
                w.remove_css_class(KEYBOARD_PLAY);
            }
        }
        handled
    });
    widget.add_controller(keys);
    let focus = gtk::EventControllerFocus::new();
    let weak = widget.downgrade();
    focus.connect_enter(move |_| {
        if let Some(w) = weak.upgrade() {
            on_focus(&w);
            w.queue_draw();
        }
    });
    let weak = widget.downgrade();
    focus.connect_leave(move |_| {
        if let Some(w) = weak.upgrade() {
            w.queue_draw();
        }
    });
    widget.add_controller(focus);
    crate::widgets::palette::redraw_on_change(widget);
}

/// What a drawn board says to screen readers, the news first: with the
/// focus on the board a screen reader says its new description, so the
/// computer's move goes there ("O took field 2. Your turn: …") and is not
/// announced a second time. The description is made once a turn of the
/// main loop: a move and its news make one new description, said once.
#[derive(Default)]
pub struct Spoken {
    news: std::cell::RefCell<String>,
    pending: std::rc::Rc<std::cell::Cell<bool>>,
}

impl Spoken {
    /// Says `news` first from the next description on.
    pub fn set_news(&self, news: &str) {
        self.news.replace(news.to_string());
    }

    /// The person acted (moved the cursor, played): the news is old.
    pub fn clear_news(&self) {
        self.news.take();
    }

    /// `words` (the board in words) with the news first.
    pub fn with_news(&self, words: &str) -> String {
        crate::widgets::a11y::sentences(&[&self.news.borrow(), words])
    }

    /// Runs `describe` on `board` once this turn of the main loop is
    /// over, however often it is asked for in it.
    pub fn later<W: IsA<gtk::Widget>>(&self, board: &W, describe: impl FnOnce(&W) + 'static) {
        if self.pending.replace(true) {
            return;
        }
        let pending = self.pending.clone();
        let board = board.downgrade();
        gtk::glib::idle_add_local_once(move || {
            pending.set(false);
            if let Some(board) = board.upgrade() {
                describe(&board);
            }
        });
    }
}
