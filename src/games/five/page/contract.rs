//! What the window asks of the five-in-a-row page: the page contract
//! (`games/page.rs`) — its widget, actions and menu, the app's actions that
//! reach it (a new game in a mode, a knowledge file to open), and what it
//! does before the window closes.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::state::GameMode;
use crate::games::five::page::FivePage;

impl crate::games::page::GamePage for FivePage {
    fn widget(&self) -> gtk::Widget {
        self.clone().upcast()
    }

    fn state(&self) -> &crate::games::page_state::PageState {
        &self.imp().state
    }

    fn menu(&self) -> Option<gio::MenuModel> {
        Some(self.imp().page_menu.get().upcast())
    }

    fn setup_menu(&self) -> Option<gio::MenuModel> {
        Some(FivePage::setup_menu(self))
    }

    /// `new-game(s)` with a mode's wire name, `new-game-vs-computer`,
    /// `new-game-two-players`, `open-knowledge(s)` with a path.
    fn app_action(&self, name: &str, parameter: Option<&glib::Variant>) {
        let text = || {
            parameter
                .and_then(|v| v.get::<String>())
                .unwrap_or_default()
        };
        let opponent = match name {
            "new-game" => {
                let wire = text();
                match GameMode::from_wire(&wire).and_then(GameMode::opponent) {
                    Some(opponent) => opponent,
                    None => {
                        eprintln!(
                            "match5: app.new-game: unknown mode {:?}: use vs-computer or two-players",
                            match5_common::text::excerpt(&wire, 40)
                        );
                        return;
                    }
                }
            }
            "new-game-vs-computer" => Opponent::Computer,
            "new-game-two-players" => Opponent::Person,
            "open-knowledge" => {
                crate::games::page::GamePage::open_file(self, std::path::Path::new(&text()));
                return;
            }
            _ => return,
        };
        self.new_game_in(opponent);
    }

    /// A knowledge file, once unsaved knowledge is saved or let go.
    fn open_file(&self, path: &std::path::Path) {
        let page = self.clone();
        let path = path.to_path_buf();
        self.ask_to_save_then(move || page.open_knowledge_file(&path));
    }

    fn before_close(&self, close: Box<dyn Fn()>) -> bool {
        // A practice run stops first and hands back what it learned; then
        // the window asks again, and the unsaved prompt covers it.
        if self.model().practising() {
            let handler = std::rc::Rc::new(std::cell::Cell::new(None));
            let once = handler.clone();
            let id = self.model().connect_practising_notify(move |model| {
                if !model.practising() {
                    if let Some(id) = once.take() {
                        model.disconnect(id);
                    }
                    close();
                }
            });
            handler.set(Some(id));
            self.model().stop_practice();
            return false;
        }
        if self.controller().check_unsaved(false).is_ok() || self.imp().close_confirmed.get() {
            return true;
        }
        let page = self.clone();
        self.ask_to_save_then(move || {
            page.imp().close_confirmed.set(true);
            close();
        });
        false
    }

    fn closing(&self) {
        crate::games::kept_game::keep_at_end(
            crate::games::five::model::saved_game::SavedGame::keep(self.model()),
        );
    }

    /// What the computer learned is saved, a practice run's too: the run
    /// stops first and hands it back (within a game, or 10 s at most).
    fn end_unasked(&self, done: Box<dyn FnOnce()>) {
        use std::cell::{Cell, RefCell};
        use std::rc::Rc;
        if !self.model().practising() {
            self.keep_learned_unasked();
            done();
            return;
        }
        let done = Rc::new(RefCell::new(Some(done)));
        let finish = {
            let done = done.clone();
            move || {
                if let Some(done) = done.borrow_mut().take() {
                    done();
                }
            }
        };
        let handler = Rc::new(Cell::new(None));
        let once = handler.clone();
        let page = self.clone();
        let handed_back = finish.clone();
        let id = self.model().connect_practising_notify(move |model| {
            if !model.practising() {
                if let Some(id) = once.take() {
                    model.disconnect(id);
                }
                page.keep_learned_unasked();
                handed_back();
            }
        });
        handler.set(Some(id));
        self.model().stop_practice();
        glib::timeout_add_local_once(std::time::Duration::from_secs(10), finish);
    }
}
