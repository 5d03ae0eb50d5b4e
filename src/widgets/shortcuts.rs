//! The Keyboard Shortcuts dialog: the groups of the page shown (its
//! `shortcuts.ui`, rows of [`ShortcutRow`]) above the general group (the
//! window's `shortcuts.ui`), each row with its keys drawn as key caps. An
//! `AdwDialog`, so a bottom sheet where the window is narrow.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;

use crate::i18n::gettext;

mod imp {
    use std::cell::RefCell;

    use super::*;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::ShortcutRow)]
    pub struct ShortcutRow {
        /// The keys: accelerators in GTK's syntax, separated by spaces;
        /// `<Control>1...9` is a range.
        #[property(get, set)]
        pub accelerator: RefCell<String>,
        /// Or the detailed action whose keys the application gives.
        #[property(get, set)]
        pub action: RefCell<String>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for ShortcutRow {
        const NAME: &'static str = "Match5ShortcutRow";
        type Type = super::ShortcutRow;
        type ParentType = adw::ActionRow;
    }

    #[glib::derived_properties]
    impl ObjectImpl for ShortcutRow {}
    impl WidgetImpl for ShortcutRow {}
    impl ListBoxRowImpl for ShortcutRow {}
    impl PreferencesRowImpl for ShortcutRow {}
    impl ActionRowImpl for ShortcutRow {}
}

glib::wrapper! {
    /// One shortcut: what it does (the title) and its keys.
    pub struct ShortcutRow(ObjectSubclass<imp::ShortcutRow>)
        @extends adw::ActionRow, adw::PreferencesRow, gtk::ListBoxRow, gtk::Widget,
        @implements gtk::Accessible, gtk::Actionable, gtk::Buildable, gtk::ConstraintTarget;
}

impl ShortcutRow {
    /// The keys this row shows: its own, or its action's in `app`.
    fn keys(&self, app: Option<&gtk::Application>) -> Vec<String> {
        let action = self.action();
        if !action.is_empty() {
            return app
                .map(|app| {
                    app.accels_for_action(&action)
                        .iter()
                        .map(|a| key_label(a))
                        .collect()
                })
                .unwrap_or_default();
        }
        self.accelerator()
            .split_whitespace()
            .map(|accel| match accel.split_once("...") {
                Some((first, last)) => format!("{}…{last}", key_label(first)),
                None => key_label(accel),
            })
            .collect()
    }

    /// Puts the key caps at the row's end.
    fn show_keys(&self, app: Option<&gtk::Application>) {
        let keys = self.keys(app);
        let caps = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        caps.set_valign(gtk::Align::Center);
        for key in &keys {
            let cap = gtk::Label::new(Some(key));
            cap.add_css_class("shortcut-key");
            caps.append(&cap);
        }
        // A screen reader names the row by what it does and its keys:
        // "New game: Ctrl+N".
        self.set_subtitle("");
        let name = format!("{}: {}", self.title(), keys.join(", "));
        crate::widgets::a11y::rename(self, &name);
        self.add_suffix(&caps);
    }
}

/// A key combination as a person reads it: "Ctrl+N", "Page Down".
fn key_label(accel: &str) -> String {
    match gtk::accelerator_parse(accel) {
        Some((key, mods)) => gtk::accelerator_get_label(key, mods)
            .replace('_', " ")
            .to_string(),
        None => accel.to_string(),
    }
}

/// The dialog: `page` (the page's groups) with `general` added last.
pub fn dialog(
    page: &adw::PreferencesPage,
    general: &adw::PreferencesGroup,
    app: Option<&gtk::Application>,
) -> adw::Dialog {
    page.add(general);
    let mut rows = Vec::new();
    collect_rows(page.upcast_ref(), &mut rows);
    for row in rows {
        row.show_keys(app);
    }
    crate::widgets::a11y::no_unnamed_scroll_stops(page);
    let toolbar = adw::ToolbarView::new();
    toolbar.add_top_bar(&adw::HeaderBar::new());
    toolbar.set_content(Some(page));
    adw::Dialog::builder()
        .title(gettext("Keyboard Shortcuts"))
        .content_width(520)
        .content_height(640)
        .child(&toolbar)
        .build()
}

fn collect_rows(widget: &gtk::Widget, rows: &mut Vec<ShortcutRow>) {
    crate::widgets::tree::visit_descendants(
        widget,
        &mut |w| match w.downcast_ref::<ShortcutRow>() {
            Some(row) => {
                rows.push(row.clone());
                false
            }
            None => true,
        },
    );
}
