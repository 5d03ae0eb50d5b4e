//! The promise, measured on the real binary: the computer never loses the
//! same game twice. `train --log` writes every game; a deterministic
//! opponent (the built-in searcher, or a frozen pbrain) and the same random
//! start for every game (`--same-start`) mean that a loss the computer did
//! not learn from would come back at once, move for move.

#[allow(dead_code)]
mod common;

use std::collections::HashSet;
use std::path::Path;

use common::{Session, cli, cli_ok};

/// The games of a log: result and moves.
fn read_log(path: &Path) -> Vec<(String, Vec<(u8, u8)>)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let mut parts = line.split(' ');
            let result = parts.next().unwrap().to_string();
            assert!(
                ["won", "lost", "drawn"].contains(&result.as_str()),
                "{line}"
            );
            let moves: Vec<(u8, u8)> = parts
                .map(|m| {
                    let (x, y) = m.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert!(moves.iter().all(|(x, y)| *x < 9 && *y < 9), "{line}");
            let distinct: HashSet<_> = moves.iter().collect();
            assert_eq!(distinct.len(), moves.len(), "a field twice: {line}");
            (result, moves)
        })
        .collect()
}

/// Lost games whose moves are those of an earlier lost game.
fn repeated_losses(games: &[(String, Vec<(u8, u8)>)]) -> usize {
    let mut seen = HashSet::new();
    games
        .iter()
        .filter(|(result, _)| result == "lost")
        .filter(|(_, moves)| !seen.insert(moves.clone()))
        .count()
}

#[test]
fn two_thousand_games_against_a_deterministic_searcher_repeat_no_loss() {
    let dir = tempfile::tempdir().unwrap();
    let (k, log) = (dir.path().join("k.fivo"), dir.path().join("games.log"));
    let summary = cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k.to_str().unwrap(),
            "--games",
            "2000",
            "--opponent",
            "search:1",
            "--seed",
            "7",
            "--same-start",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let games = read_log(&log);
    assert_eq!(games.len(), 2000);
    let lost = games.iter().filter(|(r, _)| r == "lost").count();
    assert!(lost > 0, "the searcher wins some games: {summary}");
    assert!(summary.contains(&format!("lost {lost},")), "{summary}");
    assert_eq!(repeated_losses(&games), 0, "{summary}");
    // Every game starts alike, so once the computer stops losing nothing
    // changes any more: the last games are one and the same game.
    let last = &games[games.len() - 1];
    assert!(games[games.len() - 10..].iter().all(|g| g == last));
    assert_ne!(last.0, "lost");
}

#[test]
fn a_frozen_pbrain_answers_a_position_alike_every_game_and_learns_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(dir.path(), &["--frozen", "--seed", "3"]);
    assert_eq!(s.ask("START 9"), "OK");
    let first = s.ask("TURN 4,4");
    let second = s.ask("TURN 0,0");
    assert_eq!(s.ask("RESTART"), "OK");
    assert_eq!(s.ask("TURN 4,4"), first);
    assert_eq!(s.ask("TURN 0,0"), second);
    // Beaten, it says so but learns nothing: blue has an open four.
    s.send("BOARD\n1,8,2\n2,8,2\n3,8,2\n4,8,2\n4,0,1\n5,0,1\n6,0,1\nDONE");
    let block = s.read();
    let other = if block == "0,8" { "5,8" } else { "0,8" };
    assert_eq!(
        s.ask(&format!("TURN {other}")),
        "MESSAGE lost: knowledge level 0"
    );
    assert!(s.end().success());
}

#[test]
fn the_log_cannot_be_written_and_nothing_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.fivo");
    let out = cli(dir.path())
        .args(["train", "--knowledge", k.to_str().unwrap(), "--games", "3"])
        .args([
            "--opponent",
            "greedy",
            "--log",
            "/nonexistent/folder/games.log",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write the log /nonexistent/folder/games.log"),
        "{err}"
    );
    assert!(!k.exists(), "no game was played, nothing saved");
}
