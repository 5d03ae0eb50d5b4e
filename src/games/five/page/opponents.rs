//! Who plays red against the person: the sidebar's Opponent row (the
//! computer, another person, or an engine the person added) and how the
//! page follows a choice. The engine's own play is in
//! `engine_opponent.rs`.

use adw::prelude::*;
use adw::subclass::prelude::*;

use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::session::Session;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::page::sidebar::FiveSidebar;
use crate::i18n::{gettext, gettext_f};

impl FiveSidebar {
    /// Lists the computer, another person and every engine of
    /// `settings`, with the opponent chosen there.
    pub fn show_opponents(&self, settings: &FiveSettings) {
        let imp = self.imp();
        let mut opponents = vec![Opponent::Computer, Opponent::Person];
        let mut names = vec![gettext("The Computer"), gettext("Another Person")];
        for engine in &settings.engines {
            opponents.push(Opponent::Engine(engine.name.clone()));
            names.push(engine.name.clone());
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        imp.filling.set(true);
        imp.opponents.replace(opponents);
        imp.opponent_row
            .set_model(Some(&gtk::StringList::new(&names)));
        imp.filling.set(false);
        self.show_opponent(&settings.opponent());
        self.show_when_played();
    }

    /// Chooses the opponent row's entry from code (no signal).
    pub fn show_opponent(&self, opponent: &Opponent) {
        let imp = self.imp();
        let index = imp.opponents.borrow().iter().position(|o| o == opponent);
        let index = index.unwrap_or_default() as u32;
        imp.filling.set(true);
        if imp.opponent_row.selected() != index {
            imp.opponent_row.set_selected(index);
        }
        imp.filling.set(false);
        self.show_opponent_pending();
    }

    /// The opponent chosen in the row.
    pub(super) fn chosen(&self) -> Opponent {
        let imp = self.imp();
        let opponents = imp.opponents.borrow();
        opponents
            .get(imp.opponent_row.selected() as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// A game under way keeps its opponent: the row says when the one
    /// chosen comes. Against an engine, the row below says that nothing
    /// is learned.
    pub(super) fn show_opponent_pending(&self) {
        let imp = self.imp();
        let chosen = self.chosen();
        imp.opponent_row
            .set_subtitle(&if chosen == self.model().opponent() {
                String::new()
            } else {
                gettext("From the next game on")
            });
        let engine = chosen.engine();
        imp.opponent_info_row.set_visible(engine.is_some());
        if let Some(name) = engine {
            imp.opponent_info_row.set_subtitle(&gettext_f(
                "{engine} is a Gomocup engine. It plays red, and starts when Computer Starts is on. The computer learns nothing from these games, and they are not in your record.",
                &[("engine", name)],
            ));
        }
    }
}

impl FivePage {
    pub(super) fn on_opponent_changed(&self, opponent: Opponent) {
        if self.settings().page::<FiveSettings>().opponent() == opponent {
            return; // set from code (follow_mode): the model's game is already against it
        }
        self.settings()
            .update_page::<FiveSettings>(|s| s.choose(&opponent));
        self.show_setup();
        // An engine added in Practice since: the status's place measures
        // its name too.
        self.keep_text_heights();
        // A new opponent starts a new game, unless the current one has begun.
        if !self.model().with(Session::in_progress) {
            self.new_game();
        }
    }

    /// The model started a game against another opponent (D-Bus, the
    /// desktop's actions): the sidebar and the settings follow.
    pub(super) fn follow_mode(&self) {
        let opponent = self.model().opponent();
        self.settings()
            .update_page::<FiveSettings>(|s| s.choose(&opponent));
        self.show_setup();
        if let Some(sidebar) = self.imp().sidebar.get() {
            sidebar.show_opponent(&opponent);
        }
    }

    /// The Engines window, from the sidebar (the page follows what it
    /// changed: see [`Self::follow_engines`]).
    pub(super) fn show_engines(&self) {
        crate::games::five::practice::engines_dialog::show(self, self.settings().clone(), |_| {});
    }

    /// The sidebar's list of opponents follows the Engines window, wherever
    /// it was opened (the sidebar's Engines…, or Practice's).
    pub(super) fn follow_engines(&self) {
        crate::games::five::practice::engines_dialog::follow(self, |page| {
            let settings = page.settings().page::<FiveSettings>();
            if let Some(sidebar) = page.imp().sidebar.get() {
                sidebar.show_opponents(&settings);
            }
            // A removed engine is no longer the next opponent.
            page.show_opponent_choices();
            page.keep_text_heights();
        });
    }
}
