//! The 2012 computer stays exactly as the seed describes it: recorded
//! training runs of today's computer, replayed on the real binary, give the
//! same games, move for move, and the same knowledge.
//!
//! Each run starts from empty knowledge and learns from every game it loses
//! (error patterns, the chain of forced moves, junk removal, lost lines),
//! so one changed move, free or forced, changes every game after it. The
//! opponents are seeded and the computer's free moves too (`--seed`), so a
//! run is one fixed sequence of games. The records in `recorded/` were
//! made by this test with `MATCH5_RECORD=1` (below): record anew only for a
//! change that means to play otherwise, and say so.

#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};

use common::cli_ok;

/// The recorded runs: a name, the opponent, who starts, the seed, games.
const RUNS: &[(&str, &str, &str, u64, u64)] = &[
    ("greedy-alternate", "greedy", "--alternate", 2012, 300),
    ("random-opponent-starts", "random", "", 7, 200),
    (
        "search1-computer-starts",
        "search:1",
        "--computer-starts",
        606,
        150,
    ),
    ("noisy2-alternate", "noisy:2", "--alternate", 42, 150),
];

fn recorded(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("recorded")
        .join(format!("{name}.log"))
}

/// The run's games, one line each (result, then every move), and the
/// computer's patterns as `match5-cli show --json` lists them.
fn train(dir: &Path, opponent: &str, starts: &str, seed: u64, games: u64) -> (String, String) {
    let k = dir.join("k.fivo");
    let log = dir.join("games.log");
    let seed = seed.to_string();
    let games = games.to_string();
    let mut args = vec![
        "train",
        "--knowledge",
        k.to_str().unwrap(),
        "--games",
        &games,
        "--opponent",
        opponent,
        "--seed",
        &seed,
        "--log",
        log.to_str().unwrap(),
    ];
    if !starts.is_empty() {
        args.push(starts);
    }
    cli_ok(dir, &args);
    let shown = cli_ok(dir, &["show", "--json", k.to_str().unwrap()]);
    let patterns: serde_json::Value = serde_json::from_str(&shown).expect("show --json is JSON");
    (
        std::fs::read_to_string(&log).unwrap(),
        serde_json::to_string_pretty(&patterns["patterns"]).unwrap(),
    )
}

#[test]
fn recorded_runs_replay_move_for_move_with_the_same_patterns() {
    let record = std::env::var_os("MATCH5_RECORD").is_some();
    for &(name, opponent, starts, seed, games) in RUNS {
        let dir = tempfile::tempdir().unwrap();
        let (log, patterns) = train(dir.path(), opponent, starts, seed, games);
        let record_text = format!("{log}# patterns\n{patterns}\n");
        let path = recorded(name);
        if record {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &record_text).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (MATCH5_RECORD=1 makes it)", path.display()));
        let (expected_games, expected_patterns) = expected
            .split_once("# patterns\n")
            .expect("a record has its patterns");
        let got: Vec<&str> = log.lines().collect();
        let want: Vec<&str> = expected_games.lines().collect();
        assert_eq!(got.len(), want.len(), "{name}: the number of games");
        if let Some(n) = (0..want.len()).find(|&n| got[n] != want[n]) {
            panic!(
                "{name}: game {} is played otherwise\n recorded: {}\n now:      {}",
                n + 1,
                want[n],
                got[n]
            );
        }
        assert_eq!(
            patterns.trim_end(),
            expected_patterns.trim_end(),
            "{name}: the same games teach the same patterns"
        );
        // The record holds games the computer lost and learned from: the
        // replay went through the learning, not only through free moves.
        assert!(want.iter().any(|g| g.starts_with("lost ")), "{name}");
    }
}
