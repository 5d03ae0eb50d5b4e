//! What screen readers say: accessible names and descriptions, and
//! announcements of what happened on the board (the computer's move, a
//! game's result, a training's end).

use gtk::prelude::*;

/// The name a screen reader says for `widget`.
pub fn set_label(widget: &impl IsA<gtk::Accessible>, text: &str) {
    widget.update_property(&[gtk::accessible::Property::Label(text)]);
}

/// Names `widget` `text` instead of by the labels the toolkit points its
/// name to (a name from a relation wins over a label).
pub fn rename(widget: &impl IsA<gtk::Accessible>, text: &str) {
    widget.reset_relation(gtk::AccessibleRelation::LabelledBy);
    set_label(widget, text);
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

/// `parts` as sentences, each ending with a full stop (or its own `!`,
/// `?` or `…`), empty ones left out: a screen reader pauses between them.
pub fn sentences(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(|p| {
            if p.ends_with(['.', '!', '?', '…']) {
                p.to_string()
            } else {
                format!("{p}.")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// No unnamed stop in a dialog's scroll panes: the toolkit's own (in a
/// preferences page, a status page) take the focus with no name a screen
/// reader could say. They stop taking it (their rows still do, and scroll
/// them into view). An empty dialog (a status page only) is left to
/// libadwaita, which keeps the focus inside it; a screen reader says the
/// dialog's title as it opens. (Giving the status page the focus, as was
/// done for libadwaita 1.7, left it nowhere on 1.10: a keyboard trap.)
///
/// The dialog's children are in its tree once it is presented: call this
/// after `present` (before it, it found nothing to change).
pub fn no_unnamed_scroll_stops(widget: &impl IsA<gtk::Widget>) {
    super::tree::visit_descendants(widget.as_ref(), &mut |w| {
        if w.is::<gtk::ScrolledWindow>() {
            w.set_focusable(false);
        }
        true
    });
}

/// No Tab stop without a name in `widget`: a combo row's display of its
/// choice takes no focus of its own (the row does; its list of choices
/// keeps it), and the chevrons of combo and button rows, drawn only to be
/// seen, are hidden from screen readers (they were unnamed images).
/// (Checked again on libadwaita 1.10.0: Tab no longer stops on the
/// display, but without this it is still reported focusable, unnamed.)
pub fn one_stop_each(widget: &impl IsA<gtk::Widget>) {
    super::tree::visit_descendants(widget.as_ref(), &mut |w| {
        if w.is::<gtk::ListView>()
            && w.ancestor(adw::ComboRow::static_type()).is_some()
            && w.ancestor(gtk::Popover::static_type()).is_none()
        {
            w.set_can_focus(false);
            w.set_focusable(false);
            super::tree::visit_descendants(w, &mut |inner| {
                inner.set_focusable(false);
                true
            });
            return false;
        }
        if w.is::<gtk::Image>()
            && (w.ancestor(adw::ComboRow::static_type()).is_some()
                || w.ancestor(adw::ButtonRow::static_type()).is_some())
        {
            w.update_state(&[gtk::accessible::State::Hidden(true)]);
        }
        true
    });
}

/// Names the items of a popover menu for screen readers. GTK 4.18 to 4.24
/// name an item by a relation to its label that they do not expose, so
/// screen readers (and the accessibility tree) got items without names:
/// each item is named by its label's text instead. (Checked again on GTK
/// 4.24.1: without it the primary menu's items have no names.)
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
    super::tree::visit_descendants(popover.upcast_ref(), &mut |w| {
        let item = matches!(
            w.accessible_role(),
            gtk::AccessibleRole::MenuItem
                | gtk::AccessibleRole::MenuItemCheckbox
                | gtk::AccessibleRole::MenuItemRadio
        );
        match item.then(|| label_text(w)).flatten() {
            Some(text) => {
                rename(w, &text);
                false
            }
            None => true,
        }
    });
}
