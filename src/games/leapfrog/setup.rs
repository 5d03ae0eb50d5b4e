//! The puzzle to play: how many frogs of each kind, and goats instead of
//! frogs. The side rows (a spin button and a switch) and New Game's arrow
//! (the page's setup menu) offer the same, and each shows what the other
//! chose.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use super::actions::LeapfrogAction;
use super::page::LeapfrogPage;
use super::settings::LeapfrogSettings;
use crate::games::actions::{self, PageAction};

/// The most frogs of each kind a puzzle has.
const MOST_FROGS: u32 = 10;

impl LeapfrogPage {
    /// Fills the menu's numbers and follows the side rows.
    pub(super) fn setup_puzzle_choices(&self) {
        let imp = self.imp();
        for k in 1..=MOST_FROGS {
            let item = gio::MenuItem::new(Some(&k.to_string()), None);
            item.set_action_and_target_value(
                Some(&LeapfrogAction::Frogs.detailed()),
                Some(&k.to_string().to_variant()),
            );
            imp.frogs_section.append_item(&item);
        }
        imp.frogs_spin.connect_value_changed(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |spin| {
                let k = spin.value_as_int().clamp(1, MOST_FROGS as i32) as u32;
                page.show_frogs_choice(k);
                if k != page.model().frogs() {
                    page.stop_autoplay();
                    page.model().set_frogs(k as usize);
                    page.settings()
                        .update_page::<LeapfrogSettings>(|s| s.frogs = k);
                }
            }
        ));
        imp.goats_switch.connect_active_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |switch| {
                let on = switch.is_active();
                // The menu's check follows (GIO tells nobody when it is
                // the same).
                actions::lookup(page.imp().state.actions(), LeapfrogAction::Goats)
                    .set_state(&on.to_variant());
                page.settings()
                    .update_page::<LeapfrogSettings>(|s| s.goats = on);
                page.show_position();
            }
        ));
        self.show_frogs_choice(self.model().frogs());
    }

    fn show_frogs_choice(&self, k: u32) {
        let frogs = actions::lookup(self.imp().state.actions(), LeapfrogAction::Frogs);
        actions::show_choice(&frogs, &k.to_string());
    }

    /// The number chosen in the menu: the spin button makes the puzzle.
    pub(super) fn choose_frogs(&self, parameter: Option<&glib::Variant>) {
        if let Some(k) = actions::chosen(parameter).and_then(|k| k.parse::<u32>().ok()) {
            self.imp()
                .frogs_spin
                .set_value(f64::from(k.clamp(1, MOST_FROGS)));
        }
    }

    /// Goats on or off, from the menu: the switch follows and does the rest.
    pub(super) fn choose_goats(&self, simple: &gio::SimpleAction) {
        let on = actions::toggle(simple);
        self.imp().goats_switch.set_active(on);
    }
}
