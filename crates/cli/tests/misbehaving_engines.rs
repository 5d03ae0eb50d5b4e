//! Engines that misbehave stay inside their bounds, on the real
//! `match5-cli` with the fake engine the tests ship in its bad modes: a
//! child that leaves the group and the session ends with the run, also
//! one that hides when Match5 is killed or its engine quits, standard
//! error is capped, and a MESSAGE line over 64 KiB is dropped as the
//! protocol's chatter is.

use std::path::{Path, PathBuf};
use std::time::Duration;

#[allow(dead_code)]
mod common;

use common::cli;

fn fake_engine() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/engines/fake-engine")
}

/// The opponent: the fake engine at `engine` in `mode`, noting its
/// processes in `pidfile` if given.
fn fake_at(engine: &Path, mode: &str, pidfile: Option<&Path>) -> String {
    let pids = pidfile.map_or(String::new(), |p| {
        format!("MATCH5_FAKE_PIDFILE={} ", p.display())
    });
    format!("pbrain:{pids}python3 {} {mode}", engine.display())
}

fn fake(mode: &str, pidfile: Option<&Path>) -> String {
    fake_at(&fake_engine(), mode, pidfile)
}

/// Adds `train` of `games` games against `opponent` to `command`, with
/// the knowledge in `data` and an engine's time per move.
fn train_args<'a>(
    command: &'a mut std::process::Command,
    data: &Path,
    opponent: &str,
    games: &str,
    timeout: &str,
) -> &'a mut std::process::Command {
    let file = data.join("t.fivo");
    command
        .args([
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            games,
        ])
        .args(["--seed", "3", "--timeout", timeout, "--opponent", opponent])
}

fn train(data: &Path, opponent: &str, games: &str) -> std::process::Output {
    train_args(&mut cli(data), data, opponent, games, "5")
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
    let pids = noted(&pidfile);
    assert_eq!(pids.len(), 2, "the engine and the child it set loose");
    std::thread::sleep(Duration::from_millis(200));
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived the run");
    }
}

/// The process ids the fake engine wrote to `pidfile`.
fn noted(pidfile: &Path) -> Vec<u32> {
    std::fs::read_to_string(pidfile)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// `match5-cli train` against the fake engine in `mode`, noting its
/// processes in `pidfile`, as an ordinary user: as root (CI, the tests'
/// root) the run is made by user 65534, with the program, the engine and
/// the folder copied where that user may use them, as people run Match5
/// (root reads every process's environment).
fn train_as_user(data: &Path, pidfile: &Path, mode: &str, games: &str) -> std::process::Command {
    if !rustix::process::getuid().is_root() {
        let mut own = cli(data);
        train_args(&mut own, data, &fake(mode, Some(pidfile)), games, "60");
        return own;
    }
    use std::os::unix::fs::PermissionsExt;
    let open = std::fs::Permissions::from_mode(0o777);
    std::fs::set_permissions(data, open.clone()).unwrap();
    let engine = data.join("fake-engine");
    let program = data.join("match5-cli");
    std::fs::copy(fake_engine(), &engine).unwrap();
    // Copied by another process: a copy made here is open for writing
    // while another test's thread forks, and that child holds it until it
    // execs; running the program then fails with "Text file busy".
    let copied = std::process::Command::new("cp")
        .arg(env!("CARGO_BIN_EXE_match5-cli"))
        .arg(&program)
        .status()
        .unwrap();
    assert!(copied.success());
    for file in [&engine, &program] {
        std::fs::set_permissions(file, open.clone()).unwrap();
    }
    let mut user = std::process::Command::new("setpriv");
    user.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(&program)
        .env("HOME", data)
        .env("XDG_DATA_HOME", data.join("data"))
        .env("XDG_CONFIG_HOME", data.join("config"));
    let opponent = fake_at(&engine, mode, Some(pidfile));
    train_args(&mut user, data, &opponent, games, "60");
    user
}

/// Waits up to 5 s for each of `pids` to end; kills and names one left.
fn assert_all_end(pids: &[u32]) {
    let since = std::time::Instant::now();
    while pids.iter().any(|&p| alive(p)) && since.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    for &pid in &left {
        let _ = rustix::process::kill_process(
            rustix::process::Pid::from_raw(pid as i32).unwrap(),
            rustix::process::Signal::KILL,
        );
    }
    assert!(left.is_empty(), "processes {left:?} outlived the run");
}

/// `match5-cli train` of 3 games as an ordinary user against the fake
/// engine in `mode`, which hides a child (see [`train_as_user`]): the
/// engine and that child were noted, and both ended with the run.
fn run_hiding_a_child(mode: &str) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let out = train_as_user(data.path(), &pidfile, mode, "3")
        .output()
        .unwrap();
    let pids = noted(&pidfile);
    assert_eq!(pids.len(), 2, "the engine and the child it hid");
    assert_all_end(&pids);
    out
}

