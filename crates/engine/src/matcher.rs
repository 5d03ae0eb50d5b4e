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
//! is inserted into the trie of its level's newest patterns, and a pattern
//! forgotten is taken out of its trie, without compiling the rest again. The
//! [`literal`](crate::literal) matcher follows the seed to the letter and is
//! what this one is checked and measured against.

use std::cmp::Reverse;

use crate::board::{Board, CELLS, Cell, Color, FULL, SIZE};
use crate::pattern::{Pattern, PatternCell, level_runs};
use crate::symmetry::Symmetry;

/// A pattern found on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// Position of the pattern in the knowledge (0-based).
    pub pattern: usize,
    pub level: u32,
    /// Red: an attack; blue: a threat the computer must stop.
    pub color: Color,
    pub symmetry: Symmetry,
    /// Where the left-top field of the transformed pattern lies.
    pub offset: Cell,
    /// The field to play: the pattern's `X`.
    pub response: Cell,
}

/// The order in which matches are preferred, lowest first: pattern level
/// (the seed: "simple patterns are compared first"); within a level, the
/// newest lesson first (the latest position in the knowledge); for one
/// pattern red (an attack) before blue (a threat to stop), so the computer
/// that can win with a pattern wins rather than blocks; then symmetry,
/// offset row and offset column.
///
/// Newest first within a level keeps a lesson just learned from being
/// shadowed by an older pattern of its level: the block the computer learned
/// after a loss is the one it plays the next time the same threat comes.
pub type MatchKey = (u32, Reverse<usize>, Color, Symmetry, usize, usize);

impl Match {
    pub fn key(&self) -> MatchKey {
        (
            self.level,
            Reverse(self.pattern),
            self.color,
            self.symmetry,
            self.offset.y(),
            self.offset.x(),
        )
    }
}

/// A pattern under one symmetry, as bitboards placed at the left top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub width: usize,
    pub height: usize,
    /// Fields that need a stone (`B`), bit `y * 9 + x`.
    pub stones: u128,
    /// Fields that need to be empty (`.` and `X`).
    pub empty: u128,
    /// Bit index of the `X` field.
    pub response: usize,
}

impl Shape {
    pub fn new(pattern: &Pattern, symmetry: Symmetry) -> Shape {
        let t = pattern.transformed(symmetry);
        let mut shape = Shape {
            width: t.width(),
            height: t.height(),
            stones: 0,
            empty: 0,
            response: 0,
        };
        for (x, y, c) in t.cells() {
            let bit = 1u128 << (y * SIZE + x);
            match c {
                PatternCell::Stone => shape.stones |= bit,
                PatternCell::Empty => shape.empty |= bit,
                PatternCell::Response => {
                    shape.empty |= bit;
                    shape.response = y * SIZE + x;
                }
                PatternCell::Any => {}
            }
        }
        shape
    }

    /// The offsets (as bits `oy * 9 + ox`) at which this shape lies inside the
    /// `area_width` x `area_height` rectangle at the left top with each of its
    /// stones on a bit of `stones` and each of its empty fields on a bit of
    /// `empty`.
    pub fn fits(&self, stones: u128, empty: u128, area_width: usize, area_height: usize) -> u128 {
        if self.width > area_width || self.height > area_height {
            return 0;
        }
        let mut acc = rectangle(area_width - self.width + 1, area_height - self.height + 1);
        for (need, have) in [(self.stones, stones), (self.empty, empty)] {
            for shift in bits(need) {
                acc &= have >> shift;
                if acc == 0 {
                    return 0;
                }
            }
        }
        acc
    }
}

/// The bits of the `width` x `height` rectangle at the left top of the board.
fn rectangle(width: usize, height: usize) -> u128 {
    let row = (1u128 << width) - 1;
    (0..height).fold(0, |acc, y| acc | row << (y * SIZE))
}

