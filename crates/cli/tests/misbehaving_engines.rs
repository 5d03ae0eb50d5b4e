//! Engines that misbehave stay inside their bounds, on the real
//! `match5-cli` with the fake engine the tests ship in its bad modes: a
//! child that leaves the group and the session ends with the run, standard
//! error is capped, and a MESSAGE line over 64 KiB is dropped as the
//! protocol's chatter is.

use std::path::{Path, PathBuf};
use std::time::Duration;

#[allow(dead_code)]
mod common;

use common::cli;

fn fake(mode: &str, pidfile: Option<&Path>) -> String {
    let engine = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/engines/fake-engine");
    let pids = pidfile.map_or(String::new(), |p| {
        format!("MATCH5_FAKE_PIDFILE={} ", p.display())
    });
    format!("pbrain:{pids}python3 {} {mode}", engine.display())
}

fn train(data: &Path, opponent: &str, games: &str) -> std::process::Output {
    let file = data.join("t.fivo");
    cli(data)
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            games,
        ])
        .args(["--seed", "3", "--timeout", "5", "--opponent", opponent])
        .output()
        .unwrap()
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| !s.contains(") Z "))
        .unwrap_or(false)
}

#[test]
fn a_child_that_left_the_group_and_the_session_ends_with_the_run() {
    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let out = train(data.path(), &fake("escape", Some(&pidfile)), "3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pids: Vec<u32> = std::fs::read_to_string(&pidfile)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2, "the engine and the child it set loose");
    std::thread::sleep(Duration::from_millis(200));
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived the run");
    }
}

#[test]
fn an_engines_standard_error_is_capped() {
    let data = tempfile::tempdir().unwrap();
    let out = train(data.path(), &fake("stderr", None), "5");
    assert!(out.status.success());
    // The engine wrote a megabyte before each of its moves: dozens of
    // megabytes; at most 64 KiB of it is passed on, with a word that the
    // rest was dropped.
    assert!(out.stderr.len() < 80 * 1024, "{} bytes", out.stderr.len());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("the rest is dropped"),
        "{}",
        &said[said.len().saturating_sub(300)..]
    );
}

#[test]
fn a_message_line_over_64_kib_is_dropped_and_the_games_go_on() {
    let data = tempfile::tempdir().unwrap();
    let out = train(data.path(), &fake("long", None), "4");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.starts_with("4 games against pbrain:"), "{summary}");
}
