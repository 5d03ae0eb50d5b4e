//! Match5: five in a row against a computer that learns from every game it
//! loses. The desktop app; the rules and the computer live in
//! `match5-engine`.

mod a11y;
mod application;
mod config;
mod dbus;
mod dialogs;
mod hall_of_fame_window;
mod help_window;
mod i18n;
mod pattern_viewer;
mod saved_game;
mod session;
mod settings;
mod widgets;
mod window;

use gettextrs::LocaleCategory;
use gtk::prelude::*;
use gtk::{gio, glib};

fn main() -> glib::ExitCode {
    gettextrs::setlocale(LocaleCategory::LcAll, "");
    let _ = gettextrs::bindtextdomain(config::GETTEXT_PACKAGE, config::LOCALEDIR);
    let _ = gettextrs::bind_textdomain_codeset(config::GETTEXT_PACKAGE, "UTF-8");
    let _ = gettextrs::textdomain(config::GETTEXT_PACKAGE);

    gio::resources_register_include!("match5.gresource").expect("the app's resources are built in");
    glib::set_application_name(&i18n::gettext("Match5"));

    application::Application::new().run()
}
