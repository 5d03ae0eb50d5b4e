//! The processes of one engine run, kept inside their bounds: the run's
//! first process is a keeper, a child subreaper that starts the engine
//! and lives until Match5 lets go of it or dies, so every process the run
//! starts stays below it in the process tree, also after the engine
//! ended; the tree is read from `/proc/<pid>/stat` (readable for any
//! process of any user), so it finds also a process that left the group
//! and the session and made itself non-dumpable, whose environment cannot
//! be read. A marker in the environment of every process the run starts
//! is a second net. The keeper kills the run itself if Match5 is killed.
//! And the cap on what an engine writes to its standard error.

use std::io::PipeWriter;
use std::io::Write;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
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

/// The keeper's script (`sh -c KEEPER match5-engine COMMAND MARKER`): it starts
/// the engine's command with the keeper's standard input, output and
/// error (Match5's pipes), lets go of them, and waits on descriptor 3
/// (Match5's control pipe) until Match5 closes it, also by dying: a
/// reader of its own reads it while the keeper `wait`s, which reaps
/// every child that ends, those it took in too (a process that forks
/// and ends thousands of times a second would otherwise pile up as its
/// zombies, and every round of killing would read them all). Then
/// it kills its children as fast as it finds them until only dead ones
/// are left, with the group of each that made a session of its own (see
/// [`kill_below`]), every process below itself, stopped
/// first and found again round after round, every process carrying the
/// run's marker, and its process group. A child subreaper, it outlives the engine: a process
/// whose parent ended, the engine's itself, stays below it.
const KEEPER: &str = "marked=$2; exec 4<&0; sh -c \"$1\" 0<&4 3<&- 4<&- & \
     exec 0</dev/null 1>/dev/null 2>/dev/null 4<&-; read _ <&3 & wait $!; \
     below() { read -r me _ < /proc/self/stat; all=\" $$ $me \"; more=1; \
     while [ $more = 1 ]; do more=0; \
     for s in /proc/[0-9]*/stat; do p=${s#/proc/}; p=${p%/stat}; \
     case \"$all\" in *\" $p \"*) continue;; esac; \
     read -r l < $s 2>/dev/null || continue; l=${l##*) }; set -- $l; \
     [ \"$1\" = Z ] && continue; \
     case \"$all\" in *\" $2 \"*) all=\"$all$p \"; more=1;; esac; done; done; \
     echo ${all# $$ $me }; }; \
     read -r l < /proc/$$/stat; l=${l##*) }; set -- $l; ours=$4; \
     n=0; e=0; while [ $n -lt 100000 ]; do k=; read -r k < /proc/$$/task/$$/children 2>/dev/null; \
     live=; for p in $k; do read -r l < /proc/$p/stat 2>/dev/null || continue; l=${l##*) }; \
     set -- $l; [ \"$1\" = Z ] && continue; live=\"$live $p\"; \
     [ \"$3\" = \"$4\" ] && [ \"$4\" != \"$ours\" ] && [ \"$4\" != 0 ] && live=\"$live -$3\"; done; \
     if [ -z \"$live\" ]; then e=$((e+1)); [ $e -ge 3 ] && break; \
     else e=0; kill -KILL $live 2>/dev/null; fi; n=$((n+1)); done; \
     n=0; while [ $n -lt 20 ]; do p=$(below); [ -z \"$p\" ] && break; \
     kill -STOP $p 2>/dev/null; kill -KILL $p $(below) 2>/dev/null; n=$((n+1)); done; \
     for p in /proc/[0-9]*; do \
     if tr '\\0' '\\n' < $p/environ 2>/dev/null | grep -qxF \"$marked\"; then \
     kill -KILL ${p#/proc/} 2>/dev/null; fi; done; kill -KILL 0";

/// Starts `command` (by `sh -c`) below a keeper (see [`KEEPER`]), a
/// child subreaper in a process group of its own, with `run` as the
/// marker in its environment. The child is the keeper, its pipes the
/// engine's; the writer keeps the keeper waiting, so dropping it (also by
/// Match5's death) ends everything the run started.
pub(crate) fn start_kept(command: &str, run: &str) -> std::io::Result<(Child, PipeWriter)> {
    let (watch, control) = std::io::pipe()?;
    let watched = watch.as_raw_fd();
    let mut keeper = Command::new("sh");
    keeper
        .arg("-c")
        .arg(KEEPER)
        .arg("match5-engine")
        .arg(command)
        .arg(format!("{RUN_MARKER}={run}"))
        .env(RUN_MARKER, run)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: between fork and exec the closure makes only system calls
    // (prctl, dup2 or fcntl), which are async-signal-safe, and touches no
    // memory shared with other threads. Descriptor 3 is the control pipe
    // or one the child inherited from Match5, never one of the spawn's
    // own: the pipe took the lowest free descriptors before it.
    #[allow(unsafe_code)]
    unsafe {
        keeper.pre_exec(move || {
            use std::os::fd::{BorrowedFd, FromRawFd, OwnedFd};
            rustix::process::set_child_subreaper(Some(rustix::process::getpid()))?;
            let watch = BorrowedFd::borrow_raw(watched);
            if watched == 3 {
                rustix::io::fcntl_setfd(watch, rustix::io::FdFlags::empty())?;
            } else {
                let mut three = std::mem::ManuallyDrop::new(OwnedFd::from_raw_fd(3));
                rustix::io::dup2(watch, &mut three)?;
            }
            Ok(())
        });
    }
    let child = keeper.spawn()?;
    drop(watch);
    Ok((child, control))
}

