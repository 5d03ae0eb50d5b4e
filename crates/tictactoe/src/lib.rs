//! The self-learning tic-tac-toe of the 1983 article (seed `003`, boter,
//! kaas en eieren): the computer plays O, never looks ahead, and learns a
//! preference value for every position it makes.
//!
//! - [`board`]: fields, marks, positions as base-3 numbers, lowest images.
//! - [`knowledge`]: the list of positions met and their preferences; where
//!   the computer picks its move ([`Knowledge::choose`]) and learns.
//! - [`game`]: one game against a person, and why the computer moved.
//! - [`file`]: the knowledge file (TOML), checked line by line.
//! - [`store`]: the knowledge on disk, shared by the app and the CLI.
//! - [`play`]: games, the training opponents (random, perfect, a second
//!   learner) and training runs.
//! - [`enumerate`]: the most positions the computer can store (337 + 44).

pub mod board;
pub mod enumerate;
pub mod file;
pub mod game;
pub mod knowledge;
pub mod play;
pub mod store;

pub use board::{Board, Mark};
pub use game::{Deliberation, Game, Refusal};
pub use knowledge::{Choice, Knowledge, Lesson, Outcome, Rewards};
pub use play::{Opponent, Tally, Training, play_game, train};
