//! Where knowledge lives on disk: XDG folders, safe file names, atomic saves,
//! and the rules of who may overwrite what.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use match5_common::disk::{FileLock, atomic_write, move_aside, read_bounded, resolve_links};
use match5_common::names::NameError;

pub use crate::file_error::FileError;
use crate::fivo::{self, Contents};
use crate::hall_of_fame::HallOfFame;
use crate::knowledge::{Knowledge, Merged, Status};

/// Extension of knowledge files.
pub const EXTENSION: &str = "fivo";

/// The longest file name stem (before `.fivo`) made from a player's name,
/// in bytes. Far under the 255 bytes a Linux file name may have, so that
/// the names a save makes beside it (`.<name>.<16 hex>.match5-tmp`,
/// `.<name>.lock`, `<name>.damaged-<date>`) fit too.
pub const MAX_STEM_BYTES: usize = 120;

/// The file name (`<player>.fivo`) for a player. Characters that are not safe
/// in a file name (`/`, `\`, `%`, `:`, a leading `.`) are percent-encoded, so a
/// name is never used as a path. A name whose stem would be longer than
/// [`MAX_STEM_BYTES`] (64 characters of four bytes each are 256 bytes) is
/// cut at a character and ends in `~` and 8 hex digits of a hash of the
/// whole name, so that two long names that start alike get two files.
pub fn player_file_name(player: &str) -> Result<String, NameError> {
    use blake2::Digest;
    let player = match5_common::names::check_name(player)?;
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
    if name.len() > MAX_STEM_BYTES {
        let hash = blake2::Blake2s256::digest(player.as_bytes());
        let mut cut = MAX_STEM_BYTES - 9;
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        name.truncate(cut);
        // The cut may split a percent code; the hash keeps names apart.
        name.push_str(&format!(
            "~{:02x}{:02x}{:02x}{:02x}",
            hash[0], hash[1], hash[2], hash[3]
        ));
    }
    Ok(format!("{name}.{EXTENSION}"))
}

/// Length and hash of a file's bytes: whether it changed.
fn fingerprint(bytes: &[u8]) -> (u64, u64) {
    use std::hash::{DefaultHasher, Hasher};
    let mut h = DefaultHasher::new();
    h.write(bytes);
    (bytes.len() as u64, h.finish())
}

