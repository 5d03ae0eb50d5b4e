//! The tries of the fast matcher: a run of patterns of one level, each in
//! its distinct symmetries, read from its first stone as a chain of tests
//! that shapes starting alike share (see the [module](super) text).

use std::sync::Arc;

use super::found::Match;
use super::ids::{IdSet, span};
use super::shape::{Shape, bits};
use crate::board::{Board, CELLS, Cell, Color, FULL, SIZE};
use crate::pattern::Pattern;
use crate::symmetry::Symmetry;

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
pub(super) struct Node {
    step: Step,
    depth: u16,
    /// Index after this node's subtree, in preorder.
    end: u32,
    leaves_start: u32,
    leaves_len: u32,
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
pub(super) struct Block {
    /// Trie of the shapes with a stone, in preorder; node 0 is the root.
    /// The children of a node follow it, up to its `end`.
    pub(super) nodes: Vec<Node>,
    /// Entries of the trie; each node's entries lie together.
    leaves: Vec<Entry>,
    /// Shapes without any stone (only `.` and `X`): matched one by one.
    stoneless: Vec<(Entry, Shape)>,
    /// How many patterns the block holds, and the range of their ids.
    pub(super) patterns: usize,
    /// The lowest and highest id (none in an empty block).
    pub(super) ids: Option<(u32, u32)>,
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
    pub(super) fn new<'a>(patterns: impl Iterator<Item = (&'a Pattern, u32)>) -> Block {
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

    /// One block of the patterns of `parts` but the `forgotten`, which
    /// hold `patterns` others (compiled shapes are reused).
    pub(super) fn merged(parts: &[Arc<Block>], forgotten: &IdSet, patterns: usize) -> Block {
        let sequences = (parts.iter().flat_map(|b| b.sequences()))
            .filter(|(_, e)| !forgotten.contains(e.id))
            .collect();
        let stoneless = (parts.iter().flat_map(|b| b.stoneless.iter()))
            .filter(|(e, _)| !forgotten.contains(e.id))
            .cloned()
            .collect();
        let mut block = Block::from_sequences(sequences, stoneless, &[]);
        block.patterns = patterns;
        block.ids = parts.iter().map(|b| b.ids).fold(None, span);
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
    pub(super) fn insert(&mut self, pattern: &Pattern, id: u32) {
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

    /// The block without the patterns in `forgotten`, of which it holds
    /// `count`.
    pub(super) fn without(&self, forgotten: &IdSet, count: usize) -> Block {
        let gone = |e: &Entry| forgotten.contains(e.id);
        let mut leaves = Vec::with_capacity(self.leaves.len());
        let mut nodes = self.nodes.clone();
        for node in &mut nodes {
            if node.leaves_len == 0 {
                continue;
            }
            let start = node.leaves_start as usize;
            let kept_from = leaves.len();
            leaves.extend(
                self.leaves[start..start + node.leaves_len as usize]
                    .iter()
                    .filter(|e| !gone(e))
                    .cloned(),
            );
            node.leaves_start = kept_from as u32;
            node.leaves_len = (leaves.len() - kept_from) as u32;
        }
        Block {
            nodes,
            leaves,
            stoneless: (self.stoneless.iter())
                .filter(|(e, _)| !gone(e))
                .cloned()
                .collect(),
            patterns: self.patterns - count,
            ids: self.ids,
        }
    }

    /// Number of leaves (shapes with a stone).
    #[cfg(test)]
    pub(super) fn leaves_len(&self) -> usize {
        self.leaves.len()
    }

    /// The lowest match of this block's patterns but the `forgotten`, in
    /// either colour, with the id of its pattern.
    pub(super) fn find(&self, board: &Board, forgotten: &IdSet) -> Option<(u32, Match)> {
        let empty = board.empty();
        let mut best: Option<(u32, Match)> = None;
        for (entry, shape) in &self.stoneless {
            if forgotten.contains(entry.id) {
                continue;
            }
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
            let search = Search {
                stones: board.stones(color),
                empty,
                color,
                forgotten,
            };
            self.find_in(&search, &mut best);
        }
        best
    }

    fn find_in(&self, search: &Search<'_>, best: &mut Option<(u32, Match)>) {
        let Search { stones, empty, .. } = *search;
        if stones == 0 || self.leaves.is_empty() {
            return;
        }
        let mut candidates = [0u128; CELLS + 1];
        candidates[0] = stones;
        if self.nodes[0].leaves_len > 0 {
            self.check_leaves(&self.nodes[0], stones, search, best);
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
                self.check_leaves(node, left, search, best);
            }
            i += 1;
        }
    }

    fn check_leaves(
        &self,
        node: &Node,
        candidates: u128,
        search: &Search<'_>,
        best: &mut Option<(u32, Match)>,
    ) {
        let start = node.leaves_start as usize;
        for entry in &self.leaves[start..start + node.leaves_len as usize] {
            let anchors = candidates & entry.anchors();
            if anchors != 0 && !search.forgotten.contains(entry.id) {
                let offset = anchors.trailing_zeros() as usize - entry.anchor as usize;
                consider(best, entry, search.color, offset);
            }
        }
    }
}

/// One colour's search through a trie.
struct Search<'a> {
    stones: u128,
    empty: u128,
    color: Color,
    forgotten: &'a IdSet,
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
    use super::super::shape::rectangle;
    use super::*;

    #[test]
    fn places_are_where_a_rectangle_lies_on_the_board() {
        for (w, column) in PLACES.iter().enumerate().skip(1) {
            for (h, places) in column.iter().enumerate().skip(1) {
                assert_eq!(*places, rectangle(SIZE - w + 1, SIZE - h + 1));
            }
        }
        assert_eq!(size_of::<Entry>(), 16);
    }
}
