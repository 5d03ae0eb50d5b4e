//! A leap-frog position: which frog is on which field, and the moves from it.

use std::fmt;

use crate::{MAX_FROGS, MIN_FROGS};

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Frog {
    /// A left-hand frog (goat): moves only to the right.
    X,
    /// A right-hand frog (goat): moves only to the left.
    Y,
}

/// A move: the frog on field `from` goes to the empty field `to`. Fields
/// are counted from 0 here; [`Move::field_numbers`] gives the seed's 1…w.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    /// The seed's field numbers, 1 from the left.
    pub fn field_numbers(self) -> (usize, usize) {
        (usize::from(self.from) + 1, usize::from(self.to) + 1)
    }

    /// A jump over another frog (two fields), not a step.
    pub fn is_jump(self) -> bool {
        self.from.abs_diff(self.to) == 2
    }
}

impl fmt::Display for Move {
    /// `3->4`, in field numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = self.field_numbers();
        write!(f, "{from}->{to}")
    }
}

/// Why a position cannot be made or a move not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("the number of frogs must be from {MIN_FROGS} to {MAX_FROGS}, not {0}")]
    Frogs(usize),
    #[error("a position is {expected} fields of X, Y and one -, not {found:?}")]
    Text { expected: usize, found: String },
    #[error("the frog on field {0} cannot move")]
    CannotMove(usize),
    #[error("there is no field {0}")]
    NoField(usize),
}

/// A position of k X frogs, k Y frogs and one empty field, on 2k + 1
/// fields. Stored as the set of X fields and the empty field; every other
/// field holds a Y frog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    k: u8,
    /// Bit i: field i holds an X frog.
    x: u32,
    empty: u8,
}

impl Position {
    /// The start, `XXX-YYY`.
    pub fn start(k: usize) -> Result<Position, PositionError> {
        check_frogs(k)?;
        Ok(Position {
            k: k as u8,
            x: (1 << k) - 1,
            empty: k as u8,
        })
    }

    /// The goal, `YYY-XXX`.
    pub fn goal(k: usize) -> Result<Position, PositionError> {
        check_frogs(k)?;
        Ok(Position {
            k: k as u8,
            x: ((1 << k) - 1) << (k + 1),
            empty: k as u8,
        })
    }

