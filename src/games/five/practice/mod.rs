//! Practice: the computer plays game after game against an opponent that
//! is not the person and learns from its losses, as its own practice.
//!
//! - `runner.rs`: **where the computer practises**, on another thread;
//! - `window.rs` + `window.ui`: the Practice window;
//! - `choices.rs`: what the person chose, kept across starts;
//! - `chart.rs`: the learning curve it draws;
//! - `words.rs`: what it says.

pub mod chart;
pub mod choices;
pub mod engines;
pub mod engines_dialog;
pub mod runner;
pub mod window;
pub mod words;
