//! The page's knowledge flows: open, save, save as, switching player,
//! passwords, deleting patterns, and never losing what was learned.

use std::path::Path;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_five::files::{FileError, Saved};
use match5_five::{Knowledge, Status};

use crate::dialogs;
use crate::games::five::controller::{Controller, PasswordChange, Refusal, Unlocked};
use crate::games::five::page::FivePage;
use crate::games::five::words::errors;
use crate::i18n::{gettext, gettext_f, ngettext_f};

impl FivePage {
    /// Puts the current player's name back in the sidebar.
    fn refresh_player_rows(&self) {
        if let Some(sidebar) = self.imp().sidebar.get() {
            sidebar.show_player();
        }
    }

    /// Saves what the computer learned with nobody there to ask (the app
    /// ends by a signal), as Save does: it merges with what another
    /// program saved meanwhile. What the save cannot take (a full disk, a
    /// file that changed owner) goes to a file of its own beside the
    /// knowledge files, so nothing learned is lost.
    pub fn keep_learned_unasked(&self) {
        if self.controller().check_unsaved(false).is_ok() {
            return;
        }
        // A file from elsewhere is written only once the person said so:
        // until then what was learned is kept beside Match5's own files.
        let file = self.knowledge_file().filter(|f| self.is_elsewhere(f));
        let taught = file.as_deref().is_none_or(|f| self.taught(f));
        let reason = if taught {
            match self.controller().save() {
                Ok(_) => return,
                Err(refusal) => refusal.message(),
            }
        } else {
            gettext_f(
                "{player}’s file came from elsewhere and nobody said to teach it.",
                &[("player", &self.model().player())],
            )
        };
        let store = self.model().store().clone();
        match self.model().with(|s| store.keep_copy(s.knowledge())) {
            Ok(path) => eprintln!(
                "match5: {reason} What the computer learned is kept in {}.",
                path.display()
            ),
            Err(e) => eprintln!(
                "match5: {reason} What the computer learned could not be kept either: {}",
                errors::file_error(&e)
            ),
        }
    }

