//! Our side of the Gomocup protocol as a manager: drives an external
//! engine (any gomoku brain) that plays blue against our computer.
//!
//! Every answer has a deadline; an engine that misses it, quits, answers
//! with garbage or floods its output is stopped with an [`EngineError`]
//! that says what it did. The engine runs below a keeper, in a process
//! group of their own (see `processes`), and dropping an [`Engine`] kills
//! all it started: nothing outlives it.

use std::io::{BufReader, PipeWriter, Write};
use std::process::{Child, ChildStdin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A step of the wait for an answer that takes this much longer than it
/// should was a pause of Match5's own (it was stopped), not the engine's
/// time.
const PAUSED: Duration = Duration::from_millis(500);

use match5_common::text::excerpt;
use match5_five::Cell;

use crate::lines::{Line, MAX_LINE, read_line};
use crate::processes::{
    STDERR_KEPT, below, kill_below, kill_marked, pass_on_stderr, run_marker, start_kept,
};

/// The `INFO` settings every engine gets unless told otherwise: a second a
/// turn, no limit on the match.
pub const DEFAULT_INFO: [(&str, &str); 2] = [("timeout_turn", "1000"), ("timeout_match", "0")];

/// How long an engine may take to answer `START 9` (and `ABOUT`).
pub const START_TIMEOUT: Duration = Duration::from_secs(5);

/// Lines an engine may have said that were not read yet. An engine that
/// says more waits until they are read: its output never fills memory.
const QUEUED_LINES: usize = 64;

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

/// What went wrong with an engine. Each names the engine by its command
/// and, where there was one, the request it failed.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum EngineError {
    #[error("cannot start the engine {command:?}: {reason}")]
    CannotStart { command: String, reason: String },
    #[error("the engine {command:?} did not answer {request:?} within {seconds} s; it was stopped")]
    Silent {
        command: String,
        request: String,
        seconds: u64,
    },
    #[error("the engine {command:?} quit after {request:?}")]
    Quit { command: String, request: String },
    #[error("the engine {command:?} answered {request:?} with {answer:?}")]
    Refused {
        command: String,
        request: String,
        answer: String,
    },
    #[error("the engine {command:?} answered {request:?} with {answer:?}, not a move x,y")]
    NotAMove {
        command: String,
        request: String,
        answer: String,
    },
    #[error("the engine {command:?} played {cell}, where no stone may go: {reason}")]
    IllegalMove {
        command: String,
        cell: String,
        reason: String,
    },
    #[error("stopped while waiting for the engine {command:?}")]
    Stopped { command: String },
}

/// A running engine.
pub struct Engine {
    command: String,
    /// The keeper, the run's first process: the engine and everything it
    /// starts stay below it (see [`start_kept`]).
    child: Child,
    /// Keeps the keeper waiting: once it closes (also when Match5 itself
    /// is killed, even with SIGKILL), the keeper ends the run.
    _control: PipeWriter,
    /// This run's marker in the environment of every process it starts.
    run: String,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    info: Vec<String>,
    stop: Arc<AtomicBool>,
    name: Option<String>,
}

impl Engine {
    /// Starts `command` (run by `sh -c`, in a process group of its own, so
    /// that everything it starts can be stopped), sends `START 9` and the
    /// `INFO` settings. Each later answer must come within `timeout`; a
    /// set `stop` ends the wait at once.
    pub fn start(
        command: &str,
        timeout: Duration,
        info: &[Info],
        stop: Arc<AtomicBool>,
    ) -> Result<Engine, EngineError> {
        let mut engine = Engine::spawn(command, timeout, info, stop)?;
        engine.expect_ok("START 9", START_TIMEOUT)?;
        engine.send_info()?;
        Ok(engine)
    }

