//! `match5-cli` as people and tools use it: the real binary.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use assert_cmd::cargo::cargo_bin;

#[allow(dead_code)]
mod common;

use common::{Session, cli, cli_ok};

/// Writes a knowledge file of `player` with one pattern.
fn write_knowledge(path: &Path, player: &str, level: u32, row: &str) {
    let text = format!(
        "format = \"match5-knowledge\"\nversion = 1\nplayer = \"{player}\"\n[[pattern]]\nlevel = {level}\nrows = [\"{row}\"]\n"
    );
    std::fs::write(path, text).unwrap();
}

fn parse(cell: &str) -> (usize, usize) {
    let (x, y) = cell
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {cell:?}"));
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn pbrain_loses_learns_and_saves_on_end() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("brain.fivo");
    let mut s = Session::start(
        data.path(),
        &[
            "--knowledge",
            file.to_str().unwrap(),
            "--save",
            "--seed",
            "7",
        ],
    );
    assert!(s.ask("START 15").starts_with("ERROR only 9x9"));
    assert_eq!(s.ask("START 9"), "OK");
    assert!(s.ask("ABOUT").starts_with("name=\"Match5\""));
    assert!(
        s.ask("TURN 9,9")
            .starts_with("ERROR 9,9 is off the 9x9 board")
    );
    assert!(s.ask("TURN one,two").starts_with("ERROR expected x,y"));
    assert_eq!(s.ask("FROBNICATE"), "ERROR unknown command \"FROBNICATE\"");
    // Blue builds an open row in the middle; the brain knows nothing, so it
    // can block at most one end of the four.
    let mut red = vec![];
    for x in 2..6 {
        red.push(parse(&s.ask(&format!("TURN {x},4"))));
    }
    let free_end = [(1, 4), (6, 4)]
        .into_iter()
        .find(|c| !red.contains(c))
        .expect("one end is free");
    let msg = s.ask(&format!("TURN {},{}", free_end.0, free_end.1));
    assert_eq!(
        msg,
        "MESSAGE lost: learned a level-1 pattern, knowledge level 1"
    );
    assert!(s.ask("TURN 0,0").starts_with("ERROR the game is over"));
    assert!(s.ask("BEGIN").starts_with("ERROR the game is over"));
    s.send("INFO timeout_turn 1000");
    assert_eq!(s.ask("RESTART"), "OK");
    assert_eq!(s.ask("BEGIN"), "4,4", "the first free move is the centre");
    assert!(s.end().success());
    let text = std::fs::read_to_string(&file).unwrap();
    let row = if free_end == (1, 4) { "XBBBB" } else { "BBBBX" };
    assert!(text.contains(&format!("rows = [\"{row}\"]")), "{text}");
    let hof = std::fs::read_to_string(data.path().join("match5/hall-of-fame.toml")).unwrap();
    assert!(
        hof.contains("player = \"brain\"") && hof.contains("level = 1"),
        "{hof}"
    );
}

#[test]
fn pbrain_explains_and_blocks_what_it_learned() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("k.fivo");
    write_knowledge(&file, "K", 1, "BBBBX");
    let mut s = Session::start(
        data.path(),
        &[
            "--knowledge",
            file.to_str().unwrap(),
            "--explain",
            "--seed",
            "1",
        ],
    );
    assert_eq!(s.ask("START 9"), "OK");
    s.send("BOARD");
    for line in [
        "1,1,2", "8,8,1", "2,1,2", "8,6,1", "3,1,2", "6,8,1", "4,1,2", "DONE",
    ] {
        s.send(line);
    }
    assert_eq!(s.read(), "DEBUG reason=forced pattern=1 level=1 symmetry=0");
    assert_eq!(s.read(), "5,1");
    assert_eq!(s.ask("TAKEBACK 5,1"), "OK");
    assert!(
        s.ask("TAKEBACK 5,1")
            .starts_with("ERROR 5,1 is not the last move")
    );
    assert!(s.end().success());
    // Without --save the file is left alone.
    assert!(!std::fs::read_to_string(&file).unwrap().contains("[stats]"));
}

