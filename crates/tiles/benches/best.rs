//! How fast the exact best score is found.
//!
//! `cargo bench -p match5-tiles` times the seed's Figure 3 with the plain
//! search and with the remembering one, then positions of the size the
//! issue names (5 bowls of 5 tiles, 10 rows of 6 cells per player, a pot
//! of 39 tiles; a student's C++ solution needs 227-372 s for one), from
//! several random pots. It prints the score, the full tree's size, the
//! positions solved and the time. Last, the seed's largest game (empty
//! boards, a pot of 400) within the app's budget (2 s, 64 MiB) beside the
//! same search without a memory budget: time, steps, memory.

use std::time::Instant;

use match5_tiles::search::{Budget, plain_best_score, tree_size_within};
use match5_tiles::{EXAMPLE, Game, Sizes, best_score, best_score_within, parse, tree_size};
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
    println!(
        "5 bowls of 5, 10 rows of 6 per player, a pot of 39 (random pots, single core; the tree in 1 GiB)"
    );
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
        // Counting trees this size to the end wants room: 1 GiB here (the
        // CLI's default of 64 MiB counts positions again and takes longer).
        // The short form counts for a second (12 s to the end unoptimised).
        let tree = tree_size_within(
            &game,
            Budget {
                time: quick.then(|| std::time::Duration::from_secs(1)),
                memory: 1 << 30,
            },
            &|| false,
        );
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
    largest_game(if quick { 0.5 } else { 4.0 });
}

/// Starts the count of the process's peak resident memory anew (Linux:
/// `5` to `clear_refs`), so each run below shows its own peak.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory since [`reset_peak`], in MiB.
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

fn largest_game(unbounded_seconds: f64) {
    let sizes = Sizes {
        bowls: 5,
        bowl_size: 5,
        rows: 10,
        row_length: 6,
    };
    let game = Game::random(sizes, 400, &mut rand_chacha::ChaCha8Rng::seed_from_u64(7));
    println!();
    println!("The largest game: 5 bowls of 5, 10 rows of 6, empty boards, a pot of 400");
    println!(
        "{:<34}  {:>8}  {:>6}  {:>10}  {:>12}  {:>10}  {:>9}",
        "", "time", "steps", "answer", "looked at", "table", "peak RSS"
    );
    let runs = [
        ("best move, budget 2 s / 64 MiB", Budget::seconds(2.0)),
        (
            "best move, no memory budget",
            Budget {
                time: Some(std::time::Duration::from_secs_f64(unbounded_seconds)),
                memory: usize::MAX / 2,
            },
        ),
    ];
    for (name, budget) in runs {
        reset_peak();
        let best = best_score_within(&game, budget, &|| false, &mut |_| {}).expect("a first step");
        println!(
            "{:<34}  {:>5.0} ms  {:>6}  {:>10}  {:>12}  {:>7.1} MB  {:>6.0} MB",
            name,
            best.elapsed.as_secs_f64() * 1e3,
            best.depth,
            if best.exact { "exact" } else { "not proven" },
            best.visited,
            best.memory as f64 / 1e6,
            peak_mib()
        );
    }
    reset_peak();
    let tree = tree_size_within(&game, Budget::seconds(2.0), &|| false);
    println!(
        "{:<34}  {:>5.0} ms  {:>6}  {:>10}  {:>12}  {:>7.1} MB  {:>6.0} MB",
        "full tree, budget 2 s / 64 MiB",
        tree.elapsed.as_secs_f64() * 1e3,
        "",
        if tree.complete { "exact" } else { "more than" },
        tree.positions,
        tree.memory as f64 / 1e6,
        peak_mib()
    );
}
