//! The GApplication: app-wide actions, shortcuts, About and Help.

use std::cell::RefCell;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use crate::config;
use crate::i18n::{gettext, ngettext_f};
use crate::window::Window;

/// The app's bus name: the pages' D-Bus interfaces are served under it.
pub const BUS_NAME: &str = "io.github.match5.Match5.Control";

/// The app's own actions, typed. The pages add theirs (for the desktop
/// file and `org.freedesktop.Application.ActivateAction`) through
/// [`crate::games::PageInfo::app_actions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AppAction {
    Quit,
    About,
    Help,
}

impl AppAction {
    const ALL: [AppAction; 3] = [AppAction::Quit, AppAction::About, AppAction::Help];

    fn name(self) -> &'static str {
        match self {
            AppAction::Quit => "quit",
            AppAction::About => "about",
            AppAction::Help => "help",
        }
    }

    fn accels(self) -> &'static [&'static str] {
        match self {
            AppAction::Quit => &["<Control>q"],
            AppAction::Help => &["F1"],
            AppAction::About => &[],
        }
    }
}

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct Application {
        /// The D-Bus connection the pages' interfaces are served on.
        pub connection: RefCell<Option<zbus::Connection>>,
        /// The signal that asked the app to end; its pages are ending.
        pub ending: std::cell::Cell<Option<i32>>,
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
            app.quit_on_signals();
            app.setup_actions();
            crate::widgets::cut_labels::report_when_asked();
            crate::widgets::key_log::log_when_asked();
            // style.css (its high contrast rules under a media query) comes from the
            // resource base path, as AdwApplication loads them.
            crate::widgets::palette::follow_desktop();
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

        fn shutdown(&self) {
            // Work that keeps what it learned ends first (a training saves).
            crate::lasting_work::finish_all();
            // dconf writes the settings' last changes a moment later, in
            // its service: they are handed over before the app ends.
            gio::Settings::sync();
            self.parent_shutdown();
        }

        fn activate(&self) {
            crate::startup::trace("activate");
            self.parent_activate();
            GtkWindowExt::present(&self.obj().main_window());
        }

        /// `match5 FILE`, a double-click, `gio open`: the page that opens
        /// files of that kind opens it.
        fn open(&self, files: &[gio::File], _hint: &str) {
            let window = self.obj().main_window();
            if let Some(path) = files.first().and_then(|f| f.path()) {
                window.open_file(&path);
            }
            GtkWindowExt::present(&window);
        }
    }

    impl GtkApplicationImpl for Application {}
    impl AdwApplicationImpl for Application {}
}

/// The signals that end a session (Linux's numbers, as GLib takes them).
mod signal {
    pub const SIGHUP: i32 = 1;
    pub const SIGINT: i32 = 2;
    pub const SIGTERM: i32 = 15;
}

glib::wrapper! {
    pub struct Application(ObjectSubclass<imp::Application>)
        @extends adw::Application, gtk::Application, gio::Application,
        @implements gio::ActionGroup, gio::ActionMap;
}

impl Application {
    /// A signal that ends the session ends the app as quitting does:
    /// logout and shutdown send SIGTERM, a closed terminal SIGHUP, Ctrl+C
    /// SIGINT. Nobody is there to answer a question then, so none is asked:
    /// every page keeps what it would have asked about and its game in
    /// progress (see `Window::end_unasked`), and work that keeps what it
    /// learned stops and saves (see `shutdown`). The same signal again
    /// (Ctrl+C twice) quits at once; another one meanwhile is the same
    /// request and the ending goes on: systemd sends SIGTERM and then at
    /// once SIGHUP when it stops a session (logout, shutdown), which used
    /// to lose the game and what practice had learned. GLib's Unix signal
    /// source runs this on the main loop.
    fn quit_on_signals(&self) {
        use signal::{SIGHUP, SIGINT, SIGTERM};
        for signum in [SIGTERM, SIGINT, SIGHUP] {
            glib_unix::unix_signal_add_local(
                signum,
                glib::clone!(
                    #[weak(rename_to = app)]
                    self,
                    #[upgrade_or]
                    glib::ControlFlow::Break,
                    move || {
                        let first = app.imp().ending.get();
                        match (app.existing_window(), first) {
                            (Some(window), None) => {
                                app.imp().ending.set(Some(signum));
                                let app = app.clone();
                                window.end_unasked(move || app.quit());
                            }
                            // Another signal while the pages end: the same
                            // request, already under way.
                            (Some(_), Some(first)) if first != signum => {}
                            // The same one again: at once.
                            _ => app.quit(),
                        }
                        // Kept: a second signal must reach this handler,
                        // not the default one that kills at once.
                        glib::ControlFlow::Continue
                    }
                ),
            );
        }
    }

    pub fn new() -> Self {
        glib::Object::builder()
            .property("application-id", config::APP_ID)
            .property("resource-base-path", config::RESOURCE_BASE)
            .property("flags", gio::ApplicationFlags::HANDLES_OPEN)
            .build()
    }

    /// Serves the pages' D-Bus interfaces, then takes the app's bus name
    /// (so no call comes before its interface is there). Without a session
    /// bus (or with the name taken) the game runs without them.
    fn start_control_service(&self) {
        let app = self.clone();
        glib::spawn_future_local(async move {
            if let Err(e) = app.serve_pages().await {
                eprintln!("match5: the D-Bus control interface is not available: {e}");
            }
        });
    }

