//! The GApplication: app-wide actions, shortcuts, About and Help.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gdk, gio, glib};

use crate::config;
use crate::dbus::{Service, Snapshot};
use crate::i18n::gettext;
use crate::window::Window;

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct Application {
        /// The D-Bus control service, once it runs.
        pub service: RefCell<Option<Rc<Service>>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Application {
        const NAME: &'static str = "Match5Application";
        type Type = super::Application;
        type ParentType = adw::Application;
    }

    impl ObjectImpl for Application {}

    impl ApplicationImpl for Application {
        fn startup(&self) {
            self.parent_startup();
            let app = self.obj();
            app.setup_actions();
            app.load_css();
            app.start_control_service();
        }

        fn activate(&self) {
            self.parent_activate();
            GtkWindowExt::present(&self.obj().main_window());
        }

        /// `match5 FILE.fivo`, a double-click, `gio open`: load that knowledge.
        fn open(&self, files: &[gio::File], _hint: &str) {
            match files.first().and_then(|f| f.path()) {
                Some(path) => self.obj().open_knowledge(path),
                None => GtkWindowExt::present(&self.obj().main_window()),
            }
        }
    }

    impl GtkApplicationImpl for Application {}
    impl AdwApplicationImpl for Application {}
}

glib::wrapper! {
    pub struct Application(ObjectSubclass<imp::Application>)
        @extends adw::Application, gtk::Application, gio::Application,
        @implements gio::ActionGroup, gio::ActionMap;
}

impl Application {
    pub fn new() -> Self {
        glib::Object::builder()
            .property("application-id", config::APP_ID)
            .property("resource-base-path", config::RESOURCE_BASE)
            .property("flags", gio::ApplicationFlags::HANDLES_OPEN)
            .build()
    }

