//! Match5: five in a row against a computer that learns from every game it
//! loses, with three more games on the same theme (leap-frog, tiles, a
//! self-learning tic-tac-toe). The desktop app; each game's rules and
//! computer live in its GTK-free crate under `crates/`.
//!
//! Where things are: `window/` is the shell (header bar, view switcher);
//! `games/` the page contract (`page.rs`), the list of pages (`mod.rs`)
//! and the typed actions (`actions.rs`); `games/<game>/` holds each game's
//! page, model, dialogs and D-Bus object (`control/`, where its calls
//! land); `control/` the D-Bus bridge every game's object goes through;
//! `widgets/` what the pages share (the drawn board, the text slots,
//! toasts); `errors.rs` says why a file could not be read or written, in
//! the person's language.

#![forbid(unsafe_code)]

mod application;
mod config;
mod control;
mod dialogs;
mod errors;
mod games;
mod help;
mod i18n;
mod lasting_work;
mod places;
mod settings;
mod startup;
mod widgets;
mod window;

use gettextrs::LocaleCategory;
use gtk::prelude::*;
use gtk::{gio, glib};

fn main() -> glib::ExitCode {
    startup::mark_start();
    // Before any thread: a search's large tables go back to the system
    // when it ends, whichever thread it ran on.
    match5_common::memory::large_blocks_mapped();
    gettextrs::setlocale(LocaleCategory::LcAll, "");
    let _ = gettextrs::bindtextdomain(config::GETTEXT_PACKAGE, config::LOCALEDIR);
    let _ = gettextrs::bind_textdomain_codeset(config::GETTEXT_PACKAGE, "UTF-8");
    let _ = gettextrs::textdomain(config::GETTEXT_PACKAGE);

    gio::resources_register_include!("match5.gresource").expect("the app's resources are built in");
    glib::set_application_name(&i18n::gettext("Match5"));

    application::Application::new().run()
}
