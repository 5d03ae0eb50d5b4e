//! `match5-cli tictactoe train` on the real binary.

#[allow(dead_code)]
mod common;

use common::{cli, cli_ok};

#[test]
fn training_against_perfect_play_prints_blocks_that_stop_losing() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "tictactoe",
        "train",
        "--opponent",
        "perfect",
        "--games",
        "1000",
        "--seed",
        "1",
        "--block",
        "250",
        "--json",
    ];
    let out = cli_ok(dir.path(), &args);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["blocks", "draws", "games", "losses", "stored", "wins"]
    );
    assert_eq!(v["games"], 1000);
    assert_eq!(v["wins"], 0, "nobody beats perfect play");
    let blocks = v["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), 4);
    let lost = |b: &serde_json::Value| b["losses"].as_u64().unwrap();
    assert!(lost(&blocks[0]) > 50, "it loses at first");
    assert_eq!(lost(&blocks[3]), 0, "and learns not to");
    assert!(v["stored"].as_u64().unwrap() <= 381);
    // The same seed, the same games.
    let again = cli_ok(dir.path(), &args);
    assert_eq!(out, again);
}

#[test]
fn bad_opponents_and_rewards_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = cli(dir.path())
        .args(["tictactoe", "train", "--opponent", "nobody", "--games", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'nobody' is not an opponent"));
    let out = cli(dir.path())
        .args([
            "tictactoe",
            "train",
            "--opponent",
            "random",
            "--games",
            "3",
            "--rewards",
            "1,0",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("win,draw,loss"));
    let text = cli_ok(
        dir.path(),
        &[
            "tictactoe",
            "train",
            "--opponent",
            "learner",
            "--games",
            "200",
            "--seed",
            "4",
            "--rewards",
            "3,1,-1",
        ],
    );
    assert!(text.starts_with("200 games: the computer won "), "{text}");
}
