//! Players other than the exact search: random, greedy and the seed's Monte
//! Carlo "good move" (`bepaalGoedeZet`).

use std::time::{Duration, Instant};

use rand::Rng;

use crate::game::{Game, Move};

/// A move chosen evenly among all allowed moves (equal ones included, as a
/// person picking any bowl and colour would).
pub fn random_move(game: &Game, rng: &mut impl Rng) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let moves = game.allowed_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// The seed's good move: after each distinct move the game is played out
/// `simulations` times with random allowed moves; the move with the highest
/// average final score for the player to move now wins (of equal ones the
/// first).
#[derive(Clone, Debug, PartialEq)]
pub struct GoodMove {
    pub best: Move,
    /// Each distinct move with its average final score.
    pub averages: Vec<(Move, f64)>,
    /// Random games played after each move: as many as asked, or fewer when
    /// the time ran out first.
    pub simulations: usize,
}

/// [`good_move_within`] without a time limit.
pub fn good_move(game: &Game, simulations: usize, rng: &mut impl Rng) -> Option<GoodMove> {
    good_move_within(game, simulations, None, rng)
}

/// The good move of at most `simulations` random games after each move,
/// played in rounds (one after each move, then the next round) so that
/// when `time` runs out every move has had as many: at least one round.
pub fn good_move_within(
    game: &Game,
    simulations: usize,
    time: Option<Duration>,
    rng: &mut impl Rng,
) -> Option<GoodMove> {
    good_move_until(game, simulations, time, &|| false, rng)
}

/// [`good_move_within`] that ends without an answer as soon as `stop`
/// says so (checked after each random game): the position it was asked
/// about has gone, so nothing it found would mean anything.
pub fn good_move_until(
    game: &Game,
    simulations: usize,
    time: Option<Duration>,
    stop: &dyn Fn() -> bool,
    rng: &mut impl Rng,
) -> Option<GoodMove> {
    if game.is_over() || stop() {
        return None;
    }
    let deadline = time.and_then(|t| Instant::now().checked_add(t));
    let me = game.to_move();
    let moves = game.distinct_moves();
    let mut totals = vec![0i64; moves.len()];
    let mut rounds = 0;
    while rounds < simulations.max(1) {
        for (mv, total) in moves.iter().zip(&mut totals) {
            let mut playout = game.clone();
            playout.play(*mv).expect("a distinct move is allowed");
            while let Some(next) = random_move(&playout, rng) {
                playout.play(next).expect("an allowed move");
            }
            *total += i64::from(playout.score(me));
            if stop() {
                return None;
            }
        }
        rounds += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
    }
    let averages: Vec<(Move, f64)> = moves
        .into_iter()
        .zip(totals)
        .map(|(mv, total)| (mv, total as f64 / rounds as f64))
        .collect();
    let top = averages
        .iter()
        .map(|(_, a)| *a)
        .fold(f64::NEG_INFINITY, f64::max);
    let best = averages.iter().find(|(_, a)| *a == top)?.0;
    Some(GoodMove {
        best,
        averages,
        simulations: rounds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{EXAMPLE, parse};
    use rand::SeedableRng;

    #[test]
    fn a_good_move_is_seedable_and_finds_figure_3s_best() {
        let game = parse(EXAMPLE).unwrap();
        let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut b = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let first = good_move(&game, 500, &mut a).unwrap();
        assert_eq!(Some(first.clone()), good_move(&game, 500, &mut b));
        assert_eq!(first.averages.len(), 2);
        assert_eq!(first.simulations, 500);
        // (0, b) is the better move, and enough random games see it.
        assert_eq!(first.best.to_string(), "(0, b)");
        // A million games per move stop at the time limit, with every move
        // played out as often.
        let cut =
            good_move_within(&game, 1_000_000, Some(Duration::from_millis(50)), &mut a).unwrap();
        assert!(
            cut.simulations >= 1 && cut.simulations < 1_000_000,
            "{}",
            cut.simulations
        );
    }

    #[test]
    fn a_stopped_good_move_ends_at_once_without_an_answer() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let game = parse(EXAMPLE).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        // No time limit and a million games: only the stop ends it, after
        // the tenth question.
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 10;
        assert_eq!(
            good_move_until(&game, 1_000_000, None, &stop, &mut rng),
            None
        );
        assert_eq!(asked.load(Ordering::Relaxed), 11);
        assert_eq!(good_move_until(&game, 5, None, &|| true, &mut rng), None);
        assert!(good_move_until(&game, 5, None, &|| false, &mut rng).is_some());
    }
}

#[cfg(test)]
mod greedy {
    use crate::file::parse;
    use crate::game::{Colour, Move};
    use crate::search::best_score;

    /// The seed asks why filling a row as full as possible is not always
    /// best. Lieke (to move) can put the two blue tiles on her blue row
    /// (3 of 4) or the yellow one in an empty row. Greedy takes blue; then
    /// Femke takes the yellow tile and fills her row of three: -1 for
    /// Lieke. Taking yellow leaves Femke only the two blue tiles, which
    /// fill nothing, and the game ends 0-0.
    #[test]
    fn greedy_loses_a_point_where_the_best_move_does_not() {
        let game = parse("gbb\n2 4\n3 4\n3 0\n3 0\n0 0\n0 1\n0 0\n0 0\n1\n").unwrap();
        let greedy = game.greedy_move().unwrap();
        assert_eq!(
            greedy,
            Move {
                bowl: 0,
                colour: Colour::Blue
            }
        );
        let best = best_score(&game);
        assert_eq!(best.score, 0);
        assert_eq!(
            best.best,
            Some(Move {
                bowl: 0,
                colour: Colour::Yellow
            })
        );
        let after_greedy = best.moves.iter().find(|(m, _)| *m == greedy).unwrap().1;
        assert_eq!(after_greedy, -1);
    }
}
