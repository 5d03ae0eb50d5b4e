//! Properties of the rules and the search on random games.

use match5_tiles::search::plain_best_score;
use match5_tiles::{Colour, Game, Sizes, best_score, file, tree_size};
use proptest::prelude::*;
use rand::SeedableRng;

fn arb_game(max_bowls: usize, max_rows: usize, max_pot: usize) -> impl Strategy<Value = Game> {
    (
        1..=max_bowls,
        1usize..=5,
        1..=max_rows,
        1usize..=6,
        1..=max_pot,
        any::<u64>(),
        0usize..6,
    )
        .prop_map(|(bowls, bowl_size, rows, row_length, pot, seed, opening)| {
            let sizes = Sizes {
                bowls,
                bowl_size,
                rows,
                row_length,
            };
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::random(sizes, pot, &mut rng);
            // A few moves in, so boards hold tiles.
            for _ in 0..opening {
                let moves = game.allowed_moves();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                game.play(moves[seed as usize % moves.len()]).unwrap();
            }
            game
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_remembering_search_agrees_with_the_seeds_plain_one(game in arb_game(3, 3, 10)) {
        let best = best_score(&game);
        let (score, positions) = plain_best_score(&game);
        prop_assert_eq!(best.score, score);
        let tree = tree_size(&game);
        prop_assert_eq!(tree.positions, positions);
        prop_assert!(u128::from(best.visited) <= positions);
        // Every root move's score is exact too: what is left after it.
        for (mv, value) in &best.moves {
            let mut after = game.clone();
            after.play(*mv).unwrap();
            prop_assert_eq!(*value, -plain_best_score(&after).0);
        }
    }

    #[test]
    fn undo_takes_every_move_back_exactly(game in arb_game(5, 10, 40), picks in prop::collection::vec(any::<usize>(), 1..30)) {
        let start = game.clone();
        let mut game = game;
        let mut played = 0;
        for pick in picks {
            let moves = game.allowed_moves();
            if game.is_over() {
                break;
            }
            game.play(moves[pick % moves.len()]).unwrap();
            played += 1;
        }
        for _ in 0..played {
            prop_assert!(game.undo());
        }
        prop_assert!(game.same_position(&start));
        prop_assert_eq!(game, start);
    }

    #[test]
    fn tiles_are_never_made_or_lost(game in arb_game(5, 10, 40), picks in prop::collection::vec(any::<usize>(), 1..30)) {
        let total = |g: &Game| {
            let bowls: usize = (0..g.sizes().bowls)
                .map(|b| usize::from(g.bowl(b, Colour::Yellow) + g.bowl(b, Colour::Blue)))
                .sum();
            let rows: usize = (0..2)
                .flat_map(|p| g.board(p).iter().map(|r| usize::from(r.tiles())))
                .sum();
            bowls + rows + g.pot_left().len()
        };
        let mut game = game;
        let before = total(&game);
        for pick in picks {
            if game.is_over() {
                break;
            }
            let moves = game.distinct_moves();
            game.play(moves[pick % moves.len()]).unwrap();
            prop_assert_eq!(total(&game), before);
            let length = game.sizes().row_length as u8;
            prop_assert!(game.board(0).iter().chain(game.board(1)).all(|r| r.tiles() <= length && (r.yellow == 0 || r.blue == 0)));
        }
    }

    #[test]
    fn a_position_written_to_a_file_reads_back_alike(game in arb_game(5, 10, 40), picks in prop::collection::vec(any::<usize>(), 0..10)) {
        let mut game = game;
        for pick in picks {
            if game.is_over() {
                break;
            }
            let moves = game.distinct_moves();
            game.play(moves[pick % moves.len()]).unwrap();
        }
        if let Some(text) = file::to_text(&game) {
            let back = file::parse(&text).unwrap();
            prop_assert!(back.same_position(&game), "{}", text);
        }
    }
}
