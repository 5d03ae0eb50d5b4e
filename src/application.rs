//! The GApplication: app-wide actions, shortcuts, About and Help.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gdk, gio, glib};

use crate::config;
use crate::dbus::{Service, Snapshot};
use crate::games::five::{FivePage, dbus_bridge};
use crate::i18n::gettext;
use crate::window::Window;

/// The app's actions, typed. `new-game(s)`, `new-game-vs-computer`,
/// `new-game-two-players` and `open-knowledge(s)` are also reached through
/// `org.freedesktop.Application.ActivateAction` and the desktop file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AppAction {
    Quit,
    About,
    Help,
    NewGame,
    NewGameVsComputer,
    NewGameTwoPlayers,
    OpenKnowledge,
}

impl AppAction {
    const ALL: [AppAction; 7] = [
        AppAction::Quit,
        AppAction::About,
        AppAction::Help,
        AppAction::NewGame,
        AppAction::NewGameVsComputer,
        AppAction::NewGameTwoPlayers,
        AppAction::OpenKnowledge,
    ];

    fn name(self) -> &'static str {
        match self {
            AppAction::Quit => "quit",
            AppAction::About => "about",
            AppAction::Help => "help",
            AppAction::NewGame => "new-game",
            AppAction::NewGameVsComputer => "new-game-vs-computer",
            AppAction::NewGameTwoPlayers => "new-game-two-players",
            AppAction::OpenKnowledge => "open-knowledge",
        }
    }

    fn parameter(self) -> Option<&'static glib::VariantTy> {
        match self {
            AppAction::NewGame | AppAction::OpenKnowledge => Some(glib::VariantTy::STRING),
            _ => None,
        }
    }

    fn accels(self) -> &'static [&'static str] {
        match self {
            AppAction::Quit => &["<Control>q"],
            AppAction::Help => &["F1"],
            _ => &[],
        }
    }
}

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
            crate::startup::trace("startup");
            self.parent_startup();
            crate::startup::trace("gtk-ready");
            let app = self.obj();
            app.setup_actions();
            app.load_css();
            // The control interface is not needed for the first frame: it
            // starts once the main loop is idle after painting (calls that
            // come earlier wait for the name, as D-Bus activation does).
            glib::idle_add_local_full(
                glib::Priority::LOW,
                glib::clone!(
                    #[weak]
                    app,
                    #[upgrade_or]
                    glib::ControlFlow::Break,
                    move || {
                        crate::startup::trace("control-service");
                        app.start_control_service();
                        glib::ControlFlow::Break
                    }
                ),
            );
        }

        fn activate(&self) {
            crate::startup::trace("activate");
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
                    app.watch_five_page();
                }
                Err(e) => eprintln!("match5: the D-Bus control interface is not available: {e}"),
            }
        });
        let app = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok(request) = rx.recv().await {
                let Some(app) = app.upgrade() else { break };
                app.five_page().handle_request(request);
            }
        });
    }

    /// Tells D-Bus listeners what the game shows now: the properties at
    /// once, the signals soon after.
    pub fn publish(&self, snapshot: Snapshot, knowledge_changed: bool) {
        let Some(service) = self.imp().service.borrow().clone() else {
            return;
        };
        let old = service.replace(snapshot.clone());
        if old == snapshot && !knowledge_changed {
            return;
        }
        glib::spawn_future_local(async move {
            if let Err(e) = service.signal(old, snapshot, knowledge_changed).await {
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
        if let Some(window) = self.existing_window() {
            return window;
        }
        let window = Window::new(self);
        crate::startup::trace_first_frame(&window);
        window
    }

    /// Once the control service runs: its properties and signals follow
    /// the five-in-a-row page's model (the page is made if it was not yet).
    fn watch_five_page(&self) {
        let Some(page) = self.main_window().page::<FivePage>("five") else {
            return;
        };
        let app = self.downgrade();
        dbus_bridge::watch(page.model(), move |snapshot, changed| {
            if let Some(app) = app.upgrade() {
                app.publish(snapshot, changed);
            }
        });
        self.publish(dbus_bridge::snapshot(page.model()), false);
    }

    /// The five-in-a-row page, shown in the window brought forward: D-Bus
    /// calls and `.fivo` files go there.
    pub fn five_page(&self) -> FivePage {
        let window = self.main_window();
        let page = window
            .page::<FivePage>("five")
            .expect("the window has the five-in-a-row page");
        window.show_page("five");
        GtkWindowExt::present(&window);
        page
    }

    fn setup_actions(&self) {
        for action in AppAction::ALL {
            let simple = gio::SimpleAction::new(action.name(), action.parameter());
            simple.connect_activate(glib::clone!(
                #[weak(rename_to = app)]
                self,
                move |_, parameter| app.activate_action_typed(action, parameter)
            ));
            self.add_action(&simple);
            if !action.accels().is_empty() {
                self.set_accels_for_action(&format!("app.{}", action.name()), action.accels());
            }
        }
        self.set_accels_for_action("window.close", &["<Control>w"]);
        // The pages' shortcuts are set by the window, which has the pages.
    }

    fn activate_action_typed(&self, action: AppAction, parameter: Option<&glib::Variant>) {
        let text = || {
            parameter
                .and_then(|v| v.get::<String>())
                .unwrap_or_default()
        };
        match action {
            AppAction::Quit => {
                for window in self.windows() {
                    window.close();
                }
            }
            AppAction::About => self.show_about(),
            AppAction::Help => {
                let window = self.main_window();
                crate::help::show(&window, window.visible_page_id().as_deref());
            }
            AppAction::NewGame => {
                let name = text();
                match crate::games::five::session::parse_mode(&name) {
                    Some(mode) => self.new_game(mode),
                    None => eprintln!(
                        "match5: app.new-game: unknown mode {name:?}: use vs-computer or two-players"
                    ),
                }
            }
            AppAction::NewGameVsComputer => self.new_game(match5_five::Mode::VsComputer),
            AppAction::NewGameTwoPlayers => self.new_game(match5_five::Mode::TwoPlayers),
            AppAction::OpenKnowledge => self.open_knowledge(std::path::PathBuf::from(text())),
        }
    }

    /// Opens a knowledge file in the game window (asking first when learned
    /// knowledge is unsaved, and for the file's password when it has one).
    fn open_knowledge(&self, path: std::path::PathBuf) {
        let page = self.five_page();
        let p = page.clone();
        page.ask_to_save_then(move || p.open_file(&path));
    }

    fn new_game(&self, mode: match5_five::Mode) {
        self.five_page().start_game(mode, None);
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
