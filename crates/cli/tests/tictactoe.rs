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
    // The knowledge was saved: a second run goes on from it and no longer
    // loses at all.
    let file = dir.path().join("match5/tic-tac-toe.toml");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("games = 1000\n")
    );
    let next: serde_json::Value = serde_json::from_str(&cli_ok(dir.path(), &args)).unwrap();
    assert_eq!(next["losses"], 0);
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("games = 2000\n")
    );
    // The same seed from nothing, the same games.
    let mut fresh = args.to_vec();
    fresh.push("--fresh");
    let again = cli_ok(dir.path(), &fresh);
    assert_eq!(out, again);
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("games = 1000\n")
    );
}

#[test]
fn two_programs_training_one_file_at_once_lose_no_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.toml");
    let run = |seed: &str| {
        cli(dir.path())
            .args([
                "tictactoe",
                "train",
                "--opponent",
                "random",
                "--games",
                "3000",
                "--seed",
                seed,
                "--knowledge",
            ])
            .arg(&file)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let (mut a, mut b) = (run("1"), run("2"));
    assert!(a.wait().unwrap().success());
    assert!(b.wait().unwrap().success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("games = 6000\n"),
        "{}",
        &text[..600.min(text.len())]
    );
    assert!(
        !dir.path().join("match5/tic-tac-toe.toml").exists(),
        "--knowledge, not the app's file"
    );
}

#[test]
fn a_damaged_file_is_named_with_its_line_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.toml");
    let damaged = "format = \"match5-tictactoe\"\nversion = 1\n[rewards]\nwin = 1\ndraw = 0\nloss = -1\n\n[[position]]\nvalue = 1\nboard = \"X../.../...\"\npreference = 0\n";
    std::fs::write(&file, damaged).unwrap();
    let train = |extra: &[&str]| {
        cli(dir.path())
            .args([
                "tictactoe",
                "train",
                "--opponent",
                "random",
                "--games",
                "5",
                "--knowledge",
            ])
            .arg(&file)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = train(&[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("k.toml: line 9: position 1"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), damaged);
    // Other rewards for a file that has learned are refused; --fresh starts anew.
    std::fs::remove_file(&file).unwrap();
    assert!(train(&[]).status.success());
    let out = train(&["--rewards", "3,1,-1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has learned with the rewards 1,0,-1"));
    assert!(train(&["--rewards", "3,1,-1", "--fresh"]).status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("win = 3\ndraw = 1\nloss = -1\n") && text.contains("games = 5\n"),
        "{text}"
    );
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
