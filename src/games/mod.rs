//! The games, one page each. A page is a widget with its own model,
//! template, actions ([`actions`]) and settings; the window only knows the
//! [`GamePage`] trait and the [`PageInfo`] of [`pages`]. What else a new
//! game needs today is listed in `docs/architecture.md`. Pages are made
//! when first shown.

pub mod actions;
pub mod checked;
pub mod five;
pub mod leapfrog;
pub mod page;
pub mod requests;
pub mod tictactoe;
pub mod tiles;

pub use page::{GamePage, PageInfo};

/// Every page, in the order of the view switcher.
pub fn pages() -> Vec<PageInfo> {
    vec![
        five::page_info(),
        leapfrog::page_info(),
        tiles::page_info(),
        tictactoe::page_info(),
    ]
}
