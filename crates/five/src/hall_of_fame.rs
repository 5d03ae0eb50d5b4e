//! The hall of fame: the best 100 players by level
//! (`$XDG_DATA_HOME/match5/hall-of-fame.toml`).

use std::path::Path;

use serde::{Deserialize, Serialize};

use match5_common::disk::{atomic_write, read_bounded};

use crate::file_error::FileError;
use crate::fivo::ParseError;

/// How many players the hall of fame holds.
pub const SIZE: usize = 100;
/// The largest hall-of-fame file that is read; a larger one is damaged.
pub const MAX_FILE_BYTES: usize = 256 * 1024;
const FORMAT: &str = "match5-hall-of-fame";
/// Version 2 ranks only what each player taught; version 1 counted the
/// patterns copied from a trained computer in the level of a player who
/// started from one. Those levels are corrected when read (see
/// [`HallOfFame::load_correcting`]).
const VERSION: u32 = 2;

/// The patterns of each trained computer that Match5 0.2.0 shipped, which a
/// hall of fame of version 1 counted in the level of a player who started
/// from it. Taking them off never ranks a copied pattern: junk removal only
/// ever lowers how many of them a knowledge still holds.
const COPIED_IN_VERSION_1: [(&str, usize); 3] =
    [("greedy", 92), ("self-play", 1159), ("curriculum", 2075)];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub player: String,
    /// The patterns this player taught (their level).
    pub level: usize,
    /// The trained computer the player's knowledge started from (a rung of
    /// [`crate::ladder`]); none for knowledge that learned only from them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// How many patterns of that trained computer the knowledge holds: shown,
    /// never ranked. Unknown for a level corrected without the knowledge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trained: Option<usize>,
}

/// The best players, highest level first; of equal levels, who got there
/// first stands first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HallOfFame {
    format: String,
    version: u32,
    #[serde(default, rename = "player")]
    entries: Vec<Entry>,
    /// Read from a file of an older version and corrected: saving it
    /// writes the upgrade.
    #[serde(skip)]
    older: bool,
}

impl HallOfFame {
    pub fn new() -> HallOfFame {
        HallOfFame {
            format: FORMAT.to_string(),
            version: VERSION,
            entries: Vec::new(),
            older: false,
        }
    }

    /// Reads the file; a missing file is an empty hall of fame. A damaged
    /// one (not TOML, another format, a bad name, larger than
    /// [`MAX_FILE_BYTES`]) is a [`FileError::Parse`]; one of a newer version
    /// is [`FileError::Refused`]: read nothing from it, write nothing over it.
    pub fn load(path: &Path) -> Result<HallOfFame, FileError> {
        HallOfFame::load_correcting(path, |_, _| None)
    }

    /// [`HallOfFame::load`]; the level of a player who started from a
    /// trained computer in a hall of fame of version 1 is corrected to what
    /// they taught: with `known(player, start)`, which gives their
    /// knowledge's (level, trained patterns) where it is known, else by
    /// taking off the patterns that trained computer had in version 1.
    pub fn load_correcting(
        path: &Path,
        known: impl Fn(&str, &str) -> Option<(usize, usize)>,
    ) -> Result<HallOfFame, FileError> {
        let mut hof = HallOfFame::load_as_written(path)?;
        if hof.version < VERSION {
            // An entry with its trained patterns was recorded by this
            // version (a save before the upgrade): it counts what was taught.
            for e in hof.entries.iter_mut().filter(|e| e.trained.is_none()) {
                let Some(start) = e.start.as_deref() else {
                    continue;
                };
                (e.level, e.trained) = match known(&e.player, start) {
                    Some((level, trained)) => (level, Some(trained)),
                    None => {
                        let copied = (COPIED_IN_VERSION_1.iter())
                            .find(|(id, _)| *id == start)
                            .map_or(0, |(_, n)| *n);
                        (e.level.saturating_sub(copied), None)
                    }
                };
            }
            hof.entries.retain(|e| e.level > 0);
            hof.version = VERSION;
            hof.older = true;
        }
        // Stable: of equal levels, who got there first stays first.
        hof.entries.sort_by_key(|e| std::cmp::Reverse(e.level));
        hof.entries.truncate(SIZE);
        Ok(hof)
    }

