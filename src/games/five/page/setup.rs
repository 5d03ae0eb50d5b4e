//! The choices for the next game where a game begins: New Game's arrow
//! (the page's `setup_menu`) offers who plays red, whether the computer
//! starts and, before the player's first game, what the computer starts
//! from. The sidebar offers the same; both follow the settings and the
//! model, so a choice made in one shows in the other.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use crate::games::actions;
use crate::games::five::model::patterns::START_CHOICE_FOLLOWS;
use crate::games::five::model::session::Opponent;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::page::actions::FiveAction;
use crate::games::five::words::ladder;
use crate::i18n::gettext;

impl FivePage {
    /// The menu behind New Game's arrow.
    pub(super) fn setup_menu(&self) -> gio::MenuModel {
        self.imp().setup_menu.get().upcast()
    }

    /// Fills the menu and keeps it showing the choices as they stand.
    pub(super) fn follow_setup(&self) {
        let imp = self.imp();
        for (id, title) in ladder::ids().into_iter().map(|id| (id, ladder::title(id))) {
            imp.start_section
                .append_item(&choice_item(&title, FiveAction::StartFrom, id));
        }
        self.show_opponent_choices();
        crate::widgets::on_notify(
            self.model(),
            // The opponent follows the settings where they change
            // (`on_opponent_changed`, `follow_mode`): not after each move.
            &START_CHOICE_FOLLOWS,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || page.show_setup()
            ),
        );
        self.show_setup();
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

    /// The menu's marks: the opponent chosen for the next game, and what
    /// the computer starts from (a choice only while the player has
    /// played no game, as in the sidebar).
    pub(super) fn show_setup(&self) {
        let settings = self.settings().page::<FiveSettings>();
        actions::show_choice(
            &self.action(FiveAction::Opponent),
            &settings.opponent().key(),
        );
        let model = self.model();
        let start_from = self.action(FiveAction::StartFrom);
        actions::show_choice(&start_from, &model.start_id());
        start_from.set_enabled(model.may_choose_start());
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
    /// id), from the menu or the sidebar.
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
        self.show_setup();
    }
}

/// A radio item: `action` chosen as `choice`.
fn choice_item(label: &str, action: FiveAction, choice: &str) -> gio::MenuItem {
    use crate::games::actions::PageAction;
    let item = gio::MenuItem::new(Some(label), None);
    item.set_action_and_target_value(Some(&action.detailed()), Some(&choice.to_variant()));
    item
}
