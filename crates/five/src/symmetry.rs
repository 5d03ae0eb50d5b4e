//! The eight symmetries under which patterns are compared with the board,
//! numbered as in the seed's figure.
//!
//! 0 is the original; 1..3 are quarter turns counter-clockwise, so symmetry 1
//! turns the top row into the left column read bottom-up, `(x, y) -> (y, 8 - x)`
//! on the board; 4..7 are the mirror images of 0..3 in a vertical line.

/// One of the eight symmetries, 0..=7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(u8);

impl Symmetry {
    /// All eight, in the seed's order.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    pub fn new(n: u8) -> Option<Symmetry> {
        (n < 8).then_some(Symmetry(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The size of a `width` x `height` rectangle after this symmetry.
    pub fn dims(self, width: usize, height: usize) -> (usize, usize) {
        if self.0 % 2 == 1 {
            (height, width)
        } else {
            (width, height)
        }
    }

    /// Where cell `(x, y)` of a `width` x `height` rectangle lands after this
    /// symmetry, the result aligned to the left top again.
    pub fn apply(self, x: usize, y: usize, width: usize, height: usize) -> (usize, usize) {
        let (rx, ry) = match self.0 % 4 {
            0 => (x, y),
            1 => (y, width - 1 - x),
            2 => (width - 1 - x, height - 1 - y),
            _ => (height - 1 - y, x),
        };
        if self.0 >= 4 {
            let (w, _) = self.dims(width, height);
            (w - 1 - rx, ry)
        } else {
            (rx, ry)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's figure: RRRR on the top row, two B below its left end,
    /// drawn in each symmetry on the 9x9 board.
    #[test]
    fn the_seed_figure() {
        let stones = [
            ((0, 0), 'R'),
            ((1, 0), 'R'),
            ((2, 0), 'R'),
            ((3, 0), 'R'),
            ((0, 1), 'B'),
            ((0, 2), 'B'),
        ];
        let expected: [&[((usize, usize), char)]; 8] = [
            &[((3, 0), 'R'), ((0, 2), 'B')],
            &[((0, 8), 'R'), ((0, 5), 'R'), ((1, 8), 'B'), ((2, 8), 'B')],
            &[((8, 8), 'R'), ((5, 8), 'R'), ((8, 7), 'B'), ((8, 6), 'B')],
            &[((8, 0), 'R'), ((8, 3), 'R'), ((7, 0), 'B'), ((6, 0), 'B')],
            &[((8, 0), 'R'), ((5, 0), 'R'), ((8, 1), 'B'), ((8, 2), 'B')],
            &[((8, 8), 'R'), ((8, 5), 'R'), ((7, 8), 'B'), ((6, 8), 'B')],
            &[((0, 8), 'R'), ((3, 8), 'R'), ((0, 7), 'B'), ((0, 6), 'B')],
            &[((0, 0), 'R'), ((0, 3), 'R'), ((1, 0), 'B'), ((2, 0), 'B')],
        ];
        for (s, want) in Symmetry::ALL.iter().zip(expected) {
            let placed: Vec<((usize, usize), char)> = stones
                .iter()
                .map(|&((x, y), c)| (s.apply(x, y, 9, 9), c))
                .collect();
            for w in want {
                assert!(
                    placed.contains(w),
                    "symmetry {}: {:?} missing",
                    s.number(),
                    w
                );
            }
        }
    }

    #[test]
    fn every_symmetry_is_a_bijection_of_a_rectangle() {
        for s in Symmetry::ALL {
            let (w, h) = s.dims(5, 2);
            let mut seen = vec![false; w * h];
            for y in 0..2 {
                for x in 0..5 {
                    let (tx, ty) = s.apply(x, y, 5, 2);
                    assert!(tx < w && ty < h);
                    assert!(!seen[ty * w + tx]);
                    seen[ty * w + tx] = true;
                }
            }
        }
    }
}
