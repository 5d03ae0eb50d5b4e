//! The learning history on the real binary: `train` records every game in
//! the knowledge file and writes the curve as CSV; `show --history` prints
//! it for people and for tools, with the moves of every game the player
//! won.

#[allow(dead_code)]
mod common;

use common::cli_ok;

#[test]
fn training_is_kept_as_history_and_as_a_curve() {
    let dir = tempfile::tempdir().unwrap();
    let (k, curve) = (dir.path().join("k.fivo"), dir.path().join("curve.csv"));
    let (k_path, curve_path) = (k.to_str().unwrap(), curve.to_str().unwrap());
    cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k_path,
            "--games",
            "300",
            "--opponent",
            "greedy",
            "--seed",
            "5",
            "--curve",
            curve_path,
        ],
    );
    let out = cli_ok(dir.path(), &["show", k_path, "--history", "--json"]);
    let shown: serde_json::Value = serde_json::from_str(&out).unwrap();
    let history = shown["history"].as_array().unwrap();
    assert_eq!(history.len(), 300);
    assert_eq!(shown["games"], 300);
    let games: Vec<u64> = history
        .iter()
        .map(|g| g["game"].as_u64().unwrap())
        .collect();
    assert_eq!(games, (1..=300).collect::<Vec<_>>());
    let count = |r: &str| history.iter().filter(|g| g["result"] == r).count();
    let (won, lost) = (count("won"), count("lost"));
    assert!(won > 0, "the greedy player beats a new computer");
    // Every game the player won keeps its moves (the game that taught the
    // computer), ending on the player's blue ball; the others keep none.
    for g in history {
        match g["moves"].as_array() {
            Some(moves) => {
                assert_eq!(g["result"], "won", "{g}");
                assert!(moves.len() >= 9, "at least five blue balls: {g}");
                assert!(moves.last().unwrap().as_str().unwrap().starts_with('B'));
            }
            None => assert_ne!(g["result"], "won", "{g}"),
        }
    }

    let file = cli_ok(dir.path(), &["show", k_path, "--json"]);
    let file: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(
        file["won"], won as u64,
        "the history agrees with the statistics"
    );
    assert_eq!(file["lost"], lost as u64);
    assert_eq!(
        history.last().unwrap()["level"],
        file["level"],
        "the level after the last game"
    );
    // The moving rates: the last entry's share of wins over the last 100.
    let last100 = history[200..]
        .iter()
        .filter(|g| g["result"] == "won")
        .count();
    assert_eq!(
        history[299]["won_rate"].as_f64().unwrap(),
        last100 as f64 / 100.0
    );

    // The curve: the computer's side (it lost the games the player won).
    let csv = std::fs::read_to_string(&curve).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "game,computer,level,lost_rate");
    assert_eq!(lines.len(), 301);
    let lost_by_computer = lines[1..]
        .iter()
        .filter(|l| l.split(',').nth(1) == Some("lost"))
        .count();
    assert_eq!(lost_by_computer, won);
    assert!(lines[300].starts_with(&format!("300,{},", {
        let r = history[299]["result"].as_str().unwrap();
        match r {
            "won" => "lost",
            "lost" => "won",
            other => other,
        }
    })));

    // For people: a table with a header, one line per game.
    let text = cli_ok(dir.path(), &["show", k_path, "--history"]);
    assert!(
        text.starts_with("Games of k against the computer (300 in all, the latest 300 kept):\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 302);
    assert!(
        text.lines().nth(2).unwrap().trim_start().starts_with("1  "),
        "{text}"
    );
}
