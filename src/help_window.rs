//! Help: how to play and how the computer learns.

use adw::prelude::*;

use crate::i18n::gettext;
use crate::window::Window;

pub fn show(win: &Window) {
    let dialog = crate::dialogs::secondary_window(win, &gettext("Help"), 520, 640);
    let body = gtk::Box::builder()
        .orientation(gtk::Orientation::Vertical)
        .spacing(12)
        .margin_top(12)
        .margin_bottom(24)
        .margin_start(18)
        .margin_end(18)
        .build();
    let sections = [
        (
            gettext("How to Play"),
            gettext(
                "You play blue, the computer red. Take turns placing a ball on an empty field of the 9×9 board. Five or more in a row — across, down or diagonally — wins. A full board is a draw.\n\nClick a field, or move the cursor with the arrow keys and press Space or Enter. Ctrl+Z takes back your last move and the computer’s answer. In two-player mode two people take turns at the same board.",
            ),
        ),
        (
            gettext("How the Computer Learns"),
            gettext(
                "The computer never thinks ahead. It only knows error patterns: situations in which it lost before. When one appears on the board it answers in the pattern’s response field.\n\nWhen you win, the computer takes back your winning ball and every ball it was forced to block together with the move that forced it, and stores what is left as a new error pattern. Your level is the number of patterns it learned from you: every win makes the next one harder.\n\nThe computer also uses its patterns to attack, when one appears in its own colour. A new pattern replaces older ones that contain it.",
            ),
        ),
        (
            gettext("Knowledge and Passwords"),
            gettext(
                "What the computer learns from you is your knowledge. Save it to keep it. With a password, Match5 will not save over it for anyone else: others may still open it and play against it as a user, and the computer learns then too, but that knowledge can only be saved under another name. A password is not encryption: the file can be read and edited by hand.\n\nThe hall of fame lists the best 100 players by level. The error patterns window shows every pattern: blue balls, empty fields, the response field marked with a red cross, and grey fields that do not matter.",
            ),
        ),
    ];
    for (title, text) in sections {
        body.append(
            &gtk::Label::builder()
                .label(title)
                .xalign(0.0)
                .css_classes(["title-4"])
                .build(),
        );
        body.append(
            &gtk::Label::builder()
                .label(text)
                .wrap(true)
                .xalign(0.0)
                .selectable(false)
                .build(),
        );
    }
    let clamp = adw::Clamp::builder().child(&body).build();
    let scroll = gtk::ScrolledWindow::builder()
        .hscrollbar_policy(gtk::PolicyType::Never)
        .vexpand(true)
        .child(&clamp)
        .build();
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&adw::HeaderBar::new());
    content.append(&scroll);
    dialog.set_content(Some(&content));
    dialog.present();
}