    /// Runs `then` once unsaved knowledge is saved or knowingly discarded
    /// (at once when there is nothing unsaved).
    pub fn ask_to_save_then(&self, then: impl Fn() + 'static) {
        let Err(unsaved) = self.controller().check_unsaved(false) else {
            then();
            return;
        };
        let then = std::rc::Rc::new(then);
        let dialog = adw::AlertDialog::new(
            Some(&gettext("Save the Computer’s Knowledge?")),
            Some(&unsaved.message()),
        );
        dialog.add_responses(&[
            ("cancel", &gettext("_Cancel")),
            ("discard", &gettext("_Discard")),
            ("save", &gettext("_Save")),
        ]);
        dialog.set_response_appearance("discard", adw::ResponseAppearance::Destructive);
        dialog.set_response_appearance("save", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("save"));
        dialog.set_close_response("cancel");
        dialog.connect_response(
            None,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, response| match response {
                    "discard" => {
                        page.model().discard_unsaved();
                        then();
                    }
                    "save" => {
                        if page.model().may_save() {
                            let then = then.clone();
                            page.save_then(move |saved| {
                                if saved {
                                    then();
                                }
                            });
                        } else {
                            // A user saves under their own name first.
                            let then = then.clone();
                            page.save_as(move |saved| {
                                if saved {
                                    then();
                                }
                            });
                        }
                    }
                    _ => {}
                }
            ),
        );
        dialog.present(Some(&self.window()));
    }

    pub(super) fn choose_file_to_open(&self) {
        let kind = dialogs::FileKind {
            name: &gettext("Match5 knowledge"),
            patterns: &["*.fivo"],
            mime_types: &["application/x-match5-knowledge"],
        };
        let page = self.downgrade();
        dialogs::open_file(
            Some(&self.window()),
            &gettext("Open Knowledge"),
            &kind,
            Some(&self.store().knowledge_dir()),
            move |path| {
                if let Some(page) = page.upgrade() {
                    page.open_knowledge_file(&path);
                }
            },
        );
    }

    /// Opens a knowledge file: asks for its password when it has one. A file
    /// that is not knowledge changes nothing and says why.
    pub fn open_knowledge_file(&self, path: &Path) {
        match Controller::read(path) {
            Err(refusal) => dialogs::error(
                &self.window(),
                &gettext("Could Not Open the Knowledge"),
                &refusal.message(),
            ),
            Ok(k) if k.has_password() => self.unlock_then_use(k),
            Ok(k) => self.use_knowledge(k),
        }
    }

    pub(super) fn unlock_then_use(&self, knowledge: Knowledge) {
        let player = knowledge.player().to_string();
        let knowledge = std::cell::RefCell::new(Some(knowledge));
        dialogs::password(
            &self.window(),
            &gettext_f(
                "{player}’s Knowledge Has a Password",
                &[("player", &player)],
            ),
            &gettext(
                "With the password you are its owner and can save what the computer learns. Without it you can play as a user, but nothing is saved to this file.",
            ),
            &gettext("Play as _User"),
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |password| {
                    let Some(k) = knowledge.borrow_mut().take() else {
                        return;
                    };
                    let tried = password.is_some();
                    match page.controller().use_knowledge(k, password.as_deref()) {
                        Unlocked::Owner => {
                            page.toast(&gettext("Password accepted: you are the owner"));
                        }
                        Unlocked::User if tried => page.toast(&gettext(
                            "Wrong password: you play as a user, and nothing is saved to this file",
                        )),
                        Unlocked::User | Unlocked::NoPassword => page.toast(&gettext(
                            "You play as a user: nothing is saved to this file",
                        )),
                    }
                }
            ),
        );
    }

    /// Plays against `knowledge` from now on, in a new game.
    pub fn use_knowledge(&self, knowledge: Knowledge) {
        self.controller().use_knowledge(knowledge, None);
    }

    /// Saves to the file the knowledge came from (or the player's own file).
    /// Returns whether it was saved.
    pub fn save(&self) -> bool {
        let model = self.model();
        let result = self.controller().save();
        let player = model.player();
        match result {
            Ok(report) => {
                match report.saved {
                    Saved::Written(path) => self.toast_saved_at(
                        &gettext_f(
                            "{saved}, in {folder}",
                            &[
                                ("saved", &saved_words(&player, model)),
                                ("folder", &self.place_words(&path)),
                            ],
                        ),
                        &path,
                    ),
                    Saved::Erased(_) => self.toast(&gettext_f(
                        "{player}’s knowledge is empty: the file and the hall of fame entry are removed",
                        &[("player", &player)],
                    )),
                }
                if let Some(m) = report.merged {
                    self.toast(&ngettext_f(
                        "The file was changed by another program: its {patterns} new pattern and its games are now yours too",
                        "The file was changed by another program: its {patterns} new patterns and its games are now yours too",
                        m.patterns as u32,
                        &[("patterns", &m.patterns.to_string())],
                    ));
                }
                match report.hall_of_fame {
                    Ok(None) => {}
                    // About the person's data: it stays until dismissed.
                    Ok(Some(aside)) => crate::widgets::show_toast(
                        self,
                        crate::widgets::lasting_toast(&gettext_f(
                            "The hall of fame was damaged: it was moved to {file} and a new one started",
                            &[("file", &aside.display().to_string())],
                        )),
                    ),
                    Err(e) => self.toast(&gettext_f(
                        "The hall of fame could not be updated: {reason}",
                        &[("reason", &errors::file_error(&e))],
                    )),
                }
                true
            }
            Err(Refusal::File(FileError::Conflict { reason, .. })) => {
                dialogs::confirm(
                    &self.window(),
                    &gettext("The Knowledge File Changed"),
                    &gettext_f(
                        "Another program saved different knowledge to this file since you opened it, so it was not saved over. Nothing you learned is lost: save it under another name.\n\n{reason}",
                        &[("reason", &reason)],
                    ),
                    &gettext("Save _As…"),
                    false,
                    glib::clone!(
                        #[weak(rename_to = page)]
                        self,
                        move || page.save_as(|_| {})
                    ),
                );
                false
            }
            Err(e) => {
                dialogs::error(
                    &self.window(),
                    &gettext("Could Not Save the Knowledge"),
                    &e.message(),
                );
                false
            }
        }
    }

    /// Saves under a player's name (theirs, or another): the way a user
    /// makes someone's knowledge their own. `done` learns whether it saved.
    pub fn save_as(&self, done: impl Fn(bool) + 'static) {
        let (player, status) = (self.model().player(), self.model().status());
        let body = if status == Status::User {
            gettext_f(
                "This knowledge belongs to {player}. Save it under your own name to become its owner.",
                &[("player", &player)],
            )
        } else {
            gettext(
                "The knowledge is saved in the player’s file. With a password, Match5 will not save other players’ games over it; the file itself is not encrypted.",
            )
        };
        let suggested = if status == Status::User {
            String::new()
        } else {
            player
        };
        dialogs::name_and_password(
            &self.window(),
            &gettext("Save Knowledge As"),
            &body,
            &suggested,
            &gettext("_Save"),
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |name, password| {
                    let pw = (!password.is_empty()).then_some(password.as_str());
                    if let Err(e) = page.model().take_over(&name, pw) {
                        dialogs::error(
                            &page.window(),
                            &gettext("Could Not Save the Knowledge"),
                            &errors::knowledge_error(&e),
                        );
                        done(false);
                        return;
                    }
                    let saved = page.save();
                    page.refresh_player_rows();
                    done(saved);
                }
            ),
        );
    }

    /// The sidebar's name: switch to that player's knowledge (or new),
    /// asking for its password when it has one.
    pub(super) fn switch_player(&self, name: String) {
        if name.trim().is_empty() {
            self.refresh_player_rows();
            return;
        }
        let knowledge = match self.controller().knowledge_of(&name) {
            Ok(k) => k,
            Err(refusal @ Refusal::Name { .. }) => {
                dialogs::error(
                    &self.window(),
                    &gettext("Choose Another Name"),
                    &refusal.message(),
                );
                None
            }
            Err(refusal) => {
                dialogs::error(
                    &self.window(),
                    &gettext("Could Not Open the Knowledge"),
                    &refusal.message(),
                );
                None
            }
        };
        if let Some(k) = knowledge {
            let k = std::cell::RefCell::new(Some(k));
            let page = self.clone();
            self.ask_to_save_then(move || match k.borrow_mut().take() {
                Some(k) if k.has_password() => page.unlock_then_use(k),
                Some(k) => page.use_knowledge(k),
                None => {}
            });
        }
        self.refresh_player_rows();
    }

    /// The sidebar's password: unlocks a user's knowledge, or sets the
    /// owner's password (stored at the next save).
    pub(super) fn apply_password(&self, password: &str) {
        let text = match self.controller().apply_password(password) {
            Ok(PasswordChange::Owner) => gettext("Password accepted: you are the owner"),
            Ok(PasswordChange::StillUser) => gettext("Wrong password: you stay a user"),
            Ok(PasswordChange::Set) => {
                gettext("Password set: it is stored with the knowledge when you save")
            }
            Ok(PasswordChange::Removed) => {
                gettext("Password removed: saved knowledge will have none")
            }
            Err(refusal) => refusal.message(),
        };
        self.toast(&text);
    }

    pub(super) fn delete_all(&self) {
        let (player, level) = (self.model().player(), self.model().level());
        dialogs::confirm(
            &self.window(),
            &gettext("Delete All Patterns?"),
            &ngettext_f(
                "The computer forgets the {level} pattern it learned from {player}. Saving then removes the file and the hall of fame entry.",
                "The computer forgets all {level} patterns it learned from {player}. Saving then removes the file and the hall of fame entry.",
                level,
                &[("player", &player), ("level", &level.to_string())],
            ),
            &gettext("_Delete All"),
            true,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || match page.model().delete_all() {
                    Ok(()) => page.toast(&gettext("All patterns deleted: save to make it final")),
                    Err(e) => page.toast(&errors::knowledge_error(&e)),
                }
            ),
        );
    }
}

