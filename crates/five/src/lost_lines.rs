//! Lost lines: what the computer remembers of every loss, so that it never
//! loses the same game twice.
//!
//! After each lost game the computer remembers the position of its latest
//! free (not forced) decision in that game that has another field left,
//! and the field it chose there; the next time it meets that position it
//! plays another empty field next to a stone, whatever a pattern says.
//! Positions are exact boards (red and blue stones). A field is only
//! vetoed where another one stays open, so no position runs out of fields
//! and the same game cannot come back, whatever is learned later.

use std::collections::BTreeMap;

use crate::board::{Board, Cell, Color};
use crate::moves::{Move, MoveKind};

/// The most `[[lost_line]]` tables one file may hold.
pub const MAX_LOST_LINES: usize = 100_000;

/// Positions and the red moves not to play there again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LostLines {
    /// (red stones, blue stones) → fields (bits) not to play.
    avoid: BTreeMap<(u128, u128), u128>,
}

impl LostLines {
    pub fn is_empty(&self) -> bool {
        self.avoid.is_empty()
    }

    /// How many positions are remembered.
    pub fn len(&self) -> usize {
        self.avoid.len()
    }

    /// The fields the computer does not play on `board` (bits).
    pub fn avoided(&self, board: &Board) -> u128 {
        self.avoid.get(&key(board)).copied().unwrap_or_default()
    }

    /// Remembers not to play `cell` on `board`.
    pub fn add(&mut self, board: &Board, cell: Cell) {
        *self.avoid.entry(key(board)).or_default() |= cell.bit();
    }

    /// Every position with its avoided fields, for saving.
    pub fn entries(&self) -> impl Iterator<Item = (Board, Vec<Cell>)> + '_ {
        self.avoid.iter().map(|((red, blue), cells)| {
            let mut board = Board::new();
            for cell in Cell::all() {
                if red & cell.bit() != 0 {
                    board.set(cell, Some(Color::Red));
                } else if blue & cell.bit() != 0 {
                    board.set(cell, Some(Color::Blue));
                }
            }
            let cells = Board::cells_of(*cells).collect();
            (board, cells)
        })
    }

    /// Adds what `other` remembers (a merge of two files).
    pub fn extend(&mut self, other: &LostLines) {
        for (k, cells) in &other.avoid {
            *self.avoid.entry(*k).or_default() |= cells;
        }
    }

    /// After a lost game: remembers the latest red
    /// decision among a game's `moves` that can still go another way, free decisions
    /// before forced ones. Returns the position and the field it will not
    /// play there again; `None` when no decision has another field left (or
    /// the file's limit of positions is reached: a file must stay loadable).
    pub fn remember(&mut self, moves: &[Move]) -> Option<(Board, Cell)> {
        let mut boards = Vec::with_capacity(moves.len());
        let mut board = Board::new();
        for m in moves {
            boards.push(board);
            board.set(m.cell, Some(m.kind.color()));
        }
        for forced in [false, true] {
            for (i, m) in moves.iter().enumerate().rev() {
                let wanted = if forced {
                    MoveKind::RedForced
                } else {
                    MoveKind::Red
                };
                if m.kind != wanted {
                    continue;
                }
                let before = &boards[i];
                if self.avoided(before) & m.cell.bit() != 0 {
                    continue; // avoided already, yet played: nothing else was left
                }
                let left = alternatives(before) & !(self.avoided(before) | m.cell.bit());
                let full =
                    self.avoid.len() >= MAX_LOST_LINES && !self.avoid.contains_key(&key(before));
                if left != 0 && !full {
                    self.add(before, m.cell);
                    return Some((*before, m.cell));
                }
            }
        }
        None
    }
}

/// The fields the computer may play instead of an avoided one: the empty
/// fields next to a stone, or every empty field on an empty board.
pub fn alternatives(board: &Board) -> u128 {
    if board.is_blank() {
        board.empty()
    } else {
        board.empty_next_to_stones()
    }
}

fn key(board: &Board) -> (u128, u128) {
    (board.stones(Color::Red), board.stones(Color::Blue))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Mode};

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn the_latest_free_decision_is_remembered_and_then_the_one_before() {
        // Blue plays a row; red answers far away (free moves).
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        for i in 0..5 {
            game.play_as(Color::Blue, c(i, 0)).unwrap();
            if i < 4 {
                game.play_as(Color::Red, c(i, 8)).unwrap();
            }
        }
        let mut lines = LostLines::default();
        let (board, cell) = lines.remember(game.moves()).unwrap();
        assert_eq!(cell, c(3, 8), "red's last move");
        assert_eq!(board.stone_count(), 7, "the position before it");
        assert_eq!(lines.avoided(&board), c(3, 8).bit());
        // Had red still played there (nothing else left), the decision
        // before it is the one that changes.
        let (_, before) = lines.remember(game.moves()).unwrap();
        assert_eq!(before, c(2, 8));
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn alternatives_are_next_to_a_stone() {
        let mut board = Board::new();
        assert_eq!(alternatives(&board), board.empty());
        board.set(c(0, 0), Some(Color::Blue));
        let near = alternatives(&board);
        assert_eq!(near, c(1, 0).bit() | c(0, 1).bit() | c(1, 1).bit());
    }
}
