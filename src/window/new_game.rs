//! The header's New Game: a split button whose arrow offers the visible
//! page's choices for the next game, the same on every page.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::gio;

use super::Window;
use crate::i18n::{gettext, pgettext};

impl Window {
    /// New Game: a split button whose arrow offers the page's choices for
    /// the next game, or a plain button on a page without any.
    pub(super) fn show_new_game(&self, offered: bool, setup: Option<gio::MenuModel>) {
        let imp = self.imp();
        imp.new_game_split.set_visible(offered && setup.is_some());
        imp.new_game_button.set_visible(offered && setup.is_none());
        imp.new_game_split.set_menu_model(setup.as_ref());
        if let Some(popover) = imp.new_game_split.popover() {
            popover.connect_map(crate::widgets::a11y::name_menu_items);
            // Rightwards from the arrow: centred, it hung out of a 360 px window.
            popover.set_halign(gtk::Align::Start);
        }
    }

    /// The split button's halves, named as the plain New Game is: its
    /// face may be an icon, and its arrow has none of its own.
    pub(super) fn name_new_game_split(&self) {
        let split = &self.imp().new_game_split;
        if let Some(button) = split.first_child() {
            crate::widgets::a11y::rename(&button, &pgettext("header button", "New Game"));
        }
        if let Some(arrow) = split.last_child() {
            let name = gettext("Next Game");
            crate::widgets::a11y::rename(&arrow, &name);
            if let Some(toggle) = arrow.first_child() {
                crate::widgets::a11y::rename(&toggle, &name);
            }
        }
    }
}
