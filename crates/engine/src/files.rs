//! Where knowledge lives on disk: XDG folders, safe file names, atomic saves,
//! and the rules of who may overwrite what.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::fivo::{self, Contents, ParseError};
use crate::hall_of_fame::HallOfFame;
use crate::knowledge::{Knowledge, Merged, Status};

/// Extension of knowledge files.
pub const EXTENSION: &str = "fivo";

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
    fn io(path: &Path, error: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

pub use crate::player::{MAX_NAME, NameError};

/// The file name (`<player>.fivo`) for a player. Characters that are not safe
/// in a file name (`/`, `\`, `%`, `:`, a leading `.`) are percent-encoded, so a
/// name is never used as a path.
pub fn player_file_name(player: &str) -> Result<String, NameError> {
    let player = crate::player::check_name(player)?;
    let mut name = String::new();
    for (i, ch) in player.chars().enumerate() {
        if matches!(ch, '/' | '\\' | '%' | ':') || (i == 0 && ch == '.') {
            let mut buf = [0u8; 4];
            for b in ch.encode_utf8(&mut buf).bytes() {
                name.push_str(&format!("%{b:02X}"));
            }
        } else {
            name.push(ch);
        }
    }
    Ok(format!("{name}.{EXTENSION}"))
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

/// Length and hash of a file's bytes: whether it changed.
fn fingerprint(bytes: &[u8]) -> (u64, u64) {
    use std::hash::{DefaultHasher, Hasher};
    let mut h = DefaultHasher::new();
    h.write(bytes);
    (bytes.len() as u64, h.finish())
}

/// Reads a file of at most `limit` bytes; a larger one is refused before
/// it is read whole.
pub(crate) fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    Ok(bytes)
}

/// Reads a knowledge file. A file with a password opens in user status until
/// [`Knowledge::unlock`]; one without, as owner.
pub fn load_knowledge(path: &Path) -> Result<Knowledge, FileError> {
    let bytes = read_bounded(path, fivo::MAX_FILE_BYTES)?;
    let contents = parse_contents(path, &bytes)?;
    let read = fingerprint(&bytes);
    drop(bytes);
    let mut k = Knowledge::opened(
        contents.player,
        contents.password,
        contents.stats,
        contents.patterns,
        Some(path.to_path_buf()),
    );
    if let Ok(target) = resolve_links(path) {
        k.set_base(target, read);
    }
    Ok(k)
}

fn parse_contents(path: &Path, bytes: &[u8]) -> Result<Contents, FileError> {
    fivo::parse_bytes(bytes).map_err(|error| FileError::Parse {
        path: path.to_path_buf(),
        error,
    })
}

/// What a save did with the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The knowledge was written to this file.
    Written(PathBuf),
    /// The knowledge was empty: its file (if any) and its hall-of-fame entry
    /// were removed, the seed's way to erase a player.
    Erased(PathBuf),
}

