//! Our side of the Gomocup protocol as a manager: drives an external brain
//! (any gomoku engine) that plays blue against our computer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use match5_engine::Cell;

pub struct ExternalBrain {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
}

impl ExternalBrain {
    /// Starts `command` (run by `sh -c`) and sends `START 9`.
    pub fn start(command: &str, timeout: Duration) -> Result<ExternalBrain> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start the engine {command:?}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
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
        };
        brain.expect_ok("START 9")?;
        Ok(brain)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .with_context(|| format!("the engine {:?} stopped reading", self.command))
    }

    /// The next answer that is not MESSAGE, DEBUG or UNKNOWN-chatter.
    fn answer(&mut self, after: &str) -> Result<String> {
        loop {
            let line = match self.lines.recv_timeout(self.timeout) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => bail!(
                    "the engine {:?} did not answer {after:?} within {} s",
                    self.command,
                    self.timeout.as_secs()
                ),
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
                    "the engine {:?} answered {after:?} with {line:?}",
                    self.command
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
                "the engine {:?} answered {command:?} with {answer:?}",
                self.command
            )
        }
    }

    fn expect_move(&mut self, command: &str) -> Result<Cell> {
        let answer = self.exchange(command)?;
        parse_move(&answer).ok_or_else(|| {
            anyhow!(
                "the engine {:?} answered {command:?} with {answer:?}, not a move x,y",
                self.command
            )
        })
    }

    /// A new game (after the first).
    pub fn restart(&mut self) -> Result<()> {
        self.expect_ok("RESTART")
    }

    /// The engine moves first.
    pub fn begin(&mut self) -> Result<Cell> {
        self.expect_move("BEGIN")
    }

    /// Our move; the engine's answer.
    pub fn turn(&mut self, ours: Cell) -> Result<Cell> {
        self.expect_move(&format!("TURN {ours}"))
    }

    /// Sends END and waits a moment for the engine to quit.
    pub fn end(mut self) {
        let _ = self.send("END");
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse_move(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?)
}
