//! What a careful user or an attacker meets: races between real processes,
//! interrupted and killed training, full and read-only disks, hostile input.
//! Every test runs the real `match5-cli` binary.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;

#[allow(dead_code)]
mod common;

use common::{cli, text};

fn train(data: &Path, file: &Path, games: &str, extra: &[&str]) -> Command {
    let mut cmd = cli(data);
    cmd.args([
        "train",
        "--knowledge",
        file.to_str().unwrap(),
        "--games",
        games,
    ])
    .args(["--opponent", "greedy"])
    .args(extra);
    cmd
}

/// `show --json` of a knowledge file.
fn show(data: &Path, file: &Path) -> serde_json::Value {
    let out = cli(data)
        .args(["show", file.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn games(json: &serde_json::Value) -> u64 {
    ["won", "lost", "drawn"]
        .iter()
        .map(|k| json[k].as_u64().unwrap())
        .sum()
}

fn signal(pid: u32, name: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name} {pid}");
}

/// Waits until `path` exists (a first save happened).
fn wait_for(path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn two_trainings_on_one_file_keep_the_games_of_both() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("Anna.fivo");
    // Saving after every game, the two processes save over each other
    // hundreds of times.
    let spawn = |seed: &str| {
        train(
            data.path(),
            &file,
            "300",
            &["--seed", seed, "--save-every", "0"],
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
    };
    let (a, b) = (spawn("1"), spawn("2"));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    for out in [&a, &b] {
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with("300 games against greedy"));
    }
    let json = show(data.path(), &file);
    assert_eq!(games(&json), 600, "the games of both runs are counted");
    let merges = text(&a.stderr)
        .matches("changed by another program")
        .count()
        + text(&b.stderr)
            .matches("changed by another program")
            .count();
    assert!(merges > 0, "the runs really overlapped");
    // The hall of fame agrees with the file.
    let hof = std::fs::read_to_string(data.path().join("match5/hall-of-fame.toml")).unwrap();
    assert!(
        hof.contains(&format!("player = \"Anna\"\nlevel = {}", json["level"])),
        "{hof}"
    );
}

#[test]
fn ctrl_c_stops_training_saves_what_was_played_and_says_so() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("Anna.fivo");
    let child = train(data.path(), &file, "100000000", &["--seed", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    signal(child.id(), "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    let played: u64 = summary
        .strip_prefix("Stopped by Ctrl+C after ")
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(played > 0 && summary.contains(&format!("after {played} of 100000000 games")));
    assert!(summary.contains("Saved to"), "{summary}");
    assert_eq!(games(&show(data.path(), &file)), played);
}

#[test]
fn sigterm_and_even_sigkill_keep_what_was_saved() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("Anna.fivo");
    let child = train(data.path(), &file, "100000000", &["--save-every", "0.2"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    signal(child.id(), "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143));
    assert!(text(&out.stdout).starts_with("Stopped by SIGTERM after "));

    let other = data.path().join("Bert.fivo");
    let mut child = train(data.path(), &other, "100000000", &["--save-every", "0.2"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&other);
    std::thread::sleep(Duration::from_millis(600));
    signal(child.id(), "KILL");
    child.wait().unwrap();
    let saved = games(&show(data.path(), &other));
    assert!(saved > 0, "periodic saves survive a kill");
}

/// Runs `script` as root in a mount namespace of its own, where `$MNT` is a
/// tiny tmpfs: a full or read-only disk without touching the machine's.
fn in_small_disk(script: &str, data: &Path) -> Output {
    let out = Command::new("unshare")
        .args(["-m", "sh", "-c"])
        .arg(format!(
            "set -e; mount -t tmpfs -o size=256k tmpfs \"$MNT\"; {script}"
        ))
        .env("MNT", data)
        .env("CLI", cargo_bin("match5-cli"))
        .env("XDG_DATA_HOME", data)
        .output()
        .unwrap();
    assert!(
        !text(&out.stderr).contains("mount: "),
        "this test needs root and mount: {}",
        text(&out.stderr)
    );
    out
}

#[test]
fn a_full_disk_is_found_before_the_first_game_and_the_old_knowledge_stays() {
    let data = tempfile::tempdir().unwrap();
    let out = in_small_disk(
        r#"
        "$CLI" train --knowledge "$MNT/Anna.fivo" --games 300 --opponent greedy --seed 1 >/dev/null
        cp "$MNT/Anna.fivo" "$MNT/before"
        dd if=/dev/zero of="$MNT/filler" bs=1k count=1000 2>/dev/null || true
        status=0
        "$CLI" train --knowledge "$MNT/Anna.fivo" --games 2000 --opponent greedy --seed 2 || status=$?
        echo "status=$status"
        cmp "$MNT/Anna.fivo" "$MNT/before" && echo "unchanged"
        status=0
        "$CLI" tictactoe train --knowledge "$MNT/ttt.toml" --games 5000 --opponent random || status=$?
        echo "tictactoe status=$status"
        ls -a "$MNT"
        "#,
        data.path(),
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(stdout.contains("status=1"), "{stdout}{stderr}");
    assert!(
        !stdout.contains("games against"),
        "no game was played: {stdout}"
    );
    assert!(
        stderr.contains("there is no room to save the knowledge there")
            && stderr.contains("nothing was played"),
        "{stderr}"
    );
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert!(stdout.contains("unchanged"), "{stdout}");
    assert!(stdout.contains("tictactoe status=1"), "{stdout}");
    assert!(
        !stdout.contains("5000 games"),
        "no tic-tac-toe game either: {stdout}"
    );
    assert!(
        !stdout.contains(".match5-tmp") && !stdout.contains(".match5-probe"),
        "no temporary file stays: {stdout}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_disk_that_fills_during_training_stops_it_with_what_was_saved() {
    let data = tempfile::tempdir().unwrap();
    let out = in_small_disk(
        r#"
        # The run's output goes elsewhere: this disk is about to be full.
        log=$(mktemp -d)
        "$CLI" train --knowledge "$MNT/Anna.fivo" --games 100000000 --opponent greedy --seed 3 \
            --save-every 0.05 >"$log/out" 2>"$log/err" &
        pid=$!
        while [ ! -s "$MNT/Anna.fivo" ]; do sleep 0.05; done
        sleep 0.3
        dd if=/dev/zero of="$MNT/filler" bs=1k count=1000 2>/dev/null || true
        status=0
        wait $pid || status=$?
        echo "status=$status"
        cat "$log/out"
        cat "$log/err" >&2
        rm -rf "$log" "$MNT/filler"
        "$CLI" show "$MNT/Anna.fivo" | head -n 4
        "#,
        data.path(),
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(
        stdout.contains("status=1"),
        "it stops by itself: {stdout}{stderr}"
    );
    assert!(
        stderr.contains("the knowledge could not be saved; the file keeps what was saved before"),
        "{stderr}"
    );
    assert!(stderr.contains("No space left on device"), "{stderr}");
    // What was saved before the disk filled is a whole, readable file.
    let games: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Games:    won "))
        .map(|l| {
            l.split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse::<u64>().ok())
                .sum()
        })
        .unwrap_or_else(|| panic!("the saved knowledge reads: {stdout}{stderr}"));
    assert!(
        games > 0,
        "the games saved before the disk filled are kept: {stdout}"
    );
    assert!(stdout.contains("Owner:    Anna"), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_read_only_folder_is_found_before_the_first_game() {
    let data = tempfile::tempdir().unwrap();
    let out = in_small_disk(
        r#"
        "$CLI" train --knowledge "$MNT/Anna.fivo" --games 10 --opponent greedy >/dev/null
        mount -o remount,ro "$MNT"
        status=0
        "$CLI" train --knowledge "$MNT/Anna.fivo" --games 3000 --opponent greedy || status=$?
        echo "status=$status"
        "#,
        data.path(),
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(stdout.contains("status=1"), "{stdout}{stderr}");
    assert!(
        !stdout.contains("games against"),
        "no game was played: {stdout}"
    );
    assert!(
        stderr.contains("Anna.fivo: there is no room to save the knowledge there")
            && stderr.contains("Read-only file system"),
        "{stderr}"
    );
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("Anna.fivo");
    for command in [
        format!(
            "\"$CLI\" train --knowledge {} --games 50 --opponent greedy | true",
            file.display()
        ),
        format!("\"$CLI\" show {} | head -c 1 >/dev/null", file.display()),
        format!("\"$CLI\" show {} --json | true", file.display()),
    ] {
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &command])
            .env("CLI", cargo_bin("match5-cli"))
            .env("XDG_DATA_HOME", data.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty(), "{command}: {}", text(&out.stderr));
    }
    assert!(file.exists(), "the training was saved");
}

#[test]
fn names_and_paths_from_outside_never_reach_the_terminal_raw() {
    let data = tempfile::tempdir().unwrap();
    let evil = data.path().join("x.fivo");
    std::fs::write(
        &evil,
        "format = \"match5-knowledge\"\nversion = 1\nplayer = \"x\\u001b]0;pwned\\u0007\\u001b[2J\"\n",
    )
    .unwrap();
    let out = cli(data.path())
        .args(["show", evil.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("line 3: the player name holds a control character"));
    assert!(!out.stderr.contains(&0x1b) && !out.stdout.contains(&0x1b));

    let named = data.path().join("bell\u{7}\u{1b}[31mred.fivo");
    let out = cli(data.path())
        .args(["show", named.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.contains(&0x1b) && !out.stderr.contains(&0x07));
    assert!(
        text(&out.stderr).contains("bell\\u{7}\\u{1b}[31mred.fivo"),
        "{}",
        text(&out.stderr)
    );

    for player in ["Anna\rBoss", &"x".repeat(65)] {
        let file = data.path().join("new.fivo");
        let out = train(data.path(), &file, "1", &["--player", player])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(
            text(&out.stderr).contains("--player: the player name"),
            "{}",
            text(&out.stderr)
        );
        assert!(!file.exists());
    }
}
