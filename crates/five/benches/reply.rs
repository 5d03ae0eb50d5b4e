//! How fast the computer answers with a huge knowledge base.
//!
//! `cargo bench -p match5-five --bench reply` builds 1,000 and 10,000
//! patterns of the kinds the computer learns (lines of stones with a response
//! field, gaps, crossing lines; levels 1 to 6), and times the computer's reply
//! to positions in the middle of a game, once with the fast matcher the
//! computer uses and once with the literal seed matcher (each pattern x 8
//! symmetries x every offset, field by field). It prints the median of each,
//! and the ratio. Positions are chosen where no stored pattern applies, so
//! every pattern must be looked at: the worst case for both.
//!
//! Then the reply of each style, the 2012 computer's and the sharp one's
//! (which reads the threats where no pattern matches), at 0, 10,000 and
//! 100,000 patterns: median and worst case over positions from tactical
//! games, where the sharp computer's searches have the most to read.
//!
//! Then the trained computers a new player may start from
//! (`crates/five/ladder/`): each file's size, its patterns, and the time
//! to start from it (the file read and the index built).
//!
//! Then it times learning one more pattern (junk removal and the index
//! updated in place) in knowledge of 1,000, 10,000 and 100,000 patterns,
//! and the replies after 1,000 patterns were learned one by one.

use std::hint::black_box;
use std::time::{Duration, Instant};

use match5_common::random::{GameRng, rng_from_seed};
use match5_five::computer::{SHARP_NODES, choose_move, choose_move_in};
use match5_five::pattern::PatternCell;
use match5_five::{
    Board, Cell, Change, Color, Knowledge, Pattern, Style, literal, opponents, threats,
};
use rand::Rng;

/// A learned-looking pattern: one to three lines of stones through a small
/// rectangle, empty fields around them, one response field.
fn random_pattern(rng: &mut GameRng) -> Pattern {
    loop {
        let w = rng.random_range(3..=7);
        let h = rng.random_range(1..=6);
        let mut cells = vec![PatternCell::Any; w * h];
        let lines = rng.random_range(1..=3);
        for _ in 0..lines {
            let (dx, dy): (isize, isize) =
                [(1, 0), (0, 1), (1, 1), (1, -1)][rng.random_range(0..4)];
            let len = rng.random_range(3..=5);
            let mut x = rng.random_range(0..w) as isize;
            let mut y = rng.random_range(0..h) as isize;
            for _ in 0..len {
                if x < 0 || y < 0 || x >= w as isize || y >= h as isize {
                    break;
                }
                let i = y as usize * w + x as usize;
                cells[i] = if rng.random_bool(0.75) {
                    PatternCell::Stone
                } else {
                    PatternCell::Empty
                };
                x += dx;
                y += dy;
            }
        }
        let empties: Vec<usize> = (0..cells.len())
            .filter(|i| cells[*i] != PatternCell::Stone)
            .collect();
        if empties.is_empty() {
            continue;
        }
        cells[empties[rng.random_range(0..empties.len())]] = PatternCell::Response;
        let rows: Vec<String> = cells
            .chunks(w)
            .map(|r| r.iter().map(|c| c.to_char()).collect())
            .collect();
        let Some(top) = rows.iter().position(|r| r.chars().any(|c| c != '-')) else {
            continue;
        };
        let bottom = rows
            .iter()
            .rposition(|r| r.chars().any(|c| c != '-'))
            .unwrap();
        let rows = &rows[top..=bottom];
        let left = (0..w)
            .find(|&i| rows.iter().any(|r| r.as_bytes()[i] != b'-'))
            .unwrap();
        let rows: Vec<String> = rows.iter().map(|r| r[left..].to_string()).collect();
        if let Ok(p) = Pattern::from_rows(rng.random_range(1..=6), &rows)
            && p.cells().filter(|c| c.2 == PatternCell::Stone).count() >= 3
        {
            return p;
        }
    }
}

fn knowledge(n: usize, rng: &mut GameRng) -> Knowledge {
    knowledge_of(n, 3, rng)
}

/// `n` learned-looking patterns of at least `stones` stones each.
fn knowledge_of(n: usize, stones: usize, rng: &mut GameRng) -> Knowledge {
    let mut patterns: Vec<Pattern> = std::iter::repeat_with(|| random_pattern(rng))
        .filter(|p| p.cells().filter(|c| c.2 == PatternCell::Stone).count() >= stones)
        .take(n)
        .collect();
    patterns.sort_by_key(|p| p.level());
    Knowledge::with_patterns("bench", patterns)
}

