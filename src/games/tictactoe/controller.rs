//! Tic-tac-toe's rules for every door: the page and its training window,
//! and the D-Bus calls (`control/requests.rs`), ask the [`Controller`],
//! and a refusal comes back typed ([`Refusal`]) with the words the app
//! says for it. The game itself is the model's (`model.rs`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use match5_tictactoe::store::StoreError;
use match5_tictactoe::{Opponent, Rewards, Training};

use super::model::{GameState, TicTacToeGame, Trainee};
use super::trainer::{self, MOST_GAMES, Message, Outcome};
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// Why a request was not carried out; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A training holds the computer and its file.
    Training,
    /// The computer is about to answer the person's last move.
    Answering,
    /// A field number (from 1) not on the board.
    NoSuchField(u32),
    /// Games of a training outside 1 to [`MOST_GAMES`].
    BadGames(u64),
    /// An opponent's name that is not one of the three.
    BadOpponent(String),
}

impl Refusal {
    /// What the app says of it, in the person's language.
    pub fn message(&self) -> String {
        match self {
            Refusal::Training => super::words::training_holds_it_text(),
            Refusal::Answering => {
                gettext("the computer is about to answer the last move: try again in a moment")
            }
            Refusal::NoSuchField(field) => gettext_f(
                "there is no field {field}: the fields are 1 to 9",
                &[("field", &field.to_string())],
            ),
            Refusal::BadGames(games) => ngettext_f(
                "{games} game: choose 1 to {most}",
                "{games} games: choose 1 to {most}",
                u32::try_from(*games).unwrap_or(u32::MAX),
                &[
                    ("games", &games.to_string()),
                    ("most", &MOST_GAMES.to_string()),
                ],
            ),
            Refusal::BadOpponent(name) => gettext_f(
                "no opponent “{name}”: choose random, perfect or learner",
                &[("name", &match5_common::text::quote(name))],
            ),
        }
    }
}

/// The rules every door follows, on the page's model.
#[derive(Clone)]
pub struct Controller {
    pub model: TicTacToeGame,
}

impl Controller {
    /// The field (from 0) of a field number from 1, when the person may
    /// play now: a game that ends is saved, and a training holds the file.
    pub fn may_play(&self, field: u32) -> Result<usize, Refusal> {
        if self.model.training() {
            return Err(Refusal::Training);
        }
        if !(1..=9).contains(&field) {
            return Err(Refusal::NoSuchField(field));
        }
        Ok(field as usize - 1)
    }

    /// The computer's knowledge may be forgotten: no training holds it.
    pub fn may_forget(&self) -> Result<(), Refusal> {
        if self.model.training() {
            Err(Refusal::Training)
        } else {
            Ok(())
        }
    }

    /// A training's games and opponent by the names a script gives.
    pub fn training_plan(games: u32, opponent: &str) -> Result<(u64, Opponent), Refusal> {
        let games = u64::from(games);
        if !(1..=MOST_GAMES).contains(&games) {
            return Err(Refusal::BadGames(games));
        }
        let opponent = match opponent {
            "random" => Opponent::Random,
            "perfect" => Opponent::Perfect,
            "learner" => Opponent::Learner(Box::default()),
            other => return Err(Refusal::BadOpponent(other.to_string())),
        };
        Ok((games, opponent))
    }

    /// Whether a training may start now.
    pub fn may_train(&self) -> Result<(), Refusal> {
        if self.model.training() {
            return Err(Refusal::Training);
        }
        // The computer's answer to the person's last X is on its way: the
        // game it may end is learned before a training takes the file.
        if self.model.state() == GameState::Thinking {
            return Err(Refusal::Answering);
        }
        Ok(())
    }

    /// Starts training the computer on another thread, from its knowledge
    /// and file; `rewards` (the knowledge's own when `None`) are used when
    /// it knows nothing yet. The run reports on the channel; give its
    /// outcome to [`Controller::training_done`].
    pub fn start_training(
        &self,
        games: u64,
        opponent: Opponent,
        rewards: Option<Rewards>,
        stop: Arc<AtomicBool>,
    ) -> Result<async_channel::Receiver<Message>, Refusal> {
        self.may_train()?;
        let Trainee { path, knowledge } = self.model.trainee();
        let rewards = rewards.unwrap_or_else(|| knowledge.rewards());
        self.model.set_training(true);
        Ok(trainer::start(
            trainer::Plan {
                path,
                knowledge,
                opponent,
                games,
                rewards,
            },
            stop,
        ))
    }

    /// A run ended: the computer keeps what it learned, also when it could
    /// not be written. The positions it knows now, the run's tallies and
    /// why it is not saved; or why nothing was learned.
    pub fn training_done(&self, outcome: Outcome) -> Result<Done, StoreError> {
        self.model.set_training(false);
        outcome.map(|trained| {
            let stored = trained.knowledge.len();
            self.model.trained(trained.file, trained.knowledge);
            Done {
                stored,
                training: trained.training,
                not_saved: trained.not_saved,
            }
        })
    }
}

/// What a finished training left.
pub struct Done {
    /// Positions the computer knows now.
    pub stored: usize,
    pub training: Training,
    /// Why it is not saved (a full disk): the next game's save writes it.
    pub not_saved: Option<StoreError>,
}
