//! The tic-tac-toe page's words for what the crate reports: a knowledge
//! file's trouble and the rewards.

use match5_tictactoe::file::Problem;
use match5_tictactoe::store::StoreError;
use match5_tictactoe::{Rewards, Tally};

use super::drawing::signed;
use super::model::GameState;
use super::session::Opened;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// What the computer learned could not be written: it keeps it.
pub fn not_saved_text(e: &StoreError) -> String {
    gettext_f(
        "It is not saved yet ({reason}): the computer keeps it and saves it after your next game.",
        &[("reason", &store_error(e))],
    )
}

/// What went wrong reading the computer's knowledge at the start, if
/// anything did.
pub fn opened(opened: &Opened) -> Option<String> {
    Some(match opened {
        Opened::Fine => return None,
        Opened::SetAside { aside, error } => gettext_f(
            "The computer’s knowledge could not be read ({reason}). It was kept as {file}; the computer starts anew.",
            &[
                ("reason", &store_error(error)),
                ("file", &aside.display().to_string()),
            ],
        ),
        Opened::NotSaved(error) => gettext_f(
            "The computer’s knowledge could not be read ({reason}). It learns, but nothing is saved over that file.",
            &[("reason", &store_error(error))],
        ),
    })
}

/// A knowledge file's trouble, in the person's language where it can be.
pub fn store_error(e: &StoreError) -> String {
    match e {
        StoreError::Io { path, error } => gettext_f(
            "{file}: {reason}",
            &[
                ("file", &path.display().to_string()),
                ("reason", &crate::errors::io_reason(error)),
            ],
        ),
        StoreError::Bad { path, error } => {
            let file = path.display().to_string();
            if error.is_newer() {
                return gettext_f(
                    "{file} was written by a newer version of Match5",
                    &[("file", &file)],
                );
            }
            let reason = problem(&error.problem);
            match error.line {
                Some(line) => gettext_f(
                    "{file}, line {line}: {problem}",
                    &[
                        ("file", &file),
                        ("line", &line.to_string()),
                        ("problem", &reason),
                    ],
                ),
                None => gettext_f("{file}: {reason}", &[("file", &file), ("reason", &reason)]),
            }
        }
    }
}

/// What is wrong in a knowledge file, in the person's language (the TOML
/// reader's own words stay as they are).
fn problem(p: &Problem) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match p {
        Problem::Toml(words) => words.clone(),
        Problem::TooLarge => gettext("it is larger than 1 MB"),
        Problem::NotText => gettext("it is not a text file"),
        Problem::NoFormat | Problem::OtherFormat(_) => {
            gettext("it is not a Match5 tic-tac-toe knowledge file")
        }
        Problem::NoVersion | Problem::BadVersion(_) => gettext("it has no valid version"),
        Problem::Newer(_) => gettext("it was written by a newer version of Match5"),
        Problem::Games(v) => gettext_f("{n} is not a number of games", &[("n", &n(v))]),
        Problem::Reward { value, .. } => gettext_f(
            "the reward {value} is not between −1000 and 1000",
            &[("value", &n(value))],
        ),
        Problem::NotAPosition(v) => gettext_f(
            "{value} is not a position (0 to 19682)",
            &[("value", &n(v))],
        ),
        Problem::OtherBoard { value, .. } => gettext_f(
            "the board is not that of position {value}",
            &[("value", &n(value))],
        ),
        Problem::NotABoard(board) => gettext_f(
            "“{board}” is not a board of three rows of X, O and .",
            &[("board", &match5_common::text::quote(board))],
        ),
        Problem::NotLowest { value, lowest } => gettext_f(
            "position {value} is not its lowest image; that is {lowest}",
            &[("value", &n(value)), ("lowest", &n(lowest))],
        ),
        Problem::Impossible { value, .. } => gettext_f(
            "the computer can never make position {value}",
            &[("value", &n(value))],
        ),
        Problem::Twice(v) => gettext_f("position {value} is listed twice", &[("value", &n(v))]),
        Problem::Preference(v) => gettext_f(
            "the preference {value} is out of range",
            &[("value", &n(v))],
        ),
    }
}

/// "won +1 · drawn 0 · lost −1".
pub fn rewards_text(r: Rewards) -> String {
    gettext_f(
        "won {win} · drawn {draw} · lost {loss}",
        &[
            ("win", &signed(r.win)),
            ("draw", &signed(r.draw)),
            ("loss", &signed(r.loss)),
        ],
    )
}

