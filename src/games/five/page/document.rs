//! Five in a row's knowledge as a document with a place: the file the
//! computer plays against and where it lives, remembered for the next
//! start (the settings' `last_file`, and the desktop's recent files); a
//! copy saved where the person chooses (Save a Copy…); Show in Files after
//! every save; and, before the first save into a file from elsewhere (a
//! friend's in Downloads), the question whether to teach that file or keep
//! a copy of one's own.

use std::path::{Path, PathBuf};

use adw::prelude::*;
use gtk::{gio, glib};
use match5_five::Status;

use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::words::errors;
use crate::i18n::{gettext, gettext_f};

impl FivePage {
    /// The knowledge's file, when it has one.
    pub fn knowledge_file(&self) -> Option<PathBuf> {
        let file = self.model().file();
        (!file.is_empty()).then(|| PathBuf::from(file))
    }

    /// Is `path` outside Match5's own knowledge folder (a friend's file,
    /// a copy in Documents)?
    pub(super) fn is_elsewhere(&self, path: &Path) -> bool {
        path.parent() != Some(self.store().knowledge_dir().as_path())
    }

    /// Did the person say to teach this file from elsewhere?
    pub(super) fn taught(&self, file: &Path) -> bool {
        let taught = &self.settings().page::<FiveSettings>().taught_files;
        taught.iter().any(|t| Path::new(t) == file)
    }

    /// Where `path` is, in a few words: "Downloads", or "Match5’s
    /// knowledge folder" for its own.
    pub fn place_words(&self, path: &Path) -> String {
        if self.is_elsewhere(path) {
            crate::places::folder_name(path)
        } else {
            gettext("Match5’s knowledge folder")
        }
    }

    /// The settings follow the knowledge played: its file for the next
    /// start, and the player whose own computer it is. A friend's file
    /// never becomes the person's player, so it is never made anew in
    /// Match5's folder under the friend's name.
    pub(super) fn follow_file(&self) {
        let remember = glib::clone!(
            #[weak(rename_to = page)]
            self,
            move || {
                let file = page.knowledge_file();
                let own = file.as_deref().is_none_or(|f| !page.is_elsewhere(f));
                let (player, path) = (page.model().player(), page.model().file());
                page.settings().update_page::<FiveSettings>(|s| {
                    s.last_file = path.clone();
                    if own {
                        s.last_player = player.clone();
                    }
                });
                if let Some(file) = file {
                    add_to_recent(&file);
                }
            }
        );
        crate::widgets::on_notify(self.model(), &["file", "player"], remember);
    }

