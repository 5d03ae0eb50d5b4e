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
fn ladder_names_the_held_out_opponents_and_what_trained_each_rung() {
    let dir = tempfile::tempdir().unwrap();
    let ladder: serde_json::Value =
        serde_json::from_str(&cli_ok(dir.path(), &["ladder", "--json"])).unwrap();
    let rungs = ladder["rungs"].as_array().unwrap();
    let names: Vec<&str> = rungs.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["nothing", "greedy", "self-play", "curriculum"]);
    let held_out: Vec<&str> = ladder["held_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert!(held_out.contains(&"threat"), "{held_out:?}");
    assert!(
        held_out.iter().any(|o| o.starts_with("rapfi")),
        "an external engine: {held_out:?}"
    );
    for o in &held_out {
        let lost: Vec<u64> = rungs
            .iter()
            .map(|r| r["lost"][o].as_u64().unwrap())
            .collect();
        assert_eq!(
            lost[0],
            ladder["games"].as_u64().unwrap(),
            "{o}: empty knowledge loses all"
        );
        assert!(
            lost.windows(2).all(|w| w[1] < w[0]),
            "{o}: each rung loses fewer games than the one below it: {lost:?}"
        );
        // No rung met a held-out opponent while it learned.
        for r in rungs {
            for t in r["trained_against"].as_array().unwrap() {
                assert!(!t.as_str().unwrap().contains(o), "{}: {t}", r["name"]);
            }
        }
    }
    assert!(rungs[3]["trained_against"].as_array().unwrap().len() >= 3);
    let text = cli_ok(dir.path(), &["ladder"]);
    for needle in [
        "lost to threat",
        "held out",
        "the threat player",
        "Rapfi",
        "Trained against",
        "curriculum: ",
    ] {
        assert!(text.contains(needle), "{needle:?} in {text}");
    }
}

#[test]
fn the_training_family_flag_refuses_held_out_opponents() {
    let dir = tempfile::tempdir().unwrap();
    let refused = dir.path().join("x.fivo");
    let trained = dir.path().join("y.fivo");
    for opponent in ["threat", "pbrain:./some-engine"] {
        let out = cli(dir.path())
            .args([
                "train",
                "--knowledge",
                refused.to_str().unwrap(),
                "--games",
                "1",
            ])
            .args(["--opponent", opponent, "--training-family"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{opponent}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is held out"), "{err}");
        assert!(!refused.exists(), "nothing was trained");
    }
    let out = cli_ok(
        dir.path(),
        &[
            "train",
            "--knowledge",
            trained.to_str().unwrap(),
            "--games",
            "3",
            "--opponent",
            "noisy:1",
            "--seed",
            "4",
            "--training-family",
        ],
    );
    assert!(out.contains("3 games against noisy:1"), "{out}");
    assert!(trained.exists(), "the training family trains");
    // tools/make-ladder trains with the flag on every step.
    let tool = include_str!("../../../tools/make-ladder");
    assert!(
        tool.contains("\"--training-family\""),
        "make-ladder passes --training-family"
    );
}

#[test]
fn move_prints_a_built_in_players_field() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ".".repeat(81);
    assert_eq!(
        cli_ok(
            dir.path(),
            &["move", "--player", "threat", "--board", &empty]
        ),
        "4,4\n"
    );
    // Blue's broken four on row 4: the threat player fills it.
    let board = format!("{}BBB.B{}", ".".repeat(36), ".".repeat(40));
    for player in ["threat", "greedy", "search:2"] {
        let shown = cli_ok(
            dir.path(),
            &["move", "--player", player, "--board", &board, "--seed", "1"],
        );
        assert_eq!(shown, "3,4\n", "{player}");
    }
    let out = cli(dir.path())
        .args(["move", "--player", "self", "--board", &empty])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let out = cli(dir.path())
        .args(["move", "--player", "threat", "--board", "BBB"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("81 fields"));
}

#[test]
fn new_knowledge_starts_from_a_trained_computer_and_keeps_its_own_record() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("Anna.fivo");
    let k = k.to_str().unwrap();
    let ladder: serde_json::Value =
        serde_json::from_str(&cli_ok(dir.path(), &["ladder", "--json"])).unwrap();
    let greedy_patterns = ladder["rungs"][1]["patterns"].as_u64().unwrap();
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
    // The level is what the 20 games taught; the greedy computer's
    // patterns are counted apart.
    let level = file["level"].as_u64().unwrap();
    let trained = file["trained"].as_u64().unwrap();
    let taught = file["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["taught"].as_bool().unwrap())
        .count() as u64;
    assert_eq!(level, taught, "{file}");
    assert!(
        level <= file["won"].as_u64().unwrap(),
        "no more than the wins"
    );
    assert!(
        trained <= greedy_patterns && trained + 20 > greedy_patterns,
        "{file}"
    );
    assert_eq!(file["start"], "greedy");
    let text = cli_ok(dir.path(), &["show", k]);
    assert!(text.contains(&format!("Level:    {level}\n")), "{text}");
    assert!(
        text.contains(&format!(
            "Started:  from the trained computer greedy; the level counts the patterns this player taught, not its {trained} patterns"
        )),
        "{text}"
    );
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

#[test]
fn show_names_where_each_pattern_came_from() {
    // Knowledge started from the greedy computer: a trained pattern, one the
    // player taught, one from a win with hints and one from practice.
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("Anna.fivo");
    std::fs::write(
        &k,
        "format = \"match5-knowledge\"\nversion = 3\nplayer = \"Anna\"\nstart = \"greedy\"\n\n\
         [stats]\nwon = 2\nlost = 0\ndrawn = 0\n\n\
         [[pattern]]\nlevel = 1\nrows = [\"BX\"]\n\n\
         [[pattern]]\nlevel = 1\ngame = 1\nrows = [\"BBX\"]\n\n\
         [[pattern]]\nlevel = 1\ngame = 2\nhinted = true\nrows = [\"BBBX\"]\n\n\
         [[pattern]]\nlevel = 1\npractice = true\nrows = [\"BBBBX\"]\n",
    )
    .unwrap();
    let file = k.to_str().unwrap();
    let text = cli_ok(dir.path(), &["show", file]);
    for line in [
        "Pattern 1 (level 1, trained):",
        "Pattern 2 (level 1):",
        "Pattern 3 (level 1, from game 2, won with hints):",
        "Pattern 4 (level 1, learned in practice):",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    let origins: Vec<String> = shown(dir.path(), file)["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["origin"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(origins, ["trained", "taught", "hinted", "practice"]);
}
