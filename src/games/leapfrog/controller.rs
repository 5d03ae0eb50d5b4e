//! Leap-frog's rules for every door: the page's clicks, keys and buttons
//! and the D-Bus calls (`control/requests.rs`) ask the [`Controller`],
//! and a refusal comes back typed ([`Refusal`]) with the words the app
//! says for it. The puzzle itself is the model's (`model.rs`, around
//! `match5-leapfrog`).

use super::model::LeapfrogGame;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// Frogs of each kind a puzzle may have.
pub const FROGS: std::ops::RangeInclusive<u32> = 1..=10;

/// Why a request was not carried out; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Frogs of each kind outside [`FROGS`].
    BadFrogs(u32),
    /// A field number (from 1) that is not on the row.
    NoSuchField { field: u32, width: u32 },
    /// An empty field (from 1).
    Empty(u32),
    /// The frog there (from 1) has no move.
    CannotMove(u32),
    /// The puzzle is solved: no next move.
    Solved,
    /// No solution from here: so many moves must be taken back.
    NoSolution { undo: u32 },
    /// Nothing to take back.
    NothingToUndo,
}

impl Refusal {
    /// What the app says of it, in the person's language.
    pub fn message(&self) -> String {
        match *self {
            Refusal::BadFrogs(frogs) => ngettext_f(
                "{frogs} frog of each kind: choose 1 to 10",
                "{frogs} frogs of each kind: choose 1 to 10",
                frogs,
                &[("frogs", &frogs.to_string())],
            ),
            Refusal::NoSuchField { field, width } => gettext_f(
                "there is no field {field}: the fields are 1 to {width}",
                &[("field", &field.to_string()), ("width", &width.to_string())],
            ),
            Refusal::Empty(field) => {
                gettext_f("field {field} is empty", &[("field", &field.to_string())])
            }
            Refusal::CannotMove(field) => gettext_f(
                "the frog on field {field} cannot move",
                &[("field", &field.to_string())],
            ),
            Refusal::Solved => gettext("the puzzle is solved"),
            Refusal::NoSolution { undo } => ngettext_f(
                "no solution from here: undo {n} move",
                "no solution from here: undo {n} moves",
                undo,
                &[("n", &undo.to_string())],
            ),
            Refusal::NothingToUndo => gettext("no move to take back"),
        }
    }
}

/// The rules every door follows, on the page's model.
#[derive(Clone)]
pub struct Controller {
    pub model: LeapfrogGame,
}

impl Controller {
    /// A puzzle's frogs of each kind, checked.
    pub fn frogs(frogs: u32) -> Result<usize, Refusal> {
        if FROGS.contains(&frogs) {
            Ok(frogs as usize)
        } else {
            Err(Refusal::BadFrogs(frogs))
        }
    }

    /// Moves the frog on `field` (from 1); where it went from and to
    /// (from 1).
    pub fn play(&self, field: u32) -> Result<(u32, u32), Refusal> {
        let width = 2 * self.model.frogs() + 1;
        if !(1..=width).contains(&field) {
            return Err(Refusal::NoSuchField { field, width });
        }
        self.model
            .play(field as usize - 1)
            .map(numbers)
            .ok_or_else(|| {
                if self.model.shown().get(field as usize - 1).is_none() {
                    Refusal::Empty(field)
                } else {
                    Refusal::CannotMove(field)
                }
            })
    }

    /// Plays the next move of a solution from here.
    pub fn hint(&self) -> Result<(u32, u32), Refusal> {
        self.model.hint().map(numbers).ok_or_else(|| {
            if self.model.solved() {
                Refusal::Solved
            } else {
                Refusal::NoSolution {
                    undo: self.model.undo_needed(),
                }
            }
        })
    }

    /// Takes the last move back.
    pub fn undo(&self) -> Result<(), Refusal> {
        if self.model.undo() {
            Ok(())
        } else {
            Err(Refusal::NothingToUndo)
        }
    }
}

/// A move in field numbers from 1.
pub fn numbers(mv: match5_leapfrog::Move) -> (u32, u32) {
    let (from, to) = mv.field_numbers();
    (from as u32, to as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_door_gets_the_same_refusals() {
        let c = Controller {
            model: LeapfrogGame::new(1),
        };
        assert_eq!(Controller::frogs(0), Err(Refusal::BadFrogs(0)));
        assert_eq!(Controller::frogs(10), Ok(10));
        assert_eq!(c.undo(), Err(Refusal::NothingToUndo));
        assert_eq!(c.play(4), Err(Refusal::NoSuchField { field: 4, width: 3 }));
        assert_eq!(c.play(2), Err(Refusal::Empty(2)));
        // X . Y: X jumps to the middle.
        assert_eq!(c.play(1), Ok((1, 2)));
        assert_eq!(c.undo(), Ok(()));
        assert_eq!(c.hint().map(|_| ()), Ok(()));
        assert_eq!(
            Refusal::NoSolution { undo: 1 }.message(),
            "no solution from here: undo 1 move"
        );
    }
}