/// The data folder of Match5 (`$XDG_DATA_HOME/match5`): knowledge files in
/// `knowledge/`, the hall of fame in `hall-of-fame.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The store in `$XDG_DATA_HOME/match5`, or `~/.local/share/match5`.
    pub fn from_env() -> Option<Store> {
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
        Some(Store::at(base.join("match5")))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn knowledge_dir(&self) -> PathBuf {
        self.dir.join("knowledge")
    }

    /// `knowledge/<player>.fivo`.
    pub fn knowledge_path(&self, player: &str) -> Result<PathBuf, NameError> {
        Ok(self.knowledge_dir().join(player_file_name(player)?))
    }

    pub fn hall_of_fame_path(&self) -> PathBuf {
        self.dir.join("hall-of-fame.toml")
    }

    /// The hall of fame (empty when there is none yet).
    pub fn hall_of_fame(&self) -> Result<HallOfFame, FileError> {
        HallOfFame::load(&self.hall_of_fame_path())
    }

    /// Saves `knowledge` to `path` (its player's default file when `None`)
    /// and updates the hall of fame; see [`SaveReport`].
    ///
    /// While it saves it holds the file's lock. When the file changed on
    /// disk since the knowledge was read from it (another program saved to
    /// it), both are merged: the patterns of both, junk removal applied,
    /// the games added up; `knowledge` becomes the merged knowledge.
    ///
    /// Refused: knowledge in user status; a file of someone else protected by
    /// a password; a file that is not knowledge; a file whose owner or
    /// password changed since it was read ([`FileError::Conflict`]). Empty
    /// knowledge erases the file and the player's hall-of-fame entry.
    pub fn save(
        &self,
        knowledge: &mut Knowledge,
        path: Option<&Path>,
    ) -> Result<SaveReport, FileError> {
        let path = match path {
            Some(p) => p.to_path_buf(),
            None => self.knowledge_path(knowledge.player())?,
        };
        if knowledge.status() == Status::User {
            return Err(FileError::Refused {
                path,
                reason: format!(
                    "this knowledge belongs to {} and was opened without the password; save it under your own name",
                    knowledge.player()
                ),
            });
        }
        let target = resolve_links(&path).map_err(|e| FileError::io(&path, e))?;
        let lock = FileLock::acquire(&target).map_err(|e| FileError::io(&path, e))?;
        let merged = match read_bounded(&target, fivo::MAX_FILE_BYTES) {
            Err(FileError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
            Ok(bytes) => merge_with_disk(knowledge, &path, &target, &bytes)?,
        };
        let saved = if knowledge.level() == 0 {
            match fs::remove_file(&target) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(FileError::io(&path, e)),
            }
            Saved::Erased(path.clone())
        } else {
            let text = fivo::write(&Contents::of(knowledge));
            atomic_write(&target, text.as_bytes()).map_err(|e| FileError::io(&path, e))?;
            knowledge.set_base(target, fingerprint(text.as_bytes()));
            Saved::Written(path.clone())
        };
        drop(lock);
        knowledge.saved(matches!(saved, Saved::Erased(_)));
        knowledge.set_source(Some(path));
        let hall_of_fame = self.update_hall_of_fame(knowledge.player(), knowledge.level());
        Ok(SaveReport {
            saved,
            merged,
            hall_of_fame,
        })
    }

    /// Puts `player` at `level` in the hall of fame (level 0 removes them),
    /// holding its lock. A damaged hall of fame is moved aside and a new one
    /// started: the answer is then where the damaged one went.
    pub fn update_hall_of_fame(
        &self,
        player: &str,
        level: usize,
    ) -> Result<Option<PathBuf>, FileError> {
        let path = self.hall_of_fame_path();
        let target = resolve_links(&path).map_err(|e| FileError::io(&path, e))?;
        let _lock = FileLock::acquire(&target).map_err(|e| FileError::io(&path, e))?;
        let (mut hof, moved) = match HallOfFame::load(&target) {
            Ok(hof) => (hof, None),
            Err(FileError::Parse { .. }) => {
                let aside = damaged_name(&target);
                fs::rename(&target, &aside).map_err(|e| FileError::io(&path, e))?;
                (HallOfFame::new(), Some(aside))
            }
            Err(e) => return Err(e),
        };
        hof.record(player, level);
        hof.save(&target)?;
        Ok(moved)
    }
}

/// What a save did.
#[derive(Debug)]
pub struct SaveReport {
    pub saved: Saved,
    /// The file had been changed by another program since it was read:
    /// what the merge brought in.
    pub merged: Option<Merged>,
    /// The hall of fame was updated (and where a damaged one was moved, if
    /// it was), or why not; the knowledge is saved either way.
    pub hall_of_fame: Result<Option<PathBuf>, FileError>,
}

/// The date and time now (UTC) for a file name: `2026-11-21T212200Z`.
pub fn utc_stamp() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "")
}

/// `<file>.damaged-<UTC date and time>`, beside it.
fn damaged_name(path: &Path) -> PathBuf {
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

/// The file at `target` holds `bytes`. When it is not what `knowledge` was
/// read from (or last wrote), decide: merge, or refuse.
fn merge_with_disk(
    knowledge: &mut Knowledge,
    path: &Path,
    target: &Path,
    bytes: &[u8],
) -> Result<Option<Merged>, FileError> {
    let base = knowledge.base_at(target).cloned();
    if base
        .as_ref()
        .is_some_and(|b| b.fingerprint == fingerprint(bytes))
    {
        return Ok(None);
    }
    let disk = fivo::parse_bytes(bytes).map_err(|_| FileError::Refused {
        path: path.to_path_buf(),
        reason: "the file there is not Match5 knowledge; it is left as it is".to_string(),
    })?;
    match &base {
        None if disk.password.is_some() => {
            return Err(FileError::Protected {
                path: path.to_path_buf(),
                player: disk.player,
            });
        }
        None if disk.player != knowledge.player() => {
            return Err(FileError::Conflict {
                path: path.to_path_buf(),
                reason: format!("it holds the knowledge of {}", disk.player),
            });
        }
        Some(b) if b.player != disk.player => {
            return Err(FileError::Conflict {
                path: path.to_path_buf(),
                reason: format!(
                    "another program saved the knowledge of {} there",
                    disk.player
                ),
            });
        }
        Some(b) if b.password != disk.password => {
            return Err(FileError::Conflict {
                path: path.to_path_buf(),
                reason: "another program changed its password".to_string(),
            });
        }
        _ => {}
    }
    Ok(Some(knowledge.merge(
        disk.patterns,
        disk.stats,
        base.as_ref(),
    )))
}