/// The indices of the set bits, lowest first.
pub(crate) fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// One pattern under one symmetry, as the trie's leaves know it (16 bytes:
/// a large knowledge holds eight of these per pattern).
#[derive(Clone, Debug)]
struct Entry {
    /// The pattern's id in the index: within a level, a newer pattern has a
    /// higher id (see [`MatchIndex::insert`]).
    id: u32,
    level: u32,
    symmetry: Symmetry,
    /// Bit index of the anchor (first stone) inside the shape.
    anchor: u8,
    response: u8,
    /// The shape's size: where it lies on the board.
    width: u8,
    height: u8,
}

/// `PLACES[w][h]`: the offsets at which a `w` x `h` rectangle lies on the
/// board.
const PLACES: [[u128; SIZE + 1]; SIZE + 1] = {
    let mut table = [[0u128; SIZE + 1]; SIZE + 1];
    let mut w = 1;
    while w <= SIZE {
        let mut h = 1;
        while h <= SIZE {
            let row = (1u128 << (SIZE - w + 1)) - 1;
            let mut y = 0;
            while y < SIZE - h + 1 {
                table[w][h] |= row << (y * SIZE);
                y += 1;
            }
            h += 1;
        }
        w += 1;
    }
    table
};

impl Entry {
    /// The anchor squares of the board at which the shape lies on the board.
    fn anchors(&self) -> u128 {
        PLACES[self.width as usize][self.height as usize] << self.anchor
    }
}

/// One test of the trie: a field `shift` away from the anchor holds a stone
/// (or is empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Step {
    needs_empty: bool,
    shift: i8,
}

#[derive(Clone, Debug)]
struct Node {
    step: Step,
    depth: u16,
    /// Index after this node's subtree, in preorder.
    end: u32,
    leaves_start: u32,
    leaves_len: u32,
}

/// Patterns in the newest trie of a level when the index is built; each
/// older trie holds twice as many, up to [`LAST_BLOCK`]. Tries are searched
/// newest first, so a match in an early one ends the search (as in the
/// seed's order) after little work, while a search through everything runs
/// mostly through large tries, in which shapes share most of their tests.
/// Lessons learned later go into the newest trie while it holds fewer than
/// [`LAST_BLOCK`] patterns.
const FIRST_BLOCK: usize = 32;
const LAST_BLOCK: usize = 4096;

/// The compiled knowledge: every pattern in its eight symmetries, ready to be
/// matched against a board quickly, and changed one pattern at a time.
#[derive(Clone, Debug, Default)]
pub struct MatchIndex {
    /// Per level, lowest first.
    levels: Vec<Level>,
}

#[derive(Clone, Debug)]
struct Level {
    level: u32,
    /// The ids of the level's patterns, oldest first: a pattern's place in
    /// the knowledge is its place here after the lower levels' patterns.
    ids: Vec<u32>,
    /// Tries over runs of the level's patterns, newest first.
    blocks: Vec<Block>,
}

impl MatchIndex {
    /// Compiles `patterns`, which are in knowledge order (sorted by level;
    /// within a level, oldest lesson first). Pattern `i` gets id `i`.
    pub fn new(patterns: &[Pattern]) -> MatchIndex {
        let levels = level_runs(patterns)
            .map(|(level, run)| {
                let mut blocks = Vec::new();
                let (mut end, mut size) = (run.end, FIRST_BLOCK);
                while end > run.start {
                    let first = end.saturating_sub(size).max(run.start);
                    let ids = (first..end).map(|i| i as u32);
                    blocks.push(Block::new(patterns[first..end].iter().zip(ids)));
                    end = first;
                    size = (size * 2).min(LAST_BLOCK);
                }
                Level {
                    level,
                    ids: (run.start..run.end).map(|i| i as u32).collect(),
                    blocks,
                }
            })
            .collect();
        MatchIndex { levels }
    }

