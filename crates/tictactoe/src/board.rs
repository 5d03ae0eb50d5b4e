//! The board of the article: fields 1 to 9, row by row from the top left,
//! each empty, X (the person, who begins) or O (the computer). A position
//! is the base-3 number Σ digit_i · 3^(i−1), and positions that are turns
//! or mirror images of each other are one: the lowest value of the eight
//! images stands for all.

/// What a field holds, as the article's digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    X = 1,
    O = 2,
}

impl Mark {
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

/// The eight lines of three.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The nine fields (index 0 is field 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board(pub [Option<Mark>; 9]);

impl Board {
    pub fn get(&self, field: usize) -> Option<Mark> {
        self.0[field]
    }

    pub fn set(&mut self, field: usize, mark: Option<Mark>) {
        self.0[field] = mark;
    }

    pub fn empty_fields(&self) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(|&f| self.0[f].is_none())
    }

    pub fn is_full(&self) -> bool {
        self.0.iter().all(Option::is_some)
    }

    /// The mark with three in a line, if any.
    pub fn winner(&self) -> Option<Mark> {
        LINES.iter().find_map(|l| {
            let m = self.0[l[0]]?;
            (self.0[l[1]] == Some(m) && self.0[l[2]] == Some(m)).then_some(m)
        })
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    /// The article's number: Σ digit_i · 3^(i−1).
    pub fn value(&self) -> u32 {
        self.0
            .iter()
            .rev()
            .fold(0, |acc, f| acc * 3 + f.map_or(0, |m| m as u32))
    }

    /// The board of a number.
    pub fn from_value(mut value: u32) -> Option<Board> {
        let mut board = Board::default();
        for field in 0..9 {
            board.0[field] = match value % 3 {
                0 => None,
                1 => Some(Mark::X),
                _ => Some(Mark::O),
            };
            value /= 3;
        }
        (value == 0).then_some(board)
    }

    /// A quarter turn clockwise.
    pub fn turned(&self) -> Board {
        let mut out = Board::default();
        for r in 0..3 {
            for c in 0..3 {
                out.0[r * 3 + c] = self.0[(2 - c) * 3 + r];
            }
        }
        out
    }

    /// The mirror image (left and right swapped).
    pub fn mirrored(&self) -> Board {
        let mut out = Board::default();
        for r in 0..3 {
            for c in 0..3 {
                out.0[r * 3 + c] = self.0[r * 3 + (2 - c)];
            }
        }
        out
    }

    /// The position, its three quarter turns, its mirror image and the
    /// mirror image's three quarter turns.
    pub fn images(&self) -> [Board; 8] {
        let mut out = [*self; 8];
        for i in 1..4 {
            out[i] = out[i - 1].turned();
        }
        out[4] = self.mirrored();
        for i in 5..8 {
            out[i] = out[i - 1].turned();
        }
        out
    }

    /// The lowest value among the eight images: the position as the
    /// computer knows it.
    pub fn lowest(&self) -> u32 {
        self.images()
            .iter()
            .map(Board::value)
            .min()
            .expect("eight images")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_1_is_the_lowest_digit() {
        let mut b = Board::default();
        b.set(0, Some(Mark::X));
        assert_eq!(b.value(), 1);
        b.set(8, Some(Mark::O));
        assert_eq!(b.value(), 1 + 2 * 6561);
        assert_eq!(Board::from_value(b.value()), Some(b));
        assert_eq!(Board::from_value(19_683), None);
    }

    #[test]
    fn a_corner_is_lowest_in_the_first_field() {
        let mut b = Board::default();
        b.set(8, Some(Mark::X));
        assert_eq!(b.lowest(), 1);
        let mut centre = Board::default();
        centre.set(4, Some(Mark::O));
        assert_eq!(centre.lowest(), 2 * 81);
    }
}
