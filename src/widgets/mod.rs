//! Widgets and drawing shared by the game pages (a page's own board is in
//! its folder).

pub mod a11y;
pub mod palette;
pub mod shapes;
pub mod stoppable;

use gtk::prelude::*;

/// The error bell of the surface `widget` is shown on: a move or an action
/// that cannot be done.
pub fn error_bell(widget: &impl IsA<gtk::Widget>) {
    if let Some(surface) = widget.native().and_then(|n| n.surface()) {
        surface.beep();
    }
}

/// Makes `widget` a drawn surface with a keyboard cursor: its key presses
/// go to `on_key` (with the modifiers held), and it is drawn again when the
/// focus comes or goes (the cursor shows only with the focus) and when the
/// style turns light or dark. `on_focus` runs first when the focus comes.
pub fn keyboard_surface<W: IsA<gtk::Widget>>(
    widget: &W,
    on_key: impl Fn(&W, gtk::gdk::Key, gtk::gdk::ModifierType) -> gtk::glib::Propagation + 'static,
    on_focus: impl Fn(&W) + 'static,
) {
    let keys = gtk::EventControllerKey::new();
    let weak = widget.downgrade();
    keys.connect_key_pressed(move |_, key, _, modifiers| match weak.upgrade() {
        Some(w) => on_key(&w, key, modifiers),
        None => gtk::glib::Propagation::Proceed,
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
    let weak = widget.downgrade();
    adw::StyleManager::default().connect_dark_notify(move |_| {
        if let Some(w) = weak.upgrade() {
            w.queue_draw();
        }
    });
}