/// What a save wrote, counted as the sidebar counts it: every pattern, and
/// when not all were taught by the player, where they came from.
fn saved_words(player: &str, model: &crate::games::five::model::FiveGame) -> String {
    let (taught, trained, practised, hinted) = (
        model.level(),
        model.trained(),
        model.practised(),
        model.hinted(),
    );
    let total = taught + trained + practised + hinted;
    let count = |n: u32| n.to_string();
    let all = ngettext_f(
        "Saved {player}’s knowledge: {n} pattern",
        "Saved {player}’s knowledge: {n} patterns",
        total,
        &[("player", player), ("n", &count(total))],
    );
    if trained + practised + hinted == 0 {
        return all;
    }
    let mut parts = vec![ngettext_f(
        "{n} taught by {player}",
        "{n} taught by {player}",
        taught,
        &[("player", player), ("n", &count(taught))],
    )];
    if trained > 0 {
        parts.push(ngettext_f(
            "{n} from the trained computer",
            "{n} from the trained computer",
            trained,
            &[("n", &count(trained))],
        ));
    }
    if practised > 0 {
        parts.push(ngettext_f(
            "{n} from practice",
            "{n} from practice",
            practised,
            &[("n", &count(practised))],
        ));
    }
    if hinted > 0 {
        parts.push(ngettext_f(
            "{n} from wins with hints",
            "{n} from wins with hints",
            hinted,
            &[("n", &count(hinted))],
        ));
    }
    gettext_f(
        "{saved} ({parts})",
        &[("saved", &all), ("parts", &parts.join(", "))],
    )
}
