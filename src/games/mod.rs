//! The games, one page each. A page is a folder here with its own model,
//! templates, actions ([`actions`]), help and shortcuts; the window only
//! knows the [`GamePage`] trait and the [`PageInfo`] of [`pages`]. A game
//! is added by its `mod` line and its line in [`pages`] below; everything
//! else (the view switcher, app and desktop actions, keys, help,
//! shortcuts, D-Bus objects, resources, translations and the tests' lists)
//! is read from there (`docs/architecture.md`, "Adding a game"). Pages are
//! made when first shown.

pub mod actions;
pub mod kept_game;
pub mod page;
pub mod page_state;

pub use page::{GamePage, PageInfo};

// The games' folders under src/games/.
pub mod five;
pub mod leapfrog;
#[cfg(feature = "example-page")]
pub mod lightsout;
pub mod tictactoe;
pub mod tiles;

/// Every page, in the order of the view switcher (`tests/support/registry.rs`
/// reads this list for the build and the tests).
pub fn pages() -> Vec<PageInfo> {
    vec![
        five::page_info(),
        leapfrog::page_info(),
        tiles::page_info(),
        tictactoe::page_info(),
        #[cfg(feature = "example-page")]
        lightsout::page_info(),
    ]
}