/// Reads a knowledge file. A file with a password opens in user status until
/// [`Knowledge::unlock`]; one without, as owner.
pub fn load_knowledge(path: &Path) -> Result<Knowledge, FileError> {
    let bytes = read_bounded(path, fivo::MAX_FILE_BYTES)?;
    let contents = parse_contents(path, &bytes)?;
    let read = fingerprint(&bytes);
    drop(bytes);
    // In level order, each pattern with its game (as `opened` orders them).
    let mut pairs: Vec<_> = contents
        .patterns
        .into_iter()
        .zip(contents.learned)
        .collect();
    pairs.sort_by_key(|(p, _)| p.level());
    let (patterns, learned): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
    let mut k = Knowledge::opened(
        contents.player,
        contents.password,
        contents.stats,
        patterns,
        Some(path.to_path_buf()),
    )
    .with_learned(learned)
    .with_lost_lines(contents.lost_lines)
    .with_history(contents.history)
    .with_start(contents.start)
    .with_hinted_origins_found();
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
        match5_common::disk::data_dir().map(Store::at)
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

    /// Writes `knowledge` to a file of its own beside the knowledge files,
    /// `knowledge/<player> (kept <UTC time>).fivo`, leaving the player's
    /// file and the hall of fame alone: where learning goes that a save
    /// could not take and nobody was there to ask about (the app ended by
    /// a signal). It opens as any knowledge file.
    pub fn keep_copy(&self, knowledge: &Knowledge) -> Result<PathBuf, FileError> {
        let name = player_file_name(knowledge.player())?;
        let stem = name.strip_suffix(&format!(".{EXTENSION}")).unwrap_or(&name);
        let stamp = match5_common::disk::utc_stamp();
        fs::create_dir_all(self.knowledge_dir())
            .map_err(|e| FileError::io(&self.knowledge_dir(), e))?;
        // A copy kept in the same second before is never replaced: this
        // one takes "(kept <time> 2)", "(kept <time> 3)"…, the name taken
        // for it first (create_new) and then written whole.
        for n in 1..=match5_common::disk::MOST_COPIES {
            let kept = if n == 1 {
                format!("{stem} (kept {stamp}).{EXTENSION}")
            } else {
                format!("{stem} (kept {stamp} {n}).{EXTENSION}")
            };
            let path = self.knowledge_dir().join(kept);
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(FileError::io(&path, e)),
            }
            let text = fivo::write(&Contents::of(knowledge));
            atomic_write(&path, text.as_bytes()).map_err(|e| FileError::io(&path, e))?;
            return Ok(path);
        }
        let path = self.knowledge_dir().join(&name);
        Err(FileError::io(
            &path,
            io::Error::new(
                io::ErrorKind::AlreadyExists,
                "too many copies kept in the same second",
            ),
        ))
    }

    /// Writes a copy of `knowledge` to `path`, where the person chose
    /// (Save a Copy): its patterns, record, history and password as they
    /// are now, replacing a file there (the file chooser asked). The
    /// knowledge keeps its own file, and the hall of fame is left alone:
    /// a copy is not a player.
    pub fn save_copy(&self, knowledge: &Knowledge, path: &Path) -> Result<(), FileError> {
        let text = fivo::write(&Contents::of(knowledge));
        atomic_write(path, text.as_bytes()).map_err(|e| FileError::io(path, e))
    }

    pub fn hall_of_fame_path(&self) -> PathBuf {
        self.dir.join("hall-of-fame.toml")
    }

    /// The hall of fame (empty when there is none yet). An older one is
    /// corrected without reading anyone's knowledge (see
    /// [`Store::upgrade_hall_of_fame`], which does, once).
    pub fn hall_of_fame(&self) -> Result<HallOfFame, FileError> {
        HallOfFame::load(&self.hall_of_fame_path())
    }

    /// Upgrades a hall of fame of an older version once, its levels
    /// corrected from the players' knowledge files where they are here:
    /// reading them may take seconds, so it is done off the main thread at
    /// start, and without the hall of fame's lock while a file is read (a
    /// save meanwhile is not held up). Each player's knowledge is read
    /// once, however many entries name them, and what it says is written
    /// into the old file at once (the entry then holds its trained
    /// patterns, which the correction keeps as they are): an upgrade cut
    /// short (the app ended) resumes at the next start with the players
    /// not read yet. Then, under the lock, the file is upgraded if it is
    /// still old. True when it upgraded the file. (Saves before that
    /// correct an old file without the knowledge, by the trained
    /// computers' sizes.)
    pub fn upgrade_hall_of_fame(&self) -> Result<bool, FileError> {
        let path = self.hall_of_fame_path();
        let old = HallOfFame::load_as_written(&path)?;
        if !old.is_older() {
            return Ok(false);
        }
        let mut read = std::collections::HashSet::new();
        for e in old.entries().iter().filter(|e| e.trained.is_none()) {
            if e.start.is_none() || !read.insert(e.player.clone()) {
                continue;
            }
            let Some(k) = (self.knowledge_path(&e.player).ok())
                .and_then(|p| load_knowledge(&p).ok())
                .filter(|k| k.player() == e.player)
            else {
                continue;
            };
            let Some(start) = k.start() else {
                continue;
            };
            let (target, _lock) = FileLock::on(&path).map_err(|e| FileError::io(&path, e))?;
            let mut now = HallOfFame::load_as_written(&target)?;
            if !now.is_older() {
                return Ok(false);
            }
            if now.settle(&e.player, start, k.level(), k.trained()) {
                now.save(&target)?;
            }
        }
        let (target, _lock) = FileLock::on(&path).map_err(|e| FileError::io(&path, e))?;
        let hof = HallOfFame::load(&target)?;
        if !hof.was_older() {
            return Ok(false);
        }
        hof.save(&target)?;
        Ok(true)
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
        let (target, lock) = FileLock::on(&path).map_err(|e| FileError::io(&path, e))?;
        let merged = match read_bounded(&target, fivo::MAX_FILE_BYTES) {
            Err(e) if e.is_not_found() => None,
            Err(e) => return Err(e.into()),
            Ok(bytes) => merge_with_disk(knowledge, &path, &target, &bytes)?,
        };
        let saved = if knowledge.pattern_count() == 0 {
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
        let hall_of_fame = self.update_hall_of_fame(
            knowledge.player(),
            knowledge.level(),
            knowledge.start().map(|s| (s, knowledge.trained())),
        );
        Ok(SaveReport {
            saved,
            merged,
            hall_of_fame,
        })
    }

    /// Puts `player` at `level` in the hall of fame (level 0 removes them),
    /// with the trained computer they started from and its patterns they
    /// hold (see [`HallOfFame::record`]), holding its lock. A damaged hall
    /// of fame is moved aside and a new one started: the answer is then
    /// where the damaged one went.
    pub fn update_hall_of_fame(
        &self,
        player: &str,
        level: usize,
        start: Option<(&str, usize)>,
    ) -> Result<Option<PathBuf>, FileError> {
        let path = self.hall_of_fame_path();
        let (target, _lock) = FileLock::on(&path).map_err(|e| FileError::io(&path, e))?;
        // An older hall of fame stays as it is written but for this player,
        // for the upgrade to correct the others from their knowledge.
        let (mut hof, moved) = match HallOfFame::load_as_written(&target) {
            Ok(hof) => (hof, None),
            Err(FileError::Parse { .. }) => {
                let aside = move_aside(&target).map_err(|e| FileError::io(&path, e))?;
                (HallOfFame::new(), Some(aside))
            }
            Err(e) => return Err(e),
        };
        hof.record(player, level, start);
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
        disk.patterns.into_iter().zip(disk.learned).collect(),
        disk.stats,
        &disk.lost_lines,
        &disk.history,
        base.as_ref(),
    )))
}
