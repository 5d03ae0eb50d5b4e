//! Small message dialogs (adaptive alert dialogs inside the window:
//! confirmations, errors, password prompts) and the file dialog for
//! opening a file (the portal's in the Flatpak).

use adw::prelude::*;
use gtk::glib;

use crate::i18n::gettext;

/// Asks before doing something; `f` runs when the person agrees.
pub fn confirm(
    parent: &impl IsA<gtk::Widget>,
    heading: &str,
    body: &str,
    action: &str,
    destructive: bool,
    f: impl Fn() + 'static,
) {
    let dialog = adw::AlertDialog::new(Some(heading), Some(body));
    dialog.add_responses(&[("cancel", &gettext("_Cancel")), ("ok", action)]);
    dialog.set_response_appearance(
        "ok",
        if destructive {
            adw::ResponseAppearance::Destructive
        } else {
            adw::ResponseAppearance::Suggested
        },
    );
    dialog.set_default_response(Some("cancel"));
    dialog.set_close_response("cancel");
    dialog.connect_response(None, move |_, response| {
        if response == "ok" {
            f();
        }
    });
    dialog.present(Some(parent));
}

/// Says what went wrong.
pub fn error(parent: &impl IsA<gtk::Widget>, heading: &str, body: &str) {
    let dialog = adw::AlertDialog::new(Some(heading), Some(body));
    dialog.add_response("close", &gettext("_Close"));
    dialog.present(Some(parent));
}

/// Asks for a password; `f` gets it, or `None` when skipped.
pub fn password(
    parent: &impl IsA<gtk::Widget>,
    heading: &str,
    body: &str,
    skip: &str,
    f: impl Fn(Option<String>) + 'static,
) {
    let dialog = adw::AlertDialog::new(Some(heading), Some(body));
    let entry = gtk::PasswordEntry::builder()
        .show_peek_icon(true)
        .activates_default(true)
        .build();
    crate::widgets::a11y::set_label(&entry, &gettext("Password"));
    dialog.set_extra_child(Some(&entry));
    dialog.add_responses(&[("skip", skip), ("unlock", &gettext("_Unlock"))]);
    dialog.set_response_appearance("unlock", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("unlock"));
    dialog.set_close_response("skip");
    dialog.connect_response(
        None,
        glib::clone!(
            #[strong]
            entry,
            move |_, response| f((response == "unlock").then(|| entry.text().to_string()))
        ),
    );
    dialog.present(Some(parent));
    // The keys go to the field, not to the default button.
    dialog.set_focus(Some(&entry));
}

/// Asks for a player name and an optional password.
pub fn name_and_password(
    parent: &impl IsA<gtk::Widget>,
    heading: &str,
    body: &str,
    name: &str,
    action: &str,
    f: impl Fn(String, String) + 'static,
) {
    let dialog = adw::AlertDialog::new(Some(heading), Some(body));
    let list = gtk::ListBox::builder()
        .selection_mode(gtk::SelectionMode::None)
        .css_classes(["boxed-list"])
        .build();
    let name_row = adw::EntryRow::builder()
        .title(gettext("Name"))
        .text(name)
        .activates_default(true)
        .build();
    let password_row = adw::PasswordEntryRow::builder()
        .title(gettext("Password (optional)"))
        .activates_default(true)
        .build();
    list.append(&name_row);
    list.append(&password_row);
    dialog.set_extra_child(Some(&list));
    dialog.add_responses(&[("cancel", &gettext("_Cancel")), ("ok", action)]);
    dialog.set_response_appearance("ok", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("ok"));
    dialog.set_close_response("cancel");
    dialog.connect_response(
        None,
        glib::clone!(
            #[strong]
            name_row,
            move |_, response| {
                if response == "ok" {
                    f(name_row.text().to_string(), password_row.text().to_string());
                }
            }
        ),
    );
    dialog.present(Some(parent));
    // The keys go to the name, not to the default button (Space would
    // press Save).
    dialog.set_focus(Some(&name_row));
}

/// What files an open dialog offers: its name, patterns and MIME types.
pub struct FileKind<'a> {
    pub name: &'a str,
    pub patterns: &'a [&'a str],
    pub mime_types: &'a [&'a str],
}

/// Asks for a file to open (in `folder`, if given); `f` gets its path.
pub fn open_file(
    parent: Option<&gtk::Window>,
    title: &str,
    kind: &FileKind<'_>,
    folder: Option<&std::path::Path>,
    f: impl Fn(std::path::PathBuf) + 'static,
) {
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(kind.name));
    for pattern in kind.patterns {
        filter.add_pattern(pattern);
    }
    for mime in kind.mime_types {
        filter.add_mime_type(mime);
    }
    let filters = gtk::gio::ListStore::new::<gtk::FileFilter>();
    filters.append(&filter);
    let dialog = gtk::FileDialog::builder()
        .title(title)
        .accept_label(gettext("_Open"))
        .filters(&filters)
        .default_filter(&filter)
        .modal(true)
        .build();
    if let Some(folder) = folder {
        dialog.set_initial_folder(Some(&gtk::gio::File::for_path(folder)));
    }
    dialog.open(parent, gtk::gio::Cancellable::NONE, move |chosen| {
        if let Some(path) = chosen.ok().and_then(|file| file.path()) {
            f(path);
        }
    });
}
