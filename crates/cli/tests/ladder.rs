//! The trained computers on the real binary: `ladder` lists them with the
//! strength they were measured at, `train --start-from` copies one into new
//! knowledge (the player's own record starts at nothing) and refuses
//! knowledge that has played, `train --frozen` measures without learning.

#[allow(dead_code)]
mod common;

use common::{cli, cli_ok};

fn shown(dir: &std::path::Path, file: &str) -> serde_json::Value {
    serde_json::from_str(&cli_ok(dir, &["show", file, "--json"])).unwrap()
}

#[test]
fn ladder_lists_every_start_with_its_measured_strength() {
    let dir = tempfile::tempdir().unwrap();
    let rungs: serde_json::Value =
        serde_json::from_str(&cli_ok(dir.path(), &["ladder", "--json"])).unwrap();
    let names: Vec<&str> = rungs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["nothing", "greedy", "self-play", "curriculum"]);
    let lost3: Vec<u64> = rungs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["lost_to_search3"].as_u64().unwrap())
        .collect();
    assert!(
        lost3[3] < lost3[0],
        "the full curriculum loses fewer games to search:3 than empty knowledge: {lost3:?}"
    );
    let text = cli_ok(dir.path(), &["ladder"]);
    assert!(text.contains("curriculum"), "{text}");
}

#[test]
fn new_knowledge_starts_from_a_trained_computer_and_keeps_its_own_record() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("Anna.fivo");
    let k = k.to_str().unwrap();
    let rungs: serde_json::Value =
        serde_json::from_str(&cli_ok(dir.path(), &["ladder", "--json"])).unwrap();
    let greedy_patterns = rungs[1]["patterns"].as_u64().unwrap();
    cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k,
            "--games",
            "20",
            "--opponent",
            "greedy",
            "--seed",
            "1",
            "--start-from",
            "greedy",
        ],
    );
    let file = shown(dir.path(), k);
    assert_eq!(file["player"], "Anna", "the player's own name");
    assert_eq!(
        file["won"].as_u64().unwrap()
            + file["lost"].as_u64().unwrap()
            + file["drawn"].as_u64().unwrap(),
        20,
        "only the player's own games are counted"
    );
    assert!(file["level"].as_u64().unwrap() >= greedy_patterns, "{file}");
    let text = std::fs::read_to_string(k).unwrap();
    assert!(
        text.contains("\nstart = \"greedy\"\n"),
        "the start is kept in the file"
    );

    // Knowledge that has played is never replaced.
    let out = cli(dir.path())
        .args([
            "train",
            "--knowledge",
            k,
            "--games",
            "1",
            "--opponent",
            "greedy",
        ])
        .args(["--start-from", "curriculum"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("only new knowledge can start from a trained computer"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(k).unwrap(), text, "nothing changed");

    let out = cli(dir.path())
        .args([
            "train",
            "--knowledge",
            "x.fivo",
            "--games",
            "1",
            "--opponent",
            "greedy",
        ])
        .args(["--start-from", "grandmaster"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nothing, greedy, self-play and curriculum"),
        "{err}"
    );
}

#[test]
fn frozen_games_learn_nothing_and_save_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("Bert.fivo");
    let k = k.to_str().unwrap();
    cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k,
            "--games",
            "30",
            "--opponent",
            "greedy",
            "--seed",
            "2",
        ],
    );
    let before = std::fs::read_to_string(k).unwrap();
    let out = cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k,
            "--games",
            "30",
            "--opponent",
            "greedy",
            "--seed",
            "3",
            "--frozen",
        ],
    );
    assert!(out.contains("30 games against greedy"), "{out}");
    assert!(
        out.contains("Frozen: nothing learned, nothing saved."),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(k).unwrap(), before);
}
