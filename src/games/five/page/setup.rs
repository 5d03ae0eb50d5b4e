//! The choices for the next game where a game begins: New Game's arrow
//! (the page's `setup_menu`) offers who plays red and who makes the first
//! move. The sidebar offers the same, and what the computer starts from
//! before the player's first game; both follow the settings and the
//! model, so a choice made in one shows in the other.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::gio;

use crate::games::actions;
use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::page::actions::FiveAction;
use crate::i18n::gettext;

impl FivePage {
    /// The menu behind New Game's arrow.
    pub(super) fn setup_menu(&self) -> gio::MenuModel {
        self.imp().setup_menu.get().upcast()
    }

    /// Fills the menu with the choices as they stand.
    pub(super) fn follow_setup(&self) {
        self.show_opponent_choices();
    }

    /// The opponents offered: the computer, another person and each
    /// engine the person added (again when the Engines window changed
    /// them).
    pub(super) fn show_opponent_choices(&self) {
        let section = &self.imp().opponent_section;
        section.remove_all();
        let settings = self.settings().page::<FiveSettings>();
        let mut choices = vec![
            (gettext("The Computer"), Opponent::Computer),
            (gettext("Another Person"), Opponent::Person),
        ];
        for engine in &settings.engines {
            // A menu reads "_" as a mnemonic: an engine's name is shown as it is.
            let label = engine.name.replace('_', "__");
            choices.push((label, Opponent::Engine(engine.name.clone())));
        }
        for (label, opponent) in choices {
            section.append_item(&choice_item(&label, FiveAction::Opponent, &opponent.key()));
        }
        self.show_setup();
    }

    /// The menu's marks: the opponent chosen for the next game, and who
    /// makes its first move. Who starts means nothing against another
    /// person: the menu's choices and the sidebar's switch are off
    /// (insensitive) in two-player mode. Against an engine, the engine
    /// starts.
    pub(super) fn show_setup(&self) {
        let settings = self.settings().page::<FiveSettings>();
        let two = settings.opponent() == Opponent::Person;
        self.action(FiveAction::ComputerStarts).set_enabled(!two);
        actions::show_choice(
            &self.action(FiveAction::Opponent),
            &settings.opponent().key(),
        );
        let first = self.action(FiveAction::FirstMove);
        let first_is = if settings.computer_starts {
            OPPONENT_FIRST
        } else {
            PERSON_FIRST
        };
        actions::show_choice(&first, first_is);
        first.set_enabled(!two);
    }

    /// The person chose who plays red in the next game (from the menu).
    pub(super) fn choose_opponent(&self, opponent: Opponent) {
        self.on_opponent_changed(opponent.clone());
        if let Some(sidebar) = self.imp().sidebar.get() {
            sidebar.show_opponent(&opponent);
        }
        self.show_setup();
    }

    /// The person chose what the computer starts from (a trained rung's
    /// id), in the sidebar.
    pub(super) fn choose_start(&self, id: &str) {
        if self.model().start_id() == id {
            return;
        }
        if let Err(e) = self.model().start_from(id) {
            crate::dialogs::error(
                &self.window(),
                &gettext("Could Not Start From the Trained Computer"),
                &crate::games::five::words::errors::knowledge_error(&e),
            );
        }
        if let Some(sidebar) = self.imp().sidebar.get() {
            sidebar.show_start();
        }
    }
}

/// The first-move choices' targets (the menu names them in page.ui).
const PERSON_FIRST: &str = "you";
pub(super) const OPPONENT_FIRST: &str = "opponent";

/// A radio item: `action` chosen as `choice`.
fn choice_item(label: &str, action: FiveAction, choice: &str) -> gio::MenuItem {
    use crate::games::actions::PageAction;
    let item = gio::MenuItem::new(Some(label), None);
    item.set_action_and_target_value(Some(&action.detailed()), Some(&choice.to_variant()));
    item
}
