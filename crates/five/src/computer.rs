//! Where the computer picks its move.
//!
//! In both [styles](crate::style::Style) it first plays the response field
//! of the stored pattern that matches first (see
//! [`MatchKey`](crate::matcher::MatchKey)). A red match is an attack; a
//! blue match is a threat it must stop (a forced move, the seed's
//! movetype 3). Without any match it makes a free move:
//! - the 2012 computer ([`Style::Classic`]) never looks ahead: a random
//!   empty field next to a stone, or the centre of an empty board;
//! - the sharp one ([`Style::Sharp`]) makes five, stops five, plays its own
//!   win by fours, stops the other side's four, fours or threats, and
//!   otherwise the field that leaves it the best open lines
//!   ([`crate::threats`]), with ties at random, within [`SHARP_NODES`].
//!
//! In a position where it once lost with the field it would play (a lost
//! line, see [`crate::lost_lines`]), it plays another empty field next to a
//! stone instead: at random (classic) or the best of them (sharp).

use match5_common::random::GameRng;
use rand::Rng;

use crate::board::{Board, Cell, Color};
use crate::knowledge::Knowledge;
use crate::matcher::Match;
use crate::style::Style;
use crate::threats::{self, Budget};

/// The nodes the sharp computer's threat searches may visit for one free
/// move, all searches together: its worst reply stays well under 20 ms on
/// the benchmark's machine (`tools/bench five` prints it). What it finds
/// in them is the best found, not proven: a deeper threat may be missed.
pub const SHARP_NODES: u32 = 10_000;

/// Why the computer plays where it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A blue pattern matched: the computer stops a threat.
    Forced(Match),
    /// A red pattern matched: the computer attacks.
    Attack(Match),
    /// Nothing matched (the 2012 computer).
    Free,
    /// Nothing matched, and the sharp computer read the threats: why it
    /// plays there, and whether its searches ended with the budget.
    Sharp {
        why: threats::Reason,
        budget_ended: bool,
    },
    /// It lost once after playing `instead` here (or what it would play
    /// now is such a field): another field, chosen at random.
    Varied { instead: Cell },
}

impl Reason {
    pub fn matched(&self) -> Option<&Match> {
        match self {
            Reason::Forced(m) | Reason::Attack(m) => Some(m),
            Reason::Free | Reason::Sharp { .. } | Reason::Varied { .. } => None,
        }
    }

    pub fn is_forced(&self) -> bool {
        matches!(self, Reason::Forced(_))
    }
}

/// The computer's choice: a field and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub cell: Cell,
    pub reason: Reason,
}

/// The 2012 computer's move on `board`, or `None` when the board is full.
pub fn choose_move(knowledge: &Knowledge, board: &Board, rng: &mut GameRng) -> Option<Choice> {
    choose_move_in(Style::Classic, knowledge, board, rng)
}

/// The computer's move on `board` in `style`, or `None` when the board is
/// full.
pub fn choose_move_in(
    style: Style,
    knowledge: &Knowledge,
    board: &Board,
    rng: &mut GameRng,
) -> Option<Choice> {
    let choice = pattern_or_free_move(style, knowledge, board, rng)?;
    let avoided = knowledge.lost_lines().avoided(board);
    if avoided & choice.cell.bit() == 0 {
        return Some(choice);
    }
    let left = crate::lost_lines::alternatives(board) & !avoided;
    if left == 0 {
        return Some(choice);
    }
    let cell = match style {
        Style::Classic => {
            let cells: Vec<Cell> = Board::cells_of(left).collect();
            cells[rng.random_range(0..cells.len())]
        }
        Style::Sharp => threats::best(board, Color::Red, left, rng)?,
    };
    Some(Choice {
        cell,
        reason: Reason::Varied {
            instead: choice.cell,
        },
    })
}

fn pattern_or_free_move(
    style: Style,
    knowledge: &Knowledge,
    board: &Board,
    rng: &mut GameRng,
) -> Option<Choice> {
    if let Some(found) = knowledge.index().find(board) {
        let reason = match found.color {
            Color::Red => Reason::Attack(found),
            Color::Blue => Reason::Forced(found),
        };
        return Some(Choice {
            cell: found.response,
            reason,
        });
    }
    match style {
        Style::Classic => free_move(board, rng).map(|cell| Choice {
            cell,
            reason: Reason::Free,
        }),
        Style::Sharp => sharp_move(board, rng),
    }
}

/// The sharp computer's free move: what [`threats`] reads on the board,
/// within [`SHARP_NODES`].
pub fn sharp_move(board: &Board, rng: &mut GameRng) -> Option<Choice> {
    let mut budget = Budget::for_move(SHARP_NODES);
    let (cell, why) = threats::reasoned_within(board, Color::Red, rng, &mut budget)?;
    Some(Choice {
        cell,
        reason: Reason::Sharp {
            why,
            budget_ended: budget.ran_out(),
        },
    })
}

