//! The tile game (Tegelspel): two players lay tiles from bowls in rows;
//! play a person or the computer, ask it for the best move.
//!
//! - `page.rs` + `page.ui`: the page.
//! - `model.rs`: the game as a GObject around `match5-tiles`; the computer
//!   picks its move off the main loop (the search is in
//!   `crates/tiles/src/search/`, the good move in `players.rs`).
//! - `game_files.rs`: reading a game file, and what is wrong with a bad one.
//! - `view.rs`: the playing surface: clicks, keys, words for screen readers.
//! - `drawing.rs`: where the pot, the bowls and the boards are drawn (Cairo).
//! - `experiment.rs` + `experiment.ui`: the take-back experiment, on
//!   another thread, with its table; `experiment_chart.rs` draws its charts.
//! - `actions.rs`: the page's typed actions.
//! - `controller.rs`: the rules every door follows (the page's buttons
//!   and file chooser, D-Bus): players, sizes, moves, undo, one search at
//!   a time, with typed refusals in the app's words.
//! - `control/`: the D-Bus interface `Tiles1` (`interface.rs`); its calls
//!   land in `control/requests.rs`, which asks the controller.

pub mod actions;
pub mod control;
pub mod controller;
pub mod drawing;
pub mod experiment;
pub mod experiment_chart;
mod game_files;
mod kept;
pub mod model;
pub mod page;
mod players;
pub mod view;
mod words;

/// The tile page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "tiles",
        title: || crate::i18n::gettext("Tiles"),
        short_title: || crate::i18n::gettext("Tiles"),
        icon_name: "view-grid-symbolic",
        actions: crate::games::actions::declared::<actions::TilesAction>,
        make: |settings| std::rc::Rc::new(page::TilesPage::new(settings)),
        app_actions: &[],
        opens: &[],
        control: Some(control::serve),
    }
}
