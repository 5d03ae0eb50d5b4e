//! Small message dialogs: confirmations, errors, password prompts, and
//! the file chooser for opening a file.

use adw::prelude::*;

use crate::i18n::gettext;

/// Asks before doing something; `f` runs when the person agrees.
pub fn confirm(
    parent: &impl IsA<gtk::Window>,
    heading: &str,
    body: &str,
    action: &str,
    destructive: bool,
    f: impl Fn() + 'static,
) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
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
    dialog.present();
}

/// Says what went wrong.
pub fn error(parent: &impl IsA<gtk::Window>, heading: &str, body: &str) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
    dialog.add_response("close", &gettext("_Close"));
    dialog.present();
}

/// Asks for a password; `f` gets it, or `None` when skipped.
pub fn password(
    parent: &impl IsA<gtk::Window>,
    heading: &str,
    body: &str,
    skip: &str,
    f: impl Fn(Option<String>) + 'static,
) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
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
    dialog.connect_response(None, move |_, response| {
        f((response == "unlock").then(|| entry.text().to_string()));
    });
    dialog.present();
}

/// Asks for a player name and an optional password.
pub fn name_and_password(
    parent: &impl IsA<gtk::Window>,
    heading: &str,
    body: &str,
    name: &str,
    action: &str,
    f: impl Fn(String, String) + 'static,
) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
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
    dialog.connect_response(None, move |_, response| {
        if response == "ok" {
            f(name_row.text().to_string(), password_row.text().to_string());
        }
    });
    dialog.present();
}

/// Escape closes the secondary windows of this class (help, hall of
/// fame, patterns), as in every GNOME app.
pub fn close_on_escape<T: gtk::subclass::widget::WidgetClassExt>(klass: &mut T) {
    klass.add_binding_action(
        gtk::gdk::Key::Escape,
        gtk::gdk::ModifierType::empty(),
        "window.close",
    );
}

/// What files an open dialog offers: its name, patterns and MIME types.
pub struct FileKind<'a> {
    pub name: &'a str,
    pub patterns: &'a [&'a str],
    pub mime_types: &'a [&'a str],
}

/// Asks for a file to open (in `folder`, if given); `f` gets its path.
/// A native dialog lives only as long as someone holds it: the caller
/// keeps what this returns until the answer.
pub fn open_file(
    parent: Option<&gtk::Window>,
    title: &str,
    kind: &FileKind<'_>,
    folder: Option<&std::path::Path>,
    f: impl Fn(std::path::PathBuf) + 'static,
) -> gtk::FileChooserNative {
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(kind.name));
    for pattern in kind.patterns {
        filter.add_pattern(pattern);
    }
    for mime in kind.mime_types {
        filter.add_mime_type(mime);
    }
    let chooser = gtk::FileChooserNative::new(
        Some(title),
        parent,
        gtk::FileChooserAction::Open,
        Some(&gettext("_Open")),
        Some(&gettext("_Cancel")),
    );
    chooser.add_filter(&filter);
    if let Some(folder) = folder {
        let _ = chooser.set_current_folder(Some(&gtk::gio::File::for_path(folder)));
    }
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
        {
            f(path);
        }
    });
    chooser.show();
    chooser
}
