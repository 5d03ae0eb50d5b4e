//! Files on disk, whatever they hold: errors that name the file, reading
//! with a size limit, locks, and atomic writes that keep links, permissions
//! and the old file when anything fails. Knowledge and the hall of fame are
//! both saved through this.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::fivo::ParseError;
use crate::player::NameError;

/// Something went wrong with a file: which file, on which line, and what.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{}: {}", .path.display(), .error)]
    Parse { path: PathBuf, error: ParseError },
    #[error("{}: {}", .path.display(), .error)]
    Io { path: PathBuf, error: io::Error },
    #[error(
        "{} belongs to {player} and is protected by a password: open it with the password first, or save under another name",
        .path.display()
    )]
    Protected { path: PathBuf, player: String },
    #[error("{}: not saved: {reason}", .path.display())]
    Refused { path: PathBuf, reason: String },
    #[error(
        "{}: not saved: the file changed since it was opened ({reason}); the knowledge is kept: save it under another name",
        .path.display()
    )]
    Conflict { path: PathBuf, reason: String },
    #[error("{0}")]
    Name(#[from] NameError),
}

impl FileError {
    pub(crate) fn io(path: &Path, error: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

/// How old a temporary file of ours must be before a later save removes it
/// as left behind by a crash. A save takes milliseconds.
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(60);
/// The end of the name of our temporary files.
const TEMP_SUFFIX: &str = ".match5-tmp";

/// Follows symbolic links from `path` to the file they name in the end
/// (which need not exist yet), so a save updates that file in its folder
/// and the links stay links.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Holds an advisory lock (`flock`) on `.<name>.lock` beside `target` while
/// it lives, so that two programs never read-modify-write one file at the
/// same time. The lock file stays: removing it would race with a waiter.
pub struct FileLock {
    _file: File,
}

impl FileLock {
    /// Waits until no other program holds the lock of `target` (a resolved
    /// path, see [`resolve_links`]), then holds it.
    pub fn acquire(target: &Path) -> io::Result<FileLock> {
        let dir = folder_of(target);
        fs::create_dir_all(dir)?;
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!(".{name}.lock")))?;
        file.lock()?;
        Ok(FileLock { _file: file })
    }

    /// Follows `path`'s links to the file itself (see [`resolve_links`])
    /// and waits for its lock: that file's path, and the lock held.
    pub fn on(path: &Path) -> io::Result<(PathBuf, FileLock)> {
        let target = resolve_links(path)?;
        let lock = FileLock::acquire(&target)?;
        Ok((target, lock))
    }
}

/// Removes our temporary files for `name` in `dir` (and those of older
/// versions, `.match5-XXXXXX.tmp`) that are older than a save can take:
/// what a crash in the middle of a save left behind.
fn remove_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let ours = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(n) = file_name.to_str() else {
            continue;
        };
        let temp = (n.starts_with(&ours) && n.ends_with(TEMP_SUFFIX))
            || (n.starts_with(".match5-") && n.ends_with(".tmp"));
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE_TEMP));
        if temp && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// A temporary file that is removed unless it was renamed into place.
struct Temp {
    path: PathBuf,
    done: bool,
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Writes `path` atomically: the data goes to a temporary file in the same
/// folder, which is synced and then renamed over `path`. A failure at any
/// point leaves the old file as it was and no temporary file behind.
///
/// A symbolic link is followed: the file it names is replaced in its own
/// folder and the link stays. The new file keeps the old one's permissions
/// and, where allowed, its group; a new file gets the usual ones (0666 less
/// the umask). Temporary files left by a crash are removed.
pub fn atomic_write_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
    let target = resolve_links(path)?;
    let dir = folder_of(&target);
    fs::create_dir_all(dir)?;
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    remove_stale_temps(dir, &name);
    let old = fs::metadata(&target).ok();
    let (mut file, temp) = loop {
        let candidate = dir.join(format!(
            ".{name}.{:016x}{TEMP_SUFFIX}",
            rand::random::<u64>()
        ));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&candidate)
        {
            Ok(f) => {
                break (
                    f,
                    Temp {
                        path: candidate,
                        done: false,
                    },
                );
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    };
    if let Some(old) = &old {
        // The group first: changing it may clear the set-group-ID bit.
        let _ = std::os::unix::fs::fchown(&file, None, Some(old.gid()));
        file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o7777))?;
    }
    write(&mut file)?;
    file.flush()?;
    file.sync_all()?;
    drop(file);
    let mut temp = temp;
    fs::rename(&temp.path, &target)?;
    temp.done = true;
    // Make the rename itself durable.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`atomic_write_with`] for a byte string.
pub fn atomic_write(path: &Path, data: &[u8]) -> io::Result<()> {
    atomic_write_with(path, |f| f.write_all(data))
}

/// Reads a file of at most `limit` bytes; a larger one is refused before
/// it is read whole.
pub fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    Ok(bytes)
}

/// The date and time now (UTC) for a file name: `2026-11-21T212200Z`.
pub fn utc_stamp() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "")
}

/// `<file>.damaged-<UTC date and time>`, beside it.
pub fn damaged_name(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".damaged-{}", utc_stamp()));
    path.with_file_name(name)
}

/// Can a file be saved at `path`? Creates its folder if needed, then a
/// temporary file in it (the way a save does), and removes it again.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let target = resolve_links(path)?;
    if target.is_dir() {
        return Err(io::Error::other("it is a folder"));
    }
    let probe = target.with_file_name(format!(".match5-probe-{}", std::process::id()));
    atomic_write_with(&probe, |_| Ok(()))?;
    fs::remove_file(probe)
}
