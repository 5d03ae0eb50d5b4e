//! Five in a row's practice: the computer plays game after game against
//! an opponent that is not a person, and learns from every game it loses.
//! `match5-cli train` and the app's Practice window both play here.
//!
//! - [`opponent`]: who plays blue: the built-in players, a copy of the
//!   computer, or a Gomocup engine.
//! - [`engine`]: our side of the Gomocup protocol, driving an engine.
//! - [`run`]: a run of games, one at a time, with its tally.
//! - [`lines`]: reading a line protocol without unbounded memory.

pub mod engine;
pub mod lines;
pub mod opponent;
mod processes;
pub mod run;

pub use engine::{Engine, EngineError, Info};
pub use opponent::Opponent;
pub use run::{Learning, NotStarted, Played, Practice, PracticeError, Setup, Starts, Tally};
