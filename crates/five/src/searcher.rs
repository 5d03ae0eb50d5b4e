//! A deterministic five-in-a-row player that looks ahead: negamax with
//! alpha-beta to a fixed depth over the empty fields next to a stone, scoring
//! positions by the classic count of open lines (every run of five fields in
//! a row that holds stones of one colour only). The same position always
//! gets the same move, which makes it the opponent to measure learning
//! against: a computer that learns must not lose to it the same way twice.
//! It is a training opponent, not part of the learning computer, which never
//! looks ahead.

use std::sync::OnceLock;

use crate::board::{Board, CELLS, Cell, Color, SIZE};

/// Every run of five fields in a row, column or diagonal, as bits.
pub(crate) fn windows() -> &'static [u128] {
    static WINDOWS: OnceLock<Vec<u128>> = OnceLock::new();
    WINDOWS.get_or_init(|| {
        let mut out = Vec::new();
        for y in 0..SIZE as isize {
            for x in 0..SIZE as isize {
                for (dx, dy) in crate::board::DIRECTIONS {
                    let cells: Option<Vec<Cell>> = (0..5)
                        .map(|i| {
                            let (cx, cy) = (x + dx * i, y + dy * i);
                            (cx >= 0 && cy >= 0)
                                .then(|| Cell::new(cx as usize, cy as usize))
                                .flatten()
                        })
                        .collect();
                    if let Some(cells) = cells {
                        out.push(cells.iter().fold(0u128, |acc, c| acc | c.bit()));
                    }
                }
            }
        }
        out
    })
}

const WIN: i64 = 1_000_000_000;
/// Worth of a window by how many of its fields hold one side's stones.
const WORTH: [i64; 6] = [0, 1, 12, 150, 2_000, WIN];

/// The score of `board` for `me`: my open windows minus the other side's
/// (theirs weighted a little more: a threat to stop counts before an
/// attack of the same size).
pub(crate) fn score(board: &Board, me: Color) -> i64 {
    let (mine, theirs) = (board.stones(me), board.stones(me.other()));
    let mut total = 0;
    for w in windows() {
        let (m, t) = ((mine & w).count_ones(), (theirs & w).count_ones());
        if t == 0 {
            total += WORTH[m as usize];
        } else if m == 0 {
            total -= WORTH[t as usize] * 5 / 4;
        }
    }
    total
}

/// The empty fields next to a stone, in field order; the centre on an
/// empty board.
fn candidates(board: &Board) -> Vec<Cell> {
    if board.is_blank() {
        return vec![Cell::centre()];
    }
    Board::cells_of(board.empty_next_to_stones()).collect()
}

/// The move of `color` on `board`, looking `depth` plies ahead (1 or more);
/// `None` on a full board. Ties go to the first field in field order.
pub fn search_move(board: &Board, color: Color, depth: u32) -> Option<Cell> {
    let mut board = *board;
    let moves = ordered(&mut board, color);
    let mut best: Option<(i64, Cell)> = None;
    let mut alpha = -WIN * 2;
    for cell in moves {
        board.set(cell, Some(color));
        let value = if !board.winning_runs(cell).is_empty() {
            WIN * 2
        } else {
            -negamax(
                &mut board,
                color.other(),
                depth.max(1) - 1,
                -WIN * 2,
                -alpha,
            )
        };
        board.set(cell, None);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, cell));
            alpha = alpha.max(value);
        }
    }
    best.map(|(_, c)| c)
}

/// Candidates ordered best first by the score right after the move (a
/// stable sort: equal ones stay in field order).
fn ordered(board: &mut Board, color: Color) -> Vec<Cell> {
    let mut scored: Vec<(i64, Cell)> = candidates(board)
        .into_iter()
        .map(|c| {
            board.set(c, Some(color));
            let s = score(board, color);
            board.set(c, None);
            (s, c)
        })
        .collect();
    scored.sort_by_key(|(s, _)| -s);
    scored.into_iter().map(|(_, c)| c).collect()
}

fn negamax(board: &mut Board, color: Color, depth: u32, mut alpha: i64, beta: i64) -> i64 {
    if depth == 0 || board.stone_count() == CELLS {
        return score(board, color);
    }
    let moves = ordered(board, color);
    if moves.is_empty() {
        return score(board, color);
    }
    let mut best = -WIN * 2;
    for cell in moves {
        board.set(cell, Some(color));
        let value = if !board.winning_runs(cell).is_empty() {
            WIN + depth as i64
        } else {
            -negamax(board, color.other(), depth - 1, -beta, -alpha)
        };
        board.set(cell, None);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn it_wins_when_it_can_and_blocks_a_four() {
        let mut b = Board::new();
        for x in 0..4 {
            b.set(c(x, 0), Some(Color::Blue));
            b.set(c(x, 4), Some(Color::Red));
        }
        assert_eq!(search_move(&b, Color::Red, 2), Some(c(4, 4)), "win");
        let mut b = Board::new();
        for x in 1..5 {
            b.set(c(x, 0), Some(Color::Blue));
        }
        b.set(c(0, 0), Some(Color::Red));
        b.set(c(4, 4), Some(Color::Red));
        assert_eq!(search_move(&b, Color::Red, 2), Some(c(5, 0)), "block");
    }

    #[test]
    fn the_same_position_gets_the_same_move() {
        let mut b = Board::new();
        b.set(Cell::centre(), Some(Color::Red));
        let first = search_move(&b, Color::Blue, 3);
        assert!(first.is_some());
        for _ in 0..3 {
            assert_eq!(search_move(&b, Color::Blue, 3), first);
        }
        assert_eq!(windows().len(), 2 * 9 * 5 + 2 * 5 * 5);
    }
}
