//! **Five in a row's controller**: the one place of the rules every door
//! follows — the window's menus, the sidebar and D-Bus — for whose
//! knowledge the computer plays with: a player's name and file, unsaved
//! knowledge, passwords, saving, starting from a trained computer, and a
//! new game. The doors differ only in how they ask (the page's dialogs,
//! `page/knowledge_flows.rs`) or answer (D-Bus errors, `control/requests.rs`).
//! Moves, Undo and Why are the model's own (`model/mod.rs`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use match5_common::names::NameError;
use match5_five::files::{self, FileError, SaveReport};
use match5_five::knowledge::KnowledgeError;
use match5_five::{Knowledge, Status};
use match5_practice::{Learning, Opponent, Setup};

use super::practice::runner::{self, Controls, Finished, Live};
use crate::games::five::model::FiveGame;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::model::state::ComputerStyle;
use crate::settings::SharedSettings;

/// Carries out what a person or a script asks of five in a row.
#[derive(Clone)]
pub struct Controller {
    pub model: FiveGame,
    /// For the player's choice of who starts, which a new game keeps.
    pub settings: SharedSettings,
}

/// Why the computer's knowledge was left as it was.
#[derive(Debug)]
pub enum Refusal {
    /// It learned what is not saved yet, and the caller did not say to
    /// drop it.
    Unsaved {
        player: String,
        /// Patterns learned since the last save: taught, from practice,
        /// from wins with hints.
        learned: [usize; 3],
    },
    /// A name that cannot be a player's.
    Name { name: String, error: NameError },
    /// No file at that path.
    NotFound(PathBuf),
    /// The file cannot be read, or is not knowledge.
    File(FileError),
    /// The knowledge was opened without its password: it cannot be saved.
    User { player: String },
    /// The knowledge could not be changed so (a trained start for knowledge
    /// that is not new, or one that does not exist).
    Knowledge(KnowledgeError),
    /// A practice run holds the knowledge.
    Practising,
    /// Practice that learns, on knowledge opened without its password.
    PracticeAsUser { player: String },
    /// No such opponent for practice.
    Opponent(String),
    /// A number of practice games outside 1 to [`runner::MOST_GAMES`].
    Games(u64),
    /// No practice run to stop.
    NotPractising,
}

impl Refusal {
    /// The refusal in the app's words, for the person.
    pub fn message(&self) -> String {
        self.message_naming(crate::errors::file_name)
    }

    /// The same, naming a file as `name` does (a script gets its path).
    pub fn message_naming(&self, name: fn(&Path) -> String) -> String {
        use crate::i18n::gettext_f;
        match self {
            Refusal::Unsaved { player, learned } => {
                crate::games::five::words::unsaved::unsaved(player, *learned)
            }
            Refusal::Name { error, .. } => crate::games::five::words::errors::name_error(error),
            Refusal::NotFound(path) => crate::games::five::words::errors::file_error_naming(
                &FileError::Io {
                    path: path.clone(),
                    error: std::io::ErrorKind::NotFound.into(),
                },
                name,
            ),
            Refusal::File(e) => crate::games::five::words::errors::file_error_naming(e, name),
            Refusal::User { player } => crate::games::five::words::errors::knowledge_error(
                &KnowledgeError::NotOwner(player.clone()),
            ),
            Refusal::Knowledge(e) => crate::games::five::words::errors::knowledge_error(e),
            Refusal::Practising => crate::i18n::gettext(
                "The computer is practising. Stop the practice first; what it learned so far is kept.",
            ),
            Refusal::Opponent(name) => gettext_f(
                "There is no opponent “{name}”: use random, greedy, search:1 to search:4, noisy:1 to noisy:4, tactical:1 to tactical:4, self, noisy-self, threat, or engine: and the name of an engine added in Practice.",
                &[("name", &match5_common::text::excerpt(name, 40))],
            ),
            Refusal::Games(games) => gettext_f(
                "{games} games: practice plays 1 to 1000000 games.",
                &[("games", &games.to_string())],
            ),
            Refusal::NotPractising => crate::i18n::gettext("The computer is not practising."),
            Refusal::PracticeAsUser { player } => gettext_f(
                "Only the owner of {player}’s knowledge may let the computer learn from practice. Give the password in the sidebar, or practise without learning.",
                &[("player", player)],
            ),
        }
    }
}

/// The knowledge in the file at `path`, or new knowledge of `player` when
/// there is no file yet: the one rule for a player's knowledge, at start-up
/// ([`crate::games::five::model::starting`]) and when switching player.
pub fn stored_or_new(path: &Path, player: &str) -> Result<Knowledge, FileError> {
    if path.exists() {
        files::load_knowledge(path)
    } else {
        Ok(Knowledge::new(player))
    }
}

