//! Five in a row's dialogs, each a `.rs` with its `.ui` beside it, given
//! the page's model: the error patterns, the hall of fame, how the computer
//! learned, and the replay of the game that taught a pattern.

pub mod hall_of_fame;
pub mod learning_history;
pub mod pattern_viewer;
pub mod replay;