    /// Adds `pattern` as the newest of its level, under `id`, which must be
    /// higher than the id of every pattern of that level in the index.
    ///
    /// The pattern goes into the level's newest trie, in place, while that
    /// holds fewer than [`FIRST_BLOCK`] patterns; a full one is merged with
    /// the next older trie while that is not larger (as in a binary counter,
    /// up to [`LAST_BLOCK`]), so the tries keep the sizes a fresh index has
    /// and each pattern is compiled again only a few times.
    pub fn insert(&mut self, pattern: &Pattern, id: u32) {
        let level = pattern.level();
        let at = self.levels.partition_point(|l| l.level < level);
        if self.levels.get(at).is_none_or(|l| l.level != level) {
            self.levels.insert(
                at,
                Level {
                    level,
                    ids: Vec::new(),
                    blocks: Vec::new(),
                },
            );
        }
        let entry = &mut self.levels[at];
        debug_assert!(entry.ids.last().is_none_or(|last| *last < id), "ids rise");
        entry.ids.push(id);
        let blocks = &mut entry.blocks;
        if blocks.first().is_none_or(|b| b.patterns >= FIRST_BLOCK) {
            blocks.insert(0, Block::new(std::iter::empty()));
        }
        blocks[0].insert(pattern, id);
        if blocks[0].patterns >= FIRST_BLOCK {
            while blocks.len() > 1
                && blocks[1].patterns <= blocks[0].patterns
                && blocks[0].patterns + blocks[1].patterns <= LAST_BLOCK
            {
                let newer = blocks.remove(0);
                let older = std::mem::replace(&mut blocks[0], Block::new(std::iter::empty()));
                blocks[0] = Block::merged(newer, older);
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
            entry.ids.retain(|id| ids.binary_search(id).is_err());
            for block in &mut entry.blocks {
                block.remove(&ids);
            }
            entry.blocks.retain(|b| b.patterns > 0);
            if entry.ids.is_empty() {
                self.levels.remove(at);
            }
        }
    }

    /// The match with the lowest [`MatchKey`], if any pattern matches.
    pub fn find(&self, board: &Board) -> Option<Match> {
        let mut before = 0;
        for level in &self.levels {
            if let Some((id, mut found)) = level.blocks.iter().find_map(|b| b.find(board)) {
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
            .flat_map(|l| &l.blocks)
            .map(|b| b.nodes.len())
            .sum()
    }
}

/// The steps of `shape` from its anchor (its first stone), and the anchor.
fn steps_of(shape: &Shape) -> (Vec<Step>, usize) {
    let anchor = shape.stones.trailing_zeros() as usize;
    let steps = bits(shape.stones & !(1u128 << anchor))
        .map(|b| (false, b))
        .chain(bits(shape.empty).map(|b| (true, b)))
        .map(|(needs_empty, b)| Step {
            needs_empty,
            shift: (b as isize - anchor as isize) as i8,
        })
        .collect();
    (steps, anchor)
}

/// The distinct shapes of `pattern` (a symmetry that gives a shape seen
/// under a lower one finds the same places with a higher key: it can never
/// be the answer), each with its leaf entry.
fn entries(pattern: &Pattern, id: u32) -> Vec<(Shape, Entry)> {
    let mut out: Vec<(Shape, Entry)> = Vec::with_capacity(8);
    for symmetry in Symmetry::ALL {
        let shape = Shape::new(pattern, symmetry);
        if out.iter().any(|(seen, _)| *seen == shape) {
            continue;
        }
        let entry = Entry {
            id,
            level: pattern.level(),
            symmetry,
            anchor: 0,
            response: shape.response as u8,
            width: shape.width as u8,
            height: shape.height as u8,
        };
        out.push((shape, entry));
    }
    out
}

/// One trie over a run of patterns of one level.
#[derive(Clone, Debug)]
struct Block {
    /// Trie of the shapes with a stone, in preorder; node 0 is the root.
    /// The children of a node follow it, up to its `end`.
    nodes: Vec<Node>,
    /// Entries of the trie; each node's entries lie together.
    leaves: Vec<Entry>,
    /// Shapes without any stone (only `.` and `X`): matched one by one.
    stoneless: Vec<(Entry, Shape)>,
    /// How many patterns the block holds, and the range of their ids.
    patterns: usize,
    /// The lowest and highest id (none in an empty block).
    ids: Option<(u32, u32)>,
}

impl Block {
    fn root() -> Node {
        Node {
            step: Step {
                needs_empty: false,
                shift: 0,
            },
            depth: 0,
            end: 1,
            leaves_start: 0,
            leaves_len: 0,
        }
    }

    /// Compiles `patterns` with their ids.
    fn new<'a>(patterns: impl Iterator<Item = (&'a Pattern, u32)>) -> Block {
        let mut sequences: Vec<(Vec<Step>, Entry)> = Vec::new();
        let mut stoneless = Vec::new();
        let mut ids: Vec<u32> = Vec::new();
        for (pattern, id) in patterns {
            ids.push(id);
            for (shape, mut entry) in entries(pattern, id) {
                if shape.stones == 0 {
                    stoneless.push((entry, shape));
                } else {
                    let (steps, anchor) = steps_of(&shape);
                    entry.anchor = anchor as u8;
                    sequences.push((steps, entry));
                }
            }
        }
        Block::from_sequences(sequences, stoneless, &ids)
    }

    /// One block of the patterns of two (compiled shapes are reused).
    fn merged(a: Block, b: Block) -> Block {
        let mut sequences = a.sequences();
        sequences.extend(b.sequences());
        let mut stoneless = a.stoneless;
        stoneless.extend(b.stoneless);
        let mut block = Block::from_sequences(sequences, stoneless, &[]);
        block.patterns = a.patterns + b.patterns;
        block.ids = span(a.ids, b.ids);
        block
    }

    /// Every leaf with the tests on the way to it.
    fn sequences(&self) -> Vec<(Vec<Step>, Entry)> {
        let mut out = Vec::with_capacity(self.leaves.len());
        let mut path: Vec<Step> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                path.truncate(node.depth as usize - 1);
                path.push(node.step);
            }
            if node.leaves_len == 0 {
                continue;
            }
            let start = node.leaves_start as usize;
            for entry in &self.leaves[start..start + node.leaves_len as usize] {
                out.push((path.clone(), entry.clone()));
            }
        }
        out
    }

    /// The trie of `sequences`, which belong to the patterns `ids`.
    fn from_sequences(
        mut sequences: Vec<(Vec<Step>, Entry)>,
        stoneless: Vec<(Entry, Shape)>,
        ids: &[u32],
    ) -> Block {
        let count = ids.len();
        let range = ids.iter().fold(None, |acc, id| span(acc, Some((*id, *id))));
        sequences.sort_by(|a, b| a.0.cmp(&b.0));

        let mut index = Block {
            nodes: vec![Block::root()],
            leaves: Vec::with_capacity(sequences.len()),
            stoneless,
            patterns: count,
            ids: range,
        };
        // `path[d]` is the node at depth d on the way to the last sequence.
        let mut path: Vec<usize> = vec![0];
        let mut previous: &[Step] = &[];
        for (steps, entry) in &sequences {
            let common = steps
                .iter()
                .zip(previous)
                .take_while(|(a, b)| a == b)
                .count();
            while path.len() > common + 1 {
                let done = path.pop().expect("path is never empty");
                index.nodes[done].end = index.nodes.len() as u32;
            }
            for (d, step) in steps.iter().enumerate().skip(common) {
                path.push(index.nodes.len());
                index.nodes.push(Node {
                    step: *step,
                    depth: (d + 1) as u16,
                    end: 0,
                    leaves_start: 0,
                    leaves_len: 0,
                });
            }
            let node = &mut index.nodes[*path.last().expect("path is never empty")];
            if node.leaves_len == 0 {
                node.leaves_start = index.leaves.len() as u32;
            }
            node.leaves_len += 1;
            index.leaves.push(entry.clone());
            previous = steps;
        }
        let total = index.nodes.len() as u32;
        for done in path {
            index.nodes[done].end = total;
        }
        index
    }

    /// Adds `pattern` under `id`: each of its shapes follows the trie as far
    /// as its tests are there, the rest is put in as new nodes at the end of
    /// the children of the last node found.
    fn insert(&mut self, pattern: &Pattern, id: u32) {
        self.patterns += 1;
        self.ids = span(self.ids, Some((id, id)));
        for (shape, mut entry) in entries(pattern, id) {
            if shape.stones == 0 {
                self.stoneless.push((entry, shape));
                continue;
            }
            let (steps, anchor) = steps_of(&shape);
            entry.anchor = anchor as u8;
            let mut path = vec![0usize];
            let mut depth = 0;
            'descend: while depth < steps.len() {
                let node = *path.last().expect("path is never empty");
                let mut child = node + 1;
                while child < self.nodes[node].end as usize {
                    if self.nodes[child].step == steps[depth] {
                        path.push(child);
                        depth += 1;
                        continue 'descend;
                    }
                    child = self.nodes[child].end as usize;
                }
                break;
            }
            let parent = *path.last().expect("path is never empty");
            let at = self.nodes[parent].end as usize;
            let new = steps.len() - depth;
            if new > 0 {
                let grow = new as u32;
                for node in &mut self.nodes[at..] {
                    node.end += grow;
                }
                for &p in &path {
                    self.nodes[p].end += grow;
                }
                let chain = steps[depth..].iter().enumerate().map(|(k, step)| Node {
                    step: *step,
                    depth: (depth + k + 1) as u16,
                    end: (at + new) as u32,
                    leaves_start: 0,
                    leaves_len: 0,
                });
                self.nodes.splice(at..at, chain);
            }
            let last = if new > 0 { at + new - 1 } else { parent };
            self.add_leaf(last, entry);
        }
    }

    /// Puts `entry` among the leaves of node `node`.
    fn add_leaf(&mut self, node: usize, entry: Entry) {
        let (start, len) = (self.nodes[node].leaves_start, self.nodes[node].leaves_len);
        if len == 0 {
            self.nodes[node].leaves_start = self.leaves.len() as u32;
            self.nodes[node].leaves_len = 1;
            self.leaves.push(entry);
            return;
        }
        let at = start + len;
        self.leaves.insert(at as usize, entry);
        for n in &mut self.nodes {
            if n.leaves_len > 0 && n.leaves_start >= at {
                n.leaves_start += 1;
            }
        }
        self.nodes[node].leaves_len += 1;
    }

    /// Takes the patterns with `ids` (sorted) out, where this block holds
    /// them.
    fn remove(&mut self, ids: &[u32]) {
        let Some((lo, hi)) = self.ids else {
            return;
        };
        let mine: Vec<u32> = ids
            .iter()
            .copied()
            .filter(|id| (lo..=hi).contains(id))
            .collect();
        if mine.is_empty() {
            return;
        }
        let gone = |e: &Entry| mine.binary_search(&e.id).is_ok();
        let before: std::collections::HashSet<u32> = self
            .leaves
            .iter()
            .chain(self.stoneless.iter().map(|(e, _)| e))
            .filter(|e| gone(e))
            .map(|e| e.id)
            .collect();
        self.patterns -= before.len();
        self.stoneless.retain(|(e, _)| !gone(e));
        let old = std::mem::take(&mut self.leaves);
        for node in &mut self.nodes {
            if node.leaves_len == 0 {
                continue;
            }
            let start = node.leaves_start as usize;
            let kept_from = self.leaves.len();
            self.leaves.extend(
                old[start..start + node.leaves_len as usize]
                    .iter()
                    .filter(|e| !gone(e))
                    .cloned(),
            );
            node.leaves_start = kept_from as u32;
            node.leaves_len = (self.leaves.len() - kept_from) as u32;
        }
    }

    /// The lowest match of this block's patterns, in either colour, with
    /// the id of its pattern.
    fn find(&self, board: &Board) -> Option<(u32, Match)> {
        let empty = board.empty();
        let mut best: Option<(u32, Match)> = None;
        for (entry, shape) in &self.stoneless {
            // Without stones a pattern matches in both colours; red is lower.
            let offsets = shape.fits(0, empty, SIZE, SIZE);
            if offsets != 0 {
                consider(
                    &mut best,
                    entry,
                    Color::Red,
                    offsets.trailing_zeros() as usize,
                );
            }
        }
        for color in [Color::Red, Color::Blue] {
            self.find_in(board.stones(color), empty, color, &mut best);
        }
        best
    }

    fn find_in(&self, stones: u128, empty: u128, color: Color, best: &mut Option<(u32, Match)>) {
        if stones == 0 || self.leaves.is_empty() {
            return;
        }
        let mut candidates = [0u128; CELLS + 1];
        candidates[0] = stones;
        if self.nodes[0].leaves_len > 0 {
            self.check_leaves(&self.nodes[0], stones, color, best);
        }
        let mut i = 1;
        while i < self.nodes.len() {
            let node = &self.nodes[i];
            let have = if node.step.needs_empty { empty } else { stones };
            let shifted = if node.step.shift >= 0 {
                have >> node.step.shift
            } else {
                (have << -node.step.shift) & FULL
            };
            let left = candidates[node.depth as usize - 1] & shifted;
            if left == 0 {
                i = node.end as usize;
                continue;
            }
            candidates[node.depth as usize] = left;
            if node.leaves_len > 0 {
                self.check_leaves(node, left, color, best);
            }
            i += 1;
        }
    }

    fn check_leaves(
        &self,
        node: &Node,
        candidates: u128,
        color: Color,
        best: &mut Option<(u32, Match)>,
    ) {
        let start = node.leaves_start as usize;
        for entry in &self.leaves[start..start + node.leaves_len as usize] {
            let anchors = candidates & entry.anchors();
            if anchors != 0 {
                let offset = anchors.trailing_zeros() as usize - entry.anchor as usize;
                consider(best, entry, color, offset);
            }
        }
    }
}

