//! Where the computer picks its move.
//!
//! The computer never looks ahead: it plays the response field of the stored
//! pattern that matches first (see [`MatchKey`](crate::matcher::MatchKey)).
//! A red match is an attack; a blue match is a threat it must stop (a forced
//! move, the seed's movetype 3). Without any match it makes a free move: a
//! random empty field next to a stone, or the centre of an empty board.
//!
//! In a position where it once lost with the field it would play (a lost
//! line, see [`crate::lost_lines`]), it plays another empty field next to a
//! stone instead.

use match5_common::random::GameRng;
use rand::Rng;

use crate::board::{Board, Cell, Color};
use crate::knowledge::Knowledge;
use crate::matcher::Match;

/// Why the computer plays where it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A blue pattern matched: the computer stops a threat.
    Forced(Match),
    /// A red pattern matched: the computer attacks.
    Attack(Match),
    /// Nothing matched.
    Free,
    /// It lost once after playing `instead` here (or what it would play
    /// now is such a field): another field, chosen at random.
    Varied { instead: Cell },
}

impl Reason {
    pub fn matched(&self) -> Option<&Match> {
        match self {
            Reason::Forced(m) | Reason::Attack(m) => Some(m),
            Reason::Free | Reason::Varied { .. } => None,
        }
    }

    pub fn is_forced(&self) -> bool {
        matches!(self, Reason::Forced(_))
    }
}

/// The computer's choice: a field and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub cell: Cell,
    pub reason: Reason,
}

/// The computer's move on `board`, or `None` when the board is full.
pub fn choose_move(knowledge: &Knowledge, board: &Board, rng: &mut GameRng) -> Option<Choice> {
    let choice = pattern_or_free_move(knowledge, board, rng)?;
    let avoided = knowledge.lost_lines().avoided(board);
    if avoided & choice.cell.bit() == 0 {
        return Some(choice);
    }
    let left = crate::lost_lines::alternatives(board) & !avoided;
    if left == 0 {
        return Some(choice);
    }
    let cells: Vec<Cell> = Board::cells_of(left).collect();
    Some(Choice {
        cell: cells[rng.random_range(0..cells.len())],
        reason: Reason::Varied {
            instead: choice.cell,
        },
    })
}

fn pattern_or_free_move(knowledge: &Knowledge, board: &Board, rng: &mut GameRng) -> Option<Choice> {
    if let Some(found) = knowledge.index().find(board) {
        let reason = match found.color {
            Color::Red => Reason::Attack(found),
            Color::Blue => Reason::Forced(found),
        };
        return Some(Choice {
            cell: found.response,
            reason,
        });
    }
    free_move(board, rng).map(|cell| Choice {
        cell,
        reason: Reason::Free,
    })
}

/// A uniformly random empty field among those next to (8-neighbourhood) any
/// stone; the centre on an empty board; `None` on a full board.
pub fn free_move(board: &Board, rng: &mut GameRng) -> Option<Cell> {
    if board.is_blank() {
        return Some(Cell::centre());
    }
    let near: Vec<Cell> = Board::cells_of(board.empty_next_to_stones()).collect();
    if near.is_empty() {
        return None;
    }
    Some(near[rng.random_range(0..near.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;

    #[test]
    fn first_free_move_is_the_centre_and_later_ones_touch_a_stone() {
        let mut rng = rng_from_seed(7);
        let mut board = Board::new();
        assert_eq!(free_move(&board, &mut rng), Some(Cell::centre()));
        board.set(Cell::new(0, 0).unwrap(), Some(Color::Blue));
        for _ in 0..50 {
            let c = free_move(&board, &mut rng).unwrap();
            assert!(c.x() <= 1 && c.y() <= 1 && c != Cell::new(0, 0).unwrap());
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_moves() {
        let mut board = Board::new();
        board.set(Cell::new(4, 4).unwrap(), Some(Color::Blue));
        let a: Vec<_> = {
            let mut rng = rng_from_seed(42);
            (0..20).map(|_| free_move(&board, &mut rng)).collect()
        };
        let mut rng = rng_from_seed(42);
        let b: Vec<_> = (0..20).map(|_| free_move(&board, &mut rng)).collect();
        assert_eq!(a, b);
        assert!(a.iter().collect::<std::collections::HashSet<_>>().len() > 1);
    }
}
