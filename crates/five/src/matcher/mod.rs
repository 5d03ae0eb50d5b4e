//! Finding the pattern the computer answers: which stored pattern matches the
//! board first, in the order of [`MatchKey`].
//!
//! [`MatchIndex`] is the fast matcher the computer uses. Every pattern is
//! compiled in its eight symmetries into a [`Shape`]: bitboards of the fields
//! that need a stone and the fields that need to be empty. Each shape is then
//! read relative to its first stone (its anchor) and all shapes are put in
//! one trie, stones first. A trie node tests one field for *every* anchor
//! square of the board at once: `candidates & (stones >> d)`. A node whose
//! candidates run out skips its whole subtree, and shapes that start alike
//! (as learned patterns do: `BBBB...`) share their tests. A lesson learned
//! is inserted into the trie of its level's newest patterns, full tries are
//! merged on another thread, and a pattern forgotten is passed over until
//! half of its trie is forgotten, so a lesson never compiles much. The
//! [`literal`](crate::literal) matcher follows the seed to the letter and is
//! what this one is checked and measured against.

mod found;
mod ids;
mod shape;
mod trie;

use std::sync::Arc;
use std::thread::JoinHandle;

pub use self::found::{Match, MatchKey};
use self::ids::{IdSet, span};
pub use self::shape::Shape;
use self::trie::Block;
use crate::board::Board;
use crate::pattern::{Pattern, level_runs};

/// Patterns in the newest trie of a level when the index is built; each
/// older trie holds twice as many, up to [`LAST_BLOCK`]. Tries are searched
/// newest first, so a match in an early one ends the search (as in the
/// seed's order) after little work, while a search through everything runs
/// mostly through large tries, in which shapes share most of their tests.
/// Lessons learned later go into a newest trie of up to [`FIRST_BLOCK`]
/// patterns; full ones are merged on another thread (see
/// [`MatchIndex::insert`]).
const FIRST_BLOCK: usize = 32;
const LAST_BLOCK: usize = 4096;

/// The compiled knowledge: every pattern in its eight symmetries, ready to be
/// matched against a board quickly, and changed one pattern at a time.
#[derive(Clone, Debug, Default)]
pub struct MatchIndex {
    /// Per level, lowest first.
    levels: Vec<Level>,
}

#[derive(Debug)]
struct Level {
    level: u32,
    /// The ids of the level's patterns, oldest first: a pattern's place in
    /// the knowledge is its place here after the lower levels' patterns.
    ids: Vec<u32>,
    /// Tries over runs of the level's patterns, newest first.
    tries: Vec<Trie>,
    /// Patterns forgotten, passed over where a trie still holds them.
    forgotten: IdSet,
    /// The merge of some of the newest tries into one, running on another
    /// thread; until it is done the tries it merges answer.
    merging: Option<Merging>,
}

/// A trie of a level, shared with the merging thread while it is merged.
#[derive(Clone, Debug)]
struct Trie {
    block: Arc<Block>,
    /// How many of its patterns are forgotten. A trie is compiled again
    /// without them once they are half of it, so forgetting a pattern costs
    /// little, and a trie is never mostly dead weight.
    forgotten: usize,
}

impl Trie {
    fn new(block: Block) -> Trie {
        Trie {
            block: Arc::new(block),
            forgotten: 0,
        }
    }

    fn live(&self) -> usize {
        self.block.patterns - self.forgotten
    }

    fn holds(&self, id: u32) -> bool {
        self.block.ids.is_some_and(|(lo, hi)| lo <= id && id <= hi)
    }
}

/// A merge running on another thread.
#[derive(Debug)]
struct Merging {
    /// The ids of the patterns merged: the tries within them are replaced.
    ids: (u32, u32),
    /// Patterns of the merge forgotten after it began.
    forgotten: usize,
    job: JoinHandle<Block>,
}

impl Clone for Level {
    /// A copy without the running merge: the tries it merges stay.
    fn clone(&self) -> Level {
        Level {
            level: self.level,
            ids: self.ids.clone(),
            tries: self.tries.clone(),
            forgotten: self.forgotten.clone(),
            merging: None,
        }
    }
}