/// What a password did to knowledge that has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unlocked {
    /// The knowledge has no password.
    NoPassword,
    /// The password was right: the person is its owner.
    Owner,
    /// No password, or a wrong one: the person plays as a user.
    User,
}

/// What the sidebar's password did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordChange {
    /// A user gave the right password: now the owner.
    Owner,
    /// A user gave a wrong one.
    StillUser,
    /// The owner set a password (stored at the next save).
    Set,
    /// The owner removed it.
    Removed,
}

/// What a new game starts with: everything is checked before anything
/// changes, so a refused start leaves the player, their game and their
/// knowledge as they were.
#[derive(Debug, Default)]
pub struct NewGame {
    /// Who plays red.
    pub opponent: crate::games::five::model::opponent::Opponent,
    /// Another player's knowledge (theirs from their file, or new).
    pub player: Option<String>,
    /// Who starts; the player's setting when not said.
    pub computer_starts: Option<bool>,
    /// Drop unsaved knowledge instead of refusing.
    pub discard_unsaved: bool,
    /// A trained computer to start from (new knowledge only).
    pub start_from: Option<String>,
    /// How the computer plays from now on (kept in the settings, as the
    /// sidebar keeps it); the one chosen when not said.
    pub style: Option<match5_five::Style>,
}

impl Controller {
    /// The computer plays in `style` from its next move on, and keeps it:
    /// the sidebar and D-Bus choose it here.
    pub fn choose_style(&self, style: match5_five::Style) {
        self.settings
            .update_page::<FiveSettings>(|s| s.style = style.key().to_string());
        self.model.choose_style(ComputerStyle::of(style));
    }

    /// Refuses when learned knowledge is not saved, unless `discard`.
    pub fn check_unsaved(&self, discard: bool) -> Result<(), Refusal> {
        let model = &self.model;
        if model.unsaved() && !discard {
            return Err(Refusal::Unsaved {
                player: model.player(),
                learned: model.with(|s| s.unsaved_counts()),
            });
        }
        Ok(())
    }

    /// Refuses while a practice run holds the knowledge.
    pub fn check_free(&self) -> Result<(), Refusal> {
        if self.model.practising() {
            return Err(Refusal::Practising);
        }
        Ok(())
    }

    /// Starts `games` games of practice as `setup` says, on another thread,
    /// with a copy of the knowledge; hand what it returns to
    /// [`Controller::practice_done`]. Learning is for the knowledge's owner
    /// (or new knowledge); anyone may measure (frozen).
    pub fn start_practice(
        &self,
        mut setup: Setup,
        games: u64,
        controls: Controls,
    ) -> Result<(Arc<Mutex<Live>>, async_channel::Receiver<Finished>), Refusal> {
        self.check_free()?;
        if setup.learning != Learning::Frozen && self.model.status() == Status::User {
            return Err(Refusal::PracticeAsUser {
                player: self.model.player(),
            });
        }
        // The computer practises as it plays the person.
        setup.style = self.model.with(|s| s.style());
        let knowledge = self.model.with(|s| s.knowledge().clone());
        self.model.hold_for_practice(Some(controls.stop.clone()));
        Ok(runner::start(knowledge, setup, games, controls))
    }

    /// The opponent a script names: a built-in player as
    /// `match5-cli train --opponent` names it, or `engine:NAME` for an
    /// engine the person added (a script never runs a command of its own).
    pub fn practice_opponent(&self, name: &str) -> Result<Opponent, Refusal> {
        let refused = || Refusal::Opponent(name.to_string());
        if let Some(engine) = name.strip_prefix("engine:") {
            return self
                .settings
                .page::<FiveSettings>()
                .engine_command(engine)
                .map(Opponent::Pbrain)
                .ok_or_else(refused);
        }
        match name.parse::<Opponent>() {
            Ok(Opponent::Pbrain(_)) | Err(_) => Err(refused()),
            Ok(o) => Ok(o),
        }
    }

    /// Checks a script's number of practice games.
    pub fn practice_games(games: u64) -> Result<u64, Refusal> {
        if (1..=runner::MOST_GAMES).contains(&games) {
            Ok(games)
        } else {
            Err(Refusal::Games(games))
        }
    }

    /// Asks the practice run under way to stop.
    pub fn stop_practice(&self) -> Result<(), Refusal> {
        if !self.model.practising() {
            return Err(Refusal::NotPractising);
        }
        self.model.stop_practice();
        Ok(())
    }

    /// A practice run ended: the computer plays with what it learned, which
    /// is unsaved until the person saves.
    pub fn practice_done(&self, finished: &mut Finished) {
        let learned = finished.tally.learned + finished.tally.junk + finished.tally.varied > 0;
        match finished.knowledge.take() {
            Some(k) => self.model.end_practice(k, learned),
            None => self.model.hold_for_practice(None),
        }
    }

