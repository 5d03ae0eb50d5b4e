//! Engines over the pbrain protocol: lines are capped and echoed only a
//! little, a full board is said to be full, a silent engine is stopped
//! with everything it started, and settings survive every restart. Every
//! case on the real `match5-cli`.

use std::io::Read;
use std::time::Duration;

use assert_cmd::cargo::cargo_bin;

#[allow(dead_code)]
mod common;

use common::{Session, cli, text};

#[test]
fn pbrain_caps_lines_and_echoes_only_a_little() {
    let data = tempfile::tempdir().unwrap();
    let mut b = Session::start(data.path(), &[]);
    assert_eq!(b.ask("START 9"), "OK");
    let huge = format!("TURN {}", "7".repeat(10_000_000));
    let answer = b.ask(&huge);
    assert_eq!(
        answer,
        "ERROR the line has 10000005 bytes; lines may have at most 65536"
    );
    let long = format!("FOO{}", "x".repeat(60_000));
    let answer = b.ask(&long);
    assert!(
        answer.len() < 120,
        "a short answer, not the line: {} bytes",
        answer.len()
    );
    assert!(answer.starts_with("ERROR unknown command \"FOOXXX") && answer.ends_with("…\""));
    assert_eq!(b.ask("TURN 4,4").split(',').count(), 2, "still playing");
    assert!(b.close_input().success());
}

#[test]
fn pbrain_says_a_full_board_is_full() {
    let data = tempfile::tempdir().unwrap();
    let mut b = Session::start(data.path(), &[]);
    assert_eq!(b.ask("START 9"), "OK");
    // Stripes two wide that never make five; red and blue alternate.
    let (mut red, mut blue) = (Vec::new(), Vec::new());
    for y in 0..9 {
        for x in 0..9 {
            if (x + 2 * y) / 2 % 2 == 0 {
                &mut red
            } else {
                &mut blue
            }
            .push((x, y));
        }
    }
    let mut lines = String::from("BOARD\n");
    let mut order = Vec::new();
    while !red.is_empty() || !blue.is_empty() {
        order.extend(blue.pop().map(|c| (c, 2)));
        order.extend(red.pop().map(|c| (c, 1)));
    }
    for ((x, y), who) in order {
        lines.push_str(&format!("{x},{y},{who}\n"));
    }
    lines.push_str("DONE");
    assert_eq!(b.ask(&lines), "ERROR BOARD: the board is full");
}

#[test]
fn a_silent_engine_is_stopped_with_everything_it_started() {
    let data = tempfile::tempdir().unwrap();
    let pids = data.path().join("pids");
    let log = data.path().join("log");
    // An engine that answers START, starts a helper, then never answers.
    let script = data.path().join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep 300 &\necho $! > {pids}\nwhile read line; do echo \"$line\" >> {log}; case \"$line\" in START*) echo OK;; esac; done\n",
            pids = pids.display(),
            log = log.display()
        ),
    )
    .unwrap();
    let file = data.path().join("Anna.fivo");
    let out = cli(data.path())
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "5",
        ])
        .args(["--opponent", &format!("pbrain:sh {}", script.display())])
        .args(["--timeout", "1", "--engine-info", "max_memory 83886080"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("did not answer \"BEGIN\" within 1 s; it was stopped"),
        "{stderr}"
    );
    let helper = std::fs::read_to_string(&pids).unwrap().trim().to_string();
    std::thread::sleep(Duration::from_millis(200));
    // Gone, or dead and waiting to be reaped by whoever adopted it.
    let state = std::fs::read_to_string(format!("/proc/{helper}/stat")).unwrap_or_default();
    let state = state.rsplit(')').next().unwrap_or("").trim_start();
    assert!(
        state.is_empty() || state.starts_with('Z'),
        "the engine's helper process {helper} still runs: {state}"
    );
    let said = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        said,
        "START 9\nINFO max_memory 83886080\nINFO timeout_turn 1000\nINFO timeout_match 0\nBEGIN\n"
    );
}

