//! The seed's experiment (`doeExperiment`): play good moves to the end,
//! then take them back one by one and search the best score after each, to
//! see how the work grows with the moves left to look ahead.

use std::time::{Duration, Instant};

use rand::Rng;

use crate::game::{Game, Move};
use crate::players::good_move;
use crate::search::{Best, Budget, TreeSize, best_score_within, tree_size_within};

/// One row of the experiment's table.
#[derive(Clone, Debug)]
pub struct Step {
    /// Moves taken back from the end.
    pub taken_back: usize,
    /// The best-score search, unless it ran past the limit.
    pub best: Option<Best>,
    /// The full tree's size, unless counting it ran past the limit.
    pub tree: Option<TreeSize>,
}

impl Step {
    /// Did a search of this step run past the limit (so the experiment
    /// stopped here)?
    pub fn over_limit(&self) -> bool {
        self.best.is_none() || self.tree.is_none()
    }
}

/// The experiment's result.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// The good moves played from the start to the end.
    pub played: Vec<Move>,
    pub steps: Vec<Step>,
}

/// Runs the experiment from `game`: good moves of `simulations` playouts
/// each to the end, then moves taken back until the start, or until a
/// search takes longer than `limit`, or `stop` says so. `on_step` hears of
/// every row as it is made, with the number of good moves played (the rows
/// there can be).
pub fn run(
    game: &Game,
    simulations: usize,
    rng: &mut impl Rng,
    limit: Duration,
    stop: &dyn Fn() -> bool,
    on_step: &mut dyn FnMut(&Step, usize),
) -> Experiment {
    let mut game = game.clone();
    let mut played = Vec::new();
    while let Some(good) = good_move(&game, simulations, rng) {
        if stop() {
            return Experiment {
                played,
                steps: Vec::new(),
            };
        }
        game.play(good.best).expect("a good move is allowed");
        played.push(good.best);
    }
    let mut steps = Vec::new();
    for taken_back in 1..=played.len() {
        game.undo();
        // The exact answer or none: a search still under way at the limit
        // ends the experiment.
        let deadline = Instant::now() + limit;
        let past = || stop() || Instant::now() >= deadline;
        let best = best_score_within(&game, Budget::EXACT, &past, &mut |_| {});
        let budget = Budget {
            time: Some(limit),
            ..Budget::EXACT
        };
        let tree = best
            .as_ref()
            .map(|_| tree_size_within(&game, budget, stop))
            .filter(|t| t.complete);
        let step = Step {
            taken_back,
            best,
            tree,
        };
        on_step(&step, played.len());
        let done = step.over_limit();
        steps.push(step);
        if done || stop() {
            break;
        }
    }
    Experiment { played, steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{EXAMPLE, parse};
    use rand::SeedableRng;

    #[test]
    fn the_work_grows_as_moves_are_taken_back_to_the_start() {
        let game = parse(EXAMPLE).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut heard = 0;
        let e = run(
            &game,
            50,
            &mut rng,
            Duration::from_secs(60),
            &|| false,
            &mut |_, _| heard += 1,
        );
        assert!(!e.played.is_empty());
        assert_eq!(e.steps.len(), e.played.len());
        assert_eq!(heard, e.steps.len());
        let sizes: Vec<u128> = e
            .steps
            .iter()
            .map(|s| s.tree.as_ref().unwrap().positions)
            .collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]), "{sizes:?}");
        // Back at the start: the seed's figure.
        assert_eq!(*sizes.last().unwrap(), 5_578);
        assert_eq!(e.steps.last().unwrap().best.as_ref().unwrap().score, 0);
    }

    #[test]
    fn a_search_past_the_limit_ends_the_experiment() {
        let game = parse(EXAMPLE).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let e = run(
            &game,
            10,
            &mut rng,
            Duration::ZERO,
            &|| false,
            &mut |_, _| {},
        );
        assert_eq!(e.steps.len(), 1);
        assert!(e.steps[0].over_limit());
    }
}
