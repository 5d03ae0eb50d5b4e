//! Where tic-tac-toe's D-Bus calls land: each [`Request`] carried out on
//! the page, as the person would, with the named error and the state
//! unchanged when it cannot be; a script's training runs on another
//! thread and reports through the interface's signals.
//! The words are the app's, in the person's language; the names a
//! script types (`random`, `perfect`) stay as the interface spells them.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gtk::glib;
use match5_tictactoe::Refusal;

use super::interface::{OBJECT_PATH, Request, TicTacToe, TicTacToeError};
use crate::control::bridge::Publish;
use crate::games::tictactoe::controller::{Controller, Refusal as ControllerRefusal};
use crate::games::tictactoe::page::TicTacToePage;
use crate::games::tictactoe::trainer::Message;
use crate::i18n::{gettext, gettext_f};
use gtk::prelude::*;
use zbus::object_server::SignalEmitter;

/// The training a script started, while it runs: its stop flag.
pub(super) type Running = Rc<RefCell<Option<Arc<AtomicBool>>>>;

/// What a request needs on the main thread.
pub(super) struct Script<'a> {
    pub page: &'a TicTacToePage,
    pub connection: &'a zbus::Connection,
    pub running: &'a Running,
    pub publish: &'a Publish,
}

impl Script<'_> {
    /// Carries a request out on the page, as the person would.
    pub fn handle_request(&self, request: Request) {
        match request {
            Request::NewGame { reply } => {
                self.page.model().new_game();
                let _ = reply.try_send(Ok(()));
            }
            Request::Play { field, reply } => {
                let _ = reply.try_send(self.play(field));
            }
            Request::Train {
                games,
                opponent,
                reply,
            } => {
                let _ = reply.try_send(self.train(games, &opponent));
            }
            Request::StopTraining { reply } => {
                let r = match self.running.borrow().as_ref() {
                    Some(stop) => {
                        stop.store(true, Ordering::Relaxed);
                        Ok(())
                    }
                    None => Err(TicTacToeError::NotTraining(gettext(
                        "the computer is not training",
                    ))),
                };
                let _ = reply.try_send(r);
            }
            Request::Forget { reply } => {
                let r = match self.page.controller().may_forget() {
                    Ok(()) => self.page.forget_now().map_err(TicTacToeError::Failed),
                    Err(refusal) => Err(refusal.into()),
                };
                let _ = reply.try_send(r);
            }
        }
    }

    fn play(&self, field: u32) -> Result<u32, TicTacToeError> {
        let field = self.page.controller().may_play(field)?;
        match self.page.play_and_answer(field) {
            Ok(answer) => Ok(answer.map_or(0, |f| f as u32 + 1)),
            Err(Refusal::Taken(_)) => Err(TicTacToeError::FieldTaken(gettext_f(
                "field {field} is taken",
                &[("field", &(field + 1).to_string())],
            ))),
            Err(Refusal::Over) => Err(TicTacToeError::GameOver(gettext(
                "The game is over: start a new one.",
            ))),
            Err(Refusal::NoField(_)) => Err(TicTacToeError::NoSuchField(
                ControllerRefusal::NoSuchField(field as u32 + 1).message(),
            )),
            Err(Refusal::NotYourTurn) => Err(ControllerRefusal::Answering.into()),
        }
    }

    fn train(&self, games: u32, opponent: &str) -> Result<(), TicTacToeError> {
        let (games, opponent) = Controller::training_plan(games, opponent)?;
        let controller = self.page.controller();
        let stop = Arc::new(AtomicBool::new(false));
        let messages = controller.start_training(games, opponent, None, stop.clone())?;
        self.running.replace(Some(stop));
        let shown = self
            .page
            .lasting_toast(&crate::games::tictactoe::words::script_training_text(games));
        let (page, connection, running, publish) = (
            self.page.downgrade(),
            self.connection.clone(),
            self.running.clone(),
            self.publish.clone(),
        );
        glib::spawn_future_local(async move {
            let emitter = SignalEmitter::new(&connection, OBJECT_PATH).expect("a valid path");
            let mut sent = Ok(());
            while let Ok(message) = messages.recv().await {
                match message {
                    Message::Block(played, _) => {
                        sent =
                            sent.and(TicTacToe::training_progress(&emitter, played, games).await);
                    }
                    Message::Done(outcome) => {
                        running.replace(None);
                        shown.dismiss();
                        let page = page.upgrade();
                        sent = sent.and(match (controller.training_done(*outcome), page) {
                            (Ok(done), Some(page)) => {
                                let t = done.training.total;
                                let words =
                                    crate::games::tictactoe::words::script_trained_text(t.games);
                                page.toast(&match &done.not_saved {
                                    None => words,
                                    Some(e) => format!(
                                        "{words} {}",
                                        crate::games::tictactoe::words::not_saved_text(e)
                                    ),
                                });
                                let positions = done.stored;
                                publish();
                                TicTacToe::training_finished(
                                    &emitter,
                                    t.games,
                                    t.wins,
                                    t.losses,
                                    t.draws,
                                    positions as u32,
                                )
                                .await
                            }
                            (Err(e), page) => {
                                publish();
                                let words = crate::games::tictactoe::words::store_error(&e);
                                if let Some(page) = page {
                                    page.toast(&gettext_f(
                                        "Nothing was learned: {reason}",
                                        &[("reason", &words)],
                                    ));
                                }
                                TicTacToe::training_failed(&emitter, words).await
                            }
                            (Ok(_), None) => Ok(()),
                        });
                        break;
                    }
                }
            }
            if let Err(e) = sent {
                eprintln!("match5: a D-Bus signal was not sent: {e}");
            }
        });
        Ok(())
    }
}

/// The interface's name for each refusal of the controller's, with the
/// app's words for it.
impl From<ControllerRefusal> for TicTacToeError {
    fn from(refusal: ControllerRefusal) -> Self {
        let message = refusal.message();
        match refusal {
            ControllerRefusal::Training | ControllerRefusal::Answering => {
                TicTacToeError::Busy(message)
            }
            ControllerRefusal::NoSuchField(_) => TicTacToeError::NoSuchField(message),
            ControllerRefusal::BadGames(_) => TicTacToeError::BadGames(message),
            ControllerRefusal::BadOpponent(_) => TicTacToeError::BadOpponent(message),
        }
    }
}