/// A uniformly random empty field among those next to (8-neighbourhood) any
/// stone; the centre on an empty board; `None` on a full board.
pub fn free_move(board: &Board, rng: &mut GameRng) -> Option<Cell> {
    if board.is_blank() {
        return Some(Cell::centre());
    }
    let near: Vec<Cell> = Board::cells_of(board.empty_next_to_stones()).collect();
    if near.is_empty() {
        return None;
    }
    Some(near[rng.random_range(0..near.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;

    #[test]
    fn first_free_move_is_the_centre_and_later_ones_touch_a_stone() {
        let mut rng = rng_from_seed(7);
        let mut board = Board::new();
        assert_eq!(free_move(&board, &mut rng), Some(Cell::centre()));
        board.set(Cell::new(0, 0).unwrap(), Some(Color::Blue));
        for _ in 0..50 {
            let c = free_move(&board, &mut rng).unwrap();
            assert!(c.x() <= 1 && c.y() <= 1 && c != Cell::new(0, 0).unwrap());
        }
    }

    fn board(rows: &[&str]) -> Board {
        let mut text: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        text.resize(crate::board::SIZE, ".".repeat(crate::board::SIZE));
        Board::from_text(&text.join("\n")).expect("a board")
    }

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    fn sharp(knowledge: &Knowledge, rows: &[&str]) -> Choice {
        choose_move_in(Style::Sharp, knowledge, &board(rows), &mut rng_from_seed(3)).unwrap()
    }

    #[test]
    fn with_nothing_learned_the_sharp_computer_makes_and_stops_five_and_stops_an_open_three() {
        let empty = Knowledge::new("p");
        let made = sharp(&empty, &[".........", ".BBBB....", "..RRRR..."]);
        assert!([c(1, 2), c(6, 2)].contains(&made.cell), "{made:?}");
        assert!(matches!(
            made.reason,
            Reason::Sharp {
                why: threats::Reason::Five,
                ..
            }
        ));
        let stopped = sharp(&empty, &[".........", ".BBBB....", "..RR....."]);
        assert!([c(0, 1), c(5, 1)].contains(&stopped.cell), "{stopped:?}");
        // Blue's open three in the middle: left alone, it is an open four
        // next move. The 2012 computer, knowing nothing, plays anywhere
        // next to a stone; the sharp one stops it at an end or in it.
        let three = [
            ".........",
            ".........",
            ".........",
            "....R....",
            "...BBB...",
            "....R....",
        ];
        let choice = sharp(&empty, &three);
        assert!(
            matches!(
                choice.reason,
                Reason::Sharp {
                    why: threats::Reason::StopFours | threats::Reason::StopThreats,
                    ..
                }
            ),
            "{choice:?}"
        );
        let mut after = board(&three);
        after.set(choice.cell, Some(Color::Red));
        let mut rng = rng_from_seed(9);
        let (_, blue_next) = threats::threat_reasoned(&after, Color::Blue, &mut rng).unwrap();
        assert_ne!(
            blue_next,
            threats::Reason::WinByFours,
            "blue still wins by fours after {:?}",
            choice.cell
        );
    }

    #[test]
    fn a_pattern_comes_first_in_both_styles_and_a_lost_line_is_avoided_in_both() {
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "...BB....",
            "....R....",
        ];
        let start = board(&rows);
        // A learned threat: two blue stones in a row, answered beside them.
        let pattern = crate::pattern::Pattern::from_rows(1, &["BBX"]).unwrap();
        let knowledge = Knowledge::with_patterns("p", vec![pattern]);
        let classic =
            choose_move_in(Style::Classic, &knowledge, &start, &mut rng_from_seed(1)).unwrap();
        let sharp_choice =
            choose_move_in(Style::Sharp, &knowledge, &start, &mut rng_from_seed(1)).unwrap();
        assert_eq!(classic, sharp_choice);
        assert!(classic.reason.matched().is_some(), "{classic:?}");
        // Once it lost after playing there, neither plays it again.
        let mut vetoed = knowledge.clone();
        vetoed.lost_lines_mut().add(&start, classic.cell);
        for style in Style::ALL {
            for seed in 0..20 {
                let choice =
                    choose_move_in(style, &vetoed, &start, &mut rng_from_seed(seed)).unwrap();
                assert_ne!(choice.cell, classic.cell, "{style}, seed {seed}");
                assert_eq!(
                    choice.reason,
                    Reason::Varied {
                        instead: classic.cell
                    }
                );
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_moves() {
        let mut board = Board::new();
        board.set(Cell::new(4, 4).unwrap(), Some(Color::Blue));
        let a: Vec<_> = {
            let mut rng = rng_from_seed(42);
            (0..20).map(|_| free_move(&board, &mut rng)).collect()
        };
        let mut rng = rng_from_seed(42);
        let b: Vec<_> = (0..20).map(|_| free_move(&board, &mut rng)).collect();
        assert_eq!(a, b);
        assert!(a.iter().collect::<std::collections::HashSet<_>>().len() > 1);
    }
}
