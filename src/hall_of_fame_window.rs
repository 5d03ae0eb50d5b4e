//! The hall of fame: the best 100 players by level.

use adw::prelude::*;

use crate::i18n::{gettext, gettext_f};
use crate::window::Window;

pub fn show(win: &Window) {
    let dialog = crate::dialogs::secondary_window(win, &gettext("Hall of Fame"), 420, 560);
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&adw::HeaderBar::new());
    match win.store().hall_of_fame() {
        Ok(hof) if !hof.entries().is_empty() => {
            let list = gtk::ListBox::builder()
                .selection_mode(gtk::SelectionMode::None)
                .css_classes(["boxed-list"])
                .build();
            let me = win.with_session(|s| s.knowledge().player().to_string());
            for (i, entry) in hof.entries().iter().enumerate() {
                let row = adw::ActionRow::builder()
                    .title(glib_markup(&entry.player))
                    .build();
                let rank = gtk::Label::builder()
                    .label(format!("{}.", i + 1))
                    .width_chars(4)
                    .xalign(1.0)
                    .css_classes(["dim-label", "numeric"])
                    .build();
                row.add_prefix(&rank);
                let level = gtk::Label::new(Some(&gettext_f(
                    "level {level}",
                    &[("level", &entry.level.to_string())],
                )));
                level.add_css_class("numeric");
                row.add_suffix(&level);
                if entry.player == me {
                    row.add_css_class("accent");
                }
                list.append(&row);
            }
            let clamp = adw::Clamp::builder()
                .child(&list)
                .margin_top(12)
                .margin_bottom(24)
                .margin_start(12)
                .margin_end(12)
                .build();
            let scroll = gtk::ScrolledWindow::builder()
                .hscrollbar_policy(gtk::PolicyType::Never)
                .vexpand(true)
                .child(&clamp)
                .build();
            content.append(&scroll);
        }
        Ok(_) => content.append(
            &adw::StatusPage::builder()
                .icon_name("starred-symbolic")
                .title(gettext("Nobody Here Yet"))
                .description(gettext(
                    "Beat the computer and save the knowledge to enter the hall of fame.",
                ))
                .vexpand(true)
                .build(),
        ),
        Err(e) => content.append(
            &adw::StatusPage::builder()
                .icon_name("dialog-warning-symbolic")
                .title(gettext("The Hall of Fame Cannot Be Read"))
                .description(glib_markup(&e.to_string()))
                .vexpand(true)
                .build(),
        ),
    }
    dialog.set_content(Some(&content));
    dialog.present();
}

/// Rows and status pages read markup: names are shown as they are.
fn glib_markup(text: &str) -> String {
    gtk::glib::markup_escape_text(text).to_string()
}
