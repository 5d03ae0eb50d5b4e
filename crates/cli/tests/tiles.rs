//! `match5-cli tiles` on the real binary: the seed's Figure 3, bad files,
//! seeded good moves, the experiment and games in the terminal.

#[allow(dead_code)]
mod common;

use std::io::Write;
use std::process::Stdio;

use common::{cli, cli_ok};

fn example(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("spel1.txt");
    std::fs::write(&path, cli_ok(dir, &["tiles", "example"])).unwrap();
    path
}

#[test]
fn the_best_score_of_figure_3_is_the_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(dir.path());
    let out = cli_ok(
        dir.path(),
        &["tiles", "best", file.to_str().unwrap(), "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 0);
    assert_eq!(v["move"]["bowl"], 0);
    assert_eq!(v["move"]["colour"], "b");
    assert_eq!(v["tree_positions"], 5578);
    assert!(v["visited"].as_u64().unwrap() < 5578);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(
        (moves[0]["colour"].as_str(), moves[0]["score"].as_i64()),
        (Some("g"), Some(-1))
    );
    let text = cli_ok(dir.path(), &["tiles", "best", file.to_str().unwrap()]);
    assert!(
        text.contains("Best score for Femke (player 0), who is to move: 0, with bowl 0, blue"),
        "{text}"
    );
    assert!(text.contains("5578 positions"), "{text}");
}

#[test]
fn a_bad_game_file_names_the_file_and_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("gbq\n2 4\n", "line 1: the pot holds 'q'"),
        (
            "gb\n2 4\n5 9\n",
            "line 3: the cells per row L must be 1 to 6, not 9",
        ),
        (
            "gb\n1 1\n1 1\n1 1\n0 0\n0\n",
            "line 4: a row cannot hold both yellow and blue",
        ),
        (
            "gb\n1 1\n1 1\n0 0\n",
            "line 5: the file ends here; a row of player 1 is missing",
        ),
        (
            "gb\n1 1\n1 1\n0 0\n0 0\n2\n",
            "line 6: the player to move must be 0 to 1, not 2",
        ),
        ("gb\n1 one\n", "line 2: 'one' is not a whole number"),
    ];
    for (text, message) in cases {
        let path = dir.path().join("bad.txt");
        std::fs::write(&path, text).unwrap();
        let out = cli(dir.path())
            .args(["tiles", "best"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("bad.txt") && err.contains(message),
            "{text:?}: {err}"
        );
    }
    let missing = cli(dir.path())
        .args(["tiles", "best", "no-such-file.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot open no-such-file.txt"));
}

#[test]
fn a_seeded_good_move_is_the_same_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(dir.path());
    let args = [
        "tiles",
        "good",
        file.to_str().unwrap(),
        "--simulations",
        "400",
        "--seed",
        "5",
        "--json",
    ];
    let first = cli_ok(dir.path(), &args);
    assert_eq!(first, cli_ok(dir.path(), &args));
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["move"]["colour"], "b");
    assert_eq!(v["averages"].as_array().unwrap().len(), 2);
}

#[test]
fn the_experiment_takes_every_move_back_to_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(dir.path());
    let out = cli_ok(
        dir.path(),
        &[
            "tiles",
            "experiment",
            file.to_str().unwrap(),
            "--simulations",
            "20",
            "--seed",
            "3",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let played = v["played"].as_array().unwrap().len();
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), played);
    let last = steps.last().unwrap();
    assert_eq!(last["taken_back"].as_u64(), Some(played as u64));
    assert_eq!(last["tree_positions"], 5578);
    assert_eq!(last["over_limit"], false);
}

#[test]
fn two_computer_players_finish_a_game_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(dir.path());
    let out = cli_ok(
        dir.path(),
        &[
            "tiles",
            "play",
            file.to_str().unwrap(),
            "--players",
            "best,greedy",
            "--seed",
            "1",
        ],
    );
    assert!(
        out.contains("Femke (player 0) plays bowl 0, blue (b)"),
        "{out}"
    );
    assert!(out.contains("Game over:"), "{out}");
}

#[test]
fn a_person_plays_by_typing_and_is_told_what_is_not_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(dir.path());
    let mut child = cli(dir.path())
        .args([
            "tiles",
            "play",
            file.to_str().unwrap(),
            "--players",
            "human,random",
            "--seed",
            "2",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // A wrong bowl, a wrong colour, then moves of bowl 0 (yellow or blue,
    // whichever is allowed) until the game ends.
    let mut input = String::from("7 g\n0 x\n");
    for _ in 0..40 {
        input += "0 b\n0 g\n1 b\n1 g\n";
    }
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Not allowed: there is no bowl 7"), "{text}");
    assert!(
        text.contains("Not allowed: the colour is g (yellow) or b (blue)"),
        "{text}"
    );
    assert!(text.contains("Game over:"), "{text}");
    assert!(out.status.success());
}