impl Level {
    fn new(level: u32, ids: Vec<u32>, tries: Vec<Trie>) -> Level {
        Level {
            level,
            ids,
            tries,
            forgotten: IdSet::default(),
            merging: None,
        }
    }

    /// Puts a merged trie in place of the tries it merges, when the merge
    /// is done (or `wait` for it). A merge that failed leaves the tries.
    fn settle(&mut self, wait: bool) {
        if !wait && self.merging.as_ref().is_none_or(|m| !m.job.is_finished()) {
            return;
        }
        let Some(merging) = self.merging.take() else {
            return;
        };
        let Ok(merged) = merging.job.join() else {
            return;
        };
        let (lo, hi) = merging.ids;
        let inside = |t: &Trie| t.block.ids.is_some_and(|(a, z)| lo <= a && z <= hi);
        let Some(at) = self.tries.iter().position(inside) else {
            return;
        };
        self.tries.retain(|t| !inside(t));
        let mut trie = Trie::new(merged);
        trie.forgotten = merging.forgotten;
        self.tries.insert(at, trie);
        self.compact(at);
    }

    /// Starts merging the newest full tries, as a binary counter carries:
    /// while the next older trie is no larger, up to [`LAST_BLOCK`].
    fn start_merge(&mut self) {
        if self.merging.is_some() {
            return;
        }
        let full = |t: &Trie| t.block.patterns >= FIRST_BLOCK;
        let Some(first) = self.tries.iter().take(2).position(full) else {
            return;
        };
        let mut size = self.tries[first].live();
        let mut end = first + 1;
        while let Some(older) = self.tries.get(end)
            && older.live() <= size
            && size + older.live() <= LAST_BLOCK
        {
            size += older.live();
            end += 1;
        }
        if end - first < 2 {
            return;
        }
        let parts: Vec<Arc<Block>> = self.tries[first..end]
            .iter()
            .map(|t| Arc::clone(&t.block))
            .collect();
        let ids = (parts.iter().map(|b| b.ids))
            .fold(None, span)
            .expect("full tries hold patterns");
        let forgotten = self.forgotten.clone();
        let job = std::thread::spawn(move || Block::merged(&parts, &forgotten, size));
        self.merging = Some(Merging {
            ids,
            forgotten: 0,
            job,
        });
    }

    /// Forgets the patterns `ids` (sorted).
    fn forget(&mut self, ids: &[u32]) {
        let mut next = ids.iter().peekable();
        self.ids.retain(|id| {
            while next.next_if(|gone| *gone < id).is_some() {}
            next.next_if_eq(&id).is_none()
        });
        let mut touched = Vec::new();
        for &id in ids {
            self.forgotten.insert(id);
            if let Some(at) = self.tries.iter().position(|t| t.holds(id)) {
                self.tries[at].forgotten += 1;
                touched.push(at);
            }
            if let Some(merging) = &mut self.merging
                && (merging.ids.0..=merging.ids.1).contains(&id)
            {
                merging.forgotten += 1;
            }
        }
        touched.sort_unstable();
        touched.dedup();
        // From the oldest trie on, so that one dropped moves none still to do.
        for at in touched.into_iter().rev() {
            self.compact(at);
        }
    }

    /// Compiles trie `at` again without its forgotten patterns once they are
    /// half of it (drops it when they are all of it).
    fn compact(&mut self, at: usize) {
        let trie = &self.tries[at];
        if trie.forgotten == 0 || trie.forgotten * 2 < trie.block.patterns {
            return;
        }
        if trie.live() == 0 {
            self.tries.remove(at);
        } else {
            let block = trie.block.without(&self.forgotten, trie.forgotten);
            self.tries[at] = Trie::new(block);
        }
    }
}

