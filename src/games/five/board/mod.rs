//! The five-in-a-row board: `view.rs` the widget (clicks, keys, what
//! screen readers hear), `drawing.rs` **where the board is drawn** (Cairo),
//! for the page, Practice, the pattern viewer and the replays.

pub mod drawing;
pub mod view;
