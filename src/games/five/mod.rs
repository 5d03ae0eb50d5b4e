//! Five in a row against a computer that learns from every game it loses.
//! Its folder, one part per name:
//!
//! - `page/`: the page, `FivePage` (`mod.rs` + `page.ui`), and every file
//!   that extends it: `contract.rs` (the page contract), `status.rs` (the
//!   status line and Show Why), `hint.rs` (Ctrl+I), `actions.rs` (its typed
//!   actions) and `action_handlers.rs` (what each does), `opponents.rs`,
//!   `engine_opponent.rs` (asking an engine at red's turn),
//!   `knowledge_flows.rs` (the dialogs around open, save, players,
//!   passwords) and `sidebar.rs` + `.ui`.
//! - `board/`: the board's widget (`view.rs`) and **where the board is
//!   drawn** (`drawing.rs`), shared by the page, Practice and the dialogs.
//! - `dialogs/`: the error patterns, the hall of fame, how the computer
//!   learned and the replay, each a `.rs` with its `.ui`, given the model.
//! - `model/`: the game as a GObject (`mod.rs`; `state.rs` its typed
//!   state) around the session without GTK (`session.rs`); the settings,
//!   the game kept between runs, what the page starts with, the taught
//!   games' steps, and the engine's seat in the main game (`engine_seat.rs`,
//!   its thread). The computer picks its move in the rules crate
//!   (`crates/five/src/computer.rs`).
//! - `controller.rs`: the rules every door follows (the menus, the
//!   sidebar, D-Bus) for players, their files, unsaved knowledge,
//!   passwords, saving and new games.
//! - `control/`: the D-Bus interface; **its calls land** in
//!   `control/requests.rs`, which hands them to the controller.
//! - `practice/`: the computer practises against built-in players and
//!   engines (the Practice window, its run on another thread).
//! - `words/`: words more than one part says (errors, trained computers).
//! - `help.ui`, `shortcuts.ui`: its section of Help and of the keys.

pub mod board;
pub mod control;
pub mod controller;
pub mod dialogs;
pub mod model;
pub mod page;
pub mod practice;
pub mod words;

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
        actions: crate::games::actions::declared::<page::actions::FiveAction>,
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
