//! Widgets and drawing shared by the game pages.

pub mod a11y;
pub mod board_drawing;
pub mod board_view;

use gtk::prelude::*;

/// The error bell of the surface `widget` is shown on: a move or an action
/// that cannot be done.
pub fn error_bell(widget: &impl IsA<gtk::Widget>) {
    if let Some(surface) = widget.native().and_then(|n| n.surface()) {
        surface.beep();
    }
}
