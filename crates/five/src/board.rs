//! The 9x9 board: cells, colours, stones and the five-in-a-row rule.

use std::fmt;

/// Width and height of the board.
pub const SIZE: usize = 9;
/// Number of fields on the board.
pub const CELLS: usize = SIZE * SIZE;
/// A bit for every field of the board (bit `y * 9 + x`).
pub const FULL: u128 = (1u128 << CELLS) - 1;

/// The two colours. The player is blue, the computer red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red,
    Blue,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// One letter, as in the D-Bus `Board` property: `R` or `B`.
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Blue => 'B',
        }
    }
}

/// A field of the board: `x` is the column (0 left), `y` the row (0 top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    x: u8,
    y: u8,
}

impl Cell {
    /// The field at column `x`, row `y`, or `None` when it is off the board.
    pub fn new(x: usize, y: usize) -> Option<Cell> {
        (x < SIZE && y < SIZE).then_some(Cell {
            x: x as u8,
            y: y as u8,
        })
    }

    /// The field with bit index `i` (`y * 9 + x`); `i` must be below 81.
    pub fn from_index(i: usize) -> Cell {
        assert!(i < CELLS, "cell index {i} off the board");
        Cell {
            x: (i % SIZE) as u8,
            y: (i / SIZE) as u8,
        }
    }

    pub fn x(self) -> usize {
        self.x as usize
    }

    pub fn y(self) -> usize {
        self.y as usize
    }

    pub fn index(self) -> usize {
        self.y() * SIZE + self.x()
    }

    pub fn bit(self) -> u128 {
        1u128 << self.index()
    }

    /// The centre field (4, 4).
    pub fn centre() -> Cell {
        Cell { x: 4, y: 4 }
    }

    /// The field `(dx, dy)` away, if it is on the board.
    pub fn offset(self, dx: isize, dy: isize) -> Option<Cell> {
        let x = self.x as isize + dx;
        let y = self.y as isize + dy;
        if (0..SIZE as isize).contains(&x) && (0..SIZE as isize).contains(&y) {
            Cell::new(x as usize, y as usize)
        } else {
            None
        }
    }

    /// Every field, row by row from the top.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::from_index)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The four line directions: horizontal, vertical and the two diagonals.
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The stones on the board, one bitboard per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    red: u128,
    blue: u128,
}

impl Board {
    pub fn new() -> Board {
        Board::default()
    }

    pub fn get(&self, cell: Cell) -> Option<Color> {
        if self.red & cell.bit() != 0 {
            Some(Color::Red)
        } else if self.blue & cell.bit() != 0 {
            Some(Color::Blue)
        } else {
            None
        }
    }

    pub fn is_empty_at(&self, cell: Cell) -> bool {
        self.occupied() & cell.bit() == 0
    }

    /// Puts a stone on an empty field or, with `None`, empties a field.
    pub fn set(&mut self, cell: Cell, stone: Option<Color>) {
        let bit = cell.bit();
        self.red &= !bit;
        self.blue &= !bit;
        match stone {
            Some(Color::Red) => self.red |= bit,
            Some(Color::Blue) => self.blue |= bit,
            None => {}
        }
    }

    /// The fields holding a stone of `color`, as a bitboard.
    pub fn stones(&self, color: Color) -> u128 {
        match color {
            Color::Red => self.red,
            Color::Blue => self.blue,
        }
    }

    pub fn occupied(&self) -> u128 {
        self.red | self.blue
    }

    /// The empty fields, as a bitboard.
    pub fn empty(&self) -> u128 {
        !self.occupied() & FULL
    }

    pub fn stone_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    pub fn is_full(&self) -> bool {
        self.occupied() == FULL
    }

    pub fn is_blank(&self) -> bool {
        self.occupied() == 0
    }

    /// The empty fields next to (8-neighbourhood) a stone, as a bitboard:
    /// where the computer's free moves, its other replies and the searcher
    /// play.
    pub fn empty_next_to_stones(&self) -> u128 {
        let near = Cell::all()
            .filter(|c| !self.is_empty_at(*c))
            .flat_map(|c| {
                (-1..=1).flat_map(move |dy| (-1..=1).filter_map(move |dx| c.offset(dx, dy)))
            })
            .fold(0u128, |acc, c| acc | c.bit());
        near & self.empty()
    }

