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
//! (as learned patterns do: `BBBB...`) share their tests. The
//! [`literal`](crate::literal) matcher follows the seed to the letter and is
//! what this one is checked and measured against.

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

/// The order in which matches are preferred, lowest first: pattern level,
/// colour (red before blue), position in the knowledge, symmetry, offset row,
/// offset column.
pub type MatchKey = (u32, Color, usize, Symmetry, usize, usize);

impl Match {
    pub fn key(&self) -> MatchKey {
        (
            self.level,
            self.color,
            self.pattern,
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
    pattern: u32,
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

/// Patterns in the first trie of a level; each next trie of the level holds
/// twice as many, up to [`LAST_BLOCK`]. Blocks are searched in knowledge
/// order, so a match in an early block ends the search (as in the seed's
/// order) after little work, while a search through everything runs mostly
/// through large tries, in which shapes share most of their tests.
const FIRST_BLOCK: usize = 32;
const LAST_BLOCK: usize = 4096;

/// The compiled knowledge: every pattern in its eight symmetries, ready to be
/// matched against a board quickly.
#[derive(Clone, Debug, Default)]
pub struct MatchIndex {
    /// Per level, lowest first: the level and its blocks in knowledge order.
    levels: Vec<(u32, Vec<Block>)>,
}

impl MatchIndex {
    /// Compiles `patterns`, which are in knowledge order (sorted by level).
    pub fn new(patterns: &[Pattern]) -> MatchIndex {
        let levels = level_runs(patterns)
            .map(|(level, run)| {
                let mut blocks = Vec::new();
                let (mut first, mut size) = (run.start, FIRST_BLOCK);
                while first < run.end {
                    let last = run.end.min(first + size);
                    blocks.push(Block::new(&patterns[first..last], first));
                    first = last;
                    size = (size * 2).min(LAST_BLOCK);
                }
                (level, blocks)
            })
            .collect();
        MatchIndex { levels }
    }

    /// The match with the lowest [`MatchKey`], if any pattern matches.
    pub fn find(&self, board: &Board) -> Option<Match> {
        for (_, blocks) in &self.levels {
            for color in [Color::Red, Color::Blue] {
                if let Some(found) = blocks.iter().find_map(|b| b.find(board, color)) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// Number of trie nodes (for the benchmark's report).
    pub fn node_count(&self) -> usize {
        self.levels
            .iter()
            .flat_map(|(_, blocks)| blocks)
            .map(|b| b.nodes.len())
            .sum()
    }
}

/// One trie over a run of patterns of one level.
#[derive(Clone, Debug)]
struct Block {
    /// Trie of the shapes with a stone, in preorder; node 0 is the root.
    nodes: Vec<Node>,
    /// Entries of the trie, grouped by the node they end at.
    leaves: Vec<Entry>,
    /// Shapes without any stone (only `.` and `X`): matched one by one.
    stoneless: Vec<(Entry, Shape)>,
}

impl Block {
    /// Compiles `patterns`, which stand at `first..` in the knowledge.
    fn new(patterns: &[Pattern], first: usize) -> Block {
        let mut sequences: Vec<(Vec<Step>, Entry)> = Vec::new();
        let mut stoneless = Vec::new();
        for (i, pattern) in patterns.iter().enumerate() {
            let mut seen: Vec<Shape> = Vec::with_capacity(8);
            for symmetry in Symmetry::ALL {
                let shape = Shape::new(pattern, symmetry);
                // A symmetry that gives a shape seen under a lower one finds the
                // same places with a higher key: it can never be the answer.
                if seen.contains(&shape) {
                    continue;
                }
                let mut entry = Entry {
                    pattern: (first + i) as u32,
                    level: pattern.level(),
                    symmetry,
                    anchor: 0,
                    response: shape.response as u8,
                    width: shape.width as u8,
                    height: shape.height as u8,
                };
                if shape.stones == 0 {
                    stoneless.push((entry, shape.clone()));
                } else {
                    let anchor = shape.stones.trailing_zeros() as usize;
                    entry.anchor = anchor as u8;
                    let steps = bits(shape.stones & !(1u128 << anchor))
                        .map(|b| (false, b))
                        .chain(bits(shape.empty).map(|b| (true, b)))
                        .map(|(needs_empty, b)| Step {
                            needs_empty,
                            shift: (b as isize - anchor as isize) as i8,
                        })
                        .collect();
                    sequences.push((steps, entry));
                }
                seen.push(shape);
            }
        }
        sequences.sort_by(|a, b| a.0.cmp(&b.0));

        let mut index = Block {
            nodes: vec![Node {
                step: Step {
                    needs_empty: false,
                    shift: 0,
                },
                depth: 0,
                end: 0,
                leaves_start: 0,
                leaves_len: 0,
            }],
            leaves: Vec::with_capacity(sequences.len()),
            stoneless,
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

    /// The lowest match of this block's patterns in `color`.
    fn find(&self, board: &Board, color: Color) -> Option<Match> {
        let empty = board.empty();
        let mut best: Option<Match> = None;
        if color == Color::Red {
            // Without stones a pattern matches in both colours; red is lower.
            for (entry, shape) in &self.stoneless {
                let offsets = shape.fits(0, empty, SIZE, SIZE);
                if offsets != 0 {
                    consider(&mut best, entry, color, offsets.trailing_zeros() as usize);
                }
            }
        }
        self.find_in(board.stones(color), empty, color, &mut best);
        best
    }

    fn find_in(&self, stones: u128, empty: u128, color: Color, best: &mut Option<Match>) {
        if stones == 0 || self.leaves.is_empty() {
            return;
        }
        let mut candidates = [0u128; CELLS + 1];
        candidates[0] = stones;
        self.check_leaves(&self.nodes[0], stones, color, best);
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

    fn check_leaves(&self, node: &Node, candidates: u128, color: Color, best: &mut Option<Match>) {
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

fn consider(best: &mut Option<Match>, entry: &Entry, color: Color, offset: usize) {
    let candidate = Match {
        pattern: entry.pattern as usize,
        level: entry.level,
        color,
        symmetry: entry.symmetry,
        offset: Cell::from_index(offset),
        response: Cell::from_index(offset + entry.response as usize),
    };
    if best.is_none_or(|b| candidate.key() < b.key()) {
        *best = Some(candidate);
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
