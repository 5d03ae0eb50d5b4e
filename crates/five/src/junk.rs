//! Which stored patterns a new lesson makes junk: those that contain it (the
//! seed removes a pattern when a new, more general one covers it).
//!
//! [`Outlines`] keeps, beside the knowledge's patterns, each one's shape and
//! an [`Outline`]: eight bytes that do not change under the eight symmetries
//! and that a stored pattern must at least have to contain a new one. At
//! 100,000 patterns the outlines rule out nearly all of them in a scan of
//! 800 KB, so the exact test runs for few.

use crate::matcher::Shape;
use crate::pattern::Pattern;
use crate::symmetry::Symmetry;

/// The stored patterns' shapes (as first stored, symmetry 0) and outlines,
/// parallel to the knowledge's patterns.
#[derive(Clone, Debug, Default)]
pub(crate) struct Outlines {
    outlines: Vec<Outline>,
    shapes: Vec<Shape>,
}

impl Outlines {
    pub(crate) fn new(patterns: &[Pattern]) -> Outlines {
        let shapes: Vec<Shape> = patterns.iter().map(first_shape).collect();
        Outlines {
            outlines: shapes.iter().map(Outline::of).collect(),
            shapes,
        }
    }

    pub(crate) fn insert(&mut self, at: usize, pattern: &Pattern) {
        let shape = first_shape(pattern);
        self.outlines.insert(at, Outline::of(&shape));
        self.shapes.insert(at, shape);
    }

    pub(crate) fn remove(&mut self, at: usize) {
        self.outlines.remove(at);
        self.shapes.remove(at);
    }

    /// Keeps the entries whose position `keep` allows.
    pub(crate) fn retain(&mut self, keep: impl Fn(&usize) -> bool) {
        retain_at(&mut self.outlines, &keep);
        retain_at(&mut self.shapes, &keep);
    }

    /// The positions of the stored patterns that contain `new`: one of its
    /// eight images fits inside their rectangle with each `B` on a `B` and
    /// each `.`/`X` on a `.`/`X`.
    pub(crate) fn containing(&self, new: &Pattern) -> Vec<usize> {
        let images = images(new);
        let least = Outline::of(&images[0]);
        (self.outlines.iter().enumerate())
            .filter(|(at, outline)| {
                outline.covers(&least) && {
                    let o = &self.shapes[*at];
                    (images.iter()).any(|s| s.fits(o.stones, o.empty, o.width, o.height) != 0)
                }
            })
            .map(|(at, _)| at)
            .collect()
    }

    /// The positions of the stored patterns that are `pattern` under some
    /// symmetry.
    pub(crate) fn same_as(&self, pattern: &Pattern) -> impl Iterator<Item = usize> {
        let images = images(pattern);
        let outline = Outline::of(&images[0]);
        (self.outlines.iter().enumerate())
            .filter(move |(at, o)| **o == outline && images.contains(&self.shapes[*at]))
            .map(|(at, _)| at)
    }
}

/// Keeps the items of `items` whose position `keep` allows.
pub(crate) fn retain_at<T>(items: &mut Vec<T>, keep: impl Fn(&usize) -> bool) {
    let mut position = 0;
    items.retain(|_| {
        position += 1;
        keep(&(position - 1))
    });
}

fn first_shape(pattern: &Pattern) -> Shape {
    Shape::new(pattern, Symmetry::ALL[0])
}

/// The distinct shapes of `pattern` under the eight symmetries.
fn images(pattern: &Pattern) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::with_capacity(8);
    for symmetry in Symmetry::ALL {
        let shape = Shape::new(pattern, symmetry);
        if !out.contains(&shape) {
            out.push(shape);
        }
    }
    out
}

/// Counts a shape keeps under every symmetry and that can only grow from a
/// pattern to one containing it: its stones and fields to keep empty, its
/// rectangle's short and long side, and the neighbouring pairs of its
/// fields, straight (a row or a column) and diagonal, of stones and of a
/// stone beside a field to keep empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outline {
    stones: u8,
    empty: u8,
    short: u8,
    long: u8,
    stone_pairs: u8,
    diagonal_stone_pairs: u8,
    mixed_pairs: u8,
    diagonal_mixed_pairs: u8,
}

