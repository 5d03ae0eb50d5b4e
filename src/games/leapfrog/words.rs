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
        // What the search found, while its moves play (the count under
        // the board says which move is shown).
        found(model.solution_length(), model.tried().unwrap_or_default())
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

/// "The computer found a solution of 15 moves after trying 120 moves."
fn found(moves: u32, tried: u64) -> String {
    ngettext_f(
        "The computer found a solution of {moves} moves after trying {tried} move.",
        "The computer found a solution of {moves} moves after trying {tried} moves.",
        tried.min(u64::from(u32::MAX)) as u32,
        &[("moves", &moves.to_string()), ("tried", &tried.to_string())],
    )
}

/// Every status line the page can show (the last move before it), with
/// the longest numbers: the place above the board keeps the longest's
/// height.
pub fn status_samples() -> Vec<String> {
    let statuses = [
        found(999, 99_999_999),
        gettext("The computer’s solution: the frogs have changed sides."),
        ngettext_f(
            "Solved in {moves} move!",
            "Solved in {moves} moves!",
            999,
            &[("moves", "999")],
        ),
        ngettext_f(
            "No solution from here: undo {n} move.",
            "No solution from here: undo {n} moves.",
            99,
            &[("n", "99")],
        ),
        gettext("Swap the frogs: X only moves right, Y only left, one field or over one frog."),
        gettext("Your move."),
    ];
    // Why a frog cannot move stands alone; a move is said before the status.
    let mut samples = statuses.to_vec();
    samples.push(cannot_move(Animal::Frog, None, 20));
    for animal in [Animal::Frog, Animal::Goat] {
        for frog in [Frog::X, Frog::Y] {
            samples.push(cannot_move(animal, Some(frog), 20));
            let last = last_move(animal, Some(frog), 20, 20);
            samples.extend(statuses.iter().map(|s| format!("{last} {s}")));
        }
    }
    samples
}

/// Why the frog (or the empty field) clicked on field `field` cannot move.
pub fn cannot_move(animal: Animal, frog: Option<Frog>, field: usize) -> String {
    let args = [
        ("animal", animal_name(animal, frog)),
        ("field", (field + 1).to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    match frog {
        None => gettext_f("Field {field} is empty: click a frog that can move.", &args),
        Some(Frog::X) => gettext_f(
            "{animal} on field {field} cannot move: it goes only right, to the empty field next to it or over one other.",
            &args,
        ),
        Some(Frog::Y) => gettext_f(
            "{animal} on field {field} cannot move: it goes only left, to the empty field next to it or over one other.",
            &args,
        ),
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

/// The page's subtitle: "3 frogs of each kind · 15 moves".
pub fn subtitle(frogs: u32, moves: u32) -> String {
    format!(
        "{} · {}",
        ngettext_f(
            "{k} frog of each kind",
            "{k} frogs of each kind",
            frogs,
            &[("k", &frogs.to_string())],
        ),
        ngettext_f(
            "{moves} move",
            "{moves} moves",
            moves,
            &[("moves", &moves.to_string())],
        )
    )
}

/// How the computer solves it, and why every solution takes k(k + 2)
/// moves, for `k` frogs of each kind (one frog of each kind is said in
/// the singular).
pub fn figures(k: u32, moves: u32) -> String {
    let how = gettext(
        "How the computer solves it: by brute force, as the original Delphi program does. It tries the frogs from left to right, moves the first one that can, and goes on from there; when no frog can move before the goal, it jumps back and tries the next frog. Press Let the Computer Solve It to see it.",
    );
    let why = ngettext_f(
        "Why {moves} move: each of the {k2} frogs travels {k1} fields, {travel} in all.",
        "Why {moves} moves: each of the {k2} frogs travels {k1} fields, {travel} in all.",
        moves,
        &[
            ("moves", &moves.to_string()),
            ("k2", &(2 * k).to_string()),
            ("k1", &(k + 1).to_string()),
            ("travel", &(2 * k * (k + 1)).to_string()),
        ],
    );
    let over = ngettext_f(
        "Each frog jumps over the {k} frog of the other kind: {jumps} jump of 2 fields.",
        "Each frog jumps over the {k} frogs of the other kind: {jumps} jumps of 2 fields.",
        k,
        &[("k", &k.to_string()), ("jumps", &(k * k).to_string())],
    );
    let rest = ngettext_f(
        "That leaves {steps} field for single steps, so {jumps} + {steps} = {moves} moves, k(k + 2). Every solution has exactly that many, and there are exactly two, mirror images of each other.",
        "That leaves {steps} fields for single steps, so {jumps} + {steps} = {moves} moves, k(k + 2). Every solution has exactly that many, and there are exactly two, mirror images of each other.",
        2 * k,
        &[
            ("steps", &(2 * k).to_string()),
            ("jumps", &(k * k).to_string()),
            ("moves", &moves.to_string()),
        ],
    );
    format!("{how}\n\n{why} {over} {rest}")
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

    #[test]
    fn one_frog_of_each_kind_is_said_in_the_singular() {
        assert_eq!(subtitle(1, 3), "1 frog of each kind · 3 moves");
        assert_eq!(subtitle(3, 15), "3 frogs of each kind · 15 moves");
        let one = figures(1, 3);
        assert!(
            one.contains("over the 1 frog of the other kind: 1 jump of 2 fields."),
            "{one}"
        );
        let three = figures(3, 15);
        assert!(
            three.contains("over the 3 frogs of the other kind: 9 jumps of 2 fields."),
            "{three}"
        );
        assert!(three.contains("so 9 + 6 = 15 moves"), "{three}");
    }
}
