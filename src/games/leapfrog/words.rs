//! What the leap-frog page says: how the puzzle stands, the last move, the
//! move counter. Fields are numbered from 1, as drawn.

use match5_leapfrog::Frog;

use super::drawing::Animal;
use super::model::LeapfrogGame;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// The status line: the computer's replay, solved, stuck, or your move.
pub fn status(model: &LeapfrogGame) -> String {
    let replaying = model.replaying();
    if replaying && model.solved() {
        gettext("The computer’s solution: the frogs have changed sides.")
    } else if replaying {
        gettext("The computer’s solution, move by move.")
    } else if model.solved() {
        ngettext_f(
            "Solved in {moves} move!",
            "Solved in {moves} moves!",
            model.moves(),
            &[("moves", &model.moves().to_string())],
        )
    } else if !model.solvable() {
        ngettext_f(
            "No solution from here: undo {n} move.",
            "No solution from here: undo {n} moves.",
            model.undo_needed(),
            &[("n", &model.undo_needed().to_string())],
        )
    } else if model.moves() == 0 {
        gettext("Swap the frogs: X only moves right, Y only left, one field or over one frog.")
    } else {
        gettext("Your move.")
    }
}

/// "The X frog from field 2 to field 4." (goats when goats are shown).
pub fn last_move(animal: Animal, frog: Option<Frog>, from: usize, to: usize) -> String {
    gettext_f(
        "{animal} from field {from} to field {to}.",
        &[
            ("animal", &animal_name(animal, frog)),
            ("from", &(from + 1).to_string()),
            ("to", &(to + 1).to_string()),
        ],
    )
}

/// "moves: 3 of 15", or in a replay "move 3 of 15".
pub fn count(model: &LeapfrogGame) -> String {
    if model.replaying() {
        gettext_f(
            "move {n} of {total}",
            &[
                ("n", &model.moves().to_string()),
                ("total", &model.solution_length().to_string()),
            ],
        )
    } else {
        let total = match5_leapfrog::solution_length(model.frogs() as usize);
        gettext_f(
            "moves: {n} of {total}",
            &[
                ("n", &model.moves().to_string()),
                ("total", &total.to_string()),
            ],
        )
    }
}

pub fn animal_name(animal: Animal, frog: Option<Frog>) -> String {
    match (frog, animal) {
        (Some(Frog::X), Animal::Frog) => gettext("The X frog"),
        (Some(Frog::Y), Animal::Frog) => gettext("The Y frog"),
        (Some(Frog::X), Animal::Goat) => gettext("The X goat"),
        (Some(Frog::Y), Animal::Goat) => gettext("The Y goat"),
        (None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_leapfrog::Position;

    #[test]
    fn every_animal_has_a_name() {
        for animal in [Animal::Frog, Animal::Goat] {
            let p = Position::start(1).unwrap();
            assert!(!animal_name(animal, p.get(0)).is_empty());
            assert!(animal_name(animal, p.get(1)).is_empty());
        }
    }
}
