//! **Where D-Bus calls land**: each [`Request`] of the interface
//! (`interface.rs`) carried out on the game's model on the GTK main thread
//! (the page follows the model, so the window shows what a call does), and
//! the model published as the interface's properties and signals.
//!
//! Messages here are for scripts and stay English, like the CLI's.

use std::path::Path;

use gtk::prelude::*;
use match5_five::files::{self, FileError, Saved};
use match5_five::game::MoveError;
use match5_five::knowledge::KnowledgeError;
use match5_five::{Cell, Color, Knowledge, Reason, Status};

use super::interface::{ControlError, LastReason, PatternUse, Request, Snapshot};
use crate::games::five::model::FiveGame;
use crate::games::five::settings::FiveSettings;
use crate::games::five::state::GameMode;
use crate::settings::SharedSettings;

/// What the D-Bus properties say now.
pub fn snapshot(model: &FiveGame) -> Snapshot {
    Snapshot {
        player: model.player(),
        level: model.level(),
        trained_patterns: model.trained(),
        knowledge_status: model.knowledge_status(),
        mode: model.mode(),
        state: model.state(),
        board: model.board(),
        last_reason: last_reason(model),
    }
}

fn last_reason(model: &FiveGame) -> LastReason {
    let Some((cell, reason)) = model.last_reason() else {
        return LastReason::default();
    };
    let (kind, instead) = match reason {
        Reason::Forced(_) => ("forced", None),
        Reason::Attack(_) => ("attack", None),
        Reason::Free => ("free", None),
        Reason::Varied { instead } => ("varied", Some((instead.x() as u32, instead.y() as u32))),
    };
    LastReason {
        kind,
        x: cell.x() as u32,
        y: cell.y() as u32,
        pattern: reason.matched().map(|m| PatternUse {
            number: m.pattern as u32 + 1,
            level: m.level,
            color: match m.color {
                Color::Red => "red",
                Color::Blue => "blue",
            },
            symmetry: u32::from(m.symmetry.number()),
            offset_x: m.offset.x() as u32,
            offset_y: m.offset.y() as u32,
        }),
        instead,
        learned_in: reason.matched().and_then(|m| model.learned_in(m.pattern)),
    }
}

/// Calls `publish(snapshot, knowledge_changed)` whenever the model notifies
/// a change: the same notifications the page listens to feed D-Bus.
pub fn watch(model: &FiveGame, publish: impl Fn(Snapshot, bool) + 'static) {
    let publish = std::rc::Rc::new(publish);
    let p = publish.clone();
    model.connect_notify_local(None, move |m, _| p(snapshot(m), false));
    model.connect_knowledge_changed(move |m| publish(snapshot(m), true));
}

/// Carries D-Bus calls out on the model.
pub struct Controller {
    pub model: FiveGame,
    /// For the player's choice of who starts, which a new game keeps.
    pub settings: SharedSettings,
}

impl Controller {
    /// Carries out a D-Bus call.
    pub fn handle(&self, request: Request) {
        match request {
            Request::LoadKnowledge {
                path,
                password,
                discard_unsaved,
                reply,
            } => {
                let _ = reply.try_send(self.load(&path, &password, discard_unsaved));
            }
            Request::SaveKnowledge { reply } => {
                let _ = reply.try_send(self.save());
            }
            Request::StartGame {
                mode,
                player,
                computer_starts,
                discard_unsaved,
                start_from,
                reply,
            } => {
                let _ = reply.try_send(self.start(
                    mode,
                    player,
                    computer_starts,
                    discard_unsaved,
                    start_from,
                ));
            }
            Request::PlayMove { x, y, reply } => {
                let _ = reply.try_send(self.play(x, y));
            }
        }
    }

    /// Refuses to drop unsaved learned knowledge, unless told to.
    fn refuse_if_unsaved(&self, discard_unsaved: bool) -> Result<(), ControlError> {
        let model = &self.model;
        if model.unsaved() && !discard_unsaved {
            return Err(ControlError::UnsavedKnowledge(format!(
                "the knowledge of {} (level {}) has changes that are not saved: call SaveKnowledge, or LoadKnowledge2 with discard-unsaved",
                match5_common::text::excerpt(&model.player(), 40),
                model.level()
            )));
        }
        Ok(())
    }

