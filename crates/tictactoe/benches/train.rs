//! How fast the tic-tac-toe computer plays and learns.
//!
//! `cargo bench -p match5-tictactoe` prints games per second against each
//! training opponent, and the time to look up a position: in the list as
//! the 1983 listing does (a walk through array FF from its start) and by
//! our index, with the list full (381 positions).

use std::hint::black_box;
use std::time::Instant;

use match5_tictactoe::enumerate::positions_after_o;
use match5_tictactoe::{Knowledge, Opponent, Rewards, train};
use rand::SeedableRng;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let games: u64 = if quick { 20_000 } else { 200_000 };
    println!("Training, {games} games from nothing (seed 1)");
    for (name, mut opponent) in [
        ("random", Opponent::Random),
        ("perfect", Opponent::Perfect),
        ("learner", Opponent::Learner(Box::default())),
    ] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut computer = Knowledge::new(Rewards::default());
        let t = Instant::now();
        let run = train(
            &mut computer,
            &mut opponent,
            games,
            games,
            &mut rng,
            &mut |_, _| true,
        );
        let s = t.elapsed().as_secs_f64();
        println!(
            "  against {name:<8} {:>10.0} games/s  ({:.2} µs a game; lost {}, drew {}, won {}; {} positions)",
            games as f64 / s,
            s * 1e6 / games as f64,
            run.total.losses,
            run.total.draws,
            run.total.wins,
            computer.len()
        );
    }

    let (going_on, won) = positions_after_o();
    let mut all: Vec<u32> = going_on.into_iter().chain(won).collect();
    all.sort_unstable();
    let full = Knowledge::with_entries(Rewards::default(), all.iter().map(|&p| (p, 0)));
    let rounds = if quick { 2_000 } else { 20_000 };
    let t = Instant::now();
    for _ in 0..rounds {
        for &p in &all {
            black_box(full.preference(black_box(p)));
        }
    }
    let indexed = t.elapsed().as_secs_f64() * 1e9 / (rounds * all.len()) as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        for &p in &all {
            // The listing: FOR I = 1 TO N: IF FF(I) = P THEN … NEXT I.
            black_box(all.iter().position(|&q| q == black_box(p)));
        }
    }
    let walked = t.elapsed().as_secs_f64() * 1e9 / (rounds * all.len()) as f64;
    println!("Looking up one of {} stored positions", all.len());
    println!("  the listing's walk through the list: {walked:>7.1} ns");
    println!("  our index:                          {indexed:>7.1} ns");
}