    /// [`HallOfFame::load`] without correcting an older version: its
    /// version and levels as the file has them (a save before the upgrade
    /// records its player there and leaves the rest to the upgrade).
    pub fn load_as_written(path: &Path) -> Result<HallOfFame, FileError> {
        let bytes = match read_bounded(path, MAX_FILE_BYTES) {
            Ok(b) => b,
            Err(e) if e.is_not_found() => return Ok(HallOfFame::new()),
            Err(e) => return Err(e.into()),
        };
        let bad = |line: Option<usize>, message: String| FileError::Parse {
            path: path.to_path_buf(),
            error: ParseError { line, message },
        };
        if bytes.len() > MAX_FILE_BYTES {
            return Err(bad(
                None,
                format!(
                    "larger than {} KiB: not a hall of fame",
                    MAX_FILE_BYTES / 1024
                ),
            ));
        }
        let text =
            std::str::from_utf8(&bytes).map_err(|_| bad(None, "not UTF-8 text".to_string()))?;
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let hof: HallOfFame = toml::from_str(text).map_err(|e| {
            bad(
                e.span().map(|s| line_of(s.start)),
                e.message().trim().to_string(),
            )
        })?;
        if hof.format != FORMAT {
            return Err(bad(
                None,
                format!("not a Match5 hall of fame (format {:?})", hof.format),
            ));
        }
        if hof.version > VERSION {
            return Err(FileError::Refused {
                path: path.to_path_buf(),
                reason: format!(
                    "the hall of fame has version {}, written by a newer Match5; this one reads and writes version {VERSION} and leaves it as it is",
                    hof.version
                ),
            });
        }
        if let Some(e) = hof
            .entries
            .iter()
            .find(|e| match5_common::names::check_name(&e.player) != Ok(e.player.as_str()))
        {
            return Err(bad(
                None,
                format!(
                    "the player name {:?} is not a name",
                    match5_common::text::excerpt(&e.player, 40)
                ),
            ));
        }
        if let Some(e) = hof.entries.iter().find(|e| {
            e.start
                .as_deref()
                .is_some_and(|s| !crate::fivo::is_start_name(s))
        }) {
            return Err(bad(
                None,
                format!("{}: start is not the name of a trained computer", e.player),
            ));
        }
        Ok(hof)
    }

    /// Writes the file atomically.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        let text = toml::to_string(self).expect("the hall of fame serializes");
        atomic_write(path, text.as_bytes()).map_err(|error| FileError::Io {
            path: path.to_path_buf(),
            error,
        })
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Was it read from a file of an older version (and corrected)?
    pub fn was_older(&self) -> bool {
        self.older
    }

    /// Is it of an older version, as [`HallOfFame::load_as_written`] read
    /// it (not corrected yet)?
    pub fn is_older(&self) -> bool {
        self.version < VERSION
    }

    /// Puts `player` at `level` (the patterns they taught); level 0 takes
    /// them out. `start` is the trained computer their knowledge started
    /// from with the patterns of it that it still holds: shown, not ranked.
    /// Only the best [`SIZE`] stay.
    pub fn record(&mut self, player: &str, level: usize, start: Option<(&str, usize)>) {
        self.entries.retain(|e| e.player != player);
        if level > 0 {
            let at = self.entries.partition_point(|e| e.level >= level);
            self.entries.insert(
                at,
                Entry {
                    player: player.to_string(),
                    level,
                    start: start.map(|(s, _)| s.to_string()),
                    trained: start.map(|(_, n)| n),
                },
            );
        }
        self.entries.truncate(SIZE);
    }

    /// In a hall of fame of an older version, not corrected yet: gives
    /// `player`'s entries that started from `start` the level and trained
    /// patterns their knowledge has now, read by the upgrade (see
    /// [`crate::Store::upgrade_hall_of_fame`]); the correction keeps such
    /// entries as they are. True when an entry changed.
    pub fn settle(&mut self, player: &str, start: &str, level: usize, trained: usize) -> bool {
        let mut changed = false;
        for e in (self.entries.iter_mut()).filter(|e| {
            e.player == player && e.trained.is_none() && e.start.as_deref() == Some(start)
        }) {
            (e.level, e.trained) = (level, Some(trained));
            changed = true;
        }
        changed
    }

    /// The 1-based rank of `player`, if listed.
    pub fn rank(&self, player: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.player == player)
            .map(|i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn keeps_the_best_hundred_in_order() {
        let mut hof = HallOfFame::new();
        for i in 0..150 {
            hof.record(&format!("p{i}"), i % 37 + 1, None);
        }
        assert_eq!(hof.entries().len(), SIZE);
        assert!(hof.entries().windows(2).all(|w| w[0].level >= w[1].level));
        assert_eq!(hof.entries()[0].level, 37);
        // Equal levels: who got there first stands first.
        assert_eq!(hof.entries()[0].player, "p36");
        hof.record("p36", 0, None);
        assert_eq!(hof.rank("p36"), None);
        hof.record("new", 100, None);
        assert_eq!(hof.rank("new"), Some(1));
    }

    #[test]
    fn round_trips_and_rejects_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hall-of-fame.toml");
        assert_eq!(HallOfFame::load(&path).unwrap().entries().len(), 0);
        let mut hof = HallOfFame::new();
        hof.record("Anna", 3, None);
        hof.record("Bert", 5, None);
        hof.save(&path).unwrap();
        assert_eq!(HallOfFame::load(&path).unwrap(), hof);
        fs::write(&path, "format = \"something-else\"\nversion = 1\n").unwrap();
        let err = HallOfFame::load(&path).unwrap_err().to_string();
        assert!(err.contains("not a Match5 hall of fame"), "{err}");
    }
}
