//! What screen readers say: accessible names and descriptions, and
//! announcements of what happened on the board (the computer's move, a
//! game's result, a training's end).

use gtk::prelude::*;

/// The name a screen reader says for `widget`.
pub fn set_label(widget: &impl IsA<gtk::Accessible>, text: &str) {
    widget.update_property(&[gtk::accessible::Property::Label(text)]);
}

/// The longer description a screen reader gives of `widget`.
pub fn set_description(widget: &impl IsA<gtk::Accessible>, text: &str) {
    widget.update_property(&[gtk::accessible::Property::Description(text)]);
}

/// Says `text` now, without moving the focus: a move the computer made or
/// a game's end. A result is said at once, a move when the reader is idle.
pub fn announce(widget: &impl IsA<gtk::Accessible>, text: &str, urgent: bool) {
    if text.is_empty() {
        return;
    }
    let priority = if urgent {
        gtk::AccessibleAnnouncementPriority::High
    } else {
        gtk::AccessibleAnnouncementPriority::Medium
    };
    widget.announce(text, priority);
}

/// Says what just happened on a page, when the reader is idle: the
/// computer's move ("Red played B3"), a move refused ("Field 2 is taken"),
/// a move taken back, a new game. The window says a game's result itself.
pub fn tell(widget: &impl IsA<gtk::Accessible>, text: &str) {
    announce(widget, text, false);
}

/// Names the items of a popover menu for screen readers. GTK 4.18 names an
/// item by a relation to its label that it does not expose, so screen
/// readers (and the accessibility tree) got items without names: each item
/// is named by its label's text instead.
pub fn name_menu_items(popover: &gtk::Popover) {
    fn label_text(widget: &gtk::Widget) -> Option<String> {
        let mut child = widget.first_child();
        while let Some(w) = child {
            if let Some(label) = w.downcast_ref::<gtk::Label>()
                && label.is_visible()
                && !label.text().is_empty()
            {
                return Some(label.text().to_string());
            }
            if let Some(text) = label_text(&w) {
                return Some(text);
            }
            child = w.next_sibling();
        }
        None
    }
    fn walk(widget: &gtk::Widget) {
        let mut child = widget.first_child();
        while let Some(w) = child {
            let item = matches!(
                w.accessible_role(),
                gtk::AccessibleRole::MenuItem
                    | gtk::AccessibleRole::MenuItemCheckbox
                    | gtk::AccessibleRole::MenuItemRadio
            );
            if item && let Some(text) = label_text(&w) {
                w.reset_relation(gtk::AccessibleRelation::LabelledBy);
                set_label(&w, &text);
            } else {
                walk(&w);
            }
            child = w.next_sibling();
        }
    }
    walk(popover.upcast_ref());
}
