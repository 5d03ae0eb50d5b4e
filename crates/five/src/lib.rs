//! Five in a row on a 9x9 board against a computer that learns from every
//! game it loses. No GTK, no global state. What every game uses (files on
//! disk, names, text, the random source) is in `match5-common`.
//!
//! Where things are:
//! - [`board`]: fields, stones, five in a row.
//! - [`pattern`] and [`symmetry`]: error patterns and the eight symmetries.
//! - [`computer`]: **where the computer picks its move**, in either
//!   [`style`]; [`threats`]: fours, threes, VCF and VCT, which the sharp
//!   style and the threat player read.
//! - [`matcher`]: the fast pattern matcher it uses; [`literal`] the seed's.
//! - [`game`]: a game's movetable, outcome and undo; [`learning`]: the error
//!   pattern EP and how a loss becomes a new pattern.
//! - [`knowledge`]: a player's patterns, status and junk removal;
//!   [`finish`]: where a finished game is counted and a loss learned from;
//!   [`lost_lines`]: losses that taught no pattern, not to be played again;
//!   [`history`]: every game's result and the level after it.
//! - [`fivo`]: the `.fivo` file format; [`files`]: folders, who may save
//!   what, merging saves; [`file_error`]: what goes wrong with them;
//!   [`password`]: password hashes; [`hall_of_fame`]: the best 100 players.
//! - [`opponents`]: the random and greedy players used for training;
//!   [`searcher`]: a deterministic one that looks ahead.

pub mod board;
pub mod computer;
pub mod file_error;
pub mod files;
pub mod finish;
pub mod fivo;
pub mod game;
pub mod hall_of_fame;
pub mod history;
mod junk;
pub mod knowledge;
pub mod ladder;
pub mod learning;
pub mod literal;
pub mod lost_lines;
pub mod matcher;
pub mod moves;
pub mod opponents;
pub mod password;
pub mod pattern;
pub mod searcher;
pub mod style;
pub mod symmetry;
pub mod threats;

pub use board::{Board, Cell, Color};
pub use computer::{Choice, Reason};
pub use files::{FileError, SaveReport, Saved, Store};
pub use finish::{finish_game, finish_hinted_game, finish_practice_game};
pub use game::{Game, Mode, Move, MoveKind, Outcome};
pub use knowledge::{Change, Knowledge, Learned, Merged, OriginCounts, Stats, Status};
pub use pattern::Pattern;
pub use style::Style;

/// The crate's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