#[test]
fn engines_get_their_settings_after_every_restart() {
    let data = tempfile::tempdir().unwrap();
    let log = data.path().join("log");
    let engine = format!(
        "pbrain:tee -a {} | {} pbrain --seed 5",
        log.display(),
        cargo_bin("match5-cli").display()
    );
    let file = data.path().join("t.fivo");
    let out = cli(data.path())
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "3",
        ])
        .args(["--opponent", &engine, "--engine-info", "timeout_turn 250"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = std::fs::read_to_string(&log).unwrap();
    let settings = "INFO timeout_turn 250\nINFO timeout_match 0\n";
    assert!(
        said.starts_with(&format!("START 9\n{settings}BEGIN\n")),
        "{said}"
    );
    assert_eq!(
        said.matches(&format!("RESTART\n{settings}")).count(),
        2,
        "{said}"
    );
    let mut bad = cli(data.path())
        .args([
            "train",
            "--knowledge",
            "x.fivo",
            "--games",
            "1",
            "--opponent",
            "greedy",
        ])
        .args(["--engine-info", "nospace"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let mut err = String::new();
    bad.stderr.as_slice().read_to_string(&mut err).unwrap();
    assert!(err.contains("expected \"KEY VALUE\""), "{err}");
    bad.stdout.clear();
}

#[test]
fn an_engine_dies_with_its_manager_even_after_sigkill() {
    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let engine =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/engines/fake-engine");
    let opponent = format!(
        "pbrain:MATCH5_FAKE_PIDFILE={} python3 {} silent",
        pidfile.display(),
        engine.display()
    );
    let mut manager = cli(data.path())
        .args([
            "train",
            "--knowledge",
            "k.fivo",
            "--games",
            "5",
            "--timeout",
            "60",
        ])
        .args(["--opponent", &opponent])
        // The engine inherits these: an engine left running must not hold
        // the test's own output open.
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The engine has started and been asked for its move.
    let started = std::time::Instant::now();
    let pid = loop {
        if let Some(pid) = std::fs::read_to_string(&pidfile)
            .ok()
            .and_then(|t| t.lines().next().and_then(|l| l.parse::<u32>().ok()))
        {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the engine started"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    std::thread::sleep(Duration::from_millis(300));
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists());
    manager.kill().unwrap(); // SIGKILL: no clean-up of its own runs
    manager.wait().unwrap();
    let gone = std::time::Instant::now();
    while std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z ")) {
        assert!(
            gone.elapsed() < Duration::from_secs(5),
            "the engine {pid} outlived its killed manager"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Match5's session as `/proc/self/stat` gives it: 0 when its leader is
/// outside this process namespace.
fn own_session() -> i64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let rest = &stat[stat.rfind(')').unwrap() + 1..];
    rest.split_whitespace().nth(4).unwrap().parse().unwrap()
}

/// In a Flatpak or a container the session's leader is outside the
/// process namespace, so Match5's session has no id there (it reads 0).
/// Ending an engine run there once panicked ("`getsid` has no id to
/// give") and left the game without its end. Training against an engine
/// that starts a helper ends well there and leaves no helper running.
#[test]
fn engines_end_well_where_the_session_has_no_id() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("t.fivo");
    let helper = data.path().join("helper");
    let engine = format!(
        "pbrain:(sleep 300 & echo $! > {}; exec {} pbrain --seed 5)",
        helper.display(),
        cargo_bin("match5-cli").display()
    );
    let mut train = if own_session() == 0 {
        // Already in such a place (a sandboxed CI run).
        cli(data.path())
    } else {
        // A process namespace of its own: its session leader, our
        // session's, stays outside.
        // An ordinary user makes it inside a user namespace of its own.
        let root = std::fs::read_to_string("/proc/self/status")
            .unwrap()
            .lines()
            .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"));
        let mut wrapped = std::process::Command::new("unshare");
        if !root {
            wrapped.args(["--user", "--map-root-user"]);
        }
        wrapped
            .args(["--pid", "--fork", "--mount-proc"])
            .arg(cargo_bin("match5-cli"))
            .env("XDG_DATA_HOME", data.path())
            .env_remove("MATCH5_PASSWORD");
        wrapped
    };
    let out = train
        .args(["train", "--knowledge", file.to_str().unwrap()])
        .args(["--games", "2", "--opponent", &engine])
        .output()
        .expect("unshare (util-linux) runs");
    assert!(
        !text(&out.stderr).contains("unshare:"),
        "this test makes a process namespace (unshare, from util-linux): {}",
        text(&out.stderr)
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"));
    // Both games were played to their end (whether the computer learned
    // anything, and so saved a file, depends on how they went).
    assert!(
        text(&out.stdout).starts_with("2 games against pbrain:"),
        "{}",
        text(&out.stdout)
    );
    let pid = std::fs::read_to_string(&helper).unwrap();
    // Its pid is the namespace's own where it was made; the namespace is
    // gone with all its processes then, so only the direct case is looked
    // up.
    if own_session() == 0 {
        let state =
            std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
        assert!(
            state.is_empty() || state.contains(") Z"),
            "the engine's helper still runs: {state}"
        );
    }
}