    /// Reads `XX-YY`-like text (`X`, `Y`, one `-`; as many X as Y).
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let bad = || PositionError::Text {
            expected: 2 * (text.chars().count() / 2) + 1,
            found: text.chars().take(40).collect(),
        };
        let w = text.chars().count();
        if w.is_multiple_of(2) || !(2 * MIN_FROGS + 1..=2 * MAX_FROGS + 1).contains(&w) {
            return Err(bad());
        }
        let k = w / 2;
        let (mut x, mut xs, mut ys, mut empty) = (0u32, 0, 0, None);
        for (i, ch) in text.chars().enumerate() {
            match ch {
                'X' => {
                    x |= 1 << i;
                    xs += 1;
                }
                'Y' => ys += 1,
                '-' if empty.is_none() => empty = Some(i as u8),
                _ => return Err(bad()),
            }
        }
        match empty {
            Some(empty) if xs == k && ys == k => Ok(Position {
                k: k as u8,
                x,
                empty,
            }),
            _ => Err(bad()),
        }
    }

    /// Frogs of each kind.
    pub fn frogs(&self) -> usize {
        usize::from(self.k)
    }

    /// Fields: 2k + 1.
    pub fn width(&self) -> usize {
        2 * self.frogs() + 1
    }

    /// What field `i` (0-based) holds; `None` for the empty field.
    pub fn get(&self, i: usize) -> Option<Frog> {
        if i == usize::from(self.empty) {
            None
        } else if self.x & (1 << i) != 0 {
            Some(Frog::X)
        } else {
            Some(Frog::Y)
        }
    }

    /// The empty field (0-based).
    pub fn empty(&self) -> usize {
        usize::from(self.empty)
    }

    pub fn is_goal(&self) -> bool {
        *self == Position::goal(self.frogs()).expect("a position has a valid k")
    }

    /// Where the frog on field `from` can go, if it can move: the seed's
    /// sprongOK (the empty field 1 or 2 to the right of an X frog, to the
    /// left of a Y frog).
    pub fn target(&self, from: usize) -> Option<usize> {
        let e = self.empty();
        match self.get(from)? {
            Frog::X if e > from && e - from <= 2 => Some(e),
            Frog::Y if from > e && from - e <= 2 => Some(e),
            _ => None,
        }
    }

    /// Every move, in the seed's order: by the field it starts from, left
    /// to right. There are at most four.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        let e = self.empty();
        let lo = e.saturating_sub(2);
        let hi = (e + 2).min(self.width() - 1);
        (lo..=hi).filter_map(move |from| {
            self.target(from).map(|to| Move {
                from: from as u8,
                to: to as u8,
            })
        })
    }

    /// The position after `mv` (which must be one of [`Self::moves`]).
    pub fn after(&self, mv: Move) -> Position {
        let mut p = *self;
        if self.x & (1 << mv.from) != 0 {
            p.x = (p.x & !(1 << mv.from)) | (1 << mv.to);
        }
        p.empty = mv.from;
        p
    }

    /// Moves the frog on field `from` (0-based), if it can move.
    pub fn play(&mut self, from: usize) -> Result<Move, PositionError> {
        if from >= self.width() {
            return Err(PositionError::NoField(from + 1));
        }
        let to = self
            .target(from)
            .ok_or(PositionError::CannotMove(from + 1))?;
        let mv = Move {
            from: from as u8,
            to: to as u8,
        };
        *self = self.after(mv);
        Ok(mv)
    }

    /// A number unique among positions of k frogs, below [`Self::key_space`]:
    /// the X fields and the empty field.
    pub fn key(&self) -> usize {
        (self.x as usize) | (usize::from(self.empty) << self.width())
    }

    /// Keys of positions of `k` frogs are below this.
    pub fn key_space(k: usize) -> usize {
        let w = 2 * k + 1;
        (w + 1).next_power_of_two() << w
    }
}

impl fmt::Display for Position {
    /// `XXX-YYY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.width() {
            f.write_str(match self.get(i) {
                Some(Frog::X) => "X",
                Some(Frog::Y) => "Y",
                None => "-",
            })?;
        }
        Ok(())
    }
}

fn check_frogs(k: usize) -> Result<(), PositionError> {
    if (MIN_FROGS..=MAX_FROGS).contains(&k) {
        Ok(())
    } else {
        Err(PositionError::Frogs(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_goal_and_text() {
        let s = Position::start(3).unwrap();
        assert_eq!(s.to_string(), "XXX-YYY");
        assert_eq!(Position::goal(3).unwrap().to_string(), "YYY-XXX");
        assert_eq!(Position::parse("XXX-YYY").unwrap(), s);
        assert!(Position::parse("XX-YYY").is_err());
        assert!(Position::parse("XX--YY").is_err());
        assert!(Position::parse("XXXYYYZ").is_err());
        assert_eq!(Position::start(0), Err(PositionError::Frogs(0)));
        assert_eq!(Position::start(11), Err(PositionError::Frogs(11)));
    }

    #[test]
    fn frogs_step_or_jump_forward_only() {
        let s = Position::start(3).unwrap();
        let moves: Vec<String> = s.moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["2->4", "3->4", "5->4", "6->4"]);
        let p = Position::parse("X-XYY").unwrap();
        // X on field 1 steps right; X on 3 cannot go left; Y on 4 jumps over X.
        let moves: Vec<String> = p.moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["1->2", "4->2"]);
        let mut q = p;
        assert_eq!(q.play(2), Err(PositionError::CannotMove(3)));
        q.play(3).unwrap();
        assert_eq!(q.to_string(), "XYX-Y");
        assert_eq!(q.play(9), Err(PositionError::NoField(10)));
    }
}
