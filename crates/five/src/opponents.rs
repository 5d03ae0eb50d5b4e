//! Built-in players to train the computer against. They play any colour.

use rand::Rng;

use crate::board::{Board, Cell, Color, DIRECTIONS};
use match5_common::random::GameRng;

/// A uniformly random empty field.
pub fn random_move(board: &Board, rng: &mut GameRng) -> Option<Cell> {
    let empty: Vec<Cell> = Cell::all().filter(|c| board.is_empty_at(*c)).collect();
    (!empty.is_empty()).then(|| empty[rng.random_range(0..empty.len())])
}

/// Win if it can, else block the other side's five, else extend its longest
/// line (ties broken at random).
pub fn greedy_move(board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
    let empty: Vec<Cell> = Cell::all().filter(|c| board.is_empty_at(*c)).collect();
    if empty.is_empty() {
        return None;
    }
    for who in [color, color.other()] {
        let wins: Vec<Cell> = empty
            .iter()
            .copied()
            .filter(|c| line_length(board, *c, who) >= 5)
            .collect();
        if !wins.is_empty() {
            return Some(wins[rng.random_range(0..wins.len())]);
        }
    }
    let best = empty
        .iter()
        .map(|c| line_length(board, *c, color))
        .max()
        .expect("there are empty fields");
    let ties: Vec<Cell> = empty
        .into_iter()
        .filter(|c| line_length(board, *c, color) == best)
        .collect();
    Some(ties[rng.random_range(0..ties.len())])
}

/// The longest line of `color` through `cell` if `color` played there.
pub fn line_length(board: &Board, cell: Cell, color: Color) -> usize {
    DIRECTIONS
        .iter()
        .map(|&(dx, dy)| {
            let count = |sx: isize, sy: isize| {
                let mut n = 0;
                let mut at = cell;
                while let Some(next) = at.offset(sx, sy) {
                    if board.get(next) != Some(color) {
                        break;
                    }
                    n += 1;
                    at = next;
                }
                n
            };
            1 + count(dx, dy) + count(-dx, -dy)
        })
        .max()
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;

    #[test]
    fn greedy_wins_then_blocks_then_extends() {
        let mut rng = rng_from_seed(1);
        let mut b = Board::new();
        for x in 0..4 {
            b.set(Cell::new(x, 0).unwrap(), Some(Color::Red));
        }
        assert_eq!(greedy_move(&b, Color::Blue, &mut rng), Cell::new(4, 0));
        for y in 2..6 {
            b.set(Cell::new(8, y).unwrap(), Some(Color::Blue));
        }
        let m = greedy_move(&b, Color::Blue, &mut rng).unwrap();
        assert!(m == Cell::new(8, 1).unwrap() || m == Cell::new(8, 6).unwrap());
        let mut b = Board::new();
        b.set(Cell::new(4, 4).unwrap(), Some(Color::Blue));
        let m = greedy_move(&b, Color::Blue, &mut rng).unwrap();
        assert_eq!(line_length(&b, m, Color::Blue), 2);
    }
}
