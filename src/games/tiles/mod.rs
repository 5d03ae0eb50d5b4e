//! The tile game (Tegelspel): two players lay tiles from bowls in rows;
//! play a person or the computer, ask it for the best move.
//!
//! - `page.rs` + `page.ui`: the page.
//! - `model.rs`: the game as a GObject around `match5-tiles`; the computer
//!   picks its move off the main loop (the search is in
//!   `crates/tiles/src/search/`, the good move in `players.rs`).
//! - `game_files.rs`: opening a game file, and what is wrong with a bad one.
//! - `view.rs`: the playing surface: clicks, keys, words for screen readers.
//! - `drawing.rs`: where the pot, the bowls and the boards are drawn (Cairo).
//! - `experiment.rs` + `experiment.ui`: the take-back experiment, on
//!   another thread, with its table and chart.
//! - `actions.rs`: the page's typed actions.

pub mod actions;
pub mod drawing;
pub mod experiment;
mod game_files;
pub mod model;
pub mod page;
pub mod view;
mod words;

pub use page::page_info;
