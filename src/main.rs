//! Match5: five in a row against a computer that learns from every game it
//! loses. The desktop app; the rules and the computer live in
//! `match5-five`.

//!
//! Where things are: `window/` is the shell (header bar, view switcher);
//! `games/<game>/` holds each game's page, model, windows and, for five in a
//! row, its D-Bus interface (`games/five/control/`, calls land in
//! `requests.rs`); `widgets/` what the pages share (the drawn board);
//! `errors.rs` turns the crates' errors into translated text.

#![forbid(unsafe_code)]

mod application;
mod config;
mod dialogs;
mod errors;
mod games;
mod help;
mod i18n;
mod lasting_work;
mod settings;
mod startup;
mod widgets;
mod window;

use gettextrs::LocaleCategory;
use gtk::prelude::*;
use gtk::{gio, glib};

fn main() -> glib::ExitCode {
    startup::mark_start();
    gettextrs::setlocale(LocaleCategory::LcAll, "");
    let _ = gettextrs::bindtextdomain(config::GETTEXT_PACKAGE, config::LOCALEDIR);
    let _ = gettextrs::bind_textdomain_codeset(config::GETTEXT_PACKAGE, "UTF-8");
    let _ = gettextrs::textdomain(config::GETTEXT_PACKAGE);

    gio::resources_register_include!("match5.gresource").expect("the app's resources are built in");
    glib::set_application_name(&i18n::gettext("Match5"));

    application::Application::new().run()
}
