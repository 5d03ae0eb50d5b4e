//! Tic-tac-toe over D-Bus: interface `io.github.match5.Match5.TicTacToe1` at
//! `/io/github/match5/Match5/TicTacToe` (see `docs/dbus.md`). zbus serves it
//! on its own executor; each call becomes a [`Request`] for the GTK main
//! thread, where [`handle_request`] carries it out on the page. Training
//! runs on another thread (`trainer.rs`) and reports through signals.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gtk::glib;
use gtk::prelude::*;
use match5_tictactoe::{Mark, Opponent, Refusal};
use zbus::object_server::SignalEmitter;

use super::page::TicTacToePage;
use super::trainer::{self, MOST_GAMES, Message};
use crate::games::page::PageHandle;

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/TicTacToe";

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum TicTacToeError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// A field that is not 1 to 9.
    NoSuchField(String),
    /// The field holds a mark.
    FieldTaken(String),
    /// The game is over: start a new one.
    GameOver(String),
    /// Games to train outside 1 to 1,000,000.
    BadGames(String),
    /// An opponent that is not `random`, `perfect` or `learner`.
    BadOpponent(String),
    /// The computer is training (wait, or stop it), or too many calls
    /// wait for the app.
    Busy(String),
    /// No training to stop.
    NotTraining(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(TicTacToeError);

type Reply<T> = crate::games::requests::Reply<T, TicTacToeError>;

/// A call, for the GTK main thread.
pub enum Request {
    NewGame {
        reply: Reply<()>,
    },
    Play {
        field: u32,
        reply: Reply<u32>,
    },
    Train {
        games: u32,
        opponent: String,
        reply: Reply<()>,
    },
    StopTraining {
        reply: Reply<()>,
    },
    Forget {
        reply: Reply<()>,
    },
}

/// What the properties say, as the page last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub board: String,
    pub state: String,
    pub moves: u32,
    pub preferences: Vec<(u32, i32, bool)>,
    pub positions: u32,
    pub games: u64,
    pub rewards: (i32, i32, i32),
    pub training: bool,
    pub status: String,
}

struct TicTacToe(crate::games::requests::Link<Request, Snapshot>);

impl TicTacToe {
    fn read<T>(&self, f: impl FnOnce(&Snapshot) -> T) -> T {
        self.0.read(f)
    }

    async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> Request) -> Result<T, TicTacToeError> {
        self.0.ask(make).await
    }
}

#[zbus::interface(name = "io.github.match5.Match5.TicTacToe1")]
impl TicTacToe {
    /// An empty board; the person (X) begins.
    async fn new_game(&self) -> Result<(), TicTacToeError> {
        self.ask(|reply| Request::NewGame { reply }).await
    }

    /// The person's X on `field` (1 to 9, row by row); the computer
    /// answers at once. Returns its field, or 0 when the X ended the game.
    #[zbus(out_args("answer"))]
    async fn play(&self, field: u32) -> Result<u32, TicTacToeError> {
        self.ask(|reply| Request::Play { field, reply }).await
    }

    /// Trains the computer for `games` games against `opponent` (`random`,
    /// `perfect`, `learner`) on another thread: returns at once, reports
    /// `TrainingProgress` and ends with `TrainingFinished` or
    /// `TrainingFailed`.
    async fn train(&self, games: u32, opponent: String) -> Result<(), TicTacToeError> {
        self.ask(|reply| Request::Train {
            games,
            opponent,
            reply,
        })
        .await
    }

    /// Stops the training under way after its current game (what it
    /// learned so far is kept).
    async fn stop_training(&self) -> Result<(), TicTacToeError> {
        self.ask(|reply| Request::StopTraining { reply }).await
    }

    /// The computer forgets every position it learned (the rewards stay)
    /// and a new game starts.
    async fn forget(&self) -> Result<(), TicTacToeError> {
        self.ask(|reply| Request::Forget { reply }).await
    }

