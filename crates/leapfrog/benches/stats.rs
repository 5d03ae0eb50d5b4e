//! How fast the leap-frog figures are: `cargo bench -p match5-leapfrog`
//! prints, for k = 1…10, the time (median of several runs) to walk every
//! position reachable from the start (reachable, dead ends, solutions) and
//! the seed's search for its first solution, plain and with dead ends
//! remembered, with the moves each tried.

use std::hint::black_box;
use std::time::{Duration, Instant};

use match5_leapfrog::solver::search;
use match5_leapfrog::stats;

fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    // `cargo test --bench stats` (tools/bench --quick) runs this without
    // `--bench`, in the unoptimised test build: the small puzzles, once.
    let quick = !std::env::args().any(|a| a == "--bench");
    let largest = if quick { 6 } else { 10 };
    let samples = |full: usize| if quick { 1 } else { full };
    println!(
        "k  fields  reachable  dead ends  solutions  moves  stats time  seed's search (tried)  remembering dead ends (tried)"
    );
    for k in 1..=largest {
        let s = stats(k).unwrap();
        let t_stats = median(
            || {
                black_box(stats(k).unwrap());
            },
            samples(7),
        );
        let plain = Some(()).map(|()| {
            let found = search(k, false).unwrap();
            (
                median(|| drop(black_box(search(k, false).unwrap())), samples(3)),
                found.tried,
            )
        });
        let remembered = search(k, true).unwrap();
        let t_rem = median(|| drop(black_box(search(k, true).unwrap())), samples(5));
        println!(
            "{k:<2} {:>6}  {:>9}  {:>9}  {:>9}  {:>5}  {:>10}  {:>21}  {:>28}",
            s.fields,
            s.reachable,
            s.dead_ends,
            s.solutions,
            s.moves,
            ms(t_stats),
            plain.map_or("(not run)".to_string(), |(t, n)| format!("{} ({n})", ms(t))),
            format!("{} ({})", ms(t_rem), remembered.tried),
        );
    }
}
