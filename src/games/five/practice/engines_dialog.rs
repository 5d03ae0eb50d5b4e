//! The Engines window (template `engines_dialog.ui`): the person adds a
//! Gomocup engine by its command or its file, and it is checked at once
//! (`START 9` answered `OK` within 5 s; its name from `ABOUT`) on another
//! thread; the list renames and removes them. They are kept in the
//! settings, and Practice offers them as opponents.

use std::cell::OnceCell;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_practice::Engine;

use super::engines::{self, BadCommand};
use super::words;
use crate::games::five::model::settings::{EngineSetting, FiveSettings};
use crate::i18n::{gettext, gettext_f};
use crate::settings::SharedSettings;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "engines_dialog.ui")]
    pub struct FiveEngines {
        #[template_child]
        pub command_row: TemplateChild<adw::EntryRow>,
        #[template_child]
        pub choose_row: TemplateChild<adw::ButtonRow>,
        #[template_child]
        pub checking_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub message_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub list: TemplateChild<gtk::ListBox>,
        pub settings: OnceCell<SharedSettings>,
        /// The command of the engine added last, if one was.
        pub added: std::cell::RefCell<Option<String>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FiveEngines {
        const NAME: &'static str = "Match5FiveEngines";
        type Type = super::FiveEngines;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for FiveEngines {}
    impl WidgetImpl for FiveEngines {}
    impl AdwDialogImpl for FiveEngines {}
}

glib::wrapper! {
    pub struct FiveEngines(ObjectSubclass<imp::FiveEngines>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

thread_local! {
    /// Who shows the list of engines, told when the Engines window closes
    /// (one list, shared live by the sidebar and Practice, wherever the
    /// window was opened from). Each holds its owner weakly.
    static FOLLOWERS: std::cell::RefCell<Vec<Box<dyn Fn() -> bool>>> =
        std::cell::RefCell::default();
}

/// Calls `changed(owner)` whenever the Engines window closes (the list may
/// have changed), for as long as `owner` lives.
pub fn follow<W: IsA<glib::Object>>(owner: &W, changed: impl Fn(&W) + 'static) {
    let weak = owner.downgrade();
    FOLLOWERS.with(|f| {
        f.borrow_mut().push(Box::new(move || match weak.upgrade() {
            Some(owner) => {
                changed(&owner);
                true
            }
            None => false,
        }));
    });
}

/// Opens the Engines window; `closed` runs when it closes (the list may
/// have changed), with the command of the engine added last, if any,
/// after every follower has been told.
pub fn show(
    parent: &impl IsA<gtk::Widget>,
    settings: SharedSettings,
    closed: impl Fn(Option<String>) + 'static,
) {
    let dialog: FiveEngines = glib::Object::builder().build();
    let _ = dialog.imp().settings.set(settings);
    dialog.setup();
    dialog.connect_closed(move |d| {
        // A follower told may follow again: the list is taken meanwhile.
        let followers = FOLLOWERS.with(|f| std::mem::take(&mut *f.borrow_mut()));
        let alive: Vec<_> = followers.into_iter().filter(|tell| tell()).collect();
        FOLLOWERS.with(|f| {
            let mut f = f.borrow_mut();
            let added_meanwhile = std::mem::take(&mut *f);
            *f = alive;
            f.extend(added_meanwhile);
        });
        closed(d.imp().added.take());
    });
    dialog.present(Some(parent));
}

/// A command's trouble before it runs.
fn bad_command(e: &BadCommand) -> String {
    match e {
        BadCommand::Empty => gettext("Type the command that starts the engine."),
        BadCommand::TooLong => gettext("The command is too long."),
        BadCommand::Control => gettext("A command is one line."),
        BadCommand::TooMany => gettext("Remove an engine first: 32 is the most."),
    }
}

impl FiveEngines {
    fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set up")
    }

    fn engines(&self) -> Vec<EngineSetting> {
        self.settings().page::<FiveSettings>().engines
    }

    fn setup(&self) {
        let imp = self.imp();
        imp.command_row.connect_apply(glib::clone!(
            #[weak(rename_to = dialog)]
            self,
            move |row| dialog.add(row.text().to_string(), None)
        ));
        imp.choose_row.connect_activated(glib::clone!(
            #[weak(rename_to = dialog)]
            self,
            move |_| dialog.choose_file()
        ));
        self.fill();
    }

    /// Lists the engines: each an entry row with its name, which Enter or
    /// the apply button keeps, its command above it, and Remove.
    fn fill(&self) {
        let list = &self.imp().list;
        while let Some(row) = list.first_child() {
            if row.is::<gtk::ListBoxRow>() {
                list.remove(&row);
            } else {
                break;
            }
        }
        for (index, engine) in self.engines().into_iter().enumerate() {
            let row = adw::EntryRow::builder()
                .title(&engine.command)
                .text(&engine.name)
                .show_apply_button(true)
                .build();
            row.connect_apply(glib::clone!(
                #[weak(rename_to = dialog)]
                self,
                move |row| dialog.rename(index, &row.text())
            ));
            let remove = gtk::Button::builder()
                .icon_name("user-trash-symbolic")
                .valign(gtk::Align::Center)
                .tooltip_text(gettext_f("Remove {name}", &[("name", &engine.name)]))
                .css_classes(["flat"])
                .build();
            remove.connect_clicked(glib::clone!(
                #[weak(rename_to = dialog)]
                self,
                move |_| dialog.remove(index)
            ));
            row.add_suffix(&remove);
            list.append(&row);
        }
    }

    fn say(&self, text: &str) {
        let label = &self.imp().message_label;
        label.set_label(text);
        label.set_visible(!text.is_empty());
        if !text.is_empty() {
            crate::widgets::a11y::announce(self, text, true);
        }
    }

    fn rename(&self, index: usize, name: &str) {
        let name = engines::clean_name(name);
        if name.is_empty() {
            self.fill();
            return;
        }
        let taken = self
            .engines()
            .iter()
            .enumerate()
            .any(|(i, e)| i != index && e.name == name);
        if taken {
            self.fill();
            self.say(&gettext_f(
                "Another engine is called {name} already.",
                &[("name", &name)],
            ));
            return;
        }
        self.settings().update_page::<FiveSettings>(|s| {
            if let Some(e) = s.engines.get_mut(index) {
                // The main game's opponent keeps its engine.
                if s.opponent_engine == e.name {
                    s.opponent_engine = name.clone();
                }
                e.name = name.clone();
            }
        });
        self.say(&gettext_f("Renamed to {name}.", &[("name", &name)]));
    }

    fn remove(&self, index: usize) {
        let mut gone = None;
        self.settings().update_page::<FiveSettings>(|s| {
            if index < s.engines.len() {
                gone = Some(s.engines.remove(index));
            }
        });
        if let Some(e) = gone {
            self.say(&gettext_f("{name} removed.", &[("name", &e.name)]));
        }
        self.fill();
    }

    fn choose_file(&self) {
        let parent = self.root().and_downcast::<gtk::Window>();
        let kind = crate::dialogs::FileKind {
            name: &gettext("Programs"),
            patterns: &["*"],
            mime_types: &[],
        };
        let dialog = self.downgrade();
        crate::dialogs::open_file(
            parent.as_ref(),
            &gettext("Choose an Engine"),
            &kind,
            None,
            move |path| {
                let Some(dialog) = dialog.upgrade() else {
                    return;
                };
                match engines::install(&path) {
                    Ok((installed, new)) => {
                        let command = engines::shell_quoted(&installed);
                        dialog.add(command, new.then_some(installed));
                    }
                    Err(e) => dialog.say(&gettext_f(
                        "{file} could not be copied to Match5’s engines folder: {reason}",
                        &[
                            ("file", &crate::errors::file_name(&path)),
                            ("reason", &e.to_string()),
                        ],
                    )),
                }
            },
        );
    }

    /// Checks `command` on another thread and adds it when it works; a copy
    /// made for it (`installed`) is removed when it does not.
    fn add(&self, command: String, installed: Option<std::path::PathBuf>) {
        let imp = self.imp();
        let command = match engines::check_command(&command, &self.engines()) {
            Ok(c) => c,
            Err(e) => {
                self.say(&bad_command(&e));
                return;
            }
        };
        self.say("");
        imp.checking_box.set_visible(true);
        imp.command_row.set_sensitive(false);
        imp.choose_row.set_sensitive(false);
        let dialog = self.downgrade();
        glib::spawn_future_local(async move {
            let checked = {
                let command = command.clone();
                gtk::gio::spawn_blocking(move || Engine::check(&command)).await
            };
            let Some(dialog) = dialog.upgrade() else {
                return;
            };
            let imp = dialog.imp();
            imp.checking_box.set_visible(false);
            imp.command_row.set_sensitive(true);
            imp.choose_row.set_sensitive(true);
            // The focus was on a row made insensitive: give it back, or
            // Escape and the keys have nowhere to go.
            imp.command_row.grab_focus();
            match checked {
                Ok(Ok(about)) => {
                    let name = engines::new_name(&command, about.as_deref(), &dialog.engines());
                    dialog.settings().update_page::<FiveSettings>(|s| {
                        s.engines.push(EngineSetting {
                            name: name.clone(),
                            command: command.clone(),
                        });
                    });
                    imp.command_row.set_text("");
                    imp.added.replace(Some(command.clone()));
                    dialog.fill();
                    dialog.say(&gettext_f(
                        "{name} plays on a 9x9 board and was added.",
                        &[("name", &name)],
                    ));
                }
                Ok(Err(e)) => {
                    if let Some(path) = installed {
                        let _ = std::fs::remove_file(path);
                    }
                    let mut text = words::engine_error(&e);
                    if std::env::var_os("FLATPAK_ID").is_some() {
                        text.push(' ');
                        text.push_str(&gettext(
                            "In the Flatpak, a command runs inside Match5’s sandbox: choose the engine’s file instead, and Match5 keeps a copy where it may run.",
                        ));
                    }
                    dialog.say(&text);
                }
                Err(_) => dialog.say(&gettext("The engine could not be checked.")),
            }
        });
    }
}
