//! What the page says about the game: the status line above the board, the
//! board's scene and text, Show Why's sentence with the pattern it marks,
//! and a toast for what the computer learned.

use adw::prelude::*;
use adw::subclass::prelude::*;
use match5_five::board::CELLS;
use match5_five::pattern::PatternCell;
use match5_five::{Cell, Color, Mode, Outcome, Reason};

use super::actions::FiveAction;
use super::board_drawing::{Field, Scene};
use super::board_view::{cell_name, describe_stones};
use super::page::FivePage;
use super::settings::FiveSettings;
use crate::games::actions::PageAction;
use crate::games::page::GameStatus;
use crate::i18n::{gettext, gettext_f};

/// The games against empty knowledge in which the page says it knows nothing.
const FIRST_GAMES: u64 = 5;

impl FivePage {
    /// The status line and the board.
    pub(super) fn show_game(&self) {
        let imp = self.imp();
        let (status, side, mut scene, to_move, board_text, over) = self.model().with(|session| {
            let game = session.game();
            let (status, side) = game_status(game);
            let over = game.is_over();
            let mut scene = Scene::default();
            for cell in Cell::all() {
                if let Some(color) = game.board().get(cell) {
                    scene.fields[cell.index()] = Field::Stone(color);
                }
            }
            scene.last_move = game.moves().last().map(|m| m.cell);
            if let Some(Outcome::Won { runs, .. }) = game.outcome() {
                scene.winning = runs.iter().flatten().fold(0, |acc, c| acc | c.bit());
            }
            let to_move = (!game.is_over() && !game.computers_turn()).then(|| game.to_move());
            (
                status,
                side,
                scene,
                to_move,
                describe_stones(game.board()),
                over,
            )
        });
        let why = self
            .settings()
            .page::<FiveSettings>()
            .show_why
            .then(|| self.why())
            .flatten();
        if let Some((text, marks)) = &why {
            scene.why = *marks;
            imp.why_label.set_label(text);
        }
        imp.why_label.set_visible(why.is_some());
        // The game that taught the pattern behind the move, when it is kept.
        let taught = why
            .as_ref()
            .and_then(|(_, marks)| marks.as_ref())
            .and_then(|_| self.model().last_reason())
            .and_then(|(_, reason)| reason.matched().map(|m| m.pattern))
            .filter(|i| self.model().taught(*i).is_some());
        if let Some(i) = taught {
            imp.why_replay
                .set_action_target_value(Some(&(i as u32).to_variant()));
        }
        imp.why_replay.set_visible(taught.is_some());
        // A new computer that knows nothing does not look broken: the first
        // games against empty knowledge say what it is.
        let knows_nothing = self.model().with(|s| {
            let k = s.knowledge();
            s.mode() == Mode::VsComputer
                && k.pattern_count() == 0
                && k.stats().games() < FIRST_GAMES
        });
        imp.new_note.set_visible(knows_nothing && why.is_none());
        imp.status_label.set_label(&status);
        self.set_status(if over {
            GameStatus::Over(status.clone())
        } else {
            GameStatus::Turn(status.clone())
        });
        imp.status_label.remove_css_class("blue");
        imp.status_label.remove_css_class("red");
        match side {
            Some(Color::Blue) => imp.status_label.add_css_class("blue"),
            Some(Color::Red) => imp.status_label.add_css_class("red"),
            None => {}
        }
        let why_text = why.map(|(text, _)| format!(" {text}")).unwrap_or_default();
        imp.board
            .set_scene(scene, to_move, format!("{board_text} {status}{why_text}"));
    }

    /// A toast for a knowledge change ("show mutations").
    pub(super) fn show_change(&self, added: bool, index: usize, depth: usize) {
        let toast = if added {
            let t = adw::Toast::new(&gettext_f(
                "New pattern {number}, depth {depth}",
                &[
                    ("depth", &depth.to_string()),
                    ("number", &(index + 1).to_string()),
                ],
            ));
            t.set_button_label(Some(&gettext("View")));
            t.set_action_name(Some(&FiveAction::ViewPattern.detailed()));
            t.set_action_target_value(Some(&(index as u32).to_variant()));
            t
        } else {
            adw::Toast::new(&gettext_f(
                "Pattern {number} (depth {depth}) was removed as junk",
                &[
                    ("number", &(index + 1).to_string()),
                    ("depth", &depth.to_string()),
                ],
            ))
        };
        self.imp().toasts.add_toast(toast);
    }

    /// Why the computer played its last move: a sentence, and the fields of
    /// the pattern behind it (none for a free move).
    pub(super) fn why(&self) -> Option<(String, Option<[Option<PatternCell>; CELLS]>)> {
        let (cell, reason) = self.model().last_reason()?;
        let Some(found) = reason.matched() else {
            return Some(match reason {
                Reason::Varied { instead } => (
                    gettext_f(
                        "Why {field}: it once lost after playing {other} here, so it plays another field",
                        &[("field", &cell_name(cell)), ("other", &cell_name(instead))],
                    ),
                    None,
                ),
                _ => (
                    gettext_f(
                        "Why {field}: a free move, no pattern matched",
                        &[("field", &cell_name(cell))],
                    ),
                    None,
                ),
            });
        };
        let pattern = self.model().pattern(found.pattern)?;
        let mut marks = [None; CELLS];
        for (x, y, c) in pattern.transformed(found.symmetry).cells() {
            if c != PatternCell::Any
                && let Some(at) = found.offset.offset(x as isize, y as isize)
            {
                marks[at.index()] = Some(c);
            }
        }
        let game = self.model().learned_in(found.pattern);
        let args = [
            ("field", cell_name(cell)),
            ("depth", found.level.to_string()),
            ("number", (found.pattern + 1).to_string()),
            ("game", game.unwrap_or_default().to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let text = match (reason.is_forced(), game.is_some()) {
            (true, true) => gettext_f(
                "Why {field}: it blocks a depth-{depth} pattern learned in game {game} (number {number})",
                &args,
            ),
            (true, false) => gettext_f(
                "Why {field}: it blocks a depth-{depth} pattern it learned from you (number {number})",
                &args,
            ),
            (false, true) => gettext_f(
                "Why {field}: it attacks with a depth-{depth} pattern learned in game {game} (number {number}), in its own colour",
                &args,
            ),
            (false, false) => gettext_f(
                "Why {field}: it attacks with a depth-{depth} pattern it learned from you (number {number}), in its own colour",
                &args,
            ),
        };
        Some((text, Some(marks)))
    }
}

/// The status line above the board and the colour it is shown in.
pub(super) fn game_status(game: &match5_five::Game) -> (String, Option<Color>) {
    let vs_computer = game.mode() == Mode::VsComputer;
    match game.outcome() {
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) if vs_computer => (
            gettext("You win! The computer learned from it."),
            Some(Color::Blue),
        ),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) if vs_computer => (gettext("The computer wins."), Some(Color::Red)),
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) => (gettext("Blue wins!"), Some(Color::Blue)),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) => (gettext("Red wins!"), Some(Color::Red)),
        Some(Outcome::Draw) => (gettext("A draw: the board is full."), None),
        // Until the person's first ball, the line says which colour is theirs.
        None if vs_computer && !Cell::all().any(|c| game.board().get(c) == Some(Color::Blue)) => {
            (gettext("You play blue. Your move"), Some(Color::Blue))
        }
        None if vs_computer => (gettext("Your move"), Some(Color::Blue)),
        None if game.to_move() == Color::Blue => (gettext("Blue to move"), Some(Color::Blue)),
        None => (gettext("Red to move"), Some(Color::Red)),
    }
}