/// Positions from real games: two greedy players (each extends its longest
/// line, blocks fours, wins when it can), stopped after 12 to 24 moves.
fn game_positions(rng: &mut GameRng, count: usize) -> Vec<Board> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut board = Board::new();
        let plies = rng.random_range(12..=24);
        let mut color = Color::Blue;
        for _ in 0..plies {
            let cell = if rng.random_bool(0.3) {
                opponents::random_move(&board, rng)
            } else {
                opponents::greedy_move(&board, color, rng)
            };
            board.set(cell.expect("board not full"), Some(color));
            color = color.other();
        }
        if Cell::all().all(|c| board.winning_runs(c).is_empty()) {
            found.push(board);
        }
    }
    found
}

/// Positions from tactical games: the threat player against a noisy
/// searcher (in the short form two noisy searchers, as the unoptimised
/// test build runs it), stopped after 8 to 30 moves, where neither side
/// has five and no pattern of `k` matches: the sharp computer reads the
/// threats in each. At most `tries` games are played.
fn tactical_positions(
    k: &Knowledge,
    rng: &mut GameRng,
    count: usize,
    tries: usize,
    threat_player: bool,
) -> Vec<Board> {
    let mut found = Vec::new();
    for _ in 0..tries {
        if found.len() == count {
            break;
        }
        let mut board = Board::new();
        let plies = rng.random_range(8..=30);
        let mut color = Color::Blue;
        for _ in 0..plies {
            let cell = if color == Color::Blue && threat_player {
                threats::threat_move(&board, color, rng)
            } else {
                opponents::noisy_search_move(&board, color, 1, rng)
            };
            let Some(cell) = cell else { break };
            board.set(cell, Some(color));
            if !board.winning_runs(cell).is_empty() {
                break;
            }
            color = color.other();
        }
        if !board.is_full()
            && Cell::all().all(|c| board.winning_runs(c).is_empty())
            && k.index().find(&board).is_none()
        {
            found.push(board);
        }
    }
    found
}

/// The reply of each style at 0, 10,000 and 100,000 patterns: median and
/// worst case, each position answered once a round.
fn styles(quick: bool) {
    let sizes: &[usize] = if quick {
        &[0, 100]
    } else {
        &[0, 10_000, 100_000]
    };
    let (count, rounds) = if quick { (5, 1) } else { (200, 5) };
    println!();
    println!(
        "Reply time by style, up to {count} positions from tactical games where no pattern matches, {rounds} rounds; the sharp computer's searches may visit {SHARP_NODES} nodes a move"
    );
    println!(
        "{:>9}  {:>9}  {:<8}  {:>10}  {:>10}  {:>10}",
        "patterns", "positions", "style", "median", "99%", "worst"
    );
    let mut rng = rng_from_seed(76);
    for &n in sizes {
        // Patterns of 7 stones or more, as a lost game teaches (a five and
        // the stones around it): small random ones match nearly every
        // position, and the sharp computer would never search.
        let k = knowledge_of(n, 7, &mut rng);
        let boards = tactical_positions(&k, &mut rng, count, 50 * count, !quick);
        if boards.is_empty() {
            println!("{n:>9}  {:>9}  (a pattern matched in every game)", 0);
            continue;
        }
        for style in Style::ALL {
            let mut play_rng = rng_from_seed(1);
            let mut samples = Vec::new();
            for _ in 0..rounds {
                for b in &boards {
                    let t = Instant::now();
                    black_box(choose_move_in(style, &k, b, &mut play_rng));
                    samples.push(t.elapsed());
                }
            }
            samples.sort();
            let at = |share: f64| samples[((samples.len() - 1) as f64 * share) as usize];
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            println!(
                "{:>9}  {:>9}  {:<8}  {:>7.3} ms  {:>7.3} ms  {:>7.3} ms",
                n,
                boards.len(),
                style.key(),
                ms(at(0.5)),
                ms(at(0.99)),
                ms(at(1.0)),
            );
        }
    }
}

/// Scattered mid-game positions (12 to 20 stones) where nothing matches, so
/// both matchers must look at every pattern.
fn positions(k: &Knowledge, rng: &mut GameRng, count: usize) -> Vec<Board> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut board = Board::new();
        let stones = rng.random_range(12..=20);
        for i in 0..stones {
            let color = if i % 2 == 0 { Color::Blue } else { Color::Red };
            loop {
                let cell = Cell::from_index(rng.random_range(0..81));
                if board.is_empty_at(cell) {
                    board.set(cell, Some(color));
                    break;
                }
            }
        }
        if k.index().find(&board).is_none() {
            found.push(board);
        }
    }
    found
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Median time of one reply, over all `boards`, repeated until `budget` is used.
fn time(boards: &[Board], budget: Duration, mut reply: impl FnMut(&Board)) -> Duration {
    let mut samples = Vec::new();
    let start = Instant::now();
    while samples.len() < 15 || (start.elapsed() < budget && samples.len() < 2000) {
        for b in boards {
            let t = Instant::now();
            reply(b);
            samples.push(t.elapsed());
        }
    }
    median(samples)
}

