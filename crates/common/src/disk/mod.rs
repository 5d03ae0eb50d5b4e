//! Files on disk, whatever they hold: reading regular files with a size
//! limit, locks, and atomic writes that keep links, permissions, owners and
//! the old file when anything fails. Every game's files are read and saved
//! through this.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

mod lock;
pub use lock::FileLock;

/// A file that could not be read: which file, and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {}", .path.display(), .error)]
pub struct ReadError {
    pub path: PathBuf,
    pub error: io::Error,
}

impl ReadError {
    fn new(path: &Path, error: io::Error) -> ReadError {
        ReadError {
            path: path.to_path_buf(),
            error,
        }
    }

    /// There is no such file (a first start, say).
    pub fn is_not_found(&self) -> bool {
        self.error.kind() == io::ErrorKind::NotFound
    }
}

/// Why a file is not read or not written, whatever it holds: it is not a
/// plain file, or saving over it would take what is not ours to take. It
/// travels inside an [`io::Error`] (see [`Refusal::of`]) so that every
/// caller that reports I/O errors reports these too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A folder, a named pipe, a device or a socket: reading one could
    /// wait forever or never end.
    #[error("not a regular file ({0})")]
    NotRegular(&'static str),
    /// The file has no write permission: it stays as it is.
    #[error("read-only: save as another name")]
    ReadOnly,
    /// A symbolic link to a file that does not exist: a save would create
    /// a file somewhere else.
    #[error("a link to a file that does not exist; nothing is created through it")]
    DanglingLink,
    /// The file belongs to another user, and a save would make it ours.
    #[error("it belongs to another user; save as another name")]
    OtherOwner,
}

impl Refusal {
    /// The refusal inside an I/O error, if it is one.
    pub fn of(error: &io::Error) -> Option<Refusal> {
        error.get_ref()?.downcast_ref::<Refusal>().copied()
    }
}

impl From<Refusal> for io::Error {
    fn from(refusal: Refusal) -> io::Error {
        let kind = match refusal {
            Refusal::NotRegular(_) => io::ErrorKind::InvalidInput,
            Refusal::ReadOnly | Refusal::OtherOwner => io::ErrorKind::PermissionDenied,
            Refusal::DanglingLink => io::ErrorKind::Other,
        };
        io::Error::new(kind, refusal)
    }
}

/// What a file that is not a regular one is, said for people.
fn not_regular(kind: fs::FileType) -> Refusal {
    use std::os::unix::fs::FileTypeExt;
    Refusal::NotRegular(if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else {
        "not a plain file"
    })
}

/// How old a temporary file of ours must be before a later save removes it
/// as left behind by a crash. A save takes milliseconds.
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(60);
/// The end of the name of our temporary files.
const TEMP_SUFFIX: &str = ".match5-tmp";

/// Follows symbolic links from `path` to the file they name in the end, so
/// a save updates that file in its folder and the links stay links. A path
/// that is no link need not exist yet; a link must lead to a file that
/// exists ([`Refusal::DanglingLink`]), so that no save ever creates a file
/// where a planted link points.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    let mut followed = false;
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
                followed = true;
            }
            Err(e) if followed && e.kind() == io::ErrorKind::NotFound => {
                return Err(Refusal::DanglingLink.into());
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

impl FileLock {
    /// Follows `path`'s links to the file itself (see [`resolve_links`])
    /// and waits for the lock of `path` as named: that file's path, and the
    /// lock held. The lock lies beside the name the caller uses, never
    /// beside where a link points: a link planted in a file's place (to
    /// `/etc/passwd`, to another of the person's files) makes nothing
    /// there, whether the save then goes ahead or is refused. Programs
    /// that reach one file by two names each lock their own name; the
    /// save's check that the file is as it was read still holds.
    pub fn on(path: &Path) -> io::Result<(PathBuf, FileLock)> {
        let target = resolve_links(path)?;
        let lock = FileLock::acquire(path)?;
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
/// folder and the link stays; a link to nothing is refused (see
/// [`resolve_links`]). The new file keeps the old one's permissions, group
/// and owner; a new file gets the usual ones (0666 less the umask).
/// Refused, leaving everything as it was (see [`Refusal`]): a file without
/// write permission, one that is not a regular file, and one of another
/// user whose ownership cannot be kept. Temporary files left by a crash are
/// removed.
pub fn atomic_write_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
    let target = resolve_links(path)?;
    let dir = folder_of(&target);
    fs::create_dir_all(dir)?;
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let old = replaceable(&target)?;
    remove_stale_temps(dir, &name);
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
        // The owner and group first: changing them may clear the
        // set-user-ID and set-group-ID bits.
        if old.uid() != rustix::process::geteuid().as_raw() {
            // Only root may give a file away: anyone else refuses.
            std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()))
                .map_err(|_| io::Error::from(Refusal::OtherOwner))?;
        } else {
            let _ = std::os::unix::fs::fchown(&file, None, Some(old.gid()));
        }
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

/// `O_NONBLOCK`: opening a named pipe does not wait for the other end.
const NONBLOCK: i32 = rustix::fs::OFlags::NONBLOCK.bits() as i32;

/// The file at `target` (links already followed) when a save may replace
/// it: `None` when there is none yet, its metadata when it is a regular
/// file we may write. Otherwise why not.
fn replaceable(target: &Path) -> io::Result<Option<fs::Metadata>> {
    let old = match fs::symlink_metadata(target) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !old.is_file() {
        return Err(not_regular(old.file_type()).into());
    }
    // No write bit at all (0444) counts for root too, who may write anyway.
    if old.permissions().readonly() {
        return Err(Refusal::ReadOnly.into());
    }
    match rustix::fs::access(target, rustix::fs::Access::WRITE_OK) {
        Ok(()) => {}
        Err(e) if e == rustix::io::Errno::ACCESS || e == rustix::io::Errno::PERM => {
            return Err(Refusal::ReadOnly.into());
        }
        // A read-only disk, say: the system says so itself.
        Err(e) => return Err(e.into()),
    }
    Ok(Some(old))
}

/// Opens a file for reading when it is a regular file (or a link to one);
/// a folder, named pipe, device or socket is refused at once
/// ([`Refusal::NotRegular`]), without waiting for a pipe's writer.
pub fn open_regular(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(NONBLOCK)
        .open(path)?;
    regular(file)
}

/// `file` (opened with `O_NONBLOCK`) when it is a regular file, with the
/// flag cleared again; otherwise what it is.
fn regular(file: File) -> io::Result<File> {
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(not_regular(kind).into());
    }
    // I/O on a regular file never blocks; clear the flag all the same.
    rustix::fs::fcntl_setfl(&file, rustix::fs::OFlags::empty())?;
    Ok(file)
}

