//! Five in a row's hint (Ctrl+I, the Hint button beside the board): the field the
//! threat player would choose for the side to move, marked on the board,
//! and why, in the sentence under the board. Hints are counted in the
//! game's record: a game won with hints teaches the computer as practice,
//! so the player's level and the hall of fame count only what they won on
//! their own (`match5_five::finish_hinted_game`).

use adw::subclass::prelude::*;
use gtk::prelude::*;
use match5_five::threats::Reason;
use match5_five::{Cell, Color};

use crate::games::five::board::view::cell_name;
use crate::games::five::page::FivePage;
use crate::i18n::{gettext, gettext_f};

impl FivePage {
    /// Takes a hint for the side to move and shows it.
    pub(super) fn take_hint(&self) {
        match self.model().hint() {
            Some(h) => {
                self.show_game();
                // With the focus on the board, its description (with the
                // hint first) is what a screen reader says; told once.
                if !self.imp().board.has_focus() {
                    crate::widgets::a11y::announce(self, &words(h.cell, h.color, h.reason), false);
                }
            }
            None => crate::widgets::refuse(self, &gettext("No hint now: it is not your move.")),
        }
    }
}

/// What the hint says: "Hint: E5. It stops red making five."
pub fn words(cell: Cell, color: Color, reason: Reason) -> String {
    let field = cell_name(cell);
    let other = match color.other() {
        Color::Red => gettext("red"),
        Color::Blue => gettext("blue"),
    };
    let sentence = match reason {
        Reason::Centre => gettext("The first ball goes in the middle, where most lines meet."),
        Reason::Five => gettext("It makes five."),
        Reason::StopFive => gettext_f("It stops {other} making five.", &[("other", &other)]),
        Reason::WinByFours => gettext("A four, and the fours after it win."),
        Reason::WinByThreats => gettext("A threat: fours and open threes after it win."),
        Reason::StopFours => gettext_f(
            "It stops {other} winning with fours (an open three becomes an open four).",
            &[("other", &other)],
        ),
        Reason::StopThreats => gettext_f(
            "It stops the threats with which {other} would win.",
            &[("other", &other)],
        ),
        Reason::Hardest => gettext_f(
            "{other} has an attack that wins whatever you do; this makes it hardest.",
            &[("other", &capital(&other))],
        ),
        Reason::Shape => gettext("No threats now: it leaves you the most open lines."),
    };
    gettext_f(
        "Hint: {field}. {why}",
        &[("field", &field), ("why", &sentence)],
    )
}

fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Every hint sentence, for the place under the board to keep its height.
pub fn samples() -> Vec<String> {
    let reasons = [
        Reason::Centre,
        Reason::Five,
        Reason::StopFive,
        Reason::WinByFours,
        Reason::WinByThreats,
        Reason::StopFours,
        Reason::StopThreats,
        Reason::Hardest,
        Reason::Shape,
    ];
    let cell = Cell::centre();
    reasons
        .iter()
        .flat_map(|&r| [words(cell, Color::Blue, r), words(cell, Color::Red, r)])
        .collect()
}
