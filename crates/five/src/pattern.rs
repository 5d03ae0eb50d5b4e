//! Error patterns: rectangles of fields that say when the computer must answer
//! and where.

use std::fmt;
use std::ops::Range;

use crate::board::SIZE;
use crate::symmetry::Symmetry;

/// One field of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternCell {
    /// `B`: a stone of the colour the pattern is matched in.
    Stone,
    /// `.`: must be empty.
    Empty,
    /// `X`: the response field; must be empty, and the computer plays here.
    Response,
    /// `-`: does not matter.
    Any,
}

impl PatternCell {
    pub fn from_char(ch: char) -> Option<PatternCell> {
        match ch {
            'B' => Some(PatternCell::Stone),
            '.' => Some(PatternCell::Empty),
            'X' => Some(PatternCell::Response),
            '-' => Some(PatternCell::Any),
            _ => None,
        }
    }

    pub fn to_char(self) -> char {
        match self {
            PatternCell::Stone => 'B',
            PatternCell::Empty => '.',
            PatternCell::Response => 'X',
            PatternCell::Any => '-',
        }
    }

    /// `.` and `X`: the field must be empty on the board.
    pub fn needs_empty(self) -> bool {
        matches!(self, PatternCell::Empty | PatternCell::Response)
    }
}

/// Why a pattern's rows do not make a pattern.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    #[error("a pattern needs at least one row")]
    NoRows,
    #[error("row {row} is empty")]
    EmptyRow { row: usize },
    #[error("ragged rows: row {row} has {found} fields, row 1 has {expected}")]
    Ragged {
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("unknown field {ch:?} in row {row} (fields are B . X -)")]
    UnknownCell { row: usize, ch: char },
    #[error("no response field X")]
    NoResponse,
    #[error("{count} response fields X; a pattern has exactly one")]
    SeveralResponses { count: usize },
    #[error("{width}x{height} is larger than the 9x9 board")]
    TooLarge { width: usize, height: usize },
    #[error("not left-top aligned: the first {0} holds only '-'")]
    NotAligned(&'static str),
    #[error("level 0: levels start at 1")]
    LevelZero,
}

/// An error pattern: a left-top aligned rectangle of at most 9x9 fields with
/// exactly one response field, and its level (how many blue moves were taken
/// back to learn it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    level: u32,
    width: usize,
    height: usize,
    cells: Vec<PatternCell>,
}

impl Pattern {
    /// Builds a pattern from rows of `B . X -`, checking every rule.
    pub fn from_rows<S: AsRef<str>>(level: u32, rows: &[S]) -> Result<Pattern, PatternError> {
        if level == 0 {
            return Err(PatternError::LevelZero);
        }
        if rows.is_empty() {
            return Err(PatternError::NoRows);
        }
        let mut cells = Vec::new();
        let mut width = 0;
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let mut n = 0;
            for ch in row.chars() {
                cells.push(
                    PatternCell::from_char(ch)
                        .ok_or(PatternError::UnknownCell { row: i + 1, ch })?,
                );
                n += 1;
            }
            if n == 0 {
                return Err(PatternError::EmptyRow { row: i + 1 });
            }
            if i == 0 {
                width = n;
            } else if n != width {
                return Err(PatternError::Ragged {
                    row: i + 1,
                    found: n,
                    expected: width,
                });
            }
        }
        Pattern::from_cells(level, width, rows.len(), cells)
    }

    /// Builds a pattern from its fields, row by row, checking every rule.
    pub fn from_cells(
        level: u32,
        width: usize,
        height: usize,
        cells: Vec<PatternCell>,
    ) -> Result<Pattern, PatternError> {
        assert_eq!(
            cells.len(),
            width * height,
            "cells do not fill the rectangle"
        );
        if level == 0 {
            return Err(PatternError::LevelZero);
        }
        if width > SIZE || height > SIZE {
            return Err(PatternError::TooLarge { width, height });
        }
        let responses = cells
            .iter()
            .filter(|c| **c == PatternCell::Response)
            .count();
        match responses {
            0 => return Err(PatternError::NoResponse),
            1 => {}
            count => return Err(PatternError::SeveralResponses { count }),
        }
        if cells[..width].iter().all(|c| *c == PatternCell::Any) {
            return Err(PatternError::NotAligned("row"));
        }
        if (0..height).all(|y| cells[y * width] == PatternCell::Any) {
            return Err(PatternError::NotAligned("column"));
        }
        Ok(Pattern {
            level,
            width,
            height,
            cells,
        })
    }

    pub fn level(&self) -> u32 {
        self.level
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn get(&self, x: usize, y: usize) -> PatternCell {
        self.cells[y * self.width + x]
    }

    /// Every field with its position, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, PatternCell)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, c)| (i % self.width, i / self.width, *c))
    }

    /// The response field's position.
    pub fn response(&self) -> (usize, usize) {
        self.cells()
            .find(|(_, _, c)| *c == PatternCell::Response)
            .map(|(x, y, _)| (x, y))
            .expect("a pattern has a response field")
    }

    /// The rows as text, e.g. `["BBBBX"]`.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|c| c.to_char()).collect())
            .collect()
    }

    /// This pattern as it looks under symmetry `s`, aligned to the left top.
    pub fn transformed(&self, s: Symmetry) -> Pattern {
        let (w, h) = s.dims(self.width, self.height);
        let mut cells = vec![PatternCell::Any; w * h];
        for (x, y, c) in self.cells() {
            let (tx, ty) = s.apply(x, y, self.width, self.height);
            cells[ty * w + tx] = c;
        }
        Pattern {
            level: self.level,
            width: w,
            height: h,
            cells,
        }
    }

    /// The same fields under symmetry: equal in at least one of the eight.
    pub fn same_shape(&self, other: &Pattern) -> bool {
        Symmetry::ALL
            .iter()
            .any(|s| self.transformed(*s).cells_equal(other))
    }

    fn cells_equal(&self, other: &Pattern) -> bool {
        self.width == other.width && self.height == other.height && self.cells == other.cells
    }
}