    /// Starts `command`, checks that it plays on a 9x9 board (`START 9`
    /// answered `OK` within [`START_TIMEOUT`]) and asks its name
    /// (`ABOUT`); then ends it. The name is `None` when it gave none.
    pub fn check(command: &str) -> Result<Option<String>, EngineError> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut engine = Engine::spawn(command, START_TIMEOUT, &[], stop)?;
        engine.expect_ok("START 9", START_TIMEOUT)?;
        let name = engine.about();
        engine.end();
        Ok(name)
    }

    fn spawn(
        command: &str,
        timeout: Duration,
        info: &[Info],
        stop: Arc<AtomicBool>,
    ) -> Result<Engine, EngineError> {
        let run = run_marker();
        let (mut child, control) =
            start_kept(command, &run).map_err(|e| EngineError::CannotStart {
                command: command.to_string(),
                reason: e.to_string(),
            })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line(&mut out, MAX_LINE) {
                let line = match line {
                    Line::Text(t) => t,
                    Line::NotText => "(a line that is not UTF-8 text)".to_string(),
                    // Dropped, as the protocol's chatter is: no answer is
                    // 64 KiB long (docs/engines.md).
                    Line::TooLong(_) => continue,
                };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let name = command.to_string();
        thread::spawn(move || pass_on_stderr(stderr, &name, STDERR_KEPT));
        Ok(Engine {
            command: command.to_string(),
            child,
            _control: control,
            run,
            stdin,
            lines,
            timeout,
            info: info_lines(info),
            stop,
            name: None,
        })
    }

    /// The command that started it.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Its name from `ABOUT` (`name="…"`), asked once; `None` when it gave
    /// none in time.
    pub fn about(&mut self) -> Option<String> {
        if self.name.is_none() {
            let answer = self.exchange("ABOUT", START_TIMEOUT).ok()?;
            self.name = about_name(&answer);
        }
        self.name.clone()
    }

    fn send_info(&mut self) -> Result<(), EngineError> {
        for line in self.info.clone() {
            self.send(&line)?;
        }
        Ok(())
    }

    /// Stops the engine and everything it started: every process below the
    /// keeper (which keeps them below it, also those whose parent ended),
    /// its process group, any process that left the group or the session
    /// but carries the run's marker; then the keeper.
    fn kill(&mut self) {
        kill_below(self.child.id() as i32);
        if let Some(pid) = i32::try_from(self.child.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
        kill_marked(&self.run);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineError::Quit {
                command: self.command.clone(),
                request: line.to_string(),
            })
    }

    /// The next answer that is not MESSAGE, DEBUG or an empty line.
    ///
    /// Time that Match5 itself was stopped (Ctrl+Z, a debugger, SIGSTOP)
    /// is not the engine's: a step of this loop that took far longer than
    /// it waits moves the deadline on by the difference. Before, a 3 s
    /// pause ended a run with "did not answer within 2 seconds" though
    /// the answer had come in time.
    fn answer(&mut self, after: &str, timeout: Duration) -> Result<String, EngineError> {
        let mut deadline = Instant::now() + timeout;
        let mut last = Instant::now();
        loop {
            let now = Instant::now();
            let stopped = now.saturating_duration_since(last);
            if stopped > PAUSED {
                deadline += stopped;
            }
            last = now;
            if self.stop.load(Ordering::Relaxed) {
                self.kill();
                return Err(EngineError::Stopped {
                    command: self.command.clone(),
                });
            }
            let wait = deadline
                .saturating_duration_since(Instant::now())
                .min(Duration::from_millis(50));
            let line = match self.lines.recv_timeout(wait) {
                Ok(l) => {
                    // The wait itself may have held a pause.
                    let now = Instant::now();
                    let stopped = now.saturating_duration_since(last).saturating_sub(wait);
                    if stopped > PAUSED {
                        deadline += stopped;
                    }
                    last = now;
                    l
                }
                Err(RecvTimeoutError::Timeout)
                    if Instant::now() < deadline
                        || Instant::now().saturating_duration_since(last) > wait + PAUSED =>
                {
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(EngineError::Silent {
                        command: self.command.clone(),
                        request: after.to_string(),
                        seconds: timeout.as_secs_f64().ceil() as u64,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Quit {
                        command: self.command.clone(),
                        request: after.to_string(),
                    });
                }
            };
            // Chatter does not extend the deadline.
            if Instant::now() >= deadline {
                self.kill();
                return Err(EngineError::Silent {
                    command: self.command.clone(),
                    request: after.to_string(),
                    seconds: timeout.as_secs_f64().ceil() as u64,
                });
            }
            let word = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            match word.as_str() {
                "" | "MESSAGE" | "DEBUG" => continue,
                "ERROR" | "UNKNOWN" => {
                    return Err(EngineError::Refused {
                        command: self.command.clone(),
                        request: after.to_string(),
                        answer: excerpt(&line, 80),
                    });
                }
                _ => return Ok(line.trim().to_string()),
            }
        }
    }

    /// Sends `request` and reads the answer. An engine that quit early may
    /// still have said something: that says more than the broken pipe.
    fn exchange(&mut self, request: &str, timeout: Duration) -> Result<String, EngineError> {
        let sent = self.send(request);
        self.answer(request, timeout)
            .map_err(|e| sent.err().unwrap_or(e))
    }

    fn expect_ok(&mut self, request: &str, timeout: Duration) -> Result<(), EngineError> {
        let answer = self.exchange(request, timeout)?;
        if answer.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            Err(EngineError::Refused {
                command: self.command.clone(),
                request: request.to_string(),
                answer: excerpt(&answer, 80),
            })
        }
    }

    fn expect_move(&mut self, request: &str) -> Result<Cell, EngineError> {
        let answer = self.exchange(request, self.timeout)?;
        parse_move(&answer).ok_or_else(|| EngineError::NotAMove {
            command: self.command.clone(),
            request: request.to_string(),
            answer: excerpt(&answer, 80),
        })
    }

    /// A new game (after the first).
    pub fn restart(&mut self) -> Result<(), EngineError> {
        self.expect_ok("RESTART", self.timeout)?;
        self.send_info()
    }

    /// The engine moves first.
    pub fn begin(&mut self) -> Result<Cell, EngineError> {
        self.expect_move("BEGIN")
    }

    /// Our move; the engine's answer.
    pub fn turn(&mut self, ours: Cell) -> Result<Cell, EngineError> {
        self.expect_move(&format!("TURN {ours}"))
    }

    /// A position out of step with what the engine has seen (a new game
    /// in the middle, or a move taken back): `BOARD`, every stone as
    /// `x,y,1` (the engine's own) or `x,y,2` (its opponent's), `DONE`; the
    /// engine's answer is its move there.
    pub fn board(&mut self, stones: &[(Cell, bool)]) -> Result<Cell, EngineError> {
        self.send("BOARD")?;
        for (cell, own) in stones {
            self.send(&format!("{cell},{}", if *own { 1 } else { 2 }))?;
        }
        self.expect_move("DONE")
    }

    /// An error for a move the rules refuse.
    pub fn illegal(&self, cell: Cell, reason: String) -> EngineError {
        EngineError::IllegalMove {
            command: self.command.clone(),
            cell: cell.to_string(),
            reason,
        }
    }

    /// Sends END and waits a moment for the engine to quit; then stops
    /// whatever of it is still running (also what it left behind: the
    /// keeper holds it below itself).
    pub fn end(mut self) {
        let _ = self.send("END");
        for _ in 0..20 {
            if below(self.child.id() as i32).is_empty() {
                break;
            }
            thread::sleep(Duration::from_millis(25));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.kill();
    }
}

fn parse_move(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?)
}

/// The name in an `ABOUT` answer: `name="pela", version="1.0"`.
fn about_name(answer: &str) -> Option<String> {
    let rest = &answer[answer.find("name=\"")? + 6..];
    let name = rest[..rest.find('"')?].trim();
    let name: String = name.chars().filter(|c| !c.is_control()).take(64).collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_comes_from_about() {
        assert_eq!(
            about_name(r#"name="pela", version="1.0", author="x""#).as_deref(),
            Some("pela")
        );
        assert_eq!(about_name("version=\"1\"",), None);
        assert_eq!(about_name("name=\"\""), None);
        assert_eq!(about_name("name=\"unclosed"), None);
    }

    #[test]
    fn moves_are_two_numbers_on_the_board() {
        assert_eq!(parse_move("4,5"), Cell::new(4, 5));
        assert_eq!(parse_move(" 0 , 8 "), Cell::new(0, 8));
        assert_eq!(parse_move("9,0"), None);
        assert_eq!(parse_move("a,b"), None);
        assert_eq!(parse_move("45"), None);
    }
}
