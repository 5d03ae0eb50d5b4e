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
use match5_tictactoe::{Opponent, Refusal};

use super::interface::{OBJECT_PATH, Request, TicTacToe, TicTacToeError};
use crate::games::requests::Publish;
use crate::games::tictactoe::page::TicTacToePage;
use crate::games::tictactoe::trainer::{self, MOST_GAMES, Message};
use crate::i18n::{gettext, gettext_f, ngettext_f};
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
                let r = if self.page.model().training() {
                    Err(busy())
                } else {
                    self.page.forget_now();
                    Ok(())
                };
                let _ = reply.try_send(r);
            }
        }
    }

    fn play(&self, field: u32) -> Result<u32, TicTacToeError> {
        // A game that ends is saved, and a training (a script's or the
        // window's) holds the file: the move waits until the training ends
        // (the main loop never waits on its lock, and the file and the
        // properties stay one).
        if self.page.model().training() {
            return Err(busy());
        }
        if !(1..=9).contains(&field) {
            return Err(TicTacToeError::NoSuchField(gettext_f(
                "there is no field {field}: the fields are 1 to 9",
                &[("field", &field.to_string())],
            )));
        }
        match self.page.play_and_answer(field as usize - 1) {
            Ok(answer) => Ok(answer.map_or(0, |f| f as u32 + 1)),
            Err(Refusal::Taken(_)) => Err(TicTacToeError::FieldTaken(gettext_f(
                "field {field} is taken",
                &[("field", &field.to_string())],
            ))),
            Err(Refusal::Over) => Err(TicTacToeError::GameOver(gettext(
                "The game is over: start a new one.",
            ))),
            Err(e) => Err(TicTacToeError::Failed(e.to_string())),
        }
    }

    fn train(&self, games: u32, opponent: &str) -> Result<(), TicTacToeError> {
        let games = u64::from(games);
        if !(1..=MOST_GAMES).contains(&games) {
            return Err(TicTacToeError::BadGames(ngettext_f(
                "{games} game: choose 1 to {most}",
                "{games} games: choose 1 to {most}",
                u32::try_from(games).unwrap_or(u32::MAX),
                &[("games", &games.to_string()), ("most", &MOST_GAMES.to_string())],
            )));
        }
        let opponent = match opponent {
            "random" => Opponent::Random,
            "perfect" => Opponent::Perfect,
            "learner" => Opponent::Learner(Box::default()),
            other => {
                return Err(TicTacToeError::BadOpponent(gettext_f(
                    "no opponent “{name}”: choose random, perfect or learner",
                    &[("name", &match5_common::text::quote(other))],
                )));
            }
        };
        let model = self.page.model();
        if model.training() {
            return Err(busy());
        }
        // The computer's answer to the person's last X is on its way: the
        // game it may end is learned before a training takes the file.
        if model.state() == crate::games::tictactoe::model::GameState::Thinking {
            return Err(TicTacToeError::Busy(gettext(
                "the computer is about to answer the last move: try again in a moment",
            )));
        }
        let trainee = model.trainee();
        let stop = Arc::new(AtomicBool::new(false));
        let plan = trainer::Plan {
            path: trainee.path,
            rewards: trainee.knowledge.rewards(),
            knowledge: trainee.knowledge,
            opponent,
            games,
        };
        let messages = trainer::start(plan, stop.clone());
        self.running.replace(Some(stop));
        model.set_training(true);
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
                        if let Some(page) = page.upgrade() {
                            page.model().set_training(false);
                        }
                        shown.dismiss();
                        let page = page.upgrade();
                        sent = sent.and(match (outcome, page) {
                            (
                                Ok(trainer::Trained {
                                    file,
                                    knowledge,
                                    training,
                                }),
                                Some(page),
                            ) => {
                                let positions = knowledge.len() as u32;
                                page.model().trained(file, knowledge);
                                let t = training.total;
                                page.toast(&crate::games::tictactoe::words::script_trained_text(
                                    t.games,
                                ));
                                publish();
                                TicTacToe::training_finished(
                                    &emitter, t.games, t.wins, t.losses, t.draws, positions,
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

fn busy() -> TicTacToeError {
    TicTacToeError::Busy(gettext("the computer is training: wait, or stop it"))
}
