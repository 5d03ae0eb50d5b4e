//! The help window.

mod window;

pub use window::show;