    /// Games played so far of `games`.
    #[zbus(signal)]
    async fn training_progress(
        emitter: &SignalEmitter<'_>,
        played: u64,
        games: u64,
    ) -> zbus::Result<()>;

    /// The run ended (all its games, or stopped): its tally and the
    /// positions the computer knows now.
    #[zbus(signal)]
    async fn training_finished(
        emitter: &SignalEmitter<'_>,
        played: u64,
        won: u64,
        lost: u64,
        drawn: u64,
        positions: u32,
    ) -> zbus::Result<()>;

    /// Nothing was learned: why.
    #[zbus(signal)]
    async fn training_failed(emitter: &SignalEmitter<'_>, message: String) -> zbus::Result<()>;

    /// Nine characters, fields 1 to 9 row by row: `X`, `O` or `.`.
    #[zbus(property)]
    async fn board(&self) -> String {
        self.read(|s| s.board.clone())
    }

    /// `start`, `your-turn`, `thinking`, `you-won`, `computer-won`, `drawn`.
    #[zbus(property)]
    async fn state(&self) -> String {
        self.read(|s| s.state.clone())
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.read(|s| s.moves)
    }

    /// What the computer weighed for its last O: field (1 to 9), the
    /// preference of the position it makes, and whether it knew it.
    #[zbus(property)]
    async fn preferences(&self) -> Vec<(u32, i32, bool)> {
        self.read(|s| s.preferences.clone())
    }

    /// Positions the computer has learned.
    #[zbus(property)]
    async fn positions(&self) -> u32 {
        self.read(|s| s.positions)
    }

    /// Games it learned from.
    #[zbus(property)]
    async fn games(&self) -> u64 {
        self.read(|s| s.games)
    }

    /// Rewards for a win, a draw and a loss.
    #[zbus(property)]
    async fn rewards(&self) -> (i32, i32, i32) {
        self.read(|s| s.rewards)
    }

    #[zbus(property)]
    async fn training(&self) -> bool {
        self.read(|s| s.training)
    }

    /// The page's status line.
    #[zbus(property)]
    async fn status(&self) -> String {
        self.read(|s| s.status.clone())
    }
}

/// The training a script started, while it runs: its stop flag.
type Running = Rc<RefCell<Option<Arc<AtomicBool>>>>;

/// Makes the properties say what the page shows, sending what changed.
type Publish = Rc<dyn Fn()>;

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(
    connection: zbus::Connection,
    handle: PageHandle,
) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>> {
    Box::pin(async move {
        let (rx, published) =
            crate::games::requests::serve(&connection, OBJECT_PATH, diff, TicTacToe).await?;
        let Some(page) = handle.page::<TicTacToePage>() else {
            return Ok(());
        };
        let running = Running::default();
        let publish: Publish = {
            let page = page.downgrade();
            Rc::new(move || {
                if let Some(page) = page.upgrade() {
                    published.publish(snapshot(&page));
                }
            })
        };
        publish();
        let on_change = publish.clone();
        page.connect_notify_local(Some("status"), move |_, _| on_change());
        let on_change = publish.clone();
        page.model()
            .connect_notify_local(None, move |_, _| on_change());
        let on_change = publish.clone();
        page.model().connect_knowledge_changed(move |_| on_change());
        glib::spawn_future_local(async move {
            while let Ok(request) = rx.recv().await {
                handle.bring();
                if let Some(page) = handle.page::<TicTacToePage>() {
                    let script = Script {
                        page: &page,
                        connection: &connection,
                        running: &running,
                        publish: &publish,
                    };
                    script.handle_request(request);
                }
                publish();
            }
        });
        Ok(())
    })
}

/// The snapshot of what the page shows now.
fn snapshot(page: &TicTacToePage) -> Snapshot {
    let model = page.model();
    let (board, preferences, rewards) = model.with(|s| {
        let board = (0..9)
            .map(|f| s.game.board().get(f).map_or('.', Mark::letter))
            .collect();
        let preferences = s
            .game
            .last_deliberation()
            .map(|d| {
                d.options
                    .iter()
                    .map(|c| (c.field as u32 + 1, c.preference, c.known))
                    .collect()
            })
            .unwrap_or_default();
        let r = s.knowledge.rewards();
        (board, preferences, (r.win, r.draw, r.loss))
    });
    let state = glib::EnumValue::from_value(&model.state().to_value())
        .map(|(_, v)| v.nick().to_string())
        .unwrap_or_default();
    Snapshot {
        board,
        state,
        moves: model.moves(),
        preferences,
        positions: model.positions(),
        games: model.games(),
        rewards,
        training: model.training(),
        status: page.status().text().to_string(),
    }
}

/// The properties that differ between two snapshots.
fn diff(old: &Snapshot, new: &Snapshot) -> Vec<crate::games::requests::Changed> {
    crate::changed_properties!(old, new, {
        "Board" => board, "State" => state, "Moves" => moves,
        "Preferences" => preferences, "Positions" => positions,
        "Games" => games, "Rewards" => rewards, "Training" => training,
        "Status" => status,
    })
}

/// What a request needs on the main thread.
struct Script<'a> {
    page: &'a TicTacToePage,
    connection: &'a zbus::Connection,
    running: &'a Running,
    publish: &'a Publish,
}

