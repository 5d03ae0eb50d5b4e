//! Five in a row against a computer that learns from every game it loses.
//!
//! - `page.rs` + `page.ui`: the page (board, status, Play Again).
//! - `sidebar.rs` + `sidebar.ui`: player, opponent, knowledge (made after
//!   the first frame).
//! - `model.rs`: the game as a GObject with properties and signals, around
//!   `session.rs` (no GTK). The computer picks its move in the rules crate
//!   (`crates/five/src/computer.rs`).
//! - `actions.rs`: the page's typed actions.
//! - `knowledge_flows.rs`: open, save, players, passwords.
//! - `dbus_bridge.rs`: where D-Bus calls land.
//! - `pattern_viewer.rs`, `hall_of_fame.rs`, `learning_history.rs` (+
//!   `.ui`): secondary windows, given the model.
//! - `saved_game.rs`: the unfinished game kept between runs.

pub mod actions;
pub mod board_drawing;
pub mod board_view;
pub mod dbus_bridge;
pub mod hall_of_fame;
mod knowledge_flows;
pub mod learning_history;
pub mod model;
pub mod page;
pub mod pattern_viewer;
pub mod saved_game;
pub mod session;
pub mod settings;
pub mod sidebar;

pub use page::{FivePage, page_info};
