//! Practice: the computer plays game after game against an opponent that
//! is not the person and learns from its losses, as its own practice.
//!
//! - `runner.rs`: **where the computer practises**, on another thread;
//! - `window.rs` + `window.ui`: the Practice window;
//! - `chart.rs`: the learning curve it draws;
//! - `words.rs`: what it says.

pub mod chart;
pub mod engines;
pub mod engines_dialog;
pub mod runner;
pub mod window;
pub mod words;
