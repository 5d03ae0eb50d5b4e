//! The five-in-a-row D-Bus interface, for tools that load knowledge and
//! play: interface `io.github.match5.Match5.Control1` at object
//! `/io/github/match5/Match5` on the app's bus name (see `docs/dbus.md`).
//!
//! Declared once: zbus serves it on its own executor; every call becomes a
//! [`Request`] sent through a channel to the GTK main thread, where
//! `requests.rs` carries it out on the game's model. The properties are
//! read from the [`Snapshot`] the model last published; `wire.rs` says how
//! its states and the last reason go on the bus.

use std::collections::HashMap;

use super::wire::LastReason;
use crate::games::five::model::state::{ComputerStyle, GameMode, GameState, KnowledgeState};
use crate::i18n::gettext_f;
use zbus::object_server::SignalEmitter;
use zbus::zvariant::OwnedValue;

pub const OBJECT_PATH: &str = "/io/github/match5/Match5";

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum ControlError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// The knowledge file does not exist or cannot be read.
    FileNotFound(String),
    /// The file is not valid Match5 knowledge.
    InvalidKnowledge(String),
    /// The current knowledge has learned patterns that are not saved.
    UnsavedKnowledge(String),
    /// A mode other than `vs-computer` or `two-players`.
    UnknownMode(String),
    /// An option that is unknown or of the wrong type.
    InvalidOption(String),
    /// The player name cannot be used.
    InvalidPlayer(String),
    /// A field off the 9x9 board.
    OffBoard(String),
    /// A field that holds a ball already.
    FieldTaken(String),
    /// No game is running (the last one is over).
    NoGame(String),
    /// The knowledge was opened without its password: it cannot be saved.
    UserKnowledge(String),
    /// Another program changed the knowledge file since it was read; the
    /// knowledge is kept, unsaved.
    FileChanged(String),
    /// `start-from` for knowledge that has played or learned already.
    NotNew(String),
    /// A practice run holds the computer's knowledge: stop it first.
    Practising(String),
    /// Train: an opponent that is not a built-in player or an added engine.
    InvalidOpponent(String),
    /// Train: games outside 1 to 1,000,000.
    InvalidGames(String),
    /// StopTraining: the computer is not practising.
    NotTraining(String),
    /// An engine the person plays is thinking: its move comes first.
    NotYourTurn(String),
    /// Too many calls wait for the app already: try again.
    Busy(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(ControlError);

crate::game_object! {
    interface "io.github.match5.Match5.Control1";
    /// The served object: the games' one link to the main thread.
    object Control;
    error ControlError;
    /// A call, for the GTK main thread.
    request Request;
    /// What the properties say, as the window last published it.
    snapshot Snapshot;
    calls {
        /// Saves the knowledge to its file (the player's own, or the file it was
        /// opened from) and updates the hall of fame. Returns the file and the
        /// level saved. A user (opened without the password) cannot save.
        #[zbus(out_args("path", "level"))]
        fn save_knowledge() -> (String, u32) => SaveKnowledge;
        /// A move for the side to play; against the computer its reply is made
        /// before this returns. Returns the state afterwards.
        #[zbus(out_args("state"))]
        fn play_move(x: u32, y: u32) -> String => PlayMove;
        /// The computer practises: `games` games (1 to 1,000,000) against
        /// `opponent` (`random`, `greedy`, `search:1` to `search:4`, `noisy:N`,
        /// `tactical:N`, `self`, `noisy-self`, `threat`, or `engine:NAME` for an
        /// engine added in the app); `starts`: `computer`, `opponent` or `alternate`;
        /// `frozen` plays without learning. Answers at once; the run reports
        /// `TrainingProgress`, then `TrainingFinished` or `TrainingFailed`.
        fn train(opponent: String, games: u32, starts: String, frozen: bool) -> () => Train;
        /// Stops the practice under way; what it learned is kept, unsaved.
        fn stop_training() -> () => StopTraining;
    }
    more_requests {
        /// LoadKnowledge and LoadKnowledge2: `discard_unsaved` drops learned
        /// knowledge that is not saved instead of refusing.
        LoadKnowledge { path: String, password: String, discard_unsaved: bool } -> (String, u32);
        /// StartGame with its options read: `start_from` is the trained
        /// computer new knowledge starts from.
        StartGame {
            mode: GameMode,
            player: Option<String>,
            computer_starts: Option<bool>,
            discard_unsaved: bool,
            start_from: Option<String>,
            style: Option<match5_five::Style>,
        } -> ();
    }
    methods {
        /// Opens a knowledge file. With the right password (or for a file
        /// without one) the caller is its owner, else a user.
        #[zbus(out_args("status", "level"))]
        async fn load_knowledge(
            &self,
            #[zbus(header)] header: zbus::message::Header<'_>,
            path: String,
            password: String,
        ) -> Result<(String, u32), ControlError> {
            self.ask(&header, |reply| Request::LoadKnowledge {
                path,
                password,
                discard_unsaved: false,
                reply,
            })
            .await
        }

        /// LoadKnowledge with options: `discard-unsaved` (b) drops learned
        /// knowledge that is not saved instead of answering UnsavedKnowledge.
        #[zbus(name = "LoadKnowledge2", out_args("status", "level"))]
        async fn load_knowledge2(
            &self,
            #[zbus(header)] header: zbus::message::Header<'_>,
            path: String,
            password: String,
            options: HashMap<String, OwnedValue>,
        ) -> Result<(String, u32), ControlError> {
            let mut discard_unsaved = false;
            for (key, value) in options {
                match key.as_str() {
                    "discard-unsaved" => discard_unsaved = flag(&key, value)?,
                    other => {
                        return Err(ControlError::InvalidOption(gettext_f(
                            "There is no option “{option}”: use {options}.",
                            &[
                                ("option", &match5_common::text::excerpt(other, 40)),
                                ("options", "discard-unsaved"),
                            ],
                        )));
                    }
                }
            }
            self.ask(&header, |reply| Request::LoadKnowledge {
                path,
                password,
                discard_unsaved,
                reply,
            })
            .await
        }

        /// Starts a new game. `mode` is `vs-computer` or `two-players`; options:
        /// `player` (s) switches to that player's knowledge, `computer-starts`
        /// (b), `discard-unsaved` (b) lets a switch of player drop unsaved
        /// learned knowledge, `start-from` (s) starts new knowledge from a
        /// trained computer (`nothing`, `greedy`, `self-play`, `curriculum`),
        /// `style` (s) how the computer plays from now on, `classic` (as in
        /// 2012) or `sharp` (kept, as the sidebar keeps it).
        async fn start_game(
            &self,
            #[zbus(header)] header: zbus::message::Header<'_>,
            mode: String,
            options: HashMap<String, OwnedValue>,
        ) -> Result<(), ControlError> {
            let game_mode = GameMode::from_wire(&mode).ok_or_else(|| {
                ControlError::UnknownMode(gettext_f(
                    "There is no mode “{mode}”: use vs-computer or two-players.",
                    &[("mode", &match5_common::text::quote(&mode))],
                ))
            })?;
            let mut player = None;
            let mut computer_starts = None;
            let mut discard_unsaved = false;
            let mut start_from = None;
            let mut style = None;
            for (key, value) in options {
                match key.as_str() {
                    "player" => player = Some(text(&key, value)?),
                    "computer-starts" => computer_starts = Some(flag(&key, value)?),
                    "discard-unsaved" => discard_unsaved = flag(&key, value)?,
                    "style" => {
                        let name = text(&key, value)?;
                        style = Some(name.parse::<match5_five::Style>().map_err(|_| {
                            ControlError::InvalidOption(gettext_f(
                                "There is no style “{name}”: use classic or sharp.",
                                &[("name", &match5_common::text::excerpt(&name, 40))],
                            ))
                        })?);
                    }
                    "start-from" => {
                        let name = text(&key, value)?;
                        if !match5_five::ladder::names().any(|n| n == name) {
                            return Err(ControlError::InvalidOption(gettext_f(
                                "There is no trained computer “{name}”: use one of {names}.",
                                &[
                                    ("name", &match5_common::text::excerpt(&name, 40)),
                                    (
                                        "names",
                                        &match5_five::ladder::names().collect::<Vec<_>>().join(", "),
                                    ),
                                ],
                            )));
                        }
                        start_from = Some(name);
                    }
                    other => {
                        return Err(ControlError::InvalidOption(gettext_f(
                            "There is no option “{option}”: use {options}.",
                            &[
                                ("option", &match5_common::text::excerpt(other, 40)),
                                (
                                    "options",
                                    "player, computer-starts, discard-unsaved, start-from, style",
                                ),
                            ],
                        )));
                    }
                }
            }
            self.ask(&header, |reply| Request::StartGame {
                mode: game_mode,
                player,
                computer_starts,
                discard_unsaved,
                start_from,
                style,
                reply,
            })
            .await
        }

        /// Games played of `games`, lost so far, patterns learned so far.
        #[zbus(signal)]
        async fn training_progress(
            emitter: &SignalEmitter<'_>,
            played: u64,
            games: u64,
            lost: u64,
            learned: u64,
        ) -> zbus::Result<()>;

        /// The run ended (all its games, or stopped): its tally, from the
        /// computer's side, and the patterns it learned.
        #[zbus(signal)]
        async fn training_finished(
            emitter: &SignalEmitter<'_>,
            played: u64,
            won: u64,
            lost: u64,
            drawn: u64,
            learned: u64,
        ) -> zbus::Result<()>;

        /// The run stopped early (an engine that failed): why. What was
        /// learned before is kept.
        #[zbus(signal)]
        async fn training_failed(emitter: &SignalEmitter<'_>, message: String) -> zbus::Result<()>;

        /// A game ended: `blue-won`, `red-won` or `draw`.
        #[zbus(signal)]
        async fn game_over(emitter: &SignalEmitter<'_>, state: &str) -> zbus::Result<()>;

        /// The knowledge changed (learned, deleted, or another was loaded).
        #[zbus(signal)]
        async fn knowledge_changed(emitter: &SignalEmitter<'_>, level: u32) -> zbus::Result<()>;
    }
    properties {
        /// A practice run (the window's or a script's) holds the computer.
        "Training" training: bool;
        /// The patterns the computer learned in practice: its own, not counted
        /// in the level.
        "PractisedPatterns" practised_patterns: u32;
        /// The patterns learned from games the player won with hints: not
        /// counted in the level either.
        "HintedPatterns" hinted_patterns: u32;
        /// The file the computer's knowledge is in, on the person's disk (a
        /// friend's file in Downloads too); empty while it has none.
        "KnowledgeFile" knowledge_file: String;
        "Player" player: String;
        /// The patterns the player taught: their level.
        "Level" level: u32;
        /// The patterns that came with the trained computer the knowledge
        /// started from (not counted in the level).
        "TrainedPatterns" trained_patterns: u32;
        /// `new`, `owner` or `user`.
        "KnowledgeStatus" knowledge_status: KnowledgeState;
        "Mode" mode: GameMode;
        "State" state: GameState;
        "Board" board: String;
        /// How the computer plays where no pattern tells it: `classic` (as in
        /// 2012) or `sharp` (StartGame's `style` chooses it).
        "Style" style: ComputerStyle;
        /// Why the computer made the last move: `kind` (forced, attack, free,
        /// sharp or varied), `x`, `y`; for a pattern `pattern` (1-based),
        /// `level`, `color`, `symmetry`, `offset-x`, `offset-y` and, where
        /// known, `learned-in` (t, the game); for sharp `why` (what it read:
        /// `five`, `stop-five`, `win-by-fours`, `win-by-threats`, `stop-fours`,
        /// `stop-threats`, `hardest`, `shape`, `centre`) and `budget-ended`
        /// (b); for varied `instead-x`, `instead-y`. Empty when the last move
        /// is not the computer's.
        "LastReason" last_reason: LastReason;
    }
}

/// An option's string, or what is wrong with it.
fn text(key: &str, value: OwnedValue) -> Result<String, ControlError> {
    String::try_from(value).map_err(|_| {
        ControlError::InvalidOption(gettext_f(
            "The option {option} is a string (s).",
            &[("option", key)],
        ))
    })
}

/// A boolean option's value, or what is wrong with it.
fn flag(key: &str, value: OwnedValue) -> Result<bool, ControlError> {
    bool::try_from(value).map_err(|_| {
        ControlError::InvalidOption(gettext_f(
            "The option {option} is a boolean (b).",
            &[("option", key)],
        ))
    })
}
