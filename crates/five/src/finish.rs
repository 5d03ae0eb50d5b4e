//! The end of a game: the one place where a finished game is counted and a
//! game the computer lost becomes a new error pattern. The app, `train` and
//! `pbrain` all finish their games here.

use crate::board::Color;
use crate::game::{Game, Mode};
use crate::history::{self, Entry, GameResult};
use crate::knowledge::{Change, Knowledge};
use crate::pattern::{Pattern, PatternCell};

/// If `game` is over and was played against the computer: counts it in the
/// player's statistics and, when the player (blue) won, learns its lesson.
/// Returns what the knowledge learned and forgot (junk removal), or
/// [`Change::Varied`] when the loss taught nothing new; nothing for a game
/// that is not over or between two people.
///
/// The promise: the computer never loses the same game twice. A lesson with
/// content that is not known yet is learned, and every lost line is
/// remembered: the computer's latest free decision on it will go another
/// way (see `learn_from_loss`).
pub fn finish_game(knowledge: &mut Knowledge, game: &Game) -> Vec<Change> {
    finish_hinted_game(knowledge, game, 0)
}

/// [`finish_game`] for a game in which the player took `hints` hints. A
/// won game with hints still teaches the computer, and keeps the promise,
/// but what it learns is marked as from a hinted win
/// ([`crate::Learned::Hinted`]): the player's level counts only what they
/// taught on their own, so the hall of fame stays honest. The history
/// entry says how many hints.
pub fn finish_hinted_game(knowledge: &mut Knowledge, game: &Game, hints: u32) -> Vec<Change> {
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    if game.mode() != Mode::VsComputer {
        return Vec::new();
    }
    knowledge.record(outcome.winner());
    let changes = if outcome.winner() == Some(Color::Blue) {
        learn_from_loss(
            knowledge,
            game,
            if hints > 0 { By::Hinted } else { By::Player },
        )
    } else {
        Vec::new()
    };
    let entry = Entry {
        game: knowledge.stats().games(),
        result: match outcome.winner() {
            Some(Color::Blue) => GameResult::Won,
            Some(Color::Red) => GameResult::Lost,
            None => GameResult::Drawn,
        },
        level: u32::try_from(knowledge.level()).unwrap_or(u32::MAX),
        date: history::today(),
        // The game that taught the computer: kept to be replayed.
        moves: (outcome.winner() == Some(Color::Blue)).then(|| game.moves().to_vec()),
        hints,
    };
    knowledge.history_mut().push(entry);
    changes
}

/// A game the computer played in practice, against an opponent that is not
/// the player (a built-in player, an engine): counted in neither the
/// player's statistics nor their history. A loss teaches as
/// [`finish_game`]'s does, and keeps the same promise, but the pattern is
/// the computer's own ([`crate::Learned::Practice`]): it never raises the
/// player's level.
pub fn finish_practice_game(knowledge: &mut Knowledge, game: &Game) -> Vec<Change> {
    match game.outcome() {
        Some(o) if o.winner() == Some(Color::Blue) && game.mode() == Mode::VsComputer => {
            learn_from_loss(knowledge, game, By::Practice)
        }
        _ => Vec::new(),
    }
}

/// Who beat the computer.
#[derive(Clone, Copy)]
enum By {
    /// The player, on their own.
    Player,
    /// The player, with hints.
    Hinted,
    /// Another opponent, in practice.
    Practice,
}

/// The player won: learn the lesson, and always remember the lost line.
///
/// The promise holds by construction: every lost game leaves a veto on one
/// of red's decisions in it (its latest free decision that has another
/// field left, else its latest forced one), and a veto outranks every
/// pattern. A veto is only added where another field stays open, so a
/// position never runs out of fields: the lost game cannot be played again
/// move for move, whatever is learned later. (It used to be remembered only
/// when the knowledge of that moment would not already play otherwise;
/// lessons learned later could then lead back into it.)
fn learn_from_loss(knowledge: &mut Knowledge, game: &Game, by: By) -> Vec<Change> {
    let mut changes = match game.lesson() {
        Some(p) if has_content(&p) && !knowledge.knows(&p) => match by {
            By::Player => knowledge.learn(p),
            By::Hinted => knowledge.learn_hinted(p),
            By::Practice => knowledge.learn_in_practice(p),
        },
        _ => Vec::new(),
    };
    let varied = knowledge.lost_lines_mut().remember(game.moves());
    if changes.is_empty()
        && let Some((_, cell)) = varied
    {
        // Nothing else learned: the person hears that it will play otherwise.
        changes.push(Change::Varied { cell });
    }
    changes
}