/// Every field but those of the last column (a field whose right neighbour
/// is on the board), and every field but the first column.
const NOT_LAST_COLUMN: u128 = {
    let mut mask = 0u128;
    let mut y = 0;
    while y < 9 {
        mask |= 0xff << (y * 9);
        y += 1;
    }
    mask
};
const NOT_FIRST_COLUMN: u128 = NOT_LAST_COLUMN << 1;

impl Outline {
    fn of(shape: &Shape) -> Outline {
        let (s, e) = (shape.stones, shape.empty);
        // Pairs of a field in `a` and a neighbour in `b`, in either order.
        let straight = |a: u128, b: u128| {
            let right = |x: u128, y: u128| (x & NOT_LAST_COLUMN & (y >> 1)).count_ones();
            let down = |x: u128, y: u128| (x & (y >> 9)).count_ones();
            right(a, b) + down(a, b) + if a == b { 0 } else { right(b, a) + down(b, a) }
        };
        let diagonal = |a: u128, b: u128| {
            let down_right = |x: u128, y: u128| (x & NOT_LAST_COLUMN & (y >> 10)).count_ones();
            let down_left = |x: u128, y: u128| (x & NOT_FIRST_COLUMN & (y >> 8)).count_ones();
            down_right(a, b)
                + down_left(a, b)
                + if a == b {
                    0
                } else {
                    down_right(b, a) + down_left(b, a)
                }
        };
        let byte = |n: u32| n.min(255) as u8;
        Outline {
            stones: byte(s.count_ones()),
            empty: byte(e.count_ones()),
            short: byte(shape.width.min(shape.height) as u32),
            long: byte(shape.width.max(shape.height) as u32),
            stone_pairs: byte(straight(s, s)),
            diagonal_stone_pairs: byte(diagonal(s, s)),
            mixed_pairs: byte(straight(s, e)),
            diagonal_mixed_pairs: byte(diagonal(s, e)),
        }
    }

    /// Has this outline every count of `least` at least?
    fn covers(&self, least: &Outline) -> bool {
        self.stones >= least.stones
            && self.empty >= least.empty
            && self.short >= least.short
            && self.long >= least.long
            && self.stone_pairs >= least.stone_pairs
            && self.diagonal_stone_pairs >= least.diagonal_stone_pairs
            && self.mixed_pairs >= least.mixed_pairs
            && self.diagonal_mixed_pairs >= least.diagonal_mixed_pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(rows: &[&str]) -> Pattern {
        Pattern::from_rows(1, rows).unwrap()
    }

    #[test]
    fn an_outline_is_the_same_under_every_symmetry() {
        let p = pat(&["BB.-", "-BX.", "B--B"]);
        let first = Outline::of(&first_shape(&p));
        for symmetry in Symmetry::ALL {
            assert_eq!(Outline::of(&Shape::new(&p, symmetry)), first);
        }
        assert_eq!((first.stone_pairs, first.diagonal_stone_pairs), (2, 2));
        assert_eq!((first.mixed_pairs, first.diagonal_mixed_pairs), (3, 3));
    }

    #[test]
    fn a_pattern_is_found_inside_those_that_contain_it() {
        let stored = [
            pat(&["BBBBX"]),
            pat(&["X", "B", "B", "B", "B"]),
            pat(&["BB.BX"]),
            pat(&["B---", "-B--", "--B-", "---X"]),
        ];
        let outlines = Outlines::new(&stored);
        // BBX fits in the row and the column of fours and before the gap
        // (X on `.`), not on the diagonal.
        assert_eq!(outlines.containing(&pat(&["BBX"])), [0, 1, 2]);
        assert_eq!(outlines.containing(&pat(&["B-", "-X"])), [3]);
        assert_eq!(
            outlines.same_as(&pat(&["XBBBB"])).collect::<Vec<_>>(),
            [0, 1]
        );
    }
}
