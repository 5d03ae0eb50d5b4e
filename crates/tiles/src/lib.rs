//! The tile game (Tegelspel) of the seed `002`: two players take all tiles
//! of one colour from a bowl and lay them in a row of their board; the one
//! with more full rows at the end wins.
//!
//! - [`game`]: the rules, exactly as the seed gives them, with undo.
//! - [`file`]: the seed's game files, checked line by line; its Figure 3.
//! - [`search`]: the best score and the size of the full game tree, exact
//!   or within a budget of time and memory.
//! - [`players`]: random, greedy and the Monte Carlo good move.
//! - [`experiment`]: the seed's take-back experiment.

pub mod experiment;
pub mod file;
pub mod game;
pub mod players;
pub mod search;

pub use file::{EXAMPLE, FileError, parse};
pub use game::{Colour, Game, Move, MoveError, Row, Sizes};
pub use search::{Best, Budget, TreeSize, best_score, best_score_within, tree_size};
