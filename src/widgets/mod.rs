//! Widgets of the window.

pub mod board_drawing;
pub mod board_view;
