//! A pattern found on the board, and the order in which finds are preferred.

use std::cmp::Reverse;

use crate::board::{Cell, Color};
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
