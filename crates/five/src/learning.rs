//! The error pattern EP and how a lost game becomes a new pattern: the seed's
//! "Building the Error Patterns" and "The Self Learning Algorithm".

use crate::board::{Board, CELLS, Cell, SIZE};
use crate::matcher::Match;
use crate::moves::{Move, MoveKind};
use crate::pattern::{Pattern, PatternCell};

/// EP: what the computer knows, during a game, about the threat it is
/// stopping. Starts as all does-not-matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorPattern {
    cells: [PatternCell; CELLS],
}

impl Default for ErrorPattern {
    fn default() -> Self {
        ErrorPattern {
            cells: [PatternCell::Any; CELLS],
        }
    }
}

impl ErrorPattern {
    pub fn get(&self, cell: Cell) -> PatternCell {
        self.cells[cell.index()]
    }

    fn set(&mut self, cell: Cell, value: PatternCell) {
        self.cells[cell.index()] = value;
    }

    pub fn is_clear(&self) -> bool {
        self.cells.iter().all(|c| *c == PatternCell::Any)
    }

    /// A non-forced computer move: EP is erased.
    pub fn clear(&mut self) {
        *self = ErrorPattern::default();
    }

    /// A forced move: every field of the matched pattern that is not `-` is
    /// copied into EP where it lies on the board; its `X` becomes must-be-empty.
    pub fn copy_match(&mut self, pattern: &Pattern, found: &Match) {
        let comp = pattern.transformed(found.symmetry);
        for (x, y, c) in comp.cells() {
            let cell = found
                .offset
                .offset(x as isize, y as isize)
                .expect("a match lies on the board");
            match c {
                PatternCell::Any => {}
                PatternCell::Response => self.set(cell, PatternCell::Empty),
                other => self.set(cell, other),
            }
        }
    }

    /// Blue has just won with the last move of `moves`: the new error pattern.
    ///
    /// The fields of every five-or-longer run through blue's last stone become
    /// `B`; blue's last stone becomes empty and the response field, level 1;
    /// while the move before is a forced red move, that red field becomes
    /// empty, the blue move before it becomes empty and the response field,
    /// and the level rises by one. The result is EP's bounding rectangle.
    pub fn lesson(&self, board: &Board, moves: &[Move]) -> Option<Pattern> {
        let (ep, level) = self.lesson_on_board(board, moves)?;
        ep.bounding_pattern(level)
    }

    /// [`ErrorPattern::lesson`] where it lies on the board, before it is cut
    /// to its rectangle: for each field its `B`, `.`, `X` or `-`, and the
    /// level.
    pub fn lesson_on_board(&self, board: &Board, moves: &[Move]) -> Option<(ErrorPattern, u32)> {
        let last = moves.last()?;
        if last.kind != MoveKind::Blue {
            return None;
        }
        let runs = board.winning_runs(last.cell);
        if runs.is_empty() {
            return None;
        }
        let mut ep = *self;
        for cell in runs.iter().flatten() {
            ep.set(*cell, PatternCell::Stone);
        }
        let mut response = last.cell;
        ep.set(response, PatternCell::Response);
        let mut level = 1;
        let mut i = moves.len() - 1;
        while i >= 2
            && moves[i - 1].kind == MoveKind::RedForced
            && moves[i - 2].kind == MoveKind::Blue
        {
            ep.set(moves[i - 1].cell, PatternCell::Empty);
            ep.set(response, PatternCell::Empty);
            response = moves[i - 2].cell;
            ep.set(response, PatternCell::Response);
            level += 1;
            i -= 2;
        }
        Some((ep, level))
    }

    /// The bounding rectangle of the fields that are not `-`, left-top aligned.
    fn bounding_pattern(&self, level: u32) -> Option<Pattern> {
        let used: Vec<Cell> = Cell::all()
            .filter(|c| self.get(*c) != PatternCell::Any)
            .collect();
        let x1 = used.iter().map(|c| c.x()).min()?;
        let x2 = used.iter().map(|c| c.x()).max()?;
        let y1 = used.iter().map(|c| c.y()).min()?;
        let y2 = used.iter().map(|c| c.y()).max()?;
        let (width, height) = (x2 - x1 + 1, y2 - y1 + 1);
        let cells = (y1..=y2)
            .flat_map(|y| (x1..=x2).map(move |x| y * SIZE + x))
            .map(|i| self.cells[i])
            .collect();
        Pattern::from_cells(level, width, height, cells).ok()
    }
}