/// The smallest range of ids that holds both.
fn span(a: Option<(u32, u32)>, b: Option<(u32, u32)>) -> Option<(u32, u32)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Keeps the candidate with the lower key; the pattern's id stands in for
/// its place in the knowledge (in one level both rise together).
fn consider(best: &mut Option<(u32, Match)>, entry: &Entry, color: Color, offset: usize) {
    let candidate = Match {
        pattern: entry.id as usize,
        level: entry.level,
        color,
        symmetry: entry.symmetry,
        offset: Cell::from_index(offset),
        response: Cell::from_index(offset + entry.response as usize),
    };
    if best.as_ref().is_none_or(|(_, b)| candidate.key() < b.key()) {
        *best = Some((entry.id, candidate));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literal;

    /// A board with the given rows (y, fields); the other rows are empty.
    fn board(rows: &[(usize, &str)]) -> Board {
        let mut all = [EMPTY_ROW; 9];
        for (y, row) in rows {
            all[*y] = row;
        }
        Board::from_text(&all.concat()).unwrap()
    }

    fn pat(level: u32, rows: &[&str]) -> Pattern {
        Pattern::from_rows(level, rows).unwrap()
    }

    const EMPTY_ROW: &str = ".........";

    #[test]
    fn bbbbx_is_found_at_the_lowest_symmetry_and_offset() {
        let b = board(&[(2, "..BBBB...")]);
        let knowledge = [pat(1, &["BBBBX"])];
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        assert_eq!(m.color, Color::Blue);
        assert_eq!(m.symmetry.number(), 0);
        assert_eq!(m.response, Cell::new(6, 2).unwrap());
        assert_eq!(Some(m), literal::find(&knowledge, &b));
    }

    #[test]
    fn half_turn_finds_the_left_end_when_the_right_is_taken() {
        let b = board(&[(2, "..BBBBR..")]);
        let knowledge = [pat(1, &["BBBBX"])];
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        // A half turn (2) reverses a row before the mirror (4) does.
        assert_eq!(m.symmetry.number(), 2);
        assert_eq!(m.response, Cell::new(1, 2).unwrap());
        assert_eq!(m.offset, Cell::new(1, 2).unwrap());
    }

    #[test]
    fn red_comes_before_blue_at_the_same_level() {
        let b = board(&[(0, "BBBB....."), (8, "....RRRR.")]);
        let knowledge = [pat(1, &["BBBBX"])];
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        assert_eq!(m.color, Color::Red);
        assert_eq!(m.response, Cell::new(8, 8).unwrap());
        // A lower level wins over colour.
        let knowledge = [pat(1, &["BBBBX"]), pat(2, &["BBBX."])];
        let b = board(&[(0, "BBBB....."), (8, ".....RRR.")]);
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        assert_eq!((m.color, m.level), (Color::Blue, 1));
    }

    #[test]
    fn the_newest_lesson_of_a_level_comes_first() {
        // Red can play its older level-2 pattern, and blue threatens what the
        // newer level-2 lesson blocks: the block comes first.
        let attack = pat(2, &["BBB.X"]);
        let block = pat(2, &["BB.BX"]);
        let b = board(&[(0, "RRR......"), (4, "..BB.B...")]);
        let knowledge = [attack.clone(), block.clone()];
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        assert_eq!((m.color, m.pattern), (Color::Blue, 1));
        assert_eq!(m.response, Cell::new(6, 4).unwrap());
        assert_eq!(Some(m), literal::find(&knowledge, &b));
        // Learned the other way round, the attack is the newest.
        let knowledge = [block, attack];
        let m = MatchIndex::new(&knowledge).find(&b).unwrap();
        assert_eq!((m.color, m.pattern), (Color::Red, 1));
        assert_eq!(Some(m), literal::find(&knowledge, &b));
    }

    #[test]
    fn inserting_and_removing_gives_the_index_compiled_from_scratch() {
        let b = board(&[(0, "RRR......"), (4, "..BB.B..."), (6, "BBBB.....")]);
        let first = pat(1, &["BBBBX"]);
        let second = pat(2, &["BB.BX"]);
        let mut index = MatchIndex::new(std::slice::from_ref(&second));
        index.insert(&first, 1);
        // Knowledge order: level 1 first.
        let m = index.find(&b).unwrap();
        assert_eq!((m.level, m.pattern), (1, 0));
        index.remove(&[(1, 1)]);
        let m = index.find(&b).unwrap();
        assert_eq!((m.level, m.pattern), (2, 0));
        index.remove(&[(2, 0)]);
        assert_eq!(index.find(&b), None);
        assert_eq!(index.node_count(), 0);
    }

    #[test]
    fn the_rectangle_must_lie_on_the_board_even_where_it_does_not_matter() {
        // "BBBBX-" cannot be placed with its X in the last column.
        let b = board(&[(0, "....BBBB.")]);
        let p = [pat(1, &["BBBBX-"])];
        let m = MatchIndex::new(&p).find(&b).unwrap();
        assert_ne!(m.response, Cell::new(8, 0).unwrap());
        assert_eq!(Some(m), literal::find(&p, &b));
    }

    #[test]
    fn a_pattern_without_stones_matches_any_empty_place() {
        let p = [pat(3, &[".X"])];
        let m = MatchIndex::new(&p).find(&Board::new()).unwrap();
        assert_eq!(m.response, Cell::new(1, 0).unwrap());
        assert_eq!(m.color, Color::Red);
        assert_eq!(Some(m), literal::find(&p, &Board::new()));
    }

    #[test]
    fn places_are_where_a_rectangle_lies_on_the_board() {
        for (w, column) in PLACES.iter().enumerate().skip(1) {
            for (h, places) in column.iter().enumerate().skip(1) {
                assert_eq!(*places, rectangle(SIZE - w + 1, SIZE - h + 1));
            }
        }
        assert_eq!(size_of::<Entry>(), 16);
    }

    #[test]
    fn shape_fits_inside_a_smaller_area() {
        let small = Shape::new(&pat(1, &["BX"]), Symmetry::ALL[0]);
        let big = Shape::new(&pat(1, &["BBX."]), Symmetry::ALL[0]);
        let offsets = small.fits(big.stones, big.empty, 4, 1);
        assert_eq!(offsets, 1 << 1);
    }
}
