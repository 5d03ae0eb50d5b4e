//! Our side of the Gomocup protocol as a manager: drives an external brain
//! (any gomoku engine) that plays blue against our computer.

use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use match5_common::text::excerpt;
use match5_five::Cell;

use crate::lines::{Line, MAX_LINE, read_line};

/// The `INFO` settings every engine gets unless told otherwise: a second a
/// turn, no limit on the match.
pub const DEFAULT_INFO: [(&str, &str); 2] = [("timeout_turn", "1000"), ("timeout_match", "0")];

/// An `INFO` setting for the engine: `KEY VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub key: String,
    pub value: String,
}

impl std::str::FromStr for Info {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let usage = || format!("expected \"KEY VALUE\", e.g. \"timeout_turn 500\", not {s:?}");
        let (key, value) = s.trim().split_once(char::is_whitespace).ok_or_else(usage)?;
        let value = value.trim();
        let plain = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_graphic());
        if !plain(key) || value.is_empty() || value.chars().any(|c| c.is_control()) {
            return Err(usage());
        }
        Ok(Info {
            key: key.to_ascii_lowercase(),
            value: value.to_string(),
        })
    }
}

/// The settings sent after START and RESTART: `given`, then the defaults
/// of [`DEFAULT_INFO`] whose keys are not given.
pub fn info_lines(given: &[Info]) -> Vec<String> {
    let mut lines: Vec<String> = given
        .iter()
        .map(|i| format!("INFO {} {}", i.key, i.value))
        .collect();
    for (key, value) in DEFAULT_INFO {
        if !given.iter().any(|i| i.key == key) {
            lines.push(format!("INFO {key} {value}"));
        }
    }
    lines
}

pub struct ExternalBrain {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    info: Vec<String>,
}

impl ExternalBrain {
    /// Starts `command` (run by `sh -c`, in a process group of its own, so
    /// that everything it starts can be stopped), sends `START 9` and the
    /// `INFO` settings.
    pub fn start(command: &str, timeout: Duration, info: &[Info]) -> Result<ExternalBrain> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .with_context(|| format!("cannot start the engine {command:?}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line(&mut out, MAX_LINE) {
                let line = match line {
                    Line::Text(t) => t,
                    Line::NotText => "(a line that is not UTF-8 text)".to_string(),
                    Line::TooLong(n) => format!("(a line of {n} bytes)"),
                };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut brain = ExternalBrain {
            command: command.to_string(),
            child,
            stdin,
            lines,
            timeout,
            info: info_lines(info),
        };
        brain.expect_ok("START 9")?;
        brain.send_info()?;
        Ok(brain)
    }

    fn send_info(&mut self) -> Result<()> {
        for line in self.info.clone() {
            self.send(&line)?;
        }
        Ok(())
    }

    /// Stops the engine and everything it started.
    fn kill(&mut self) {
        if let Some(pid) = rustix::process::Pid::from_raw(self.child.id() as i32) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .with_context(|| format!("the engine {:?} stopped reading", self.command))
    }

    /// The next answer that is not MESSAGE, DEBUG or UNKNOWN-chatter.
    fn answer(&mut self, after: &str) -> Result<String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(signal) = crate::signals::received() {
                bail!("stopped by signal {signal} while waiting for the engine");
            }
            let wait = deadline
                .saturating_duration_since(Instant::now())
                .min(Duration::from_millis(100));
            let line = match self.lines.recv_timeout(wait) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => continue,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    bail!(
                        "the engine {:?} did not answer {after:?} within {} s; it was stopped",
                        self.command,
                        self.timeout.as_secs()
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("the engine {:?} quit after {after:?}", self.command)
                }
            };
            let word = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            match word.as_str() {
                "" | "MESSAGE" | "DEBUG" => continue,
                "ERROR" | "UNKNOWN" => bail!(
                    "the engine {:?} answered {after:?} with {:?}",
                    self.command,
                    excerpt(&line, 80)
                ),
                _ => return Ok(line.trim().to_string()),
            }
        }
    }

    /// Sends `command` and reads the answer. An engine that quit early may
    /// still have said something: that says more than the broken pipe.
    fn exchange(&mut self, command: &str) -> Result<String> {
        let sent = self.send(command);
        self.answer(command).map_err(|e| sent.err().unwrap_or(e))
    }

    fn expect_ok(&mut self, command: &str) -> Result<()> {
        let answer = self.exchange(command)?;
        if answer.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            bail!(
                "the engine {:?} answered {command:?} with {:?}",
                self.command,
                excerpt(&answer, 80)
            )
        }
    }

    fn expect_move(&mut self, command: &str) -> Result<Cell> {
        let answer = self.exchange(command)?;
        parse_move(&answer).ok_or_else(|| {
            anyhow!(
                "the engine {:?} answered {command:?} with {:?}, not a move x,y",
                self.command,
                excerpt(&answer, 80)
            )
        })
    }

    /// A new game (after the first).
    pub fn restart(&mut self) -> Result<()> {
        self.expect_ok("RESTART")?;
        self.send_info()
    }

    /// The engine moves first.
    pub fn begin(&mut self) -> Result<Cell> {
        self.expect_move("BEGIN")
    }

    /// Our move; the engine's answer.
    pub fn turn(&mut self, ours: Cell) -> Result<Cell> {
        self.expect_move(&format!("TURN {ours}"))
    }

    /// Sends END and waits a moment for the engine to quit; then stops
    /// whatever of it is still running.
    pub fn end(mut self) {
        let _ = self.send("END");
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(50));
        }
        // Dropping kills the group: the shell may have quit and left the
        // engine running.
    }
}

impl Drop for ExternalBrain {
    fn drop(&mut self) {
        self.kill();
    }
}

fn parse_move(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?)
}
