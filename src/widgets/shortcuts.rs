//! The Keyboard Shortcuts dialog: libadwaita's own `AdwShortcutsDialog`,
//! with the sections of the page shown (its `shortcuts.ui`) before the
//! general section (the window's `shortcuts.ui`). An item's keys are its
//! accelerator, or those the application gives its action, so the dialog
//! always says the keys that work. A bottom sheet where the window is
//! narrow, as every `AdwDialog`.

use adw::prelude::*;
use gtk::gio;

/// The UI definition at `path` under the app's resources ("" when absent).
fn resource(path: &str) -> String {
    gio::resources_lookup_data(
        &format!("{}/{path}", crate::config::RESOURCE_BASE),
        gio::ResourceLookupFlags::NONE,
    )
    .map(|b| String::from_utf8_lossy(&b).into_owned())
    .unwrap_or_default()
}

/// The dialog for the page `id` among `pages` pages: its sections, then
/// the general one, whose Ctrl+1…9 goes as far as there are pages.
pub fn dialog(id: &str, pages: usize) -> adw::ShortcutsDialog {
    let dialog = gtk::Builder::from_string(&resource(&format!("games/{id}/shortcuts.ui")))
        .object::<adw::ShortcutsDialog>("shortcuts")
        .unwrap_or_default();
    let general =
        resource("window/shortcuts.ui").replace("1...9", &format!("1...{}", pages.clamp(1, 9)));
    if let Some(general) =
        gtk::Builder::from_string(&general).object::<adw::ShortcutsSection>("general")
    {
        dialog.add(general);
    }
    // The rows exist once the dialog is shown.
    dialog.connect_map(|dialog| name_rows(dialog.upcast_ref()));
    dialog
}

/// Names each row by what it does and its keys, "New game: Ctrl+N":
/// libadwaita 1.10 gives the rows of its shortcuts dialog no name, so a
/// screen reader said nothing of them.
fn name_rows(dialog: &gtk::Widget) {
    crate::widgets::tree::visit_descendants(dialog, &mut |w| {
        let Some(keys) = w.downcast_ref::<adw::ShortcutLabel>() else {
            return true;
        };
        let Some(row) = keys.ancestor(gtk::ListBoxRow::static_type()) else {
            return false;
        };
        let mut title = None;
        crate::widgets::tree::visit_descendants(&row, &mut |inner| {
            if inner.is::<adw::ShortcutLabel>() {
                return false;
            }
            if title.is_none()
                && let Some(label) = inner.downcast_ref::<gtk::Label>()
                && !label.label().is_empty()
            {
                title = Some(label.label().to_string());
            }
            title.is_none()
        });
        let spoken = key_names(&keys.accelerator());
        if let Some(title) = title {
            crate::widgets::a11y::rename(&row, &format!("{title}: {spoken}"));
        }
        false
    });
}

/// Keys as a person reads them: "Ctrl+N", "Left, Right", "Ctrl+1 to 4".
fn key_names(accelerators: &str) -> String {
    let one = |accel: &str| match gtk::accelerator_parse(accel) {
        Some((key, mods)) => gtk::accelerator_get_label(key, mods).replace('_', " "),
        None => accel.to_string(),
    };
    accelerators
        .split_whitespace()
        .map(|accel| match accel.split_once("...") {
            // Translators: a range of keys in Keyboard Shortcuts, said to
            // screen readers: "Ctrl+1 to 4".
            Some((first, last)) => crate::i18n::gettext_f(
                "{first} to {last}",
                &[("first", &one(first)), ("last", &one(last))],
            ),
            None => one(accel),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
