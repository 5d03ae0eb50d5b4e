//! Widgets and drawing shared by the game pages.

pub mod a11y;
pub mod board_drawing;
pub mod board_view;
pub mod palette;
pub mod stoppable;

use gtk::prelude::*;

/// The error bell of the surface `widget` is shown on: a move or an action
/// that cannot be done.
pub fn error_bell(widget: &impl IsA<gtk::Widget>) {
    if let Some(surface) = widget.native().and_then(|n| n.surface()) {
        surface.beep();
    }
}

/// For a drawn surface with a keyboard cursor: it is drawn again when the
/// focus comes or goes (the cursor shows only with the focus) and when the
/// style turns light or dark. `on_focus` runs first when the focus comes.
pub fn redraw_on_focus_and_style<W: IsA<gtk::Widget>>(widget: &W, on_focus: impl Fn(&W) + 'static) {
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
    let weak = widget.downgrade();
    adw::StyleManager::default().connect_dark_notify(move |_| {
        if let Some(w) = weak.upgrade() {
            w.queue_draw();
        }
    });
}
