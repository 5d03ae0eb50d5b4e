//! The leap-frog puzzle of the seed "Het kikkersprongen spel": k frogs of
//! each kind face each other on w = 2k + 1 fields, `XXX-YYY`, and must swap
//! sides, `YYY-XXX`. An X frog moves only to the right, a Y frog only to the
//! left, to the empty field beside it or over exactly one frog (of either
//! kind) into the empty field. No GTK here.
//!
//! - [`position`]: a position, its moves, playing them.
//! - [`solver`]: **where the computer searches**: the seed's brute-force
//!   search (depth first, fields from left to right, backtracking), every
//!   solution, and an [`solver::Analysis`] of all positions reachable from
//!   the start (which are dead ends, the hint from any position).

pub mod position;
pub mod solver;

pub use position::{Frog, Move, Position, PositionError};
pub use solver::{Analysis, Stats, first_solution, solutions, stats};

/// The fewest frogs of each kind.
pub const MIN_FROGS: usize = 1;
/// The most frogs of each kind (the seed's KikkersUpDown goes to 10).
pub const MAX_FROGS: usize = 10;

/// The number of moves of every solution for `k` frogs of each kind:
/// k(k + 2). Every frog travels k + 1 fields, 2k(k + 1) in all; every frog
/// jumps over the k frogs of the other kind, k·k jumps of 2 fields; what is
/// left, 2k(k + 1) − 2k·k = 2k fields, is covered by single steps. So
/// k·k + 2k = k(k + 2) moves.
pub fn solution_length(k: usize) -> usize {
    k * (k + 2)
}