#[test]
fn pbrain_answers_garbage_with_errors_and_never_dies() {
    let data = tempfile::tempdir().unwrap();
    let mut child = cli(data.path())
        .arg("pbrain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(
        b"TURN 1,1\nSTART\nSTART x\nSTART 9\nTURN\nTURN ,\nTURN -1,3\nTURN 1,1,1\n",
    );
    input.extend_from_slice(
        b"\xff\xfe not utf8\nTAKEBACK\nBOARD\n1,1\nnonsense\nDONE\nBOARD\n4,4,2\n4,4,2\nDONE\n",
    );
    input.extend_from_slice("TURN 3,3\nTURN 3,3\nÜBER\n\n   \nrestart\nEND\n".as_bytes());
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        let ok = line == "OK"
            || line.starts_with("ERROR ")
            || line
                .split_once(',')
                .is_some_and(|(x, y)| x.parse::<u8>().is_ok() && y.parse::<u8>().is_ok());
        assert!(ok, "unexpected answer {line:?} in\n{text}");
    }
    let errors = text.lines().filter(|l| l.starts_with("ERROR")).count();
    assert!(errors >= 12, "{text}");
    assert!(
        text.contains("ERROR field 4,4 is taken")
            || text.contains("ERROR BOARD: field 4,4 is taken"),
        "{text}"
    );
    assert!(text.contains("ERROR field 3,3 is taken"), "{text}");
}

#[test]
fn training_learns_is_repeatable_and_saves() {
    let data = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let file = data.path().join(name);
        let args = [
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "150",
        ];
        let more = ["--opponent", "greedy", "--seed", "11", "--player", "Anna"];
        let summary = cli_ok(data.path(), &[&args[..], &more[..]].concat());
        (summary, std::fs::read_to_string(file).unwrap())
    };
    let (summary, first) = run("a.fivo");
    let (_, second) = run("b.fivo");
    assert_eq!(first, second, "the same seed gives the same games");
    assert!(
        summary.starts_with("150 games against greedy: the computer won "),
        "{summary}"
    );
    assert!(
        summary.contains("Knowledge of Anna: level 0 -> "),
        "{summary}"
    );
    assert!(summary.contains("games per second"), "{summary}");
    assert!(first.contains("[[pattern]]"));
    let show = cli(data.path())
        .args([
            "show",
            data.path().join("a.fivo").to_str().unwrap(),
            "--json",
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(json["player"], "Anna");
    assert_eq!(json["password"], false);
    let level = json["level"].as_u64().unwrap();
    assert!(level > 0);
    assert_eq!(json["patterns"].as_array().unwrap().len() as u64, level);
    let won = json["won"].as_u64().unwrap();
    assert_eq!(
        won, level,
        "every loss of the computer taught it one pattern here"
    );
}

#[test]
fn training_against_an_external_gomocup_engine() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("t.fivo");
    let engine = format!(
        "pbrain:{} pbrain --seed 5",
        cargo_bin("match5-cli").display()
    );
    let out = cli(data.path())
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "40",
            "--seed",
            "3",
        ])
        .args(["--opponent", &engine])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8(out.stdout).unwrap();
    assert!(summary.starts_with("40 games against pbrain:"), "{summary}");
    // An engine that is not one fails cleanly.
    let out = cli(data.path())
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "1",
        ])
        .args(["--opponent", "pbrain:echo hello", "--timeout", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("answered \"START 9\" with \"hello\""));
}

#[test]
fn show_draws_patterns_and_reports_bad_files() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("s.fivo");
    write_knowledge(&file, "Sien", 2, ".BBBX.");
    let out = cli(data.path())
        .args(["show", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Owner:    Sien\nPassword: no\nLevel:    1\n"),
        "{text}"
    );
    assert!(
        text.contains("Pattern 1 (level 2):\n  . B B B X .\n"),
        "{text}"
    );

    std::fs::write(
        &file,
        "format = \"match5-knowledge\"\nversion = 7\nplayer = \"x\"\n",
    )
    .unwrap();
    let out = cli(data.path())
        .args(["show", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("s.fivo: line 2: format version 7 was written by a newer Match5"),
        "{err}"
    );

    let usage = cli(data.path())
        .args(["train", "--games", "x"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn a_protected_file_needs_its_password_to_be_saved() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("p.fivo");
    // Make a protected file through the engine.
    let mut k = match5_five::Knowledge::with_patterns(
        "Piet",
        vec![match5_five::Pattern::from_rows(1, &["BBBBX"]).unwrap()],
    );
    k.set_password(Some("geheim")).unwrap();
    match5_five::Store::at(data.path().join("match5"))
        .save(&mut k, Some(&file))
        .unwrap();
    let before = std::fs::read_to_string(&file).unwrap();

    let train = |pw: Option<&str>| {
        let mut cmd = cli(data.path());
        cmd.args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "5",
            "--opponent",
            "random",
        ]);
        if let Some(pw) = pw {
            cmd.env("MATCH5_PASSWORD", pw);
        }
        cmd.output().unwrap()
    };
    let out = train(None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("protected by a password"));
    let out = train(Some("wrong"));
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrong password"));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        before,
        "nothing changed"
    );
    let out = train(Some("geheim"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[stats]\nwon = ")
    );
}
