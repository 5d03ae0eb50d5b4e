//! A pattern under one symmetry as two bitboards, and where it fits.

use crate::board::SIZE;
use crate::pattern::{Pattern, PatternCell};
use crate::symmetry::Symmetry;

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
pub(super) fn rectangle(width: usize, height: usize) -> u128 {
    let row = (1u128 << width) - 1;
    (0..height).fold(0, |acc, y| acc | row << (y * SIZE))
}

/// The indices of the set bits, lowest first.
pub(super) fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_fits_inside_a_smaller_area() {
        let small = Shape::new(&Pattern::from_rows(1, &["BX"]).unwrap(), Symmetry::ALL[0]);
        let big = Shape::new(&Pattern::from_rows(1, &["BBX."]).unwrap(), Symmetry::ALL[0]);
        let offsets = small.fits(big.stones, big.empty, 4, 1);
        assert_eq!(offsets, 1 << 1);
    }
}