/// What a training run did: its games counted for the computer, and the
/// positions it knows now.
pub fn trained_text(total: &Tally, stored: usize) -> String {
    ngettext_f(
        "{played} game: the computer won {won}, lost {lost} and drew {drawn}. It now knows {stored} positions.",
        "{played} games: the computer won {won}, lost {lost} and drew {drawn}. It now knows {stored} positions.",
        u32::try_from(total.games).unwrap_or(u32::MAX),
        &[
            ("played", &total.games.to_string()),
            ("won", &total.wins.to_string()),
            ("lost", &total.losses.to_string()),
            ("drawn", &total.draws.to_string()),
            ("stored", &stored.to_string()),
        ],
    )
}

/// Why the computer takes no move and no second training now: the page's
/// status and the Train window say it.
/// The status line above the board.
pub fn status(state: GameState, rewards: Rewards, training: bool) -> String {
    match state {
        GameState::Start | GameState::YourTurn if training => training_holds_it_text(),
        GameState::Start => gettext("You begin: you play X. Click a field, or press 1 to 9."),
        GameState::Thinking => gettext("The computer is thinking…"),
        GameState::YourTurn => gettext("Your turn: you play X."),
        GameState::YouWon => gettext_f(
            "You win! Every position the computer made in this game gets {reward}: it will not play them so gladly again.",
            &[("reward", &signed(rewards.loss))],
        ),
        GameState::ComputerWon => gettext_f(
            "The computer wins. Every position it made in this game gets {reward}.",
            &[("reward", &signed(rewards.win))],
        ),
        GameState::Drawn => gettext_f(
            "A draw. Every position the computer made in this game gets {reward}.",
            &[("reward", &signed(rewards.draw))],
        ),
    }
}

/// Every status line, with the longest rewards: the place above the board
/// keeps the height of the longest.
pub fn status_samples() -> Vec<String> {
    let rewards = Rewards {
        win: -999,
        draw: -999,
        loss: -999,
    };
    [
        GameState::Start,
        GameState::YourTurn,
        GameState::Thinking,
        GameState::YouWon,
        GameState::ComputerWon,
        GameState::Drawn,
    ]
    .into_iter()
    .flat_map(|state| [status(state, rewards, false), status(state, rewards, true)])
    .collect()
}

/// The computer's answer, for screen readers: "O took field 2."
pub fn answer(field: usize) -> String {
    gettext_f(
        "O took field {field}.",
        &[("field", &(field + 1).to_string())],
    )
}

/// Why a move on the board was refused, for screen readers.
pub fn refusal(refusal: match5_tictactoe::Refusal) -> String {
    use match5_tictactoe::Refusal;
    match refusal {
        Refusal::Over => gettext("The game is over."),
        Refusal::Taken(field) => gettext_f(
            "Field {field} is taken.",
            &[("field", &(field + 1).to_string())],
        ),
        Refusal::NoField(field) => gettext_f(
            "There is no field {field}.",
            &[("field", &(field + 1).to_string())],
        ),
        Refusal::NotYourTurn => gettext("Wait: it is O’s turn."),
    }
}

pub fn training_holds_it_text() -> String {
    gettext("The computer is training: wait until it is done, or stop it.")
}

/// A script started training: the page says so (the window shows no
/// training window then).
pub fn script_training_text(games: u64) -> String {
    ngettext_f(
        "A script is training the computer: {n} game.",
        "A script is training the computer: {n} games.",
        u32::try_from(games).unwrap_or(u32::MAX),
        &[("n", &games.to_string())],
    )
}

/// A script's training ended (the page's rows show what it knows now).
pub fn script_trained_text(games: u64) -> String {
    ngettext_f(
        "The script’s training ended after {n} game.",
        "The script’s training ended after {n} games.",
        u32::try_from(games).unwrap_or(u32::MAX),
        &[("n", &games.to_string())],
    )
}

/// "The computer played field 5 — highest preference: +2." and how many were equal.
pub fn why_text(d: &match5_tictactoe::Deliberation) -> String {
    let field = (d.chosen.field + 1).to_string();
    let value = signed(d.chosen.preference);
    let mut text = if d.chosen.known {
        gettext_f(
            "The computer played field {field} — highest preference: {value}.",
            &[("field", &field), ("value", &value)],
        )
    } else {
        gettext_f(
            "The computer played field {field}: it leads to a position it had not seen yet, so its preference is {value}.",
            &[("field", &field), ("value", &value)],
        )
    };
    let equals = d.equals();
    if equals > 1 {
        text += " ";
        // A sentence of its own that does not begin with the number: "…
        // is 0. 8 fields were equal" read as 0.8.
        text += &ngettext_f(
            "Of the {n} equal field it takes the first.",
            "Of the {n} equal fields it takes the first.",
            u32::try_from(equals).unwrap_or(u32::MAX),
            &[("n", &equals.to_string())],
        );
    }
    text
}
