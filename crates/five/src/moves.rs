//! An entry of the movetable: which field, and which of the seed's three
//! kinds of move. Shared by the game and the learning that reads its moves.

use crate::board::{Cell, Color};

/// The seed's movetype: 1 red, 2 blue, 3 red stopper (a forced move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Red,
    Blue,
    RedForced,
}

impl MoveKind {
    pub fn color(self) -> Color {
        match self {
            MoveKind::Blue => Color::Blue,
            MoveKind::Red | MoveKind::RedForced => Color::Red,
        }
    }
}

/// An entry of the movetable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: Cell,
    pub kind: MoveKind,
}

/// The most moves a game can have: one per field.
pub const MAX_MOVES: usize = crate::board::CELLS;

/// A game's moves in three characters each, as the history keeps them:
/// `B44R33B54F64` is blue on 4,4, red on 3,3, blue on 5,4 and a forced red
/// move on 6,4
/// (x and y from 0).
pub fn encode(moves: &[Move]) -> String {
    let mut out = String::with_capacity(moves.len() * 3);
    for m in moves {
        out.push(match m.kind {
            MoveKind::Blue => 'B',
            MoveKind::Red => 'R',
            MoveKind::RedForced => 'F',
        });
        out.push((b'0' + m.cell.x() as u8) as char);
        out.push((b'0' + m.cell.y() as u8) as char);
    }
    out
}

/// Reads [`encode`]'s text: a game that could have been played (each field
/// once, the colours taking turns), else what is wrong with it.
pub fn decode(text: &str) -> Result<Vec<Move>, String> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(3) || bytes.len() / 3 > MAX_MOVES {
        return Err(format!(
            "moves {text:?} are not up to {MAX_MOVES} groups of three characters"
        ));
    }
    let mut taken = 0u128;
    let mut moves = Vec::with_capacity(bytes.len() / 3);
    for (i, group) in bytes.chunks(3).enumerate() {
        let kind = match group[0] {
            b'B' => MoveKind::Blue,
            b'R' => MoveKind::Red,
            b'F' => MoveKind::RedForced,
            _ => {
                return Err(format!(
                    "move {}: {:?} is not B, R or F",
                    i + 1,
                    group[0] as char
                ));
            }
        };
        let digit = |b: u8| b.is_ascii_digit().then(|| usize::from(b - b'0'));
        let cell = digit(group[1])
            .zip(digit(group[2]))
            .and_then(|(x, y)| Cell::new(x, y))
            .ok_or_else(|| format!("move {}: not a field of the board", i + 1))?;
        if taken & (1u128 << cell.index()) != 0 {
            return Err(format!("move {}: field {cell} is taken twice", i + 1));
        }
        if moves
            .last()
            .is_some_and(|l: &Move| l.kind.color() == kind.color())
        {
            return Err(format!("move {}: the same colour moves twice", i + 1));
        }
        taken |= 1u128 << cell.index();
        moves.push(Move { cell, kind });
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_and_impossible_games_are_refused() {
        let moves = decode("B44R33B54F64").unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[3].kind, MoveKind::RedForced);
        assert_eq!((moves[3].cell.x(), moves[3].cell.y()), (6, 4));
        assert_eq!(encode(&moves), "B44R33B54F64");
        assert_eq!(decode(""), Ok(Vec::new()));
        for (bad, why) in [
            ("B4", "groups of three"),
            ("X44", "not B, R or F"),
            ("B49", "not a field"),
            ("B44R44", "taken twice"),
            ("B44B45", "same colour"),
        ] {
            let err = decode(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert!(decode(&"B00".repeat(82)).is_err(), "more moves than fields");
    }
}