impl Script<'_> {
    /// Carries a request out on the page, as the person would.
    fn handle_request(&self, request: Request) {
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
                    None => Err(TicTacToeError::NotTraining(
                        "the computer is not training".into(),
                    )),
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
            return Err(TicTacToeError::NoSuchField(format!(
                "there is no field {field}: the fields are 1 to 9"
            )));
        }
        match self.page.play_and_answer(field as usize - 1) {
            Ok(answer) => Ok(answer.map_or(0, |f| f as u32 + 1)),
            Err(Refusal::Taken(_)) => Err(TicTacToeError::FieldTaken(format!(
                "field {field} is taken"
            ))),
            Err(Refusal::Over) => Err(TicTacToeError::GameOver(crate::i18n::gettext(
                "The game is over: start a new one.",
            ))),
            Err(e) => Err(TicTacToeError::Failed(e.to_string())),
        }
    }

    fn train(&self, games: u32, opponent: &str) -> Result<(), TicTacToeError> {
        let games = u64::from(games);
        if !(1..=MOST_GAMES).contains(&games) {
            return Err(TicTacToeError::BadGames(format!(
                "{games} games: choose 1 to {MOST_GAMES}"
            )));
        }
        let opponent = match opponent {
            "random" => Opponent::Random,
            "perfect" => Opponent::Perfect,
            "learner" => Opponent::Learner(Box::default()),
            other => {
                return Err(TicTacToeError::BadOpponent(format!(
                    "no opponent “{}”: choose random, perfect or learner",
                    match5_common::text::quote(other)
                )));
            }
        };
        let model = self.page.model();
        if model.training() {
            return Err(busy());
        }
        // The computer's answer to the person's last X is on its way: the
        // game it may end is learned before a training takes the file.
        if model.state() == super::model::GameState::Thinking {
            return Err(TicTacToeError::Busy(
                "the computer is about to answer the last move: try again in a moment".into(),
            ));
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
            .lasting_toast(&super::words::script_training_text(games));
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
                            (Ok((file, knowledge, training)), Some(page)) => {
                                let positions = knowledge.len() as u32;
                                page.model().trained(file, knowledge);
                                let t = training.total;
                                page.toast(&super::words::script_trained_text(t.games));
                                publish();
                                TicTacToe::training_finished(
                                    &emitter, t.games, t.wins, t.losses, t.draws, positions,
                                )
                                .await
                            }
                            (Err(e), page) => {
                                publish();
                                let words = super::words::store_error(&e);
                                if let Some(page) = page {
                                    page.toast(&crate::i18n::gettext_f(
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
    TicTacToeError::Busy("the computer is training: wait, or stop it".into())
}
