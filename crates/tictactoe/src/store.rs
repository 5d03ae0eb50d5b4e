//! The knowledge on disk, shared by the app and `match5-cli tictactoe`:
//! read with a size limit, changed only under the file's lock, written
//! atomically. A game that ends while another program changed the file is
//! learned on top of that program's knowledge, so neither is lost.

use std::io;
use std::path::{Path, PathBuf};

use match5_common::disk::{FileLock, atomic_write, data_dir, move_aside, read_bounded};

use crate::file::{FILE_NAME, FileError, MAX_FILE_BYTES, Problem, parse, to_text};
use crate::knowledge::{Knowledge, Lesson, Rewards};

/// What went wrong, with the file's path.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Not a knowledge file (or one of a newer version): left as it is.
    #[error("{}: {error}", .path.display())]
    Bad { path: PathBuf, error: FileError },
    #[error("{}: {error}", .path.display())]
    Io { path: PathBuf, error: io::Error },
}

impl StoreError {
    fn io(path: &Path, error: io::Error) -> StoreError {
        StoreError::Io {
            path: path.to_path_buf(),
            error,
        }
    }

    /// The file is damaged (not one written by a newer Match5).
    pub fn is_damaged(&self) -> bool {
        matches!(self, StoreError::Bad { error, .. } if !error.is_newer())
    }
}

/// What [`KnowledgeFile::update`] made.
pub struct Updated<R> {
    pub file: KnowledgeFile,
    /// The knowledge after the change.
    pub knowledge: Knowledge,
    /// What the change answered.
    pub answer: R,
    /// Whether the knowledge was written, and why not.
    pub written: Result<(), StoreError>,
}

impl<R> Updated<R> {
    /// The file, the knowledge and the answer, once written; else why not.
    pub fn into_written(self) -> Result<(KnowledgeFile, Knowledge, R), StoreError> {
        self.written?;
        Ok((self.file, self.knowledge, self.answer))
    }
}

/// `$XDG_DATA_HOME/match5/tic-tac-toe.toml` (or under
/// `~/.local/share`).
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(FILE_NAME))
}

/// The file's bytes, `None` when there is no file.
fn read(path: &Path) -> Result<Option<Vec<u8>>, StoreError> {
    match read_bounded(path, MAX_FILE_BYTES) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(StoreError::io(path, e.error)),
    }
}

fn decode(path: &Path, bytes: &[u8], rewards: Rewards) -> Result<Knowledge, StoreError> {
    let bad = |error| StoreError::Bad {
        path: path.to_path_buf(),
        error,
    };
    if bytes.len() > MAX_FILE_BYTES {
        return Err(bad(FileError {
            line: None,
            problem: Problem::TooLarge,
        }));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        // An empty file (a save cut short long ago, or `touch`): nothing
        // learned yet.
        return Ok(Knowledge::new(rewards));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| {
        bad(FileError {
            line: None,
            problem: Problem::NotText,
        })
    })?;
    parse(text).map_err(bad)
}

/// A knowledge file and what this program last read from it or wrote to
/// it, to see whether another program changed it since.
#[derive(Debug)]
pub struct KnowledgeFile {
    path: PathBuf,
    synced: Option<Vec<u8>>,
}

/// How a save went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The file held what we last read or wrote: our knowledge is saved.
    Plain,
    /// Another program had changed the file: its knowledge was read, the
    /// game learned on top of it and saved.
    OnTopOfOthers,
}

impl KnowledgeFile {
    /// Reads the file at `path`; no file is no knowledge yet, with
    /// `rewards`.
    pub fn load(path: &Path, rewards: Rewards) -> Result<(KnowledgeFile, Knowledge), StoreError> {
        let bytes = read(path)?;
        let knowledge = match &bytes {
            Some(b) => decode(path, b, rewards)?,
            None => Knowledge::new(rewards),
        };
        Ok((
            KnowledgeFile {
                path: path.to_path_buf(),
                synced: bytes,
            },
            knowledge,
        ))
    }

