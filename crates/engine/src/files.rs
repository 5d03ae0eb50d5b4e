//! Where knowledge lives on disk: XDG folders, safe file names, atomic saves,
//! and the rules of who may overwrite what.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::fivo::{self, Contents, ParseError};
use crate::hall_of_fame::HallOfFame;
use crate::knowledge::{Knowledge, Status};

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

/// Why a player name cannot name a file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a player needs a name")]
    Empty,
    #[error("the player name is longer than {MAX_NAME} characters")]
    TooLong,
    #[error("the player name holds a control character")]
    ControlCharacter,
}

/// The longest player name, in characters.
pub const MAX_NAME: usize = 64;

/// The file name (`<player>.fivo`) for a player. Characters that are not safe
/// in a file name (`/`, `\`, `%`, `:`, a leading `.`) are percent-encoded, so a
/// name is never used as a path.
pub fn player_file_name(player: &str) -> Result<String, NameError> {
    let player = player.trim();
    if player.is_empty() {
        return Err(NameError::Empty);
    }
    if player.chars().count() > MAX_NAME {
        return Err(NameError::TooLong);
    }
    if player.chars().any(char::is_control) {
        return Err(NameError::ControlCharacter);
    }
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

/// Writes `path` atomically: the data goes to a temporary file in the same
/// folder, which is synced and then renamed over `path`. A failure at any
/// point leaves the old file as it was and no temporary file behind.
pub fn atomic_write_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".match5-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    write(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
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

/// Reads a knowledge file. A file with a password opens in user status until
/// [`Knowledge::unlock`]; one without, as owner.
pub fn load_knowledge(path: &Path) -> Result<Knowledge, FileError> {
    let contents = read_contents(path)?;
    Ok(Knowledge::opened(
        contents.player,
        contents.password,
        contents.stats,
        contents.patterns,
        Some(path.to_path_buf()),
    ))
}

fn read_contents(path: &Path) -> Result<Contents, FileError> {
    let bytes = fs::read(path).map_err(|e| FileError::io(path, e))?;
    let text = String::from_utf8(bytes).map_err(|_| FileError::Parse {
        path: path.to_path_buf(),
        error: ParseError {
            line: None,
            message: "not a text file (not UTF-8)".to_string(),
        },
    })?;
    fivo::parse(&text).map_err(|error| FileError::Parse {
        path: path.to_path_buf(),
        error,
    })
}

/// What a save did.
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
    /// and updates the hall of fame. Returns what was done and, when the hall
    /// of fame could not be updated, why (the knowledge is saved all the same).
    ///
    /// Refused: knowledge in user status; a file of someone else protected by
    /// a password; a file that is not knowledge. Empty knowledge erases the
    /// file and the player's hall-of-fame entry.
    pub fn save(
        &self,
        knowledge: &mut Knowledge,
        path: Option<&Path>,
    ) -> Result<(Saved, Option<FileError>), FileError> {
        let path = match path {
            Some(p) => p.to_path_buf(),
            None => self.knowledge_path(knowledge.player())?,
        };
        check_may_write(knowledge, &path)?;
        let saved = if knowledge.level() == 0 {
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(FileError::io(&path, e)),
            }
            Saved::Erased(path.clone())
        } else {
            let text = fivo::write(&Contents::of(knowledge));
            atomic_write(&path, text.as_bytes()).map_err(|e| FileError::io(&path, e))?;
            Saved::Written(path.clone())
        };
        knowledge.saved(matches!(saved, Saved::Erased(_)));
        knowledge.set_source(Some(path));
        let hof = self
            .update_hall_of_fame(knowledge.player(), knowledge.level())
            .err();
        Ok((saved, hof))
    }

    /// Puts `player` at `level` in the hall of fame (level 0 removes them).
    pub fn update_hall_of_fame(&self, player: &str, level: usize) -> Result<(), FileError> {
        let path = self.hall_of_fame_path();
        let mut hof = HallOfFame::load(&path)?;
        hof.record(player, level);
        hof.save(&path)
    }
}

fn check_may_write(knowledge: &Knowledge, path: &Path) -> Result<(), FileError> {
    if knowledge.status() == Status::User {
        return Err(FileError::Refused {
            path: path.to_path_buf(),
            reason: format!(
                "this knowledge belongs to {} and was opened without the password; save it under your own name",
                knowledge.player()
            ),
        });
    }
    if !path.exists() {
        return Ok(());
    }
    let same_file = knowledge.source().is_some_and(|s| {
        s == path
            || matches!((fs::canonicalize(s), fs::canonicalize(path)), (Ok(a), Ok(b)) if a == b)
    });
    match read_contents(path) {
        Ok(c) if c.password.is_some() && !same_file => Err(FileError::Protected {
            path: path.to_path_buf(),
            player: c.player,
        }),
        Ok(_) => Ok(()),
        Err(FileError::Parse { .. }) => Err(FileError::Refused {
            path: path.to_path_buf(),
            reason: "the file there is not Match5 knowledge; it is left as it is".to_string(),
        }),
        Err(e) => Err(e),
    }
}
