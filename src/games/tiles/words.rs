//! What the tile page says: whose turn or who won, the last move, the
//! hint. Bowls and rows are numbered from 1 here, for people; files and
//! the command line keep the original's numbers from 0.

use match5_tiles::game::PLAYER_NAMES;
use match5_tiles::{Colour, Game, Move};

use super::model::tiles_name;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// "Femke wins, 3 full rows to 1." at the end, else whose turn it is.
/// With `you` (the one side a person plays against a computer) it speaks
/// to that person: "Your turn", "You win"; the seed's names Femke and
/// Lieke are the sides' names, never the person's.
pub fn status(game: &Game, thinking: bool, computer_to_move: bool, you: Option<usize>) -> String {
    let rows = [game.full_rows(0), game.full_rows(1)];
    match (game.is_over(), you) {
        (true, Some(you)) => your_result(rows[you], rows[1 - you]),
        (true, None) => result(rows[0], rows[1]),
        (false, Some(you)) if game.to_move() == you && !thinking => your_turn(),
        (false, _) => turn(PLAYER_NAMES[game.to_move()], thinking, computer_to_move),
    }
}

/// "Your turn: choose a bowl and a colour."
fn your_turn() -> String {
    gettext("Your turn: choose a bowl and a colour.")
}

/// "You win, 3 full rows to 1." for the person, who has `mine` full rows.
fn your_result(mine: usize, theirs: usize) -> String {
    let numbers = [("mine", mine.to_string()), ("theirs", theirs.to_string())];
    let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let rows = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => ngettext_f(
            "You win, {mine} full row to {theirs}.",
            "You win, {mine} full rows to {theirs}.",
            rows(mine),
            &numbers,
        ),
        std::cmp::Ordering::Less => ngettext_f(
            "You lose, {theirs} full row to {mine}.",
            "You lose, {theirs} full rows to {mine}.",
            rows(theirs),
            &numbers,
        ),
        std::cmp::Ordering::Equal => result(mine, theirs),
    }
}

/// "Femke wins, 3 full rows to 1.": the count said with "rows" is the
/// winner's (or each player's).
fn result(a: usize, b: usize) -> String {
    let numbers = [("a", a.to_string()), ("b", b.to_string())];
    let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let rows = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => ngettext_f(
            "Femke wins, {a} full row to {b}.",
            "Femke wins, {a} full rows to {b}.",
            rows(a),
            &numbers,
        ),
        std::cmp::Ordering::Less => ngettext_f(
            "Lieke wins, {b} full row to {a}.",
            "Lieke wins, {b} full rows to {a}.",
            rows(b),
            &numbers,
        ),
        std::cmp::Ordering::Equal => ngettext_f(
            "A draw, {a} full row each.",
            "A draw, {a} full rows each.",
            rows(a),
            &numbers,
        ),
    }
}

/// Whose turn it is, or who is thinking.
fn turn(name: &str, thinking: bool, computer_to_move: bool) -> String {
    if thinking && computer_to_move {
        gettext_f("{name} is thinking…", &[("name", name)])
    } else if thinking {
        gettext("Looking for the best move…")
    } else {
        gettext_f(
            "{name}’s turn: choose a bowl and a colour.",
            &[("name", name)],
        )
    }
}

/// Every status line, with the largest counts: the place above the board
/// keeps the height of the longest.
pub fn status_samples() -> Vec<String> {
    let mut samples = vec![
        result(10, 9),
        result(9, 10),
        result(10, 10),
        result(1, 0),
        your_result(10, 9),
        your_result(9, 10),
    ];
    samples.push(your_turn());
    for name in PLAYER_NAMES {
        for (thinking, computer) in [(true, true), (true, false), (false, false)] {
            samples.push(turn(name, thinking, computer));
        }
    }
    samples
}

