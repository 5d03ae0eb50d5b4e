//! The games, one page each. A page is a folder here with its own model,
//! templates, actions ([`actions`]), help and shortcuts; the window only
//! knows the [`GamePage`] trait and the [`PageInfo`] of [`pages`]. A game
//! is registered by one line in [`registry!`] below; everything else (the
//! view switcher, app and desktop actions, keys, help, shortcuts, D-Bus
//! objects, resources, translations and the tests' lists) is read from
//! there (`docs/architecture.md`, "Adding a game"). Pages are made when
//! first shown.

pub mod actions;
mod after_flood;
pub mod callers;
pub mod checked;
pub mod kept_game;
pub mod page;
pub mod requests;

pub use page::{GamePage, PageInfo};

/// Declares the game modules and [`pages`], in the order of the view
/// switcher, from one list of folder names.
macro_rules! registry {
    ($($(#[$when:meta])* $game:ident,)*) => {
        $($(#[$when])* pub mod $game;)*

        /// Every page, in the order of the view switcher.
        pub fn pages() -> Vec<PageInfo> {
            vec![$($(#[$when])* $game::page_info(),)*]
        }
    };
}

// One line per game: its folder under src/games/.
registry! {
    five,
    leapfrog,
    tiles,
    tictactoe,
    #[cfg(feature = "example-page")]
    lightsout,
}
