//! The tile game's rules for every door: the page's buttons, menus and
//! file chooser and the D-Bus calls (`control/requests.rs`) ask the
//! [`Controller`], and a refusal comes back typed ([`Refusal`]) with the
//! words the app says for it. The game itself is the model's (`model.rs`,
//! around `match5-tiles`).

use std::path::Path;

use match5_tiles::{Colour, EXAMPLE, Move, Sizes, parse};

use super::game_files::{GameFileError, read_game};
use super::model::{Player, Refused, TilesGame, fresh_deal};
use crate::i18n::{gettext, gettext_f};

/// Why a request was not carried out; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A player's name that is not one of the five.
    BadPlayer(String),
    /// A size out of its range: what, the range, the value asked for.
    BadSizes {
        what: String,
        low: usize,
        high: usize,
        value: usize,
    },
    /// A bowl number (from 1) that is not there.
    NoSuchBowl { bowl: u32, bowls: u32 },
    /// A colour that is not yellow or blue.
    NoSuchColour(String),
    /// The computer plays this side, or is thinking (the app's words).
    NotYourTurn(String),
    /// The move is not allowed (the app's words, saying why).
    CannotMove(String),
    /// No move of a person to take back.
    NothingToUndo,
    /// The game is over.
    GameOver,
    /// The computer is already looking for the best move.
    Searching,
    /// A game file that could not be used.
    File(GameFileError),
}

impl Refusal {
    /// What the app says of it, in the person's language.
    pub fn message(&self) -> String {
        match self {
            Refusal::BadPlayer(name) => gettext_f(
                "no player “{name}”: choose person, best, good, greedy or random",
                &[("name", &match5_common::text::quote(name))],
            ),
            Refusal::BadSizes {
                what,
                low,
                high,
                value,
            } => gettext_f(
                // Translators: {what} is one of "bowls", "tiles per bowl",
                // "rows", "cells per row", "tiles in the pot".
                "{what} must be {low} to {high}, not {value}",
                &[
                    ("what", what),
                    ("low", &low.to_string()),
                    ("high", &high.to_string()),
                    ("value", &value.to_string()),
                ],
            ),
            Refusal::NoSuchBowl { bowl, bowls } => gettext_f(
                "there is no bowl {bowl}: the bowls are 1 to {bowls}",
                &[("bowl", &bowl.to_string()), ("bowls", &bowls.to_string())],
            ),
            Refusal::NoSuchColour(name) => gettext_f(
                "no colour “{name}”: the tiles are yellow or blue",
                &[("name", &match5_common::text::quote(name))],
            ),
            Refusal::NotYourTurn(m) | Refusal::CannotMove(m) => m.clone(),
            Refusal::NothingToUndo => gettext("no move of a person to take back"),
            Refusal::GameOver => gettext("The game is over."),
            Refusal::Searching => {
                gettext("the computer is already looking for the best move: wait for its answer")
            }
            Refusal::File(e) => e.to_string(),
        }
    }
}

/// The rules every door follows, on the page's model.
#[derive(Clone)]
pub struct Controller {
    pub model: TilesGame,
}

impl Controller {
    /// A player by the name a script gives.
    pub fn player(id: &str) -> Result<Player, Refusal> {
        Player::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| Refusal::BadPlayer(id.to_string()))
    }

    /// Sizes of a deal (bowls, tiles per bowl, rows, cells per row) and
    /// the tiles in the pot, checked against what the game allows.
    pub fn sizes(given: [u32; 4], pot: u32) -> Result<(Sizes, usize), Refusal> {
        let checks = [
            (gettext("bowls"), Sizes::BOWLS),
            (gettext("tiles per bowl"), Sizes::BOWL_SIZE),
            (gettext("rows"), Sizes::ROWS),
            (gettext("cells per row"), Sizes::ROW_LENGTH),
            (gettext("tiles in the pot"), Sizes::POT),
        ];
        let values = [given[0], given[1], given[2], given[3], pot].map(|v| v as usize);
        for ((what, range), value) in checks.into_iter().zip(values) {
            if !range.contains(&value) {
                return Err(Refusal::BadSizes {
                    what,
                    low: *range.start(),
                    high: *range.end(),
                    value,
                });
            }
        }
        let [bowls, bowl_size, rows, row_length, pot] = values;
        let sizes = Sizes {
            bowls,
            bowl_size,
            rows,
            row_length,
        };
        Ok((sizes, pot))
    }

    /// A fresh deal of these sizes.
    pub fn deal(&self, sizes: Sizes, pot: usize) {
        self.model.set_game(fresh_deal(sizes, pot));
    }

    /// The original's example (its Figure 3).
    pub fn example(&self) {
        self.model
            .set_game(parse(EXAMPLE).expect("the built-in example reads"));
    }

    /// The game in a file of the original's format; the game on the page
    /// stays when the file cannot be used.
    pub fn open(&self, path: &Path) -> Result<(), Refusal> {
        let game = read_game(path).map_err(Refusal::File)?;
        self.model.set_game(game);
        Ok(())
    }

    /// Takes the tiles of `colour` (`yellow` or `blue`) from bowl `bowl`
    /// (from 1).
    pub fn play(&self, bowl: u32, colour: &str) -> Result<(), Refusal> {
        let bowls = self.model.game().sizes().bowls as u32;
        if !(1..=bowls).contains(&bowl) {
            return Err(Refusal::NoSuchBowl { bowl, bowls });
        }
        let colour = match colour {
            "yellow" => Colour::Yellow,
            "blue" => Colour::Blue,
            other => return Err(Refusal::NoSuchColour(other.to_string())),
        };
        let mv = Move {
            bowl: bowl as usize - 1,
            colour,
        };
        self.model.try_play(mv).map_err(|e| match e {
            Refused::NotYourTurn(m) => Refusal::NotYourTurn(m),
            Refused::NotAllowed(m) => Refusal::CannotMove(m),
        })
    }

    /// Takes back the person's last move (and the computer's answers).
    pub fn undo(&self) -> Result<(), Refusal> {
        if self.model.undo() {
            Ok(())
        } else {
            Err(Refusal::NothingToUndo)
        }
    }

    /// Whether the best move may be searched for now: one search at a
    /// time, so a hundred calls never hold a hundred budgets of memory.
    pub fn may_search(&self) -> Result<(), Refusal> {
        if self.model.over() {
            Err(Refusal::GameOver)
        } else if self.model.thinking() {
            Err(Refusal::Searching)
        } else {
            Ok(())
        }
    }
}
