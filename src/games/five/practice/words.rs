//! What the Practice window says: the choices' names, the progress, the
//! mutations, the summary and an engine's trouble, in the person's
//! language, with every count through ngettext.

use match5_practice::{EngineError, Opponent, PracticeError, Tally};

use super::runner::{self, Block, Mutation};
use crate::games::five::board::view::cell_name;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// The built-in opponents, in the drop-down's order: the opponent, its
/// short name (it fits at 360 px) and what it does (the row's subtitle).
pub fn builtin_opponents() -> Vec<(Opponent, String, String)> {
    vec![
        (
            Opponent::Random,
            gettext("Random"),
            gettext("Plays any free field"),
        ),
        (
            Opponent::Greedy,
            gettext("Greedy"),
            gettext("Makes its longest line"),
        ),
        (
            Opponent::Search(1),
            gettext("1 move ahead"),
            gettext("Searches one move ahead"),
        ),
        (
            Opponent::Search(2),
            gettext("2 moves ahead"),
            gettext("Searches two moves ahead"),
        ),
        (
            Opponent::Search(3),
            gettext("3 moves ahead"),
            gettext("Searches three moves ahead"),
        ),
        (
            Opponent::Noisy(2),
            gettext("Surprising"),
            gettext("Searches two moves ahead, and now and then plays a surprise"),
        ),
        (
            Opponent::SelfCopy,
            gettext("Itself"),
            gettext("A copy of the computer with what it knows"),
        ),
        (
            Opponent::Threat,
            gettext("Threats"),
            gettext("Makes fours and open threes, and blocks them"),
        ),
    ]
}

/// Who starts, in the drop-down's order.
pub fn starts_names() -> Vec<String> {
    vec![
        gettext("The Computer"),
        gettext("The Opponent"),
        gettext("By Turns"),
    ]
}

/// The speeds, in the drop-down's order: the name and the pause after
/// every move in milliseconds.
pub fn speeds() -> Vec<(String, u64)> {
    vec![
        (gettext("Slow"), 500),
        (gettext("Normal"), 80),
        (gettext("Quick"), 15),
        (gettext("Fastest"), 0),
    ]
}

fn count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// "12 of 200 games".
pub fn progress(played: u64, games: u64) -> String {
    ngettext_f(
        "{n} of {total} game",
        "{n} of {total} games",
        count(games),
        &[("n", &played.to_string()), ("total", &games.to_string())],
    )
}

/// "12 games: lost 3, drew 1, won 8, learned 2 patterns" while it plays
/// and when it is done.
pub fn summary(t: &Tally) -> String {
    let games = ngettext_f(
        "{count} game",
        "{count} games",
        count(t.played),
        &[("count", &t.played.to_string())],
    );
    gettext_f(
        "{games}: {results}",
        &[("games", &games), ("results", &results(t))],
    )
}

/// "Stopped after 10 of 40 games: lost 3, …", saying the games once.
pub fn stopped(t: &Tally, games: u64) -> String {
    gettext_f(
        "Stopped after {progress}: {results}",
        &[
            ("progress", &progress(t.played, games)),
            ("results", &results(t)),
        ],
    )
}

/// The longest things the summary says, for its place to keep their
/// height.
pub fn summary_samples() -> Vec<String> {
    let most = Tally {
        played: runner::MOST_GAMES,
        computer_won: runner::MOST_GAMES,
        computer_lost: runner::MOST_GAMES,
        drawn: runner::MOST_GAMES,
        learned: runner::MOST_GAMES,
        ..Tally::default()
    };
    vec![
        summary(&most),
        stopped(&most, runner::MOST_GAMES),
        gettext("Playing…"),
    ]
}

/// "lost 3, drew 1, won 8, learned 2 patterns".
fn results(t: &Tally) -> String {
    let patterns = ngettext_f(
        "learned {count} pattern",
        "learned {count} patterns",
        count(t.learned),
        &[("count", &t.learned.to_string())],
    );
    gettext_f(
        "lost {lost}, drew {drawn}, won {won}, {patterns}",
        &[
            ("lost", &t.computer_lost.to_string()),
            ("drawn", &t.drawn.to_string()),
            ("won", &t.computer_won.to_string()),
            ("patterns", &patterns),
        ],
    )
}

