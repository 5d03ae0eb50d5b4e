//! **Where an engine plays the main game**: a Gomocup engine the person
//! added (Practice → Engines, or the sidebar) plays red against them. It
//! runs on a thread of its own, so the window never waits for it; the page
//! asks it for a move whenever it is red's turn and places its answer.
//!
//! The engine itself, on its thread, is `model/engine_seat.rs` (no GTK). An
//! engine that does not answer in time, answers with garbage, plays on a
//! stone or quits is stopped, and the person is told why; New Game starts
//! it again. Nothing is learned from these games (the session plays them
//! as two people's).

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_five::Cell;
use match5_practice::EngineError;

use crate::games::five::model::engine_seat::{Answer, Seat, Trouble};
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use match5_five::{Color, Game, Outcome};

use crate::games::five::board::view::cell_name;
use crate::i18n::{gettext, gettext_f};

impl FivePage {
    /// Asks the engine for its move when it is its turn; ends it when no
    /// engine plays this game. The page calls it whenever the game changes.
    pub(super) fn follow_engine(&self) {
        let imp = self.imp();
        let wanted = self
            .model()
            .with(|s| s.engine_to_move().map(|(n, m)| (n.to_string(), m)));
        let Some((name, moves)) = wanted else {
            if self.model().opponent().engine().is_none() {
                imp.engine.seat.replace(None);
                imp.engine.trouble.replace(None);
            }
            return;
        };
        if imp
            .engine
            .trouble
            .borrow()
            .as_ref()
            .is_some_and(|t| t.moves == moves)
        {
            return;
        }
        imp.engine.trouble.replace(None);
        let mut seat = imp.engine.seat.borrow_mut();
        if seat.as_ref().is_some_and(|s| s.name != name) {
            *seat = None;
        }
        if seat.is_none() {
            let Some(command) = self.settings().page::<FiveSettings>().engine_command(&name) else {
                drop(seat);
                self.engine_failed(
                    moves,
                    &gettext("That engine is no longer among your engines."),
                );
                return;
            };
            let (new, answers) = Seat::start(&name, &command);
            self.listen(new.id(), answers);
            *seat = Some(new);
        }
        seat.as_mut().expect("just made").ask(moves);
    }

    /// Places the answers of the seat `id` while it is the page's.
    fn listen(&self, id: u64, answers: async_channel::Receiver<Answer>) {
        let page = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok((moves, answer)) = answers.recv().await {
                let Some(page) = page.upgrade() else { break };
                page.on_engine_answer(id, moves, answer);
            }
        });
    }

    fn on_engine_answer(&self, id: u64, moves: Vec<Cell>, answer: Result<Cell, EngineError>) {
        let (name, command) = {
            let mut seat = self.imp().engine.seat.borrow_mut();
            let Some(seat) = seat.as_mut().filter(|s| s.id() == id) else {
                return; // a seat that was replaced or ended
            };
            seat.answered();
            (seat.name.clone(), seat.command().to_string())
        };
        let now = self
            .model()
            .with(|s| s.engine_to_move().map(|(n, m)| (n.to_string(), m)));
        if now != Some((name, moves.clone())) {
            // The game moved on (a new game, another opponent): ask anew.
            self.follow_engine();
            return;
        }
        let played = answer.and_then(|cell| {
            self.model()
                .engine_play(cell)
                .map_err(|e| EngineError::IllegalMove {
                    command,
                    cell: cell.to_string(),
                    reason: e.to_string(),
                })
        });
        if let Err(e) = played {
            self.engine_failed(
                moves,
                &crate::games::five::practice::words::engine_error(&e),
            );
        }
    }

    /// The engine stopped: it is ended, the page says so, and the person
    /// is told why in a dialog.
    fn engine_failed(&self, moves: Vec<Cell>, why: &str) {
        let imp = self.imp();
        imp.engine.seat.replace(None);
        imp.engine.trouble.replace(Some(Trouble { moves }));
        self.show_game();
        crate::dialogs::error(&self.window(), &gettext("The Engine Stopped"), why);
    }

    /// Did the engine of this game stop (until a new game)?
    pub(super) fn engine_stopped(&self) -> bool {
        self.imp().engine.trouble.borrow().is_some()
    }
}

/// Under the board when the engine of the game stopped.
pub(super) fn engine_stopped_note() -> String {
    gettext("The engine stopped. New Game starts it again; the sidebar has other opponents.")
}

/// The status line of a game against the engine `engine` (red), which
/// has `stopped` when it failed.
pub(super) fn engine_status(game: &Game, engine: &str, stopped: bool) -> (String, Option<Color>) {
    let args = [("engine", engine)];
    let last_red = game
        .moves()
        .last()
        .filter(|m| m.kind.color() == Color::Red)
        .map(|m| cell_name(m.cell));
    match game.outcome() {
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) => (gettext_f("You beat {engine}!", &args), Some(Color::Blue)),
        Some(Outcome::Won { .. }) => (gettext_f("{engine} wins.", &args), Some(Color::Red)),
        Some(Outcome::Draw) => (gettext("A draw: the board is full."), None),
        None if game.to_move() == Color::Red && stopped => (
            gettext_f("{engine} stopped playing", &args),
            Some(Color::Red),
        ),
        None if game.to_move() == Color::Red => {
            (gettext_f("{engine} is thinking…", &args), Some(Color::Red))
        }
        None => match last_red {
            Some(field) => (
                gettext_f(
                    "{engine} played {field}. Your move",
                    &[("engine", engine), ("field", &field)],
                ),
                Some(Color::Blue),
            ),
            None => (gettext("You play blue. Your move"), Some(Color::Blue)),
        },
    }
}
