//! How fast the exact best score is found.
//!
//! `cargo bench -p match5-tiles` times the seed's Figure 3 with the plain
//! search and with the remembering one, then positions of the size the
//! issue names (5 bowls of 5 tiles, 10 rows of 6 cells per player, a pot
//! of 39 tiles; a student's C++ solution needs 227-372 s for one), from
//! several random pots. It prints the score, the full tree's size, the
//! positions solved and the time.

use std::time::Instant;

use match5_tiles::search::plain_best_score;
use match5_tiles::{EXAMPLE, Game, Sizes, best_score, parse, tree_size};
use rand::SeedableRng;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let figure = parse(EXAMPLE).expect("the built-in example reads");
    let t = Instant::now();
    let (score, positions) = plain_best_score(&figure);
    let plain = t.elapsed();
    let best = best_score(&figure);
    let tree = tree_size(&figure);
    println!("Figure 3 of the seed");
    println!(
        "  plain search:       score {score}, {positions} positions visited, {:.2} ms",
        plain.as_secs_f64() * 1e3
    );
    println!(
        "  best-score search:  score {}, best move {}, {} positions looked at, {:.2} ms",
        best.score,
        best.best.map(|m| m.to_string()).unwrap_or_default(),
        best.visited,
        best.elapsed.as_secs_f64() * 1e3
    );
    println!(
        "  full tree counted:  {} positions ({} distinct), {:.2} ms",
        tree.positions,
        tree.distinct,
        tree.elapsed.as_secs_f64() * 1e3
    );
    println!();
    println!("5 bowls of 5, 10 rows of 6 per player, a pot of 39 (random pots, single core)");
    println!(
        "{:>6}  {:>6}  {:>12}  {:>10}  {:>16}  {:>11}  {:>10}",
        "seed", "score", "looked at", "time", "full tree", "distinct", "counted in"
    );
    let sizes = Sizes {
        bowls: 5,
        bowl_size: 5,
        rows: 10,
        row_length: 6,
    };
    let seeds: &[u64] = if quick {
        &[1]
    } else {
        &[1, 2, 3, 4, 5, 6, 7, 8]
    };
    for &seed in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let game = Game::random(sizes, 39, &mut rng);
        let best = best_score(&game);
        let tree = tree_size(&game);
        println!(
            "{:>6}  {:>6}  {:>12}  {:>7.0} ms  {:>16}  {:>11}  {:>7.0} ms",
            seed,
            best.score,
            best.visited,
            best.elapsed.as_secs_f64() * 1e3,
            tree.positions,
            tree.distinct,
            tree.elapsed.as_secs_f64() * 1e3
        );
    }
}
