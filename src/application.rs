//! The GApplication: app-wide actions, shortcuts, About and Help.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gdk, gio, glib};

use crate::config;
use crate::i18n::gettext;
use crate::window::Window;

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct Application {}

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
        }

        fn activate(&self) {
            self.parent_activate();
            GtkWindowExt::present(&self.obj().main_window());
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
            .build()
    }

    /// The one game window, made on first use.
    pub fn main_window(&self) -> Window {
        self.windows()
            .into_iter()
            .find_map(|w| w.downcast::<Window>().ok())
            .unwrap_or_else(|| Window::new(self))
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
        self.add_action_entries([quit, about, help]);

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