/// A lesson says something when it holds at least two blue stones: with
/// fewer it only says "play next to a stone", which a free move does anyway
/// (the chain of forced moves reached the start of the game).
pub fn has_content(pattern: &Pattern) -> bool {
    pattern
        .cells()
        .filter(|(_, _, c)| *c == PatternCell::Stone)
        .count()
        >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, Color};

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn a_lost_game_is_counted_and_learned_once_a_game_between_people_is_not() {
        let mut k = Knowledge::new("Anna");
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        assert!(finish_game(&mut k, &game).is_empty(), "not over yet");
        // Blue plays a row; red answers far away.
        for i in 0..5 {
            game.play_as(Color::Blue, c(i, 0)).unwrap();
            if i < 4 {
                game.play_as(Color::Red, c(i, 8)).unwrap();
            }
        }
        let changes = finish_game(&mut k, &game);
        assert_eq!(changes.len(), 1, "one pattern learned");
        assert_eq!((k.stats().won, k.level()), (1, 1));
        // And the line is vetoed: red's last free decision, whatever the
        // pattern would answer there later.
        assert_eq!(k.lost_lines().len(), 1);

        let mut k2 = Knowledge::new("Bert");
        let mut two = Game::new(Mode::TwoPlayers, Color::Blue);
        for i in 0..5 {
            two.play(c(i, 0)).unwrap();
            if i < 4 {
                two.play(c(i, 8)).unwrap();
            }
        }
        assert!(two.is_over());
        assert!(finish_game(&mut k2, &two).is_empty());
        assert_eq!((k2.stats().games(), k2.level()), (0, 0));
    }

    #[test]
    fn a_win_with_hints_teaches_but_not_the_level_and_says_so_in_the_file() {
        use crate::fivo::{self, Contents};
        let won = || {
            let mut game = Game::new(Mode::VsComputer, Color::Blue);
            for i in 0..5 {
                game.play_as(Color::Blue, c(i, 0)).unwrap();
                if i < 4 {
                    game.play_as(Color::Red, c(i, 8)).unwrap();
                }
            }
            game
        };
        let mut k = Knowledge::new("Anna");
        let plain = fivo::write(&Contents::of(&k));
        assert!(plain.contains("\nversion = 1\n"), "nothing needs version 2");
        let changes = finish_hinted_game(&mut k, &won(), 2);
        assert_eq!(changes.len(), 1, "it still learns");
        assert_eq!((k.stats().won, k.level(), k.pattern_count()), (1, 0, 1));
        assert_eq!(k.history().last().unwrap().hints, 2);
        assert_eq!(
            k.learned(0),
            crate::Learned::Hinted(1),
            "from game 1, won with hints"
        );
        assert_eq!((k.hinted(), k.practised()), (1, 0));
        assert_eq!(
            k.origin_counts(),
            crate::OriginCounts {
                hinted: 1,
                ..Default::default()
            }
        );
        let text = fivo::write(&Contents::of(&k));
        assert!(
            text.contains("\nversion = 3\n")
                && text.contains(" hints:2 ")
                && text.contains("game = 1\nhinted = true\n"),
            "{text}"
        );
        let back = fivo::parse(&text).unwrap();
        assert_eq!(back.history.last().unwrap().hints, 2);
        assert_eq!(back.learned, vec![crate::Learned::Hinted(1)]);
        // A file written before (version 2) kept the pattern as practice:
        // its history finds the hinted win again.
        let old = text
            .replace("\nversion = 3\n", "\nversion = 2\n")
            .replace("game = 1\nhinted = true\n", "practice = true\n");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Anna.fivo");
        std::fs::write(&path, &old).unwrap();
        let read = crate::files::load_knowledge(&path).unwrap();
        assert_eq!(
            (read.learned(0), read.level()),
            (crate::Learned::Hinted(1), 0)
        );
        // A practice pattern that no hinted win taught stays practice.
        let other = old.replace(" hints:2 ", " ");
        std::fs::write(&path, &other).unwrap();
        let read = crate::files::load_knowledge(&path).unwrap();
        assert_eq!(read.learned(0), crate::Learned::Practice);
        // The same win without hints raises the level.
        let mut k = Knowledge::new("Bert");
        finish_hinted_game(&mut k, &won(), 0);
        assert_eq!(k.level(), 1);
    }
}
