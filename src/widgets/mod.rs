//! Widgets and drawing shared by the game pages.

pub mod a11y;
pub mod board_drawing;
pub mod board_view;
