//! The window's knowledge flows: open, save, save as, switching player,
//! passwords, deleting patterns, and never losing what was learned.

use std::path::{Path, PathBuf};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_engine::files::{self, FileError, Saved};
use match5_engine::{Knowledge, Status};

use super::Window;
use crate::dialogs;
use crate::i18n::{gettext, gettext_f, ngettext_f};

impl Window {
    pub(super) fn add_knowledge_actions(&self) {
        let open = gio::ActionEntry::builder("open")
            .activate(|win: &Self, _, _| {
                let win2 = win.clone();
                win.ask_to_save_then(move || win2.choose_file_to_open());
            })
            .build();
        let save = gio::ActionEntry::builder("save")
            .activate(|win: &Self, _, _| {
                win.save();
            })
            .build();
        let save_as = gio::ActionEntry::builder("save-as")
            .activate(|win: &Self, _, _| win.save_as(|_| {}))
            .build();
        let delete_all = gio::ActionEntry::builder("delete-all")
            .activate(|win: &Self, _, _| win.delete_all())
            .build();
        self.add_action_entries([open, save, save_as, delete_all]);
    }

    pub(super) fn connect_knowledge_rows(&self) {
        let imp = self.imp();
        imp.name_row.connect_apply(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |row| {
                let name = row.text().trim().to_string();
                win.switch_player(name);
            }
        ));
        imp.password_row.connect_apply(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |row| {
                let password = row.text().to_string();
                row.set_text("");
                win.apply_password(&password);
            }
        ));
    }

    /// Puts the current player's name in the sidebar.
    pub(super) fn refresh_player_rows(&self) {
        let name = self.with_session(|s| s.knowledge().player().to_string());
        self.imp().name_row.set_text(&name);
    }

    /// Runs `then` once unsaved knowledge is saved or knowingly discarded
    /// (at once when there is nothing unsaved).
    pub fn ask_to_save_then(&self, then: impl Fn() + 'static) {
        let (unsaved, level, player) = self.with_session(|s| {
            (
                s.has_unsaved_knowledge(),
                s.knowledge().level(),
                s.knowledge().player().to_string(),
            )
        });
        if !unsaved {
            then();
            return;
        }
        let then = std::rc::Rc::new(then);
        let dialog = adw::MessageDialog::new(
            Some(self),
            Some(&gettext("Save the Computer’s Knowledge?")),
            Some(&gettext_f(
                "The computer learned from {player} and its knowledge (level {level}) is not saved. Unsaved knowledge is lost.",
                &[("player", &player), ("level", &level.to_string())],
            )),
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
                #[weak(rename_to = win)]
                self,
                move |_, response| match response {
                    "discard" => {
                        win.with_session(|s| s.mark_saved());
                        then();
                    }
                    "save" => {
                        if win.with_session(|s| s.knowledge().may_overwrite()) {
                            if win.save() {
                                then();
                            }
                        } else {
                            // A user saves under their own name first.
                            let then = then.clone();
                            win.save_as(move |saved| {
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
        dialog.present();
    }

    fn choose_file_to_open(&self) {
        let filter = gtk::FileFilter::new();
        filter.set_name(Some(&gettext("Match5 knowledge")));
        filter.add_pattern("*.fivo");
        filter.add_mime_type("application/x-match5-knowledge");
        let chooser = gtk::FileChooserNative::new(
            Some(&gettext("Open Knowledge")),
            Some(self),
            gtk::FileChooserAction::Open,
            Some(&gettext("_Open")),
            Some(&gettext("_Cancel")),
        );
        chooser.add_filter(&filter);
        let _ =
            chooser.set_current_folder(Some(&gio::File::for_path(self.store().knowledge_dir())));
        chooser.connect_response(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |chooser, response| {
                if response == gtk::ResponseType::Accept
                    && let Some(path) = chooser.file().and_then(|f| f.path())
                {
                    win.open_file(&path);
                }
            }
        ));
        chooser.show();
        // A native dialog lives only as long as someone holds it.
        self.imp().file_chooser.replace(Some(chooser));
    }

    /// Opens a knowledge file: asks for its password when it has one. A file
    /// that is not knowledge changes nothing and says why.
    pub fn open_file(&self, path: &Path) {
        match files::load_knowledge(path) {
            Err(e) => dialogs::error(
                self,
                &gettext("Could Not Open the Knowledge"),
                &e.to_string(),
            ),
            Ok(k) if k.has_password() => self.unlock_then_use(k),
            Ok(k) => self.use_knowledge(k),
        }
    }

    fn unlock_then_use(&self, knowledge: Knowledge) {
        let player = knowledge.player().to_string();
        let knowledge = std::cell::RefCell::new(Some(knowledge));
        dialogs::password(
            self,
            &gettext_f(
                "{player}’s Knowledge Has a Password",
                &[("player", &player)],
            ),
            &gettext(
                "With the password you are its owner and can save what the computer learns. Without it you can play as a user, but nothing is saved to this file.",
            ),
            &gettext("Play as _User"),
            glib::clone!(
                #[weak(rename_to = win)]
                self,
                move |password| {
                    let Some(mut k) = knowledge.borrow_mut().take() else {
                        return;
                    };
                    match password {
                        Some(p) if k.unlock(&p) => {
                            win.toast(&gettext("Password accepted: you are the owner"));
                        }
                        Some(_) => win.toast(&gettext(
                            "Wrong password: you play as a user, and nothing is saved to this file",
                        )),
                        None => win.toast(&gettext(
                            "You play as a user: nothing is saved to this file",
                        )),
                    }
                    win.use_knowledge(k);
                }
            ),
        );
    }

    pub fn use_knowledge(&self, knowledge: Knowledge) {
        self.imp().knowledge_changed.set(true);
        let settings = self.imp().settings.borrow().clone();
        self.with_session(|s| {
            s.set_knowledge(knowledge);
            s.new_game(s.mode(), settings.computer_starts);
        });
        self.refresh_player_rows();
        self.refresh();
        self.save_settings();
    }

    /// Saves to the file the knowledge came from (or the player's own file).
    /// Returns whether it was saved.
    pub fn save(&self) -> bool {
        let store = self.store().clone();
        let result = self.with_session(|s| {
            let path: Option<PathBuf> = s.knowledge().source().map(Path::to_path_buf);
            let r = store.save(s.knowledge_mut(), path.as_deref());
            if r.is_ok() {
                s.mark_saved();
            }
            r.map(|report| {
                (
                    report,
                    s.knowledge().player().to_string(),
                    s.knowledge().level(),
                )
            })
        });
        match result {
            Ok((report, player, level)) => {
                let text = match report.saved {
                    Saved::Written(_) => ngettext_f(
                        "Saved {player}’s knowledge: {level} pattern",
                        "Saved {player}’s knowledge: {level} patterns",
                        level as u32,
                        &[("player", &player), ("level", &level.to_string())],
                    ),
                    Saved::Erased(_) => gettext_f(
                        "{player}’s knowledge is empty: the file and the hall of fame entry are removed",
                        &[("player", &player)],
                    ),
                };
                self.toast(&text);
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
                    Ok(Some(aside)) => self.toast(&gettext_f(
                        "The hall of fame was damaged: it was moved to {file} and a new one started",
                        &[("file", &aside.display().to_string())],
                    )),
                    Err(e) => self.toast(&gettext_f(
                        "The hall of fame could not be updated: {reason}",
                        &[("reason", &e.to_string())],
                    )),
                }
                self.refresh();
                true
            }
            Err(e @ FileError::Conflict { .. }) => {
                dialogs::confirm(
                    self,
                    &gettext("The Knowledge File Changed"),
                    &gettext_f(
                        "Another program saved different knowledge to this file since you opened it, so it was not saved over. Nothing you learned is lost: save it under another name.\n\n{reason}",
                        &[("reason", &e.to_string())],
                    ),
                    &gettext("Save _As…"),
                    false,
                    glib::clone!(
                        #[weak(rename_to = win)]
                        self,
                        move || win.save_as(|_| {})
                    ),
                );
                false
            }
            Err(e) => {
                dialogs::error(
                    self,
                    &gettext("Could Not Save the Knowledge"),
                    &e.to_string(),
                );
                false
            }
        }
    }

    /// Saves under a player's name (theirs, or another): the way a user
    /// makes someone's knowledge their own. `done` learns whether it saved.
    pub fn save_as(&self, done: impl Fn(bool) + 'static) {
        let (player, status) =
            self.with_session(|s| (s.knowledge().player().to_string(), s.knowledge().status()));
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
            self,
            &gettext("Save Knowledge As"),
            &body,
            &suggested,
            &gettext("_Save"),
            glib::clone!(
                #[weak(rename_to = win)]
                self,
                move |name, password| {
                    let pw = (!password.is_empty()).then_some(password.as_str());
                    let taken = win.with_session(|s| s.knowledge_mut().take_over(&name, pw));
                    if let Err(e) = taken {
                        dialogs::error(
                            &win,
                            &gettext("Could Not Save the Knowledge"),
                            &e.to_string(),
                        );
                        done(false);
                        return;
                    }
                    let store = win.store().clone();
                    let target = store.knowledge_path(&name).ok();
                    win.with_session(|s| s.knowledge_mut().set_source(target));
                    let saved = win.save();
                    win.refresh_player_rows();
                    win.save_settings();
                    done(saved);
                }
            ),
        );
    }

    /// The sidebar's name: switch to that player's knowledge (or new).
    fn switch_player(&self, name: String) {
        let current = self.with_session(|s| s.knowledge().player().to_string());
        if name.is_empty() || name == current {
            self.refresh_player_rows();
            return;
        }
        if let Err(e) = files::player_file_name(&name) {
            dialogs::error(self, &gettext("Choose Another Name"), &e.to_string());
            self.refresh_player_rows();
            return;
        }
        let win = self.clone();
        self.ask_to_save_then(move || {
            let path = win.store().knowledge_path(&name).ok();
            match path {
                Some(p) if p.exists() => win.open_file(&p),
                _ => win.use_knowledge(Knowledge::new(&name)),
            }
        });
        self.refresh_player_rows();
    }

    /// The sidebar's password: unlocks a user's knowledge, or sets the
    /// owner's password (stored at the next save).
    fn apply_password(&self, password: &str) {
        let status = self.with_session(|s| s.knowledge().status());
        if status == Status::User {
            if self.with_session(|s| s.knowledge_mut().unlock(password)) {
                self.toast(&gettext("Password accepted: you are the owner"));
            } else {
                self.toast(&gettext("Wrong password: you stay a user"));
            }
        } else {
            let pw = (!password.is_empty()).then_some(password);
            let _ = self.with_session(|s| {
                s.mark_changed();
                s.knowledge_mut().set_password(pw)
            });
            self.toast(&if pw.is_some() {
                gettext("Password set: it is stored with the knowledge when you save")
            } else {
                gettext("Password removed: saved knowledge will have none")
            });
        }
        self.refresh();
    }

    fn delete_all(&self) {
        let (player, level) =
            self.with_session(|s| (s.knowledge().player().to_string(), s.knowledge().level()));
        dialogs::confirm(
            self,
            &gettext("Delete All Patterns?"),
            &ngettext_f(
                "The computer forgets the {level} pattern it learned from {player}. Saving then removes the file and the hall of fame entry.",
                "The computer forgets all {level} patterns it learned from {player}. Saving then removes the file and the hall of fame entry.",
                level as u32,
                &[("player", &player), ("level", &level.to_string())],
            ),
            &gettext("_Delete All"),
            true,
            glib::clone!(
                #[weak(rename_to = win)]
                self,
                move || {
                    let result = win.with_session(|s| {
                        let r = s.knowledge_mut().delete_all();
                        if r.is_ok() {
                            s.mark_changed();
                        }
                        r
                    });
                    match result {
                        Ok(_) => {
                            win.imp().knowledge_changed.set(true);
                            win.toast(&gettext("All patterns deleted: save to make it final"))
                        }
                        Err(e) => win.toast(&e.to_string()),
                    }
                    win.refresh();
                }
            ),
        );
    }
}