    /// Saves, asking first when the file came from elsewhere and the
    /// person has not said yet whether to teach it (once per file); a file
    /// that cannot be written offers the person's own copy instead.
    /// `done` learns whether it saved.
    pub(super) fn save_then(&self, done: impl Fn(bool) + 'static) {
        let file = self.knowledge_file();
        let asked = file.as_deref().is_some_and(|f| self.taught(f));
        let Some(file) = file
            .filter(|f| !asked && self.is_elsewhere(f) && self.model().status() == Status::Owner)
        else {
            done(self.save());
            return;
        };
        // As a save would see it (it refuses a file without write
        // permission, root's too); a read-only portal grant shows so.
        let writable = std::fs::metadata(&file).is_ok_and(|m| !m.permissions().readonly());
        let (player, folder) = (self.model().player(), self.place_words(&file));
        let body = if writable {
            gettext_f(
                "This knowledge came from {file} in {folder}. Teach that file what the computer learned, or keep a copy of your own in Match5 and leave {player}’s file as it was.",
                &[
                    ("file", &crate::errors::file_name(&file)),
                    ("folder", &folder),
                    ("player", &player),
                ],
            )
        } else {
            gettext_f(
                "{file} in {folder} can only be read. Keep what the computer learned as a copy of your own in Match5.",
                &[
                    ("file", &crate::errors::file_name(&file)),
                    ("folder", &folder),
                ],
            )
        };
        let dialog = adw::AlertDialog::new(
            Some(&gettext_f(
                "Save to {player}’s File?",
                &[("player", &player)],
            )),
            Some(&body),
        );
        dialog.add_responses(&[
            ("cancel", &gettext("_Cancel")),
            ("copy", &gettext("_Keep My Own Copy…")),
        ]);
        if writable {
            dialog.add_response("teach", &gettext("_Teach Their File"));
            dialog.set_response_appearance("teach", adw::ResponseAppearance::Suggested);
            dialog.set_default_response(Some("teach"));
        } else {
            dialog.set_response_appearance("copy", adw::ResponseAppearance::Suggested);
            dialog.set_default_response(Some("copy"));
        }
        dialog.set_close_response("cancel");
        let done = std::rc::Rc::new(done);
        dialog.connect_response(
            None,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, response| match response {
                    "teach" => {
                        let taught = file.display().to_string();
                        page.settings().update_page::<FiveSettings>(|s| {
                            if !s.taught_files.contains(&taught) {
                                s.taught_files.push(taught.clone());
                            }
                        });
                        done(page.save());
                    }
                    "copy" => {
                        let done = done.clone();
                        page.save_as(move |saved| done(saved));
                    }
                    _ => done(false),
                }
            ),
        );
        dialog.present(Some(&self.window()));
    }

    /// Save a Copy…: the knowledge as it is now, record and all, in a file
    /// the person chooses (Documents first; the FileChooser portal in the
    /// Flatpak). The computer goes on playing its own file.
    pub(super) fn choose_copy_place(&self) {
        let player = self.model().player();
        let filter = gtk::FileFilter::new();
        filter.set_name(Some(&gettext("Match5 knowledge")));
        filter.add_pattern("*.fivo");
        filter.add_mime_type("application/x-match5-knowledge");
        let filters = gio::ListStore::new::<gtk::FileFilter>();
        filters.append(&filter);
        let dialog = gtk::FileDialog::builder()
            .title(gettext("Save a Copy of the Knowledge"))
            .modal(true)
            .filters(&filters)
            .default_filter(&filter)
            .initial_name(format!("{player}.fivo"))
            .build();
        if let Some(documents) = glib::user_special_dir(glib::UserDirectory::Documents) {
            dialog.set_initial_folder(Some(&gio::File::for_path(documents)));
        }
        dialog.save(
            Some(&self.window()),
            gio::Cancellable::NONE,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |chosen| {
                    if let Some(path) = chosen.ok().and_then(|f| f.path()) {
                        page.save_copy_to(&path);
                    }
                }
            ),
        );
    }

    /// Writes the copy, and says where with Show in Files.
    pub fn save_copy_to(&self, path: &Path) {
        let store = self.store();
        match self.model().with(|s| store.save_copy(s.knowledge(), path)) {
            Ok(()) => self.toast_saved_at(
                &gettext_f(
                    "Saved a copy of {player}’s knowledge as {file} in {folder}",
                    &[
                        ("player", &self.model().player()),
                        ("file", &crate::errors::file_name(path)),
                        ("folder", &self.place_words(path)),
                    ],
                ),
                path,
            ),
            Err(e) => crate::dialogs::error(
                &self.window(),
                &gettext("Could Not Save the Copy"),
                &errors::file_error(&e),
            ),
        }
    }

    /// A toast that says what was saved where, with Show in Files.
    pub(super) fn toast_saved_at(&self, text: &str, path: &Path) {
        let toast = crate::widgets::wrapped_toast(text);
        toast.set_button_label(Some(&gettext("Show in Files")));
        let path = path.to_path_buf();
        toast.connect_button_clicked(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.show_in_files(&path)
        ));
        crate::widgets::show_toast(self, toast);
    }

    /// Opens the file's folder in the file manager with the file selected
    /// (the OpenURI portal in the Flatpak).
    pub fn show_in_files(&self, path: &Path) {
        let launcher = gtk::FileLauncher::new(Some(&gio::File::for_path(path)));
        launcher.open_containing_folder(
            Some(&self.window()),
            gio::Cancellable::NONE,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |opened| {
                    if let Err(e) = opened
                        && !e.matches(gtk::DialogError::Dismissed)
                    {
                        page.toast(&gettext_f(
                            "The folder could not be shown: {reason}",
                            &[("reason", e.message())],
                        ));
                    }
                }
            ),
        );
    }
}

/// The desktop's recent files know the knowledge file too (Files' Recent).
fn add_to_recent(path: &Path) {
    let uri = gio::File::for_path(crate::places::host_path(path)).uri();
    gtk::RecentManager::default().add_item(&uri);
}
