//! What the CLI's test files share: the real binary with its own data
//! folder, and a pbrain process talked to line by line.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;

/// `match5-cli` with `data` as its data folder and no password in the
/// environment.
pub fn cli(data: &Path) -> Command {
    let mut cmd = Command::new(cargo_bin("match5-cli"));
    cmd.env("XDG_DATA_HOME", data).env_remove("MATCH5_PASSWORD");
    cmd
}

/// Runs `match5-cli ARGS` with `data` as its data folder; it must succeed.
/// Returns what it printed.
pub fn cli_ok(data: &Path, args: &[&str]) -> String {
    let out = cli(data).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "match5-cli {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A pbrain process we talk to line by line.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    pub fn start(data: &Path, args: &[&str]) -> Session {
        let mut child = cli(data)
            .arg("pbrain")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends `line` (which may hold several lines) and a newline.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn read(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    /// Says END and waits for the brain to exit.
    pub fn end(mut self) -> ExitStatus {
        self.send("END");
        self.child.wait().unwrap()
    }

    /// Closes the brain's input and waits for it to exit.
    pub fn close_input(mut self) -> ExitStatus {
        drop(self.stdin.take());
        self.child.wait().unwrap()
    }
}

/// Standard output or error as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `cmd`; if it has not ended within `limit` it is killed and the
/// test fails: a command that waits forever is a bug here.
pub fn within(mut cmd: Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("still running after {limit:?}: {cmd:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Runs the command, which must succeed.
pub fn succeeds(data: &Path, args: &[&str]) -> Output {
    let out = run(data, args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    out
}

/// The command failed (exit 1) and said `words` on standard error.
pub fn fails_saying(out: &Output, words: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(words), "{err}");
}

pub fn run(data: &Path, args: &[&str]) -> Output {
    let mut cmd = cli(data);
    cmd.args(args);
    within(cmd, Duration::from_secs(60))
}