/// The last move played, in words ("Lieke took 3 blue tiles of bowl
/// 2 into row 2.", "You took …" for `you`), or None at the start.
pub fn last_move(game: &Game, you: Option<usize>) -> Option<String> {
    let mv = game.history().last()?;
    let mut before = game.clone();
    before.undo();
    let n = before.bowl(mv.bowl, mv.colour) as u32;
    let row = before.check(mv).ok()? + 1;
    let mover = before.to_move();
    let name = PLAYER_NAMES[mover];
    let args = [
        ("name", name.to_string()),
        ("n", n.to_string()),
        ("bowl", (mv.bowl + 1).to_string()),
        ("row", row.to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Some(match mv.colour {
        Colour::Yellow if you == Some(mover) => ngettext_f(
            "You took {n} yellow tile of bowl {bowl} into row {row}.",
            "You took {n} yellow tiles of bowl {bowl} into row {row}.",
            n,
            &args,
        ),
        Colour::Blue if you == Some(mover) => ngettext_f(
            "You took {n} blue tile of bowl {bowl} into row {row}.",
            "You took {n} blue tiles of bowl {bowl} into row {row}.",
            n,
            &args,
        ),
        Colour::Yellow => ngettext_f(
            "{name} took {n} yellow tile of bowl {bowl} into row {row}.",
            "{name} took {n} yellow tiles of bowl {bowl} into row {row}.",
            n,
            &args,
        ),
        Colour::Blue => ngettext_f(
            "{name} took {n} blue tile of bowl {bowl} into row {row}.",
            "{name} took {n} blue tiles of bowl {bowl} into row {row}.",
            n,
            &args,
        ),
    })
}

/// The hint: exact, or the best found in the time (said so).
pub fn hint(
    game: &Game,
    you: Option<usize>,
    mv: Move,
    score: i32,
    exact: bool,
    depth: u32,
) -> String {
    let bowl = (mv.bowl + 1).to_string();
    if exact && you == Some(game.to_move()) {
        gettext_f(
            "Best move: the {tiles} of bowl {bowl}. With the best play of both, you end with a score of {score}.",
            &[
                ("tiles", &tiles_name(mv.colour)),
                ("bowl", &bowl),
                ("score", &score.to_string()),
            ],
        )
    } else if exact {
        gettext_f(
            "Best move: the {tiles} of bowl {bowl}. With the best play of both, {name} ends with a score of {score}.",
            &[
                ("tiles", &tiles_name(mv.colour)),
                ("bowl", &bowl),
                ("name", PLAYER_NAMES[game.to_move()]),
                ("score", &score.to_string()),
            ],
        )
    } else {
        let ahead = ngettext_f(
            "looking {n} move ahead",
            "looking {n} moves ahead",
            depth,
            &[("n", &depth.to_string())],
        );
        gettext_f(
            "Best move found in 2 seconds, {ahead}: the {tiles} of bowl {bowl}. The game is too large to search to its end, so this is not proven best.",
            &[
                ("ahead", &ahead),
                ("tiles", &tiles_name(mv.colour)),
                ("bowl", &bowl),
            ],
        )
    }
}

/// "Bowl 1" … under the bowls.
pub fn bowl_label(bowl: usize) -> String {
    gettext_f("Bowl {bowl}", &[("bowl", &(bowl + 1).to_string())])
}

/// How a move is made, under the board before the first one (the rules
/// are further down, once).
pub fn how_to_move() -> String {
    gettext(
        "Click the tiles of one colour in a bowl, or choose them with the arrow keys and press Return.",
    )
}

/// The rules in a paragraph, below the players.
pub fn rules() -> String {
    gettext(
        "Take all tiles of one colour from a bowl: they go into your fullest row that holds that colour or nothing and where they all fit. The bowl is filled up again from the pot, whose order everyone knows. The game ends when a player’s rows are all full or the player to move cannot move; your score is your full rows minus the other’s.",
    )
}

pub fn how_the_computer_plays() -> String {
    gettext(
        "How the computer plays: Best looks ahead to the end of the game, remembering positions it has seen and skipping moves that cannot matter; Good plays many random games after each move and takes the best average; Greedy fills a row as far as it can, which is not always best.",
    )
}

#[cfg(test)]
mod tests {
    use match5_tiles::{Colour, Move, parse};

    #[test]
    fn one_full_row_is_said_in_the_singular() {
        // Two bowls of 4 tiles, one row of 4 cells each: Femke fills hers
        // with bowl 1's yellow tiles and the game is over.
        let mut game = parse("ggggbbbbg\n2 4\n1 4\n0 0\n0 0\n0\n").expect("a game");
        game.play(Move {
            bowl: 0,
            colour: Colour::Yellow,
        })
        .expect("a legal move");
        assert!(game.is_over());
        assert_eq!(
            super::status(&game, false, false, None),
            "Femke wins, 1 full row to 0."
        );
        // Against a computer the person is spoken to.
        assert_eq!(
            super::status(&game, false, false, Some(0)),
            "You win, 1 full row to 0."
        );
        assert_eq!(
            super::status(&game, false, false, Some(1)),
            "You lose, 1 full row to 0."
        );
    }
}
