//! The search within a budget: exact whenever it finishes, whatever the
//! memory; honest ("not proven") and within its memory when it does not.

use match5_tiles::search::{Budget, plain_best_score, tree_size_within};
use match5_tiles::{Game, Sizes, best_score, best_score_within};
use proptest::prelude::*;
use rand::SeedableRng;

fn small_game() -> impl Strategy<Value = Game> {
    (
        1usize..=3,
        1usize..=5,
        1usize..=3,
        1usize..=6,
        1usize..=10,
        any::<u64>(),
    )
        .prop_map(|(bowls, bowl_size, rows, row_length, pot, seed)| {
            let sizes = Sizes {
                bowls,
                bowl_size,
                rows,
                row_length,
            };
            Game::random(
                sizes,
                pot,
                &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
            )
        })
}

/// The seed's largest sizes: 5 bowls of 5, 10 rows of 6 per player, empty
/// boards and a long pot. Unbounded, this ran for minutes and took GBs.
fn largest() -> Game {
    let sizes = Sizes {
        bowls: 5,
        bowl_size: 5,
        rows: 10,
        row_length: 6,
    };
    Game::random(sizes, 400, &mut rand_chacha::ChaCha8Rng::seed_from_u64(7))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Deepening step by step with a time limit, and forgetting positions
    /// in a tiny table, change nothing about an answer that is exact.
    #[test]
    fn a_finished_search_is_exact_whatever_its_budget(game in small_game(), kib in 1usize..64) {
        let (score, positions) = plain_best_score(&game);
        let exact = best_score(&game);
        prop_assert!(exact.exact);
        for budget in [
            Budget { time: Some(std::time::Duration::from_secs(600)), memory: Budget::MEMORY },
            Budget { time: None, memory: kib * 1024 },
            Budget { time: Some(std::time::Duration::from_secs(600)), memory: kib * 1024 },
        ] {
            let best = best_score_within(&game, budget, &|| false, &mut |_| {}).unwrap();
            prop_assert!(best.exact);
            prop_assert_eq!(best.score, score);
            prop_assert_eq!(&best.moves, &exact.moves);
            prop_assert!(best.memory <= budget.memory.max(64 * 1024), "{}", best.memory);
            let tree = tree_size_within(&game, budget, &|| false);
            prop_assert!(tree.complete);
            prop_assert_eq!(tree.positions, positions);
        }
    }
}

#[test]
fn the_largest_game_answers_within_its_budget_and_says_it_is_not_proven() {
    let game = largest();
    let budget = Budget {
        time: Some(std::time::Duration::from_millis(500)),
        memory: 4 << 20,
    };
    let mut heard = 0;
    let best = best_score_within(&game, budget, &|| false, &mut |_| heard += 1).unwrap();
    assert!(
        !best.exact,
        "a game this large is not solved in half a second"
    );
    assert!(best.depth >= 1);
    assert!(best.memory <= 4 << 20, "{}", best.memory);
    let mv = best.best.expect("a move to play");
    assert!(game.allowed_moves().contains(&mv));
    assert_eq!(best.moves.len(), game.distinct_moves().len());

    let tree = tree_size_within(&game, budget, &|| false);
    assert!(!tree.complete);
    assert!(tree.positions > 1000, "counted {}", tree.positions);
    assert!(tree.memory <= 4 << 20);
}

#[test]
fn a_stopped_search_gives_what_it_found_so_far() {
    let game = largest();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let best = best_score_within(
        &game,
        Budget::seconds(600.0),
        &|| stop.load(std::sync::atomic::Ordering::Relaxed),
        &mut |p| {
            if p.depth >= 3 {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
    )
    .unwrap();
    assert!(!best.exact);
    assert!(best.depth >= 2, "{}", best.depth);
    // Without a time limit a stopped search has no answer: only exact ones.
    assert!(best_score_within(&game, Budget::EXACT, &|| true, &mut |_| {}).is_none());
}
