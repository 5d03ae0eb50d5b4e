//! Five in a row against a computer that learns from every game it loses.
//!
//! - `page.rs` + `page.ui`: the page (board, status, Play Again), made by
//!   [`page_info`];
//!   `starting.rs`: what it starts with; `status.rs`: the status line and
//!   Show Why; `hint.rs`: the hint (Ctrl+I), the threat player's field and
//!   why; `actions.rs`: its typed actions, `action_handlers.rs` what each
//!   does.
//! - `board_view.rs` (the widget, keys, accessible text) and
//!   `board_drawing.rs` (where the board is drawn).
//! - `sidebar.rs` + `sidebar.ui`: player, opponent, knowledge (made after
//!   the first frame).
//! - `model.rs`: the game as a GObject with properties (`state.rs`: the
//!   typed mode and state) and signals, around `session.rs` (no GTK). The
//!   computer picks its move in the rules crate (`crates/five/src/computer.rs`).
//! - `controller.rs`: the rules every door follows (the menus, the sidebar,
//!   D-Bus) for players, their files, unsaved knowledge, passwords, saving
//!   and new games; `knowledge_flows.rs`: the page's dialogs around them.
//! - `control/`: the D-Bus interface; its calls land in
//!   `control/requests.rs`, which hands them to the controller.
//! - `pattern_viewer.rs`, `hall_of_fame.rs`, `learning_history.rs` (+
//!   `.ui`): secondary windows, given the model; `replay.rs` (+ `.ui`) the
//!   game that taught a pattern, move by move (`taught.rs`: its steps).
//! - `saved_game.rs`: the unfinished game kept between runs.
//! - `engine_seat.rs`: a Gomocup engine the person chose plays red in
//!   the main game, on a thread of its own (no GTK); `engine_opponent.rs`
//!   asks it from the page; `practice/`: the computer
//!   practises against built-in players and engines.

mod action_handlers;
pub mod actions;
pub mod board_drawing;
pub mod board_view;
pub mod control;
pub mod controller;
mod engine_opponent;
pub mod engine_seat;
pub mod errors;
pub mod hall_of_fame;
mod hint;
mod knowledge_flows;
pub mod ladder_words;
pub mod learning_history;
pub mod model;
mod opponents;
pub mod page;
mod page_contract;
pub mod pattern_viewer;
pub mod practice;
pub mod replay;
pub mod saved_game;
pub mod session;
pub mod settings;
pub mod sidebar;
mod starting;
pub mod state;
mod status;
pub mod taught;

pub use page::FivePage;

/// The five-in-a-row page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "five",
        title: || crate::i18n::gettext("Five in a Row"),
        short_title: || {
            // Translators: the page's title in the tabs of a 360 px window,
            // a quarter of it: one short word.
            crate::i18n::pgettext("short page title", "Five")
        },
        icon_name: "five-in-a-row-symbolic",
        actions: crate::games::actions::declared::<actions::FiveAction>,
        make: |settings| std::rc::Rc::new(FivePage::new(settings)),
        app_actions: &[
            ("new-game", Some(gtk::glib::VariantTy::STRING)),
            ("new-game-vs-computer", None),
            ("new-game-two-players", None),
            ("open-knowledge", Some(gtk::glib::VariantTy::STRING)),
        ],
        opens: &["fivo"],
        control: Some(control::serve),
    }
}