/// The chart's legends: the losses over the last `window` games, and the
/// patterns.
pub fn chart_legends(window: u64) -> [String; 2] {
    [
        ngettext_f(
            "lost per 100 of the last {count} game",
            "lost per 100 of the last {count} games",
            count(window),
            &[("count", &window.to_string())],
        ),
        gettext("patterns known"),
    ]
}

/// One mutation, as it happens.
pub fn mutation(m: &Mutation) -> String {
    match *m {
        Mutation::Learned { game, level } => gettext_f(
            "Game {game}: learned a pattern of depth {depth}",
            &[("game", &game.to_string()), ("depth", &level.to_string())],
        ),
        Mutation::Removed { game, level } => gettext_f(
            "Game {game}: forgot a pattern of depth {depth} that the new one covers",
            &[("game", &game.to_string()), ("depth", &level.to_string())],
        ),
        Mutation::Varied { game, cell } => gettext_f(
            "Game {game}: will try another reply than {field}",
            &[("game", &game.to_string()), ("field", &cell_name(cell))],
        ),
    }
}

/// The curve in words, for screen readers: the first and the last block.
pub fn curve(blocks: &[Block]) -> String {
    let (Some(first), Some(last)) = (blocks.first(), blocks.last()) else {
        return String::new();
    };
    ngettext_f(
        "In the first game the computer lost {la} per 100; in the {w} games up to game {b} it lost {lb} per 100, and it knew {patterns}.",
        "In the first {a} games the computer lost {la} per 100; in the {w} games up to game {b} it lost {lb} per 100, and it knew {patterns}.",
        count(first.size),
        &[
            ("a", &first.size.to_string()),
            ("w", &last.size.to_string()),
            ("la", &format!("{:.0}", first.loss_rate())),
            ("b", &last.games.to_string()),
            ("lb", &format!("{:.0}", last.loss_rate())),
            (
                "patterns",
                &ngettext_f(
                    "{count} pattern",
                    "{count} patterns",
                    count(last.patterns as u64),
                    &[("count", &last.patterns.to_string())],
                ),
            ),
        ],
    )
}

/// Why a run stopped early.
pub fn error(e: &PracticeError) -> String {
    match e {
        PracticeError::Engine(e) => engine_error(e),
        PracticeError::Move(m) => gettext_f(
            "The opponent made a move the rules refuse: {reason}",
            &[("reason", m)],
        ),
    }
}

/// An engine's trouble, naming the engine by its command.
pub fn engine_error(e: &EngineError) -> String {
    match e {
        EngineError::CannotStart { command, reason } => gettext_f(
            "The engine “{command}” could not be started: {reason}",
            &[("command", command), ("reason", reason)],
        ),
        EngineError::Silent {
            command, seconds, ..
        } => ngettext_f(
            "The engine “{command}” did not answer within {seconds} second and was stopped.",
            "The engine “{command}” did not answer within {seconds} seconds and was stopped.",
            count(*seconds),
            &[("command", command), ("seconds", &seconds.to_string())],
        ),
        EngineError::Quit { command, .. } => gettext_f(
            "The engine “{command}” quit in the middle of the game.",
            &[("command", command)],
        ),
        EngineError::Refused {
            command,
            request,
            answer,
        } => gettext_f(
            "The engine “{command}” answered “{request}” with “{answer}”.",
            &[
                ("command", command),
                ("request", request),
                ("answer", answer),
            ],
        ),
        EngineError::NotAMove {
            command, answer, ..
        } => gettext_f(
            "The engine “{command}” answered “{answer}”, which is not a move.",
            &[("command", command), ("answer", answer)],
        ),
        // The game goes on while the engine is asked: its move can only
        // be refused for the stone already there.
        EngineError::IllegalMove { command, cell, .. } => gettext_f(
            "The engine “{command}” played {field}, where a ball is already.",
            &[("command", command), ("field", cell)],
        ),
        EngineError::Stopped { command } => gettext_f(
            "Stopped while the engine “{command}” was thinking.",
            &[("command", command)],
        ),
    }
}
