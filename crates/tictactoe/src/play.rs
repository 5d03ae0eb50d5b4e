//! Games against the computer and its training: the person's stand-ins
//! (random, perfect, and a second learning computer) play X and begin; the
//! computer plays O.

use std::collections::HashMap;

use rand::Rng;

use crate::board::{Board, Mark};
use crate::game::Game;
use crate::knowledge::{Knowledge, Outcome};

/// Who plays X in training.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// Any empty field.
    Random,
    /// Minimax: a move that loses least, chosen at random among the best.
    Perfect,
    /// A second learning computer with its own list, learning as X.
    Learner(Box<Knowledge>),
}

/// The value of `board` for `me` to move under best play: 1 win, 0 draw,
/// −1 loss.
fn value(board: &Board, me: Mark, memo: &mut HashMap<(u32, Mark), i32>) -> i32 {
    if let Some(w) = board.winner() {
        return if w == me { 1 } else { -1 };
    }
    if board.is_full() {
        return 0;
    }
    if let Some(&v) = memo.get(&(board.value(), me)) {
        return v;
    }
    let best = board
        .empty_fields()
        .map(|f| {
            let mut after = *board;
            after.set(f, Some(me));
            -value(&after, me.other(), memo)
        })
        .max()
        .expect("a field is empty");
    memo.insert((board.value(), me), best);
    best
}

thread_local! {
    /// Values already worked out (there are fewer than 2 x 3^9).
    static VALUES: std::cell::RefCell<HashMap<(u32, Mark), i32>> = Default::default();
}

/// A best move for `me`, chosen at random among the best ones.
pub fn perfect_move(board: &Board, me: Mark, rng: &mut impl Rng) -> Option<usize> {
    let scored: Vec<(usize, i32)> = VALUES.with_borrow_mut(|memo| {
        board
            .empty_fields()
            .map(|f| {
                let mut after = *board;
                after.set(f, Some(me));
                (f, -value(&after, me.other(), memo))
            })
            .collect()
    });
    let top = scored.iter().map(|s| s.1).max()?;
    let best: Vec<usize> = scored.iter().filter(|s| s.1 == top).map(|s| s.0).collect();
    Some(best[rng.random_range(0..best.len())])
}

/// One game: X (the opponent) begins, the computer plays O; both learners
/// learn from it. The computer's outcome.
pub fn play_game(computer: &mut Knowledge, opponent: &mut Opponent, rng: &mut impl Rng) -> Outcome {
    let mut game = Game::new();
    let mut made_x = Vec::new();
    while let Some(to_move) = game.to_move() {
        if to_move == Mark::O {
            game.answer(computer);
            continue;
        }
        let board = *game.board();
        let field = match opponent {
            Opponent::Random => {
                let empty: Vec<usize> = board.empty_fields().collect();
                empty[rng.random_range(0..empty.len())]
            }
            Opponent::Perfect => perfect_move(&board, Mark::X, rng).expect("a field is empty"),
            Opponent::Learner(x) => {
                let choice = x.choose(&board, Mark::X).expect("a field is empty");
                made_x.push(choice.position);
                choice.field
            }
        };
        game.play(field).expect("an empty field on X's turn");
    }
    let lesson = game.lesson().expect("the game is over");
    computer.learn(&lesson.made, lesson.outcome);
    if let Opponent::Learner(x) = opponent {
        let theirs = match lesson.outcome {
            Outcome::Won => Outcome::Lost,
            Outcome::Lost => Outcome::Won,
            Outcome::Drawn => Outcome::Drawn,
        };
        x.learn(&made_x, theirs);
    }
    lesson.outcome
}

/// Wins, losses and draws of the computer over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl Tally {
    pub fn add(&mut self, outcome: Outcome) {
        self.games += 1;
        match outcome {
            Outcome::Won => self.wins += 1,
            Outcome::Lost => self.losses += 1,
            Outcome::Drawn => self.draws += 1,
        }
    }
}

/// A training run: the whole tally and one per block of `block` games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Training {
    pub total: Tally,
    pub blocks: Vec<Tally>,
}

/// Plays `games` games against `opponent`; after each, `on_game` hears of
/// the run so far and the game's outcome, and may stop the run by
/// returning false.
pub fn train(
    computer: &mut Knowledge,
    opponent: &mut Opponent,
    games: u64,
    block: u64,
    rng: &mut impl Rng,
    on_game: &mut dyn FnMut(&Training, Outcome) -> bool,
) -> Training {
    let mut run = Training::default();
    let block = block.max(1);
    for n in 0..games {
        let outcome = play_game(computer, opponent, rng);
        run.total.add(outcome);
        if n % block == 0 {
            run.blocks.push(Tally::default());
        }
        run.blocks.last_mut().expect("a block").add(outcome);
        if !on_game(&run, outcome) {
            break;
        }
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_perfect_player_never_loses_a_game() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut computer = Knowledge::default();
        let run = train(
            &mut computer,
            &mut Opponent::Perfect,
            300,
            100,
            &mut rng,
            &mut |_, _| true,
        );
        assert_eq!(run.total.wins, 0);
        assert_eq!(run.total.games, 300);
        assert_eq!(run.blocks.len(), 3);
        assert_eq!(run.blocks.iter().map(|b| b.games).sum::<u64>(), 300);
    }
}
