//! The end of a game: the one place where a finished game is counted and a
//! game the computer lost becomes a new error pattern. The app, `train` and
//! `pbrain` all finish their games here.

use crate::game::{Game, Mode};
use crate::knowledge::{Change, Knowledge};

/// If `game` is over and was played against the computer: counts it in the
/// player's statistics and, when the player (blue) won, learns its lesson.
/// Returns what the knowledge learned and forgot (junk removal); nothing
/// for a game that is not over or between two people.
pub fn finish_game(knowledge: &mut Knowledge, game: &Game) -> Vec<Change> {
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    if game.mode() != Mode::VsComputer {
        return Vec::new();
    }
    knowledge.record(outcome.winner());
    game.lesson()
        .map(|p| knowledge.learn(p))
        .unwrap_or_default()
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
}
