//! The self-learning tic-tac-toe of 1983 (boter, kaas en eieren): the
//! person plays X against a computer that learns a preference for every
//! position it makes, and can watch it think.
//!
//! - `page.rs` + `page.ui`: the page.
//! - `model.rs`: the game as a GObject (properties `moves`, `state`,
//!   `positions`, `games`; signal `knowledge-changed`) around `session.rs`:
//!   the game, the knowledge and its file, free of widgets. The computer
//!   picks its move in `crates/tictactoe/src/knowledge.rs`
//!   (`Knowledge::consider`).
//! - `view.rs`: the board widget: clicks, keys, words for screen readers.
//! - `drawing.rs`: where the board and the small boards are drawn (Cairo).
//! - `training.rs` + `training.ui`: training on another thread, with its
//!   learning curve.
//! - `positions.rs` + `positions.ui`: the learned positions.
//! - `words.rs`: the words for file trouble and rewards.
//! - `actions.rs`: the page's typed actions.
//! - `controller.rs`: the rules every door follows (the page, its training
//!   window, D-Bus): when the person may play, forget or train, a training
//!   started and kept, with typed refusals in the app's words.
//! - `control/`: the D-Bus interface `TicTacToe1` (`interface.rs`); its
//!   calls land in `requests.rs`, which asks the controller.
//!   `trainer.rs`: a training run, for the controller.

pub mod actions;
pub mod control;
pub mod controller;
pub mod drawing;
mod kept;
pub mod model;
pub mod page;
pub mod positions;
pub mod session;
pub mod settings;
pub mod trainer;
pub mod training;
pub mod view;
pub mod words;

/// The tic-tac-toe page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "tictactoe",
        title: || crate::i18n::gettext("Tic-Tac-Toe"),
        short_title: || {
            // Translators: the page's title in the tabs of a 360 px window,
            // a quarter of it: one short word.
            crate::i18n::pgettext("short page title", "Tic-Tac-Toe")
        },
        icon_name: "tic-tac-toe-symbolic",
        actions: crate::games::actions::declared::<actions::TicTacToeAction>,
        make: |settings| std::rc::Rc::new(page::TicTacToePage::new(settings)),
        app_actions: &[],
        opens: &[],
        control: Some(control::serve),
    }
}
