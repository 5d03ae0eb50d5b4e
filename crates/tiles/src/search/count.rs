//! The size of the full game tree: the positions the seed's plain search
//! would visit, found by counting each distinct position's subtree once and
//! remembering it in a bounded table. Stopped by its budget, it says how
//! many positions it counted at least.

use std::time::{Duration, Instant};

use super::budget::{Budget, Deadline};
use super::state::{State, yellow_before};
use super::table::Table;
use crate::game::Game;

/// The size of the full game tree from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSize {
    /// Positions of the full game tree (this one, every end position and
    /// all between), as the seed's exhaustive search would visit them; when
    /// not `complete`, the positions counted before the budget ran out: the
    /// tree holds more.
    pub positions: u128,
    /// Positions whose subtree was counted: the distinct positions, each
    /// once, unless the memory budget was reached (then a forgotten one is
    /// counted again when met again).
    pub distinct: u64,
    pub elapsed: Duration,
    /// The whole tree was counted.
    pub complete: bool,
    /// Memory the remembered subtrees took, in bytes (at most the
    /// budget's).
    pub memory: usize,
}

struct Counter<'a> {
    /// Each subtree's size as two halves (8-byte aligned: 40-byte slots).
    table: Table<[u64; 2]>,
    counted: u64,
    deadline: Deadline<'a>,
}

impl Counter<'_> {
    /// The subtree's size, or (stopped) the positions of it counted so far.
    fn count(&mut self, state: &State<'_>) -> Result<u128, u128> {
        let key = state.key();
        if let Some([low, high]) = self.table.get(key) {
            return Ok(u128::from(high) << 64 | u128::from(low));
        }
        self.counted += 1;
        if self.counted.is_multiple_of(4096) && self.deadline.passed() {
            return Err(1);
        }
        let mut size = 1u128;
        // An end position has no moves: its subtree is itself.
        if !state.rows_all_full() {
            for (bowl, colour, tiles) in state.moves() {
                match self.count(&state.after(bowl, colour, tiles)) {
                    Ok(below) => size += below,
                    Err(below) => return Err(size + below),
                }
            }
        }
        // Bigger subtrees are worth more to keep.
        let worth = (u128::BITS - size.leading_zeros()).min(255) as u8;
        self.table
            .put(key, [size as u64, (size >> 64) as u64], worth);
        Ok(size)
    }
}

/// The size of the full game tree within `budget` (and until `stop` says
/// so): exact when `complete`, otherwise "more than `positions`".
pub fn tree_size_within(game: &Game, budget: Budget, stop: &dyn Fn() -> bool) -> TreeSize {
    let started = Instant::now();
    let pot = yellow_before(game);
    let mut counter = Counter {
        table: Table::within(budget.memory),
        counted: 0,
        deadline: Deadline::of(budget, started, stop),
    };
    let counted = if counter.deadline.passed() {
        Err(0)
    } else {
        counter.count(&State::of(game, &pot))
    };
    let (positions, complete) = match counted {
        Ok(n) => (n, true),
        Err(n) => (n, false),
    };
    TreeSize {
        positions,
        distinct: counter.counted,
        elapsed: started.elapsed(),
        complete,
        memory: counter.table.bytes(),
    }
}

/// The exact size of the full game tree (as long as it takes, in
/// [`Budget::MEMORY`]).
pub fn tree_size(game: &Game) -> TreeSize {
    tree_size_within(game, Budget::EXACT, &|| false)
}
