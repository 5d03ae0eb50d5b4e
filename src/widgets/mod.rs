//! Widgets and drawing shared by the game pages (a page's own board is in
//! its folder).

pub mod a11y;
pub mod drawn_board;
pub mod end_bar;
pub mod palette;
pub mod shapes;
pub mod shortcuts;
pub mod step_buttons;
pub mod stoppable;

use gtk::prelude::*;

/// The error bell of the surface `widget` is shown on: a move or an action
/// that cannot be done.
pub fn error_bell(widget: &impl IsA<gtk::Widget>) {
    if let Some(surface) = widget.native().and_then(|n| n.surface()) {
        surface.beep();
    }
}

/// Sets `cell` to `new`; was it different? A property is notified only
/// when this says so.
pub fn put<T: PartialEq>(cell: &std::cell::RefCell<T>, new: T) -> bool {
    let changed = *cell.borrow() != new;
    if changed {
        cell.replace(new);
    }
    changed
}

/// Calls `f` whenever one of `properties` of `model` changes: a part of a
/// page that shows several of a model's properties listens to them all.
pub fn on_notify<M: IsA<gtk::glib::Object>>(
    model: &M,
    properties: &[&str],
    f: impl Fn() + Clone + 'static,
) {
    for property in properties {
        let f = f.clone();
        model.connect_notify_local(Some(property), move |_, _| f());
    }
}
