//! The processes of one engine run, kept inside their bounds: a marker in
//! the environment of every process the run starts, by which all of them
//! are killed (also one that left the group and the session), the reaper
//! that does that if Match5 itself is killed, and the cap on what an
//! engine writes to its standard error.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::Ordering;

use match5_common::text::excerpt;

/// The environment variable that marks every process of one engine run:
/// its descendants inherit it, also one that calls `setsid()` and so
/// leaves the group the run is killed by.
pub(crate) const RUN_MARKER: &str = "MATCH5_ENGINE_RUN";

/// Bytes of an engine's standard error passed on to Match5's; the rest is
/// read and dropped, so a chatty engine neither fills a log nor blocks.
pub(crate) const STDERR_KEPT: usize = 64 * 1024;

/// A marker no other run of this process or another has.
pub(crate) fn run_marker() -> String {
    use std::sync::atomic::AtomicU64;
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!(
        "{}-{}-{now}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    )
}

/// Kills every process whose environment holds the run's marker.
pub(crate) fn kill_marked(run: &str) {
    let wanted = format!("{RUN_MARKER}={run}");
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ.split(|b| *b == 0).any(|v| v == wanted.as_bytes())
            && let Some(pid) = rustix::process::Pid::from_raw(pid)
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// Passes the first `kept` bytes of an engine's standard error on to
/// Match5's, says once that the rest was dropped, and reads it to its end.
pub(crate) fn pass_on_stderr(mut stderr: impl std::io::Read, command: &str, kept: usize) {
    let mut passed = 0usize;
    let mut buf = [0u8; 8192];
    while let Ok(n) = stderr.read(&mut buf) {
        if n == 0 {
            break;
        }
        if passed < kept {
            let take = n.min(kept - passed);
            let _ = std::io::stderr().write_all(&buf[..take]);
            passed += take;
            if passed == kept {
                eprintln!(
                    "\nmatch5: the engine {} wrote more than {} KiB to its standard error; the rest is dropped",
                    excerpt(command, 60),
                    kept / 1024
                );
            }
        }
    }
}

/// Starts the reaper of the process group `group` (see [`crate::Engine`]); `None`
/// when it cannot start (the engine then still stops with Match5 in every
/// way but SIGKILL). Once Match5 is gone it kills the group and every
/// process marked with the run's marker.
pub(crate) fn reaper(group: u32, run: &str) -> Option<(Child, ChildStdin)> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "read _; for p in /proc/[0-9]*; do \
             if tr '\\0' '\\n' < $p/environ 2>/dev/null | grep -qx '{RUN_MARKER}={run}'; then \
             kill -KILL ${{p#/proc/}} 2>/dev/null; fi; done; kill -KILL -{group}"
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(i32::try_from(group).ok()?)
        .spawn()
        .ok()?;
    let stdin = child.stdin.take()?;
    Some((child, stdin))
}