    fn load(
        &self,
        path: &str,
        password: &str,
        discard_unsaved: bool,
    ) -> Result<(String, u32), ControlError> {
        let file = Path::new(path);
        // A folder, a pipe or a device is refused as "not a regular file"
        // (at once: a pipe is never waited on).
        let mut knowledge = files::load_knowledge(file).map_err(|e| match e {
            FileError::Io { ref error, .. } if error.kind() == std::io::ErrorKind::NotFound => {
                ControlError::FileNotFound(format!(
                    "{}: no such file",
                    match5_common::text::quote_path(file)
                ))
            }
            FileError::Io { .. } => ControlError::FileNotFound(e.to_string()),
            other => ControlError::InvalidKnowledge(other.to_string()),
        })?;
        self.refuse_if_unsaved(discard_unsaved)?;
        if knowledge.has_password() && !password.is_empty() {
            knowledge.unlock(password);
        }
        let answer = (
            knowledge.status().as_str().to_string(),
            knowledge.level() as u32,
        );
        self.model.use_knowledge(knowledge);
        Ok(answer)
    }

    fn save(&self) -> Result<(String, u32), ControlError> {
        let model = &self.model;
        if model.status() == Status::User {
            return Err(ControlError::UserKnowledge(format!(
                "the knowledge of {} was opened without its password: it cannot be saved; load it with the password",
                match5_common::text::excerpt(&model.player(), 40)
            )));
        }
        match model.save() {
            Ok(report) => {
                let path = match report.saved {
                    Saved::Written(p) | Saved::Erased(p) => p,
                };
                Ok((path.display().to_string(), model.level()))
            }
            Err(e @ FileError::Conflict { .. }) => Err(ControlError::FileChanged(e.to_string())),
            Err(e @ FileError::Protected { .. }) => Err(ControlError::UserKnowledge(e.to_string())),
            Err(e) => Err(ControlError::Failed(e.to_string())),
        }
    }

    fn start(
        &self,
        mode: GameMode,
        player: Option<String>,
        computer_starts: Option<bool>,
        discard_unsaved: bool,
        start_from: Option<String>,
    ) -> Result<(), ControlError> {
        // Everything is checked before anything changes: a refused call
        // leaves the player, their game and their knowledge as they were.
        let mut next: Option<Knowledge> = None;
        if let Some(name) = player.map(|p| p.trim().to_string())
            && name != self.model.player()
        {
            let path = self.model.store().knowledge_path(&name).map_err(|e| {
                ControlError::InvalidPlayer(format!(
                    "{:?}: {e}",
                    match5_common::text::excerpt(&name, 40)
                ))
            })?;
            self.refuse_if_unsaved(discard_unsaved)?;
            next = Some(if path.exists() {
                files::load_knowledge(&path)
                    .map_err(|e| ControlError::InvalidKnowledge(e.to_string()))?
            } else {
                Knowledge::new(&name)
            });
        }
        let not_new = |e: KnowledgeError| match e {
            KnowledgeError::NotNew(_) | KnowledgeError::NotOwner(_) => {
                ControlError::NotNew(e.to_string())
            }
            e => ControlError::Failed(e.to_string()),
        };
        let current = match &next {
            Some(k) => k.start().map(str::to_string),
            None => self.model.start(),
        };
        let start_from = start_from
            .filter(|id| current.as_deref().unwrap_or(match5_five::ladder::NOTHING) != id);
        match (next, start_from) {
            (Some(k), Some(id)) => {
                // Tried on a copy first; then done as the sidebar does it.
                let trained = match5_five::ladder::start_from(k.player(), &id).map_err(not_new)?;
                k.clone().start_from(trained).map_err(not_new)?;
                self.model.use_knowledge(k);
                self.model.start_from(&id).map_err(not_new)?;
            }
            (Some(k), None) => self.model.use_knowledge(k),
            (None, Some(id)) => self.model.start_from(&id).map_err(not_new)?,
            (None, None) => {}
        }
        let computer_starts =
            computer_starts.unwrap_or_else(|| self.settings.page::<FiveSettings>().computer_starts);
        self.model.new_game(mode.into(), computer_starts);
        Ok(())
    }

    fn play(&self, x: u32, y: u32) -> Result<String, ControlError> {
        let cell = Cell::new(x as usize, y as usize)
            .ok_or_else(|| ControlError::OffBoard(format!("{x},{y} is off the 9x9 board")))?;
        match self.model.play(cell) {
            Ok(_) => Ok(self.model.state().wire().to_string()),
            Err(MoveError::GameOver) => Err(ControlError::NoGame(
                "no game is running: the last one is over; start one with StartGame".into(),
            )),
            Err(MoveError::Occupied(c)) => Err(ControlError::FieldTaken(format!(
                "{c} holds a ball already"
            ))),
            Err(e) => Err(ControlError::Failed(e.to_string())),
        }
    }
}