impl MatchIndex {
    /// Compiles `patterns`, which are in knowledge order (sorted by level;
    /// within a level, oldest lesson first). Pattern `i` gets id `i`.
    pub fn new(patterns: &[Pattern]) -> MatchIndex {
        let levels = level_runs(patterns)
            .map(|(level, run)| {
                let mut tries = Vec::new();
                let (mut end, mut size) = (run.end, FIRST_BLOCK);
                while end > run.start {
                    let first = end.saturating_sub(size).max(run.start);
                    let ids = (first..end).map(|i| i as u32);
                    tries.push(Trie::new(Block::new(patterns[first..end].iter().zip(ids))));
                    end = first;
                    size = (size * 2).min(LAST_BLOCK);
                }
                let ids = (run.start..run.end).map(|i| i as u32).collect();
                Level::new(level, ids, tries)
            })
            .collect();
        MatchIndex { levels }
    }

    /// Adds `pattern` as the newest of its level, under `id`, which must be
    /// higher than the id of every pattern of that level in the index.
    ///
    /// The pattern goes into the level's newest trie, in place, while that
    /// holds fewer than [`FIRST_BLOCK`] patterns. Full tries are merged with
    /// older ones of no larger size (as a binary counter carries, up to
    /// [`LAST_BLOCK`]), so the tries keep the sizes a fresh index has and
    /// each pattern is compiled again only a few times. A merge runs on
    /// another thread while the tries it merges go on answering, so that a
    /// lesson never waits for one: it is put in place at a later change
    /// after it is done.
    pub fn insert(&mut self, pattern: &Pattern, id: u32) {
        let level = pattern.level();
        let at = self.levels.partition_point(|l| l.level < level);
        if self.levels.get(at).is_none_or(|l| l.level != level) {
            self.levels
                .insert(at, Level::new(level, Vec::new(), Vec::new()));
        }
        let entry = &mut self.levels[at];
        debug_assert!(entry.ids.last().is_none_or(|last| *last < id), "ids rise");
        entry.settle(false);
        entry.ids.push(id);
        let tries = &mut entry.tries;
        if tries
            .first()
            .is_none_or(|t| t.block.patterns >= FIRST_BLOCK)
        {
            tries.insert(0, Trie::new(Block::new(std::iter::empty())));
        }
        Arc::make_mut(&mut tries[0].block).insert(pattern, id);
        entry.start_merge();
    }

    /// Waits for the merges that are running, and the merges that follow
    /// them, and puts them in place.
    pub fn settle(&mut self) {
        for level in &mut self.levels {
            while level.merging.is_some() {
                level.settle(true);
                level.start_merge();
            }
        }
    }

    /// Takes the patterns `gone` (level and id of each) out of the index.
    pub fn remove(&mut self, gone: &[(u32, u32)]) {
        let mut by_level: Vec<(u32, u32)> = gone.to_vec();
        by_level.sort_unstable();
        for run in by_level.chunk_by(|a, b| a.0 == b.0) {
            let level = run[0].0;
            let Ok(at) = self.levels.binary_search_by_key(&level, |l| l.level) else {
                continue;
            };
            let ids: Vec<u32> = run.iter().map(|(_, id)| *id).collect();
            let entry = &mut self.levels[at];
            entry.settle(false);
            entry.forget(&ids);
            if entry.ids.is_empty() {
                self.levels.remove(at);
            }
        }
    }

    /// The match with the lowest [`MatchKey`], if any pattern matches.
    pub fn find(&self, board: &Board) -> Option<Match> {
        let mut before = 0;
        for level in &self.levels {
            let found = (level.tries.iter()).find_map(|t| t.block.find(board, &level.forgotten));
            if let Some((id, mut found)) = found {
                let place = level.ids.binary_search(&id).expect("every id is listed");
                found.pattern = before + place;
                return Some(found);
            }
            before += level.ids.len();
        }
        None
    }

    /// Number of trie nodes (for the benchmark's report).
    pub fn node_count(&self) -> usize {
        self.levels
            .iter()
            .flat_map(|l| &l.tries)
            .map(|t| t.block.nodes.len())
            .sum()
    }
}

#[cfg(test)]
mod tests;
