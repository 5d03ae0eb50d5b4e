//! Where D-Bus calls land: the control interface's requests (see
//! `src/dbus/`) carried out on the five-in-a-row page on the GTK main
//! thread, and the page's model published as the interface's properties
//! and signals.
//!
//! Messages here are for scripts and stay English, like the CLI's.

use std::path::Path;

use adw::prelude::*;
use match5_five::files::{self, FileError, Saved};
use match5_five::game::MoveError;
use match5_five::{Cell, Color, Knowledge, Mode, Reason, Status};

use super::model::FiveGame;
use super::page::FivePage;
use crate::dbus::{ControlError, LastReason, Request, Snapshot};

/// What the D-Bus properties say now.
pub fn snapshot(model: &FiveGame) -> Snapshot {
    Snapshot {
        player: model.player(),
        level: model.level(),
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
        kind: kind.to_string(),
        x: cell.x() as u32,
        y: cell.y() as u32,
        pattern: reason.matched().map(|m| {
            let color = match m.color {
                Color::Red => "red",
                Color::Blue => "blue",
            };
            (
                m.pattern as u32 + 1,
                m.level,
                color.to_string(),
                u32::from(m.symmetry.number()),
                m.offset.x() as u32,
                m.offset.y() as u32,
            )
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

impl FivePage {
    /// Carries out a D-Bus call (the caller has brought the page forward,
    /// as it shows what the call does).
    pub fn handle_request(&self, request: Request) {
        match request {
            Request::LoadKnowledge {
                path,
                password,
                discard_unsaved,
                reply,
            } => {
                let _ = reply.try_send(self.load_for_dbus(&path, &password, discard_unsaved));
            }
            Request::SaveKnowledge { reply } => {
                let _ = reply.try_send(self.save_for_dbus());
            }
            Request::StartGame {
                mode,
                player,
                computer_starts,
                discard_unsaved,
                reply,
            } => {
                let _ = reply.try_send(self.start_for_dbus(
                    mode,
                    player,
                    computer_starts,
                    discard_unsaved,
                ));
            }
            Request::PlayMove { x, y, reply } => {
                let _ = reply.try_send(self.move_for_dbus(x, y));
            }
        }
    }

    /// Refuses to drop unsaved learned knowledge, unless told to.
    fn refuse_if_unsaved(&self, discard_unsaved: bool) -> Result<(), ControlError> {
        let model = self.model();
        if model.unsaved() && !discard_unsaved {
            return Err(ControlError::UnsavedKnowledge(format!(
                "the knowledge of {} (level {}) has changes that are not saved: call SaveKnowledge, or LoadKnowledge2 with discard-unsaved",
                match5_common::text::excerpt(&model.player(), 40),
                model.level()
            )));
        }
        Ok(())
    }

    fn load_for_dbus(
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
                ControlError::FileNotFound(format!("{path}: no such file"))
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
        self.use_knowledge(knowledge);
        Ok(answer)
    }

    fn save_for_dbus(&self) -> Result<(String, u32), ControlError> {
        let model = self.model();
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

    fn start_for_dbus(
        &self,
        mode: Mode,
        player: Option<String>,
        computer_starts: Option<bool>,
        discard_unsaved: bool,
    ) -> Result<(), ControlError> {
        if let Some(name) = player.map(|p| p.trim().to_string())
            && name != self.model().player()
        {
            let path = self.store().knowledge_path(&name).map_err(|e| {
                ControlError::InvalidPlayer(format!(
                    "{:?}: {e}",
                    match5_common::text::excerpt(&name, 40)
                ))
            })?;
            self.refuse_if_unsaved(discard_unsaved)?;
            let knowledge = if path.exists() {
                files::load_knowledge(&path)
                    .map_err(|e| ControlError::InvalidKnowledge(e.to_string()))?
            } else {
                Knowledge::new(&name)
            };
            self.use_knowledge(knowledge);
        }
        self.start_game(mode, computer_starts);
        Ok(())
    }

    fn move_for_dbus(&self, x: u32, y: u32) -> Result<String, ControlError> {
        let cell = Cell::new(x as usize, y as usize)
            .ok_or_else(|| ControlError::OffBoard(format!("{x},{y} is off the 9x9 board")))?;
        match self.model().play(cell) {
            Ok(_) => Ok(self.model().state()),
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