fn main() {
    // `cargo test --benches` runs this with `--bench` absent: keep it short.
    let quick = !std::env::args().any(|a| a == "--bench");
    let sizes: &[usize] = if quick { &[100] } else { &[1_000, 10_000] };
    println!(
        "Reply time of the computer (median per position), fast matcher vs the seed's literal one"
    );
    println!(
        "{:>9}  {:<22}  {:>12}  {:>12}  {:>8}  {:>11}  {:>10}",
        "patterns", "positions", "fast", "literal", "ratio", "trie nodes", "build"
    );
    let budget = Duration::from_secs(if quick { 0 } else { 3 });
    for &n in sizes {
        let mut rng = rng_from_seed(2012);
        let t = Instant::now();
        let k = knowledge(n, &mut rng);
        let build = t.elapsed();
        let sets = [
            ("from greedy games", game_positions(&mut rng, 40)),
            ("scattered, no match", positions(&k, &mut rng, 20)),
        ];
        for (name, boards) in sets {
            let mut play_rng = rng_from_seed(1);
            let fast = time(&boards, budget, |b| {
                black_box(choose_move(&k, b, &mut play_rng));
            });
            let slow = time(&boards, budget, |b| {
                black_box(literal::find(k.patterns(), b));
            });
            let ratio = slow.as_secs_f64() / fast.as_secs_f64();
            println!(
                "{:>9}  {:<22}  {:>9.1} µs  {:>9.1} µs  {:>7.0}x  {:>11}  {:>7.1} ms",
                n,
                name,
                fast.as_secs_f64() * 1e6,
                slow.as_secs_f64() * 1e6,
                ratio,
                k.index().node_count(),
                build.as_secs_f64() * 1e3
            );
        }
    }
    styles(quick);
    rungs(quick);
    learning(quick);
}

/// Starting from each trained computer: what the sidebar's Computer
/// Starts From and `train --start-from` cost a person.
fn rungs(quick: bool) {
    let runs = if quick { 1 } else { 11 };
    println!();
    let timed = if quick {
        "one start each".to_string()
    } else {
        format!("median of {runs} starts")
    };
    println!("Starting from a trained computer ({timed})");
    println!(
        "{:<12}  {:>9}  {:>11}  {:>10}",
        "rung", "patterns", "file", "start"
    );
    for rung in match5_five::ladder::RUNGS {
        let mut samples = Vec::new();
        let mut patterns = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let k = match5_five::ladder::start_from("Bench", rung.id).expect("a shipped rung");
            samples.push(t.elapsed());
            patterns = black_box(k).patterns().len();
        }
        println!(
            "{:<12}  {:>9}  {:>8} KB  {:>7.1} ms",
            rung.id,
            patterns,
            rung.bytes() / 1000,
            median(samples).as_secs_f64() * 1e3
        );
    }
}

/// Learning one pattern at a time in large knowledge.
fn learning(quick: bool) {
    let sizes: &[usize] = if quick {
        &[100]
    } else {
        &[1_000, 10_000, 100_000]
    };
    let lessons = if quick { 10 } else { 1_000 };
    println!();
    println!(
        "Learning one pattern (junk removal, index updated in place, tries merged on another thread), of {lessons} lessons"
    );
    println!(
        "{:>9}  {:>9}  {:>9}  {:>9}  {:>18}  {:>19}",
        "patterns", "median", "99%", "worst", "(it forgot)", "reply before/after"
    );
    for &n in sizes {
        let mut rng = rng_from_seed(2026);
        let mut k = knowledge(n, &mut rng);
        let boards = game_positions(&mut rng, 40);
        let budget = Duration::from_secs(if quick { 0 } else { 2 });
        let mut play_rng = rng_from_seed(1);
        let before = time(&boards, budget, |b| {
            black_box(choose_move(&k, b, &mut play_rng));
        });
        let mut samples = Vec::new();
        for _ in 0..lessons {
            let p = random_pattern(&mut rng);
            let t = Instant::now();
            let changes = black_box(k.learn(p));
            let took = t.elapsed();
            let forgot = changes
                .iter()
                .filter(|c| matches!(c, Change::Removed { .. }))
                .count();
            samples.push((took, forgot));
        }
        k.settle_index();
        let after = time(&boards, budget, |b| {
            black_box(choose_move(&k, b, &mut play_rng));
        });
        samples.sort();
        let at = |share: f64| samples[((samples.len() - 1) as f64 * share) as usize];
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let (worst, forgot) = at(1.0);
        println!(
            "{:>9}  {:>6.2} ms  {:>6.2} ms  {:>6.2} ms  {:>8} patterns  {:>6.1} / {:>4.1} µs",
            n,
            ms(at(0.5).0),
            ms(at(0.99).0),
            ms(worst),
            forgot,
            before.as_secs_f64() * 1e6,
            after.as_secs_f64() * 1e6,
        );
    }
}
