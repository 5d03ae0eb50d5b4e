//! The games, one page each. A page is a widget with its own model,
//! template and actions; the window only knows the [`GamePage`] trait, so
//! adding a game means adding its folder here and a line to [`pages`].
//! Pages are made when first shown.

pub mod actions;
pub mod five;
pub mod leapfrog;
pub mod page;
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