    /// A damaged file at `path` moved aside (to
    /// `<name>.damaged-<date and time>`), so that a new one can start
    /// without losing it. Where it went.
    pub fn set_aside(path: &Path) -> Result<PathBuf, StoreError> {
        let (target, _lock) = FileLock::on(path).map_err(|e| StoreError::io(path, e))?;
        move_aside(&target).map_err(|e| StoreError::io(path, e))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Under the file's lock: the file is read again, `change` made to its
    /// knowledge and the result written. For training, which must build on
    /// whatever the file holds at that moment. No file starts with
    /// `rewards`. An error when the file could not be read (nothing was
    /// changed); a change that could not be written (a full disk) comes
    /// back with [`Updated::written`] saying why, so that what it made is
    /// not lost: the file still counts as holding what it held, and the
    /// next save writes over it.
    pub fn update<R>(
        path: &Path,
        rewards: Rewards,
        change: impl FnOnce(&mut Knowledge) -> R,
    ) -> Result<Updated<R>, StoreError> {
        let (target, _lock) = FileLock::on(path).map_err(|e| StoreError::io(path, e))?;
        let (mut file, mut knowledge) = KnowledgeFile::load(&target, rewards)?;
        let answer = change(&mut knowledge);
        let written = file.write(&target, &knowledge);
        file.path = path.to_path_buf();
        Ok(Updated {
            file,
            knowledge,
            answer,
            written,
        })
    }

    fn write(&mut self, target: &Path, knowledge: &Knowledge) -> Result<(), StoreError> {
        let text = to_text(knowledge);
        atomic_write(target, text.as_bytes()).map_err(|e| StoreError::io(&self.path, e))?;
        self.synced = Some(text.into_bytes());
        Ok(())
    }

    /// Writes `knowledge` when the file still holds what was last read or
    /// written and that is not `knowledge` (an earlier save failed, on a
    /// full disk): whether it wrote. A file another program changed
    /// meanwhile is left to the next game's save, which learns on top.
    pub fn save_if_behind(&mut self, knowledge: &Knowledge) -> Result<bool, StoreError> {
        let text = to_text(knowledge);
        let nothing = self.synced.is_none() && *knowledge == Knowledge::new(knowledge.rewards());
        if nothing || self.synced.as_deref() == Some(text.as_bytes()) {
            return Ok(false);
        }
        let (target, _lock) =
            FileLock::on(&self.path).map_err(|e| StoreError::io(&self.path, e))?;
        if read(&target)? != self.synced {
            return Ok(false);
        }
        self.write(&target, knowledge)?;
        Ok(true)
    }

    /// Saves `knowledge` as it is, whatever the file holds (after Forget).
    pub fn save(&mut self, knowledge: &Knowledge) -> Result<(), StoreError> {
        let (target, _lock) =
            FileLock::on(&self.path).map_err(|e| StoreError::io(&self.path, e))?;
        self.write(&target, knowledge)
    }

    /// Saves `knowledge` after a game it learned `lesson` from. When
    /// another program changed the file since we last read or wrote it,
    /// its knowledge is read, `lesson` learned on top of it, and that
    /// becomes `knowledge`. A damaged file found then is left as it is.
    pub fn save_game(
        &mut self,
        knowledge: &mut Knowledge,
        lesson: &Lesson,
    ) -> Result<Saved, StoreError> {
        let (target, _lock) =
            FileLock::on(&self.path).map_err(|e| StoreError::io(&self.path, e))?;
        let now = read(&target)?;
        if now == self.synced {
            self.write(&target, knowledge)?;
            return Ok(Saved::Plain);
        }
        let mut theirs = match &now {
            Some(b) => decode(&self.path, b, knowledge.rewards())?,
            None => Knowledge::new(knowledge.rewards()),
        };
        theirs.apply(lesson);
        self.write(&target, &theirs)?;
        *knowledge = theirs;
        Ok(Saved::OnTopOfOthers)
    }
}