/// The runs of equal level in `patterns` (which are sorted by level): each
/// level with the index range of its patterns, lowest level first.
pub fn level_runs(patterns: &[Pattern]) -> impl Iterator<Item = (u32, Range<usize>)> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        let level = patterns.get(start)?.level();
        let end = start
            + patterns[start..]
                .iter()
                .take_while(|p| p.level() == level)
                .count();
        let run = start..end;
        start = end;
        Some((level, run))
    })
}

impl fmt::Display for Pattern {
    /// The seed's drawing: one row a line, fields separated by a space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            let spaced: Vec<String> = row.chars().map(String::from).collect();
            writeln!(f, "{}", spaced.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let p = Pattern::from_rows(2, &[".BBBX."]).unwrap();
        assert_eq!(p.rows(), vec![".BBBX."]);
        assert_eq!((p.width(), p.height(), p.level()), (6, 1, 2));
        assert_eq!(p.response(), (4, 0));
    }

    #[test]
    fn every_rule_is_checked() {
        use PatternError::*;
        let cases: [(&[&str], u32, PatternError); 9] = [
            (&[], 1, NoRows),
            (
                &["BBB", "BB"],
                1,
                Ragged {
                    row: 2,
                    found: 2,
                    expected: 3,
                },
            ),
            (&["BBQX"], 1, UnknownCell { row: 1, ch: 'Q' }),
            (&["BBBB."], 1, NoResponse),
            (&["XBBBX"], 1, SeveralResponses { count: 2 }),
            (
                &["BBBBBBBBBX"],
                1,
                TooLarge {
                    width: 10,
                    height: 1,
                },
            ),
            (&["---", "BBX"], 1, NotAligned("row")),
            (&["-BX", "-B."], 1, NotAligned("column")),
            (&["BBBBX"], 0, LevelZero),
        ];
        for (rows, level, err) in cases {
            assert_eq!(Pattern::from_rows(level, rows), Err(err), "{rows:?}");
        }
    }

    #[test]
    fn quarter_turn_makes_a_column_read_bottom_up() {
        let p = Pattern::from_rows(1, &["BBBBX"]).unwrap();
        let t = p.transformed(Symmetry::new(1).unwrap());
        assert_eq!(t.rows(), vec!["X", "B", "B", "B", "B"]);
        let m = p.transformed(Symmetry::new(4).unwrap());
        assert_eq!(m.rows(), vec!["XBBBB"]);
        assert!(p.same_shape(&m));
        assert!(!p.same_shape(&Pattern::from_rows(1, &["BBBXB"]).unwrap()));
    }
}