    /// Reads a knowledge file (a folder, a pipe or a device is refused as
    /// "not a regular file", at once).
    pub fn read(path: &Path) -> Result<Knowledge, Refusal> {
        files::load_knowledge(path).map_err(|e| match e {
            FileError::Io { ref error, .. } if error.kind() == std::io::ErrorKind::NotFound => {
                Refusal::NotFound(path.to_path_buf())
            }
            other => Refusal::File(other),
        })
    }

    /// The knowledge of the player `name`: their file if they have one,
    /// else new knowledge; `None` for the player of now.
    pub fn knowledge_of(&self, name: &str) -> Result<Option<Knowledge>, Refusal> {
        let name = name.trim();
        if name == self.model.player() {
            return Ok(None);
        }
        let path = self
            .model
            .store()
            .knowledge_path(name)
            .map_err(|error| Refusal::Name {
                name: name.to_string(),
                error,
            })?;
        stored_or_new(&path, name).map(Some).map_err(Refusal::File)
    }

    /// Plays with `knowledge` from now on, in a new game; a `password`
    /// unlocks knowledge that has one.
    pub fn use_knowledge(&self, mut knowledge: Knowledge, password: Option<&str>) -> Unlocked {
        let unlocked = if !knowledge.has_password() {
            Unlocked::NoPassword
        } else if password.is_some_and(|p| !p.is_empty() && knowledge.unlock(p)) {
            Unlocked::Owner
        } else {
            Unlocked::User
        };
        self.model.use_knowledge(knowledge);
        unlocked
    }

    /// Opens the knowledge file at `path` (with its `password`, if any),
    /// unless unsaved knowledge would be lost.
    pub fn load(
        &self,
        path: &Path,
        password: Option<&str>,
        discard_unsaved: bool,
    ) -> Result<Unlocked, Refusal> {
        self.check_free()?;
        let knowledge = Self::read(path)?;
        self.check_unsaved(discard_unsaved)?;
        Ok(self.use_knowledge(knowledge, password))
    }

    /// The sidebar's password: unlocks a user's knowledge, or sets (or
    /// with an empty one removes) the owner's.
    pub fn apply_password(&self, password: &str) -> Result<PasswordChange, Refusal> {
        let model = &self.model;
        if model.status() == Status::User {
            return Ok(if model.unlock(password) {
                PasswordChange::Owner
            } else {
                PasswordChange::StillUser
            });
        }
        let password = (!password.is_empty()).then_some(password);
        model.set_password(password).map_err(Refusal::Knowledge)?;
        Ok(if password.is_some() {
            PasswordChange::Set
        } else {
            PasswordChange::Removed
        })
    }

    /// Saves to the file the knowledge came from (or the player's own).
    pub fn save(&self) -> Result<SaveReport, Refusal> {
        // The run's copy comes back unsaved; a save now would leave it an
        // old merge base (and count unsaved games twice at its next save).
        self.check_free()?;
        let model = &self.model;
        if model.status() == Status::User {
            return Err(Refusal::User {
                player: model.player(),
            });
        }
        model.save().map_err(|e| match e {
            FileError::Protected { player, .. } => Refusal::User { player },
            e => Refusal::File(e),
        })
    }

    /// Starts a new game as `new` says.
    pub fn new_game(&self, new: NewGame) -> Result<(), Refusal> {
        self.check_free()?;
        let next = match &new.player {
            Some(name) => {
                let next = self.knowledge_of(name)?;
                if next.is_some() {
                    self.check_unsaved(new.discard_unsaved)?;
                }
                next
            }
            None => None,
        };
        let current = match &next {
            Some(k) => k.start().map(str::to_string),
            None => self.model.start(),
        };
        let start_from = new
            .start_from
            .filter(|id| current.as_deref().unwrap_or(match5_five::ladder::NOTHING) != id);
        match (next, start_from) {
            (Some(k), Some(id)) => {
                // Tried on a copy first; then done as the sidebar does it.
                let trained =
                    match5_five::ladder::start_from(k.player(), &id).map_err(Refusal::Knowledge)?;
                k.clone().start_from(trained).map_err(Refusal::Knowledge)?;
                self.model.use_knowledge(k);
                self.model.start_from(&id).map_err(Refusal::Knowledge)?;
            }
            (Some(k), None) => self.model.use_knowledge(k),
            (None, Some(id)) => self.model.start_from(&id).map_err(Refusal::Knowledge)?,
            (None, None) => {}
        }
        let computer_starts = new
            .computer_starts
            .unwrap_or_else(|| self.settings.page::<FiveSettings>().computer_starts);
        if let Some(style) = new.style {
            self.choose_style(style);
        }
        self.model.new_game(&new.opponent, computer_starts);
        Ok(())
    }
}
