//! What each of the five-in-a-row page's actions (`actions.rs`) does.

use adw::subclass::prelude::*;
use gtk::{gio, glib};

use crate::games::actions;
use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::page::actions::FiveAction;
use crate::games::five::page::setup::OPPONENT_FIRST;
use crate::i18n::gettext;

impl FivePage {
    pub(super) fn setup_actions(&self) {
        let settings = self.settings().page::<FiveSettings>();
        let group = self.imp().state.actions();
        let sidebar = self.imp().split.shows_sidebar();
        actions::install::<FiveAction>(
            group,
            |action| match action {
                FiveAction::ComputerStarts => settings.computer_starts,
                FiveAction::ShowMutations => settings.show_mutations,
                FiveAction::ShowWhy => settings.show_why,
                FiveAction::ShowSidebar => sidebar,
                _ => false,
            },
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |action, simple, parameter| page.activate(action, simple, parameter)
            ),
        );
    }

    /// Carries out one of the page's actions.
    fn activate(
        &self,
        action: FiveAction,
        simple: &gio::SimpleAction,
        parameter: Option<&glib::Variant>,
    ) {
        match action {
            FiveAction::NewGame => self.new_game(),
            FiveAction::Undo => {
                if self.model().undo() {
                    self.imp().state.tell_taken_back(self);
                } else {
                    crate::widgets::refuse(self, &gettext("There is no move to take back."));
                }
            }
            FiveAction::Open => {
                let page = self.clone();
                self.ask_to_save_then(move || page.choose_file_to_open());
            }
            FiveAction::Save => self.save_then(|_| {}),
            FiveAction::SaveAs => self.save_as(|_| {}),
            FiveAction::SaveCopy => self.choose_copy_place(),
            FiveAction::ShowFile => {
                if let Some(file) = self.knowledge_file() {
                    self.show_in_files(&file);
                }
            }
            FiveAction::Patterns => {
                crate::games::five::dialogs::pattern_viewer::show(&self.window(), self.model(), 0);
            }
            FiveAction::ViewPattern => {
                let index = parameter.and_then(|v| v.get::<u32>()).unwrap_or(0);
                crate::games::five::dialogs::pattern_viewer::show(
                    &self.window(),
                    self.model(),
                    index as usize,
                );
            }
            FiveAction::ReplayLesson => {
                let index = parameter.and_then(|v| v.get::<u32>()).unwrap_or(0);
                match self.model().taught(index as usize) {
                    Some(taught) => {
                        crate::games::five::dialogs::replay::show(&self.window(), taught);
                    }
                    None => self.toast(&gettext(
                        "This knowledge does not keep the game that taught that pattern",
                    )),
                }
            }
            FiveAction::HallOfFame => {
                crate::games::five::dialogs::hall_of_fame::show(&self.window(), self.model());
            }
            FiveAction::LearningHistory => {
                crate::games::five::dialogs::learning_history::show(&self.window(), self.model());
            }
            FiveAction::DeleteAll => self.delete_all(),
            FiveAction::Engines => self.show_engines(),
            FiveAction::Hint => self.take_hint(),
            FiveAction::Train => {
                // One Practice window while the app runs: it opens again as
                // it was left.
                let practice = self.imp().practice.get_or_init(|| {
                    crate::games::five::practice::window::FivePractice::new(
                        self.controller(),
                        self.settings().page::<FiveSettings>().show_mutations,
                    )
                });
                practice.present_again(&self.window());
            }
            FiveAction::Opponent => {
                if let Some(opponent) =
                    actions::chosen(parameter).and_then(|key| Opponent::from_key(&key))
                {
                    self.choose_opponent(opponent);
                }
            }
            FiveAction::FirstMove => {
                if let Some(first) = actions::chosen(parameter) {
                    self.set_computer_starts(first == OPPONENT_FIRST);
                }
            }
            FiveAction::ComputerStarts => {
                let on = actions::toggle(simple);
                self.set_computer_starts(on);
            }
            FiveAction::ShowMutations => {
                let on = actions::toggle(simple);
                self.settings()
                    .update_page::<FiveSettings>(|s| s.show_mutations = on);
            }
            FiveAction::ShowWhy => {
                let on = actions::toggle(simple);
                self.settings()
                    .update_page::<FiveSettings>(|s| s.show_why = on);
                self.show_game();
            }
            FiveAction::ShowSidebar => {
                let on = actions::toggle(simple);
                self.sidebar();
                self.imp().split.set_show_sidebar(on);
            }
        }
    }

    /// Who starts from the next game on, kept, however it was chosen (the
    /// menu, the sidebar's switch, a script's game): the switch and the
    /// menu's two choices show it.
    pub(super) fn set_computer_starts(&self, on: bool) {
        self.settings()
            .update_page::<FiveSettings>(|s| s.computer_starts = on);
        self.action(FiveAction::ComputerStarts)
            .set_state(&glib::Variant::from(on));
        self.show_setup();
    }

    pub(super) fn action(&self, action: FiveAction) -> gio::SimpleAction {
        actions::lookup(self.imp().state.actions(), action)
    }
}
