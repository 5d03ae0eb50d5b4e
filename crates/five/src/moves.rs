//! An entry of the movetable: which field, and which of the seed's three
//! kinds of move. Shared by the game and the learning that reads its moves.

use crate::board::{Cell, Color};

/// The seed's movetype: 1 red, 2 blue, 3 red stopper (a forced move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Red,
    Blue,
    RedForced,
}

impl MoveKind {
    pub fn color(self) -> Color {
        match self {
            MoveKind::Blue => Color::Blue,
            MoveKind::Red | MoveKind::RedForced => Color::Red,
        }
    }
}

/// An entry of the movetable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: Cell,
    pub kind: MoveKind,
}
