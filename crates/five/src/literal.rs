//! The seed's matcher, to the letter: for every level (lowest first), every
//! pattern of that level (newest lesson first), red then blue, every
//! symmetry, every offset row by row, the fields compared one by one. It is slow and obviously right: the fast
//! [`MatchIndex`](crate::matcher::MatchIndex) is tested and measured against it.

use crate::board::{Board, Cell, Color, SIZE};
use crate::matcher::Match;
use crate::pattern::{Pattern, PatternCell, level_runs};
use crate::symmetry::Symmetry;

/// The first match in the seed's order, which is the lowest
/// [`MatchKey`](crate::matcher::MatchKey) when `patterns` are sorted by level.
pub fn find(patterns: &[Pattern], board: &Board) -> Option<Match> {
    for (level, run) in level_runs(patterns) {
        for i in run.rev() {
            let pattern = &patterns[i];
            for color in [Color::Red, Color::Blue] {
                for symmetry in Symmetry::ALL {
                    let comp = pattern.transformed(symmetry);
                    for oy in 0..=SIZE - comp.height() {
                        for ox in 0..=SIZE - comp.width() {
                            if compare(&comp, board, color, ox, oy) {
                                let (rx, ry) = comp.response();
                                return Some(Match {
                                    pattern: i,
                                    level,
                                    color,
                                    symmetry,
                                    offset: cell(ox, oy),
                                    response: cell(ox + rx, oy + ry),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

fn cell(x: usize, y: usize) -> Cell {
    Cell::new(x, y).expect("on the board")
}

fn compare(comp: &Pattern, board: &Board, color: Color, ox: usize, oy: usize) -> bool {
    for y in 0..comp.height() {
        for x in 0..comp.width() {
            let field = board.get(cell(ox + x, oy + y));
            let fits = match comp.get(x, y) {
                PatternCell::Any => true,
                PatternCell::Stone => field == Some(color),
                PatternCell::Empty | PatternCell::Response => field.is_none(),
            };
            if !fits {
                return false;
            }
        }
    }
    true
}