    /// The fields of `bits`, in field order.
    pub fn cells_of(bits: u128) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |c| bits & c.bit() != 0)
    }

    /// Every run of five or more stones of one colour through `cell`
    /// (empty when there is none), each run as its fields in line order.
    pub fn winning_runs(&self, cell: Cell) -> Vec<Vec<Cell>> {
        let Some(color) = self.get(cell) else {
            return Vec::new();
        };
        let mut runs = Vec::new();
        for (dx, dy) in DIRECTIONS {
            let mut start = cell;
            while let Some(prev) = start.offset(-dx, -dy) {
                if self.get(prev) != Some(color) {
                    break;
                }
                start = prev;
            }
            let mut run = vec![start];
            let mut next = start;
            while let Some(c) = next.offset(dx, dy) {
                if self.get(c) != Some(color) {
                    break;
                }
                run.push(c);
                next = c;
            }
            if run.len() >= 5 {
                runs.push(run);
            }
        }
        runs
    }

    /// The 81 fields row by row from the top: `.` empty, `R` red, `B` blue.
    pub fn to_text(&self) -> String {
        Cell::all()
            .map(|c| self.get(c).map_or('.', Color::letter))
            .collect()
    }

    /// Reads the form of [`Board::to_text`]; white space is ignored.
    pub fn from_text(text: &str) -> Option<Board> {
        let fields: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if fields.len() != CELLS {
            return None;
        }
        let mut board = Board::new();
        for (i, ch) in fields.into_iter().enumerate() {
            let stone = match ch {
                '.' => None,
                'R' | 'r' => Some(Color::Red),
                'B' | 'b' => Some(Color::Blue),
                _ => return None,
            };
            board.set(Cell::from_index(i), stone);
        }
        Some(board)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.to_text();
        for row in 0..SIZE {
            let line: Vec<String> = text[row * SIZE..(row + 1) * SIZE]
                .chars()
                .map(String::from)
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn cells_off_the_board_do_not_exist() {
        assert!(Cell::new(9, 0).is_none());
        assert!(Cell::new(0, 9).is_none());
        assert_eq!(cell(8, 8).index(), 80);
        assert_eq!(Cell::from_index(10), cell(1, 1));
    }

    #[test]
    fn five_in_a_row_wins_in_every_direction() {
        for (dx, dy) in DIRECTIONS {
            let mut board = Board::new();
            let start = if dy < 0 { cell(2, 6) } else { cell(2, 2) };
            let mut last = start;
            for i in 0..5 {
                last = start.offset(dx * i, dy * i).unwrap();
                board.set(last, Some(Color::Blue));
            }
            assert_eq!(board.winning_runs(last).len(), 1, "direction {dx},{dy}");
            board.set(last, None);
            let four = start.offset(dx * 3, dy * 3).unwrap();
            assert!(board.winning_runs(four).is_empty());
        }
    }

    #[test]
    fn a_six_counts_whole_and_crossing_runs_both_count() {
        let mut board = Board::new();
        for x in 0..6 {
            board.set(cell(x, 4), Some(Color::Red));
        }
        for y in 0..5 {
            board.set(cell(2, y), Some(Color::Red));
        }
        let runs = board.winning_runs(cell(2, 4));
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].len(), 6);
        assert!(board.winning_runs(cell(7, 4)).is_empty());
    }

    #[test]
    fn text_form_round_trips() {
        let mut board = Board::new();
        board.set(cell(0, 0), Some(Color::Red));
        board.set(cell(8, 8), Some(Color::Blue));
        let text = board.to_text();
        assert_eq!(text.len(), 81);
        assert!(text.starts_with('R') && text.ends_with('B'));
        assert_eq!(Board::from_text(&text), Some(board));
        assert_eq!(Board::from_text("R."), None);
    }
}