/// What `/proc/<pid>/stat` says of a process (every user may read it,
/// also of a non-dumpable process).
struct Stat {
    state: char,
    parent: i32,
    group: i32,
    session: i32,
    /// Field 22, the start time: with the id, it names one process.
    started: u64,
}

fn stat_of(pid: &str) -> Option<Stat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (name) state ppid pgrp session …": the name may hold ") ".
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(Stat {
        state: fields.first()?.chars().next()?,
        parent: fields.get(1)?.parse().ok()?,
        group: fields.get(2)?.parse().ok()?,
        session: fields.get(3)?.parse().ok()?,
        started: fields.get(19)?.parse().ok()?,
    })
}

/// The process `raw` names, if it can name one (a positive id).
fn pid_of(raw: i32) -> Option<rustix::process::Pid> {
    (raw > 0)
        .then(|| rustix::process::Pid::from_raw(raw))
        .flatten()
}

/// One process: its id and its start time (an id alone may be reused).
pub(crate) type Process = (i32, u64);

/// Every living process below `root` in the process tree: its children,
/// theirs, and so on (zombies left out: they are dead).
pub(crate) fn below(root: i32) -> Vec<Process> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut all = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Ok(pid) = name.parse::<i32>() else {
            continue;
        };
        if let Some(stat) = stat_of(name)
            && stat.state != 'Z'
        {
            all.push((pid, stat.parent, stat.started));
        }
    }
    let mut found: Vec<Process> = Vec::new();
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        for &(pid, _, started) in all.iter().filter(|(_, p, _)| *p == parent) {
            found.push((pid, started));
            parents.push(pid);
        }
    }
    found
}

/// Kills each of `processes` that still runs (the same process: its start
/// time unchanged).
fn kill_listed(processes: &[Process]) {
    for &(pid, started) in processes {
        let same = stat_of(&pid.to_string()).is_some_and(|s| s.started == started);
        if same && let Some(pid) = pid_of(pid) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// Kills every process below `root` (a child subreaper, see
/// [`start_kept`]). First its children, read from
/// `/proc/ROOT/task/ROOT/children` (one small file) and killed as soon as
/// they are found, round after round until three rounds in a row find
/// only dead ones: a
/// process whose parent is killed becomes `root`'s child, so this also
/// catches a process that forks and ends every fraction of a millisecond,
/// which a list read from all of `/proc` is always too late for. Then the
/// whole tree, round after round, where that file is missing (a kernel
/// without it) and for what the first way left.
pub(crate) fn kill_below(root: i32) {
    kill_children(root);
    for _ in 0..20 {
        let processes = below(root);
        if processes.is_empty() {
            return;
        }
        kill_listed(&processes);
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Kills `root`'s living children until it has none (at most 5 s), and
/// the process group of each one that made a session of its own (see
/// [`own_session_group`]): killing a group reaches every member at once,
/// also the process it is forking.
fn kill_children(root: i32) {
    let children = format!("/proc/{root}/task/{root}/children");
    let since = std::time::Instant::now();
    // A child read in the list may fork and end before it is looked at:
    // its child is in the next list. So only three lists in a row without
    // a living child end it.
    let mut empty = 0;
    // Match5's own session, read once (see [`own_session_group`]).
    let ours = stat_of("self").map(|s| s.session);
    while empty < 3 && since.elapsed() < std::time::Duration::from_secs(5) {
        let Ok(list) = std::fs::read_to_string(&children) else {
            return;
        };
        let mut living = 0;
        for pid in list.split_whitespace() {
            // A zombie is dead already (its parent, the keeper, reaps it).
            let Some(stat) = stat_of(pid).filter(|s| s.state != 'Z') else {
                continue;
            };
            let Some(pid) = pid.parse().ok().and_then(pid_of) else {
                continue;
            };
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            if let Some(group) = ours.and_then(|ours| own_session_group(&stat, ours)) {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
            living += 1;
        }
        empty = if living == 0 { empty + 1 } else { 0 };
    }
}

/// The process group of the process `stat` tells of, if it is the group
/// of a session the run started (`setsid()`): only processes of that
/// session can be in it, and all of them descend from the engine. Never
/// Match5's own session, `ours`.
///
/// Match5's session is read from `/proc/self/stat`: it reads 0 when the
/// session's leader is outside Match5's process namespace (a sandbox or
/// a container), where `getsid` has no id to give (rustix panics on it).
fn own_session_group(stat: &Stat, ours: i32) -> Option<rustix::process::Pid> {
    (stat.group == stat.session && stat.session != ours)
        .then(|| pid_of(stat.group))
        .flatten()
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
            && let Some(pid) = pid_of(pid)
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
