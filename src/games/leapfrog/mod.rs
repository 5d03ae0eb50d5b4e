//! The leap-frog puzzle (kikkersprongen, or bokkesprongen with goats):
//! play it, let the computer solve it, replay the solution.
//!
//! - `page.rs` + `page.ui`: the page.
//! - `model.rs`: the puzzle as a GObject around `match5-leapfrog`, where
//!   the computer searches (`crates/leapfrog/src/solver.rs`).
//! - `view.rs`: the fields widget: drawing, clicks, keys, animation.
//! - `drawing.rs`: where the fields, frogs and goats are drawn (Cairo).
//! - `actions.rs`: the page's typed actions.

pub mod actions;
pub mod drawing;
pub mod model;
pub mod page;
pub mod settings;
pub mod view;
mod words;

pub use page::page_info;