    /// Serves the control interface on its own bus name; requests come to
    /// the main thread through a channel. Without a session bus (or with the
    /// name taken) the game runs without it.
    fn start_control_service(&self) {
        let (tx, rx) = async_channel::unbounded();
        let app = self.clone();
        glib::spawn_future_local(async move {
            match Service::start(tx).await {
                Ok(service) => {
                    app.imp().service.replace(Some(Rc::new(service)));
                    if let Some(window) = app.existing_window() {
                        window.refresh();
                    }
                }
                Err(e) => eprintln!("match5: the D-Bus control interface is not available: {e}"),
            }
        });
        let app = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok(request) = rx.recv().await {
                let Some(app) = app.upgrade() else { break };
                app.main_window().handle_request(request);
            }
        });
    }

    /// Tells D-Bus listeners what the window shows now.
    pub fn publish(&self, snapshot: Snapshot, knowledge_changed: bool) {
        let Some(service) = self.imp().service.borrow().clone() else {
            return;
        };
        glib::spawn_future_local(async move {
            if let Err(e) = service.publish(snapshot, knowledge_changed).await {
                eprintln!("match5: a D-Bus signal was not sent: {e}");
            }
        });
    }

    fn existing_window(&self) -> Option<Window> {
        self.windows()
            .into_iter()
            .find_map(|w| w.downcast::<Window>().ok())
    }

    /// The one game window, made on first use.
    pub fn main_window(&self) -> Window {
        self.existing_window().unwrap_or_else(|| Window::new(self))
    }

    fn setup_actions(&self) {
        let quit = gio::ActionEntry::builder("quit")
            .activate(|app: &Self, _, _| {
                for window in app.windows() {
                    window.close();
                }
            })
            .build();
        let about = gio::ActionEntry::builder("about")
            .activate(|app: &Self, _, _| app.show_about())
            .build();
        let help = gio::ActionEntry::builder("help")
            .activate(|app: &Self, _, _| crate::help_window::show(&app.main_window()))
            .build();
        // Reachable through org.freedesktop.Application.ActivateAction and the
        // desktop file's actions (which take no parameter).
        let new_game = gio::ActionEntry::builder("new-game")
            .parameter_type(Some(glib::VariantTy::STRING))
            .activate(|app: &Self, _, p| {
                let name = p.and_then(|v| v.get::<String>()).unwrap_or_default();
                match crate::dbus::parse_mode(&name) {
                    Some(mode) => app.new_game(mode),
                    None => eprintln!("match5: app.new-game: unknown mode {name:?}: use vs-computer or two-players"),
                }
            })
            .build();
        let vs_computer = gio::ActionEntry::builder("new-game-vs-computer")
            .activate(|app: &Self, _, _| app.new_game(match5_engine::Mode::VsComputer))
            .build();
        let two_players = gio::ActionEntry::builder("new-game-two-players")
            .activate(|app: &Self, _, _| app.new_game(match5_engine::Mode::TwoPlayers))
            .build();
        let open_knowledge = gio::ActionEntry::builder("open-knowledge")
            .parameter_type(Some(glib::VariantTy::STRING))
            .activate(|app: &Self, _, p| {
                let path =
                    std::path::PathBuf::from(p.and_then(|v| v.get::<String>()).unwrap_or_default());
                let window = app.main_window();
                GtkWindowExt::present(&window);
                let win = window.clone();
                window.ask_to_save_then(move || win.open_file(&path));
            })
            .build();
        self.add_action_entries([
            quit,
            about,
            help,
            new_game,
            vs_computer,
            two_players,
            open_knowledge,
        ]);

        self.set_accels_for_action("app.quit", &["<Control>q"]);
        self.set_accels_for_action("app.help", &["F1"]);
        self.set_accels_for_action("win.new-game", &["<Control>n"]);
        self.set_accels_for_action("win.undo", &["<Control>z"]);
        self.set_accels_for_action("win.open", &["<Control>o"]);
        self.set_accels_for_action("win.save", &["<Control>s"]);
        self.set_accels_for_action("win.save-as", &["<Shift><Control>s"]);
        self.set_accels_for_action("win.patterns", &["<Control>p"]);
        self.set_accels_for_action("win.hall-of-fame", &["<Control>h"]);
        self.set_accels_for_action("window.close", &["<Control>w"]);
    }

    /// Opens a knowledge file in the game window (asking first when learned
    /// knowledge is unsaved, and for the file's password when it has one).
    fn open_knowledge(&self, path: std::path::PathBuf) {
        let window = self.main_window();
        GtkWindowExt::present(&window);
        let win = window.clone();
        window.ask_to_save_then(move || win.open_file(&path));
    }

    fn new_game(&self, mode: match5_engine::Mode) {
        let window = self.main_window();
        GtkWindowExt::present(&window);
        window.start_game(mode, None);
    }

    fn load_css(&self) {
        let provider = gtk::CssProvider::new();
        provider.load_from_resource(&format!("{}/style.css", config::RESOURCE_BASE));
        if let Some(display) = gdk::Display::default() {
            gtk::style_context_add_provider_for_display(
                &display,
                &provider,
                gtk::STYLE_PROVIDER_PRIORITY_APPLICATION,
            );
        }
    }

    fn show_about(&self) {
        let about = adw::AboutWindow::builder()
            .transient_for(&self.main_window())
            .modal(true)
            .application_name(gettext("Match5"))
            .application_icon(config::APP_ID)
            .version(config::VERSION)
            .developer_name(gettext("The Match5 developers"))
            .developers(vec!["The Match5 developers".to_string()])
            .comments(gettext(
                "Five in a row against a computer that learns from every game it loses. After the 2012 game by David Dirkse.",
            ))
            .license_type(gtk::License::Gpl30)
            .website("https://github.com/match5/match5")
            .issue_url("https://github.com/match5/match5/issues")
            // Translators: put your names here, one per line.
            .translator_credits(gettext("translator-credits"))
            .build();
        about.add_credit_section(Some(&gettext("Original game")), &["David Dirkse"]);
        about.present();
    }
}

impl Default for Application {
    fn default() -> Self {
        Self::new()
    }
}