/// A child that left the session and made itself non-dumpable: another
/// process of an ordinary user cannot read its environment, so the run's
/// marker does not find it; it ends with the run all the same.
#[test]
fn a_hidden_child_of_an_ordinary_users_engine_ends_with_the_run() {
    let out = run_hiding_a_child("hide");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The same when Match5 itself is killed (SIGKILL) in the middle of the
/// run: the keeper finds the hidden child below itself.
#[test]
fn a_hidden_child_ends_when_its_ordinary_users_match5_is_killed() {
    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let mut run = train_as_user(data.path(), &pidfile, "hide", "100000")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let since = std::time::Instant::now();
    while std::fs::read_to_string(&pidfile).map_or(0, |t| t.lines().count()) < 2 {
        assert!(
            since.elapsed() < Duration::from_secs(20),
            "the engine started"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let pids = noted(&pidfile);
    // setpriv execs the program: the process spawned is match5-cli.
    run.kill().unwrap();
    run.wait().unwrap();
    assert_all_end(&pids);
}

/// An engine that hides a child and then quits leaves it without a
/// parent: it stays below the run's keeper, not init, and ends with the
/// run (before, it went to init, where neither the tree nor its
/// unreadable environment led to it).
#[test]
fn a_hidden_child_ends_when_its_engine_quits_first() {
    let out = run_hiding_a_child("vanish");
    common::fails_saying(&out, "quit");
}

/// The hopper's heartbeat file (see the fake engine's `hop`).
fn heartbeat(pidfile: &Path) -> PathBuf {
    PathBuf::from(format!("{}-hopper", pidfile.display()))
}

/// Checks that the hopper stopped: its heartbeat file is not touched for
/// a second, 0.5 s after the run. Else kills its process group (the same
/// however often it forks: it made its session once) and fails.
fn assert_hopper_ends(pidfile: &Path, case: &str) {
    let beat = heartbeat(pidfile);
    let touched = || std::fs::metadata(&beat).and_then(|m| m.modified()).ok();
    std::thread::sleep(Duration::from_millis(500));
    let before = touched();
    assert!(before.is_some(), "the hopper ran");
    std::thread::sleep(Duration::from_secs(1));
    if touched() != before {
        let group = std::fs::read_to_string(&beat)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .and_then(rustix::process::Pid::from_raw);
        if let Some(group) = group {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        panic!("the pid-changing child outlived the run ({case})");
    }
}

/// Waits until the fake engine in `pidfile`'s run has started its hopper.
fn wait_for_hopper(pidfile: &Path) {
    let since = std::time::Instant::now();
    while !heartbeat(pidfile).exists() {
        assert!(
            since.elapsed() < Duration::from_secs(20),
            "the hopper started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A child that keeps changing its pid (a new process every 0.2 ms, its
/// parent ending), outside the session and without the run's marker,
/// ends with the run: as whoever runs the tests (root in CI) and as an
/// ordinary user, at a normal end and with Match5 killed.
#[test]
fn a_child_that_keeps_changing_its_pid_ends_with_the_run() {
    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let out = train(data.path(), &fake("hop", Some(&pidfile)), "3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_hopper_ends(&pidfile, "a normal end");

    let data = tempfile::tempdir().unwrap();
    let pidfile = data.path().join("pids");
    let out = train_as_user(data.path(), &pidfile, "hop", "3")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_hopper_ends(&pidfile, "an ordinary user, a normal end");
}

#[test]
fn a_child_that_keeps_changing_its_pid_ends_when_match5_is_killed() {
    for as_user in [false, true] {
        let data = tempfile::tempdir().unwrap();
        let pidfile = data.path().join("pids");
        let mut command = if as_user {
            train_as_user(data.path(), &pidfile, "hop", "100000")
        } else {
            let mut own = cli(data.path());
            train_args(
                &mut own,
                data.path(),
                &fake("hop", Some(&pidfile)),
                "100000",
                "60",
            );
            own
        };
        let mut run = command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        wait_for_hopper(&pidfile);
        std::thread::sleep(Duration::from_millis(300));
        run.kill().unwrap();
        run.wait().unwrap();
        assert_hopper_ends(
            &pidfile,
            if as_user {
                "an ordinary user, killed"
            } else {
                "killed"
            },
        );
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
