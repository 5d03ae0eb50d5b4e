//! How a pattern enters a player's knowledge and leaves it: junk removal
//! (a stored pattern that contains the new one goes), the place of a new
//! pattern among those of its level, and deleting.

use super::{Change, Knowledge, KnowledgeError, Learned};
use crate::junk::retain_at;
use crate::lost_lines::LostLines;
use crate::pattern::Pattern;

impl Knowledge {
    /// Adds `new`: first every stored pattern that contains it is removed
    /// (junk removal; an exact twin under symmetry is replaced), then it is
    /// inserted after the other patterns of its level (the newest lesson of
    /// its level, which the computer tries first).
    pub fn learn(&mut self, new: Pattern) -> Vec<Change> {
        // In started knowledge a pattern without its game would read as one
        // of the trained computer's: a lesson before any counted game is
        // the first game's.
        let game = match self.stats.games() {
            0 if self.start.is_some() => Learned::InGame(1),
            0 => Learned::Unrecorded,
            g => Learned::InGame(g),
        };
        self.learn_with(new, true, game)
    }

    /// [`Knowledge::learn`] from a game the player won with hints
    /// ([`Learned::Hinted`]): it teaches, but not the player's level.
    pub fn learn_hinted(&mut self, new: Pattern) -> Vec<Change> {
        let game = self.stats.games().max(1);
        self.learn_with(new, true, Learned::Hinted(game))
    }

    /// [`Knowledge::learn`] in practice: the pattern is the computer's own
    /// ([`Learned::Practice`]), not the player's.
    pub fn learn_in_practice(&mut self, new: Pattern) -> Vec<Change> {
        self.learn_with(new, true, Learned::Practice)
    }

    /// [`Knowledge::learn`]; the index follows when `index` (a merge compiles
    /// it once at the end instead).
    pub(super) fn learn_with(&mut self, new: Pattern, index: bool, game: Learned) -> Vec<Change> {
        let mut changes = Vec::new();
        let junk = self.outlines.containing(&new);
        if !junk.is_empty() {
            let gone: Vec<(u32, u32)> = (junk.iter())
                .map(|&at| (self.patterns[at].level(), self.ids[at]))
                .collect();
            changes.extend(junk.iter().map(|&index| Change::Removed {
                index,
                pattern: self.patterns[index].clone(),
            }));
            let mut kept_set = vec![true; self.patterns.len()];
            for &at in &junk {
                kept_set[at] = false;
            }
            let kept = |position: &usize| kept_set[*position];
            retain_at(&mut self.patterns, kept);
            retain_at(&mut self.ids, kept);
            self.outlines.retain(kept);
            retain_at(&mut self.learned, kept);
            if index {
                self.index.remove(&gone);
            }
        }
        let at = self.patterns.partition_point(|p| p.level() <= new.level());
        let id = self.next_id;
        self.next_id += 1;
        if index {
            self.index.insert(&new, id);
        }
        self.patterns.insert(at, new.clone());
        self.ids.insert(at, id);
        self.outlines.insert(at, &new);
        self.learned.insert(at, game);
        changes.push(Change::Added {
            index: at,
            pattern: new,
        });
        changes
    }

    /// Deletes the pattern at `index` (owner or new knowledge only).
    pub fn delete(&mut self, index: usize) -> Result<Change, KnowledgeError> {
        self.can_change()?;
        if index >= self.patterns.len() {
            return Err(KnowledgeError::NoSuchPattern(index + 1));
        }
        let pattern = self.patterns.remove(index);
        self.outlines.remove(index);
        self.learned.remove(index);
        self.index
            .remove(&[(pattern.level(), self.ids.remove(index))]);
        Ok(Change::Removed { index, pattern })
    }

    /// Deletes every pattern (owner or new knowledge only).
    pub fn delete_all(&mut self) -> Result<Vec<Change>, KnowledgeError> {
        self.can_change()?;
        let changes = std::mem::take(&mut self.patterns)
            .into_iter()
            .enumerate()
            .map(|(index, pattern)| Change::Removed { index, pattern })
            .collect();
        self.lost = LostLines::default();
        self.learned.clear();
        // Nothing of the trained computer is left either.
        self.start = None;
        self.compile();
        Ok(changes)
    }
}