    async fn serve_pages(&self) -> zbus::Result<()> {
        let connection = zbus::connection::Builder::session()?.build().await?;
        let window = self.main_window();
        for info in crate::games::pages() {
            if let Some(serve) = info.control {
                serve(connection.clone(), window.page_handle(info.id)).await?;
            }
        }
        connection.request_name(BUS_NAME).await?;
        self.imp().connection.replace(Some(connection));
        Ok(())
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
        crate::startup::give_back_after_start(&window);
        window
    }

    fn setup_actions(&self) {
        for action in AppAction::ALL {
            let simple = gio::SimpleAction::new(action.name(), None);
            simple.connect_activate(glib::clone!(
                #[weak(rename_to = app)]
                self,
                move |_, _| app.activate_action_typed(action)
            ));
            self.add_action(&simple);
            if !action.accels().is_empty() {
                self.set_accels_for_action(&format!("app.{}", action.name()), action.accels());
            }
        }
        // Any page brought forward: `show-game` with its id (for scripts:
        // org.freedesktop.Application.ActivateAction), and `show-ID` (for
        // the desktop file's actions, which take no parameter).
        let show_game = gio::SimpleAction::new("show-game", Some(glib::VariantTy::STRING));
        show_game.connect_activate(glib::clone!(
            #[weak(rename_to = app)]
            self,
            move |_, parameter| {
                let id = parameter.and_then(|p| p.str()).unwrap_or_default();
                app.show_game(id);
            }
        ));
        self.add_action(&show_game);
        for info in crate::games::pages() {
            let show = gio::SimpleAction::new(&format!("show-{}", info.id), None);
            let id = info.id;
            show.connect_activate(glib::clone!(
                #[weak(rename_to = app)]
                self,
                move |_, _| app.show_game(id)
            ));
            self.add_action(&show);
        }
        for info in crate::games::pages() {
            for &(name, parameter) in info.app_actions {
                let simple = gio::SimpleAction::new(name, parameter);
                let id = info.id;
                simple.connect_activate(glib::clone!(
                    #[weak(rename_to = app)]
                    self,
                    move |_, parameter| {
                        let window = app.main_window();
                        window.page_app_action(id, name, parameter);
                        GtkWindowExt::present(&window);
                    }
                ));
                self.add_action(&simple);
            }
        }
        self.set_accels_for_action("window.close", &["<Control>w"]);
        Window::set_accels(self);
    }

    /// Brings the page `id` forward in the window (made if needed); an id
    /// of no page leaves the window as it is and says so.
    fn show_game(&self, id: &str) {
        let window = self.main_window();
        if crate::games::pages().iter().any(|p| p.id == id) {
            window.show_page(id);
        } else {
            let ids: Vec<&str> = crate::games::pages().iter().map(|p| p.id).collect();
            eprintln!(
                "match5: show-game: no game is called {:?}; there are {}",
                match5_common::text::excerpt(id, 40),
                ids.join(", ")
            );
        }
        GtkWindowExt::present(&window);
    }

    fn activate_action_typed(&self, action: AppAction) {
        match action {
            AppAction::Quit => {
                for window in self.windows() {
                    if window.is_visible() {
                        window.close();
                    } else if let Ok(window) = window.downcast::<Window>() {
                        // Made for a script's call but never shown (GTK
                        // does not close such a window): it keeps what the
                        // next start brings back and goes.
                        window.keep_for_next_start();
                        window.destroy();
                    }
                }
            }
            AppAction::About => self.show_about(),
            AppAction::Help => {
                let window = self.main_window();
                crate::help::show(&window, window.visible_page_id().as_deref());
            }
        }
    }

    /// About is made from the store listing (name, developer, links,
    /// licence, What's New from its releases), translated; the app adds
    /// what the listing does not hold.
    fn show_about(&self) {
        let listing = format!("{}/metainfo.xml", config::RESOURCE_BASE);
        let about = adw::AboutDialog::from_appdata(&listing, Some(config::VERSION));
        // A development build has an ID and icon of its own.
        about.set_application_icon(config::APP_ID);
        about.set_version(config::VERSION);
        about.set_comments(&about_text());
        about.set_developers(&["The Match5 developers"]);
        // Translators: put your names here, one per line.
        about.set_translator_credits(&gettext("translator-credits"));
        about.add_credit_section(Some(&gettext("Original game")), &["David Dirkse"]);
        about.present(Some(&self.main_window()));
    }
}

impl Default for Application {
    fn default() -> Self {
        Self::new()
    }
}

/// What Match5 is, for About: its games on one theme, named from the pages
/// it has.
fn about_text() -> String {
    let titles: Vec<String> = crate::games::pages().iter().map(|p| (p.title)()).collect();
    let games = crate::i18n::and_list(&titles);
    ngettext_f(
        "{count} game on one theme, a computer that searches or learns and shows you how: {games}.",
        "{count} games on one theme, a computer that searches or learns and shows you how: {games}.",
        titles.len() as u32,
        &[("count", &titles.len().to_string()), ("games", &games)],
    )
}