/// Creates (or empties) a regular file for writing, such as a log: a named
/// pipe, device or folder there is refused at once, as by [`open_regular`].
pub fn create_regular(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(NONBLOCK)
        .open(path)
        .map_err(|e| {
            // A named pipe without a reader answers "no such device".
            if e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) {
                Refusal::NotRegular("a named pipe").into()
            } else {
                e
            }
        })?;
    let file = regular(file)?;
    file.set_len(0)?;
    Ok(file)
}

/// Reads a regular file of at most `limit` bytes; a larger one is refused
/// before it is read whole, and one that is not a regular file at once
/// (see [`open_regular`]).
pub fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let file = open_regular(path).map_err(|e| ReadError::new(path, e))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::new(path, e))?;
    Ok(bytes)
}

/// [`read_bounded`] for a text file: bytes that are not UTF-8 are an
/// error of kind `InvalidData`, and a file larger than `limit` one of kind
/// `FileTooLarge` (never the first `limit` bytes of it, which a caller
/// would take for the whole and write back cut).
pub fn read_text(path: &Path, limit: usize) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    if bytes.len() > limit {
        let error = io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("larger than {} KiB", limit / 1024),
        );
        return Err(ReadError::new(path, error));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::new(path, io::ErrorKind::InvalidData.into()))
}

/// The data folder of Match5, shared by every game and program:
/// `$XDG_DATA_HOME/match5`, or `~/.local/share/match5` (only absolute
/// paths count, as the XDG specification says).
pub fn data_dir() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| {
        let p = PathBuf::from(v);
        p.is_absolute().then_some(p)
    };
    let base = std::env::var_os("XDG_DATA_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".local/share"))
        })?;
    Some(base.join("match5"))
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

/// Moves a damaged file aside, to its [`damaged_name`], so that a new one
/// can start without losing it; returns where it went. A copy moved aside
/// in the same second before is never replaced: this one takes the name
/// with `-2`, `-3`… after it (six damaged starts in quick succession kept
/// two copies of six).
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    let first = damaged_name(path);
    for n in 1..=MOST_COPIES {
        let aside = numbered(&first, n);
        match renameat_with(CWD, path, CWD, &aside, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(aside),
            Err(e) if e == rustix::io::Errno::EXIST => continue,
            // A file system that cannot rename without replacing.
            Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => {
                if aside.exists() {
                    continue;
                }
                fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "too many copies of it in the same second",
    ))
}

/// How many copies of one file one second may keep beside it.
pub const MOST_COPIES: u32 = 1000;

/// `path` for the first copy, `path-2`, `path-3`… for the next ones.
fn numbered(path: &Path, n: u32) -> PathBuf {
    if n == 1 {
        return path.to_path_buf();
    }
    let mut name = path.as_os_str().to_os_string();
    name.push(format!("-{n}"));
    PathBuf::from(name)
}

/// Can a file of `bytes` bytes be saved at `path`? Creates its folder if
/// needed, then a temporary file in it (the way a save does) of that size,
/// written and synced to disk, so that a full disk or quota says so now,
/// not after the work that was to be saved; then removes it.
pub fn check_room(path: &Path, bytes: u64) -> io::Result<()> {
    let target = resolve_links(path)?;
    replaceable(&target)?;
    let probe = target.with_file_name(format!(".match5-probe-{}", std::process::id()));
    let written = atomic_write_with(&probe, |file| {
        let zeros = [0u8; 64 * 1024];
        let mut left = bytes;
        while left > 0 {
            let n = left.min(zeros.len() as u64) as usize;
            file.write_all(&zeros[..n])?;
            left -= n as u64;
        }
        file.sync_all()
    });
    let removed = fs::remove_file(&probe);
    written?;
    removed
}
