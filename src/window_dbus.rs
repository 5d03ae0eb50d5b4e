//! The window's side of the D-Bus control interface: carrying out requests
//! on the GTK main thread, and publishing what the properties say.

use std::path::Path;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::gio;
use match5_engine::game::MoveError;
use match5_engine::{Cell, Color, Game, Knowledge, Mode, Outcome, files};

use super::Window;
use crate::dbus::{ControlError, Request, Snapshot, mode_name};

/// `idle` (no move yet), `playing`, `blue-won`, `red-won` or `draw`.
pub fn game_state(game: &Game) -> &'static str {
    match game.outcome() {
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) => "blue-won",
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) => "red-won",
        Some(Outcome::Draw) => "draw",
        None if game.moves().is_empty() => "idle",
        None => "playing",
    }
}

impl Window {
    /// What the D-Bus properties say now.
    pub fn snapshot(&self) -> Snapshot {
        self.with_session(|s| Snapshot {
            player: s.knowledge().player().to_string(),
            level: s.knowledge().level() as u32,
            knowledge_status: s.knowledge().status().as_str().to_string(),
            mode: mode_name(s.mode()).to_string(),
            state: game_state(s.game()).to_string(),
            board: s.game().board().to_text(),
        })
    }

    /// Sends the current state to the D-Bus service, if it runs.
    pub(super) fn publish(&self) {
        let Some(app) = self
            .application()
            .and_downcast::<crate::application::Application>()
        else {
            return;
        };
        let knowledge_changed = self.imp().knowledge_changed.replace(false);
        app.publish(self.snapshot(), knowledge_changed);
    }

    /// Carries out a D-Bus call; the window comes forward, as it shows it.
    pub fn handle_request(&self, request: Request) {
        GtkWindowExt::present(self);
        match request {
            Request::LoadKnowledge {
                path,
                password,
                reply,
            } => {
                let _ = reply.try_send(self.load_for_dbus(&path, &password));
            }
            Request::StartGame {
                mode,
                player,
                computer_starts,
                reply,
            } => {
                let _ = reply.try_send(self.start_for_dbus(mode, player, computer_starts));
            }
            Request::PlayMove { x, y, reply } => {
                let _ = reply.try_send(self.move_for_dbus(x, y));
            }
        }
    }

    fn refuse_if_unsaved(&self) -> Result<(), ControlError> {
        let (unsaved, player, level) = self.with_session(|s| {
            (
                s.has_unsaved_knowledge(),
                s.knowledge().player().to_string(),
                s.knowledge().level(),
            )
        });
        if unsaved {
            return Err(ControlError::UnsavedKnowledge(format!(
                "the knowledge of {player} (level {level}) has changes that are not saved: save or discard them in Match5 first"
            )));
        }
        Ok(())
    }

    fn load_for_dbus(&self, path: &str, password: &str) -> Result<(String, u32), ControlError> {
        let file = Path::new(path);
        if !file.is_file() {
            return Err(ControlError::FileNotFound(format!("{path}: no such file")));
        }
        let mut knowledge = files::load_knowledge(file).map_err(|e| match e {
            files::FileError::Io { .. } => ControlError::FileNotFound(e.to_string()),
            other => ControlError::InvalidKnowledge(other.to_string()),
        })?;
        self.refuse_if_unsaved()?;
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

    fn start_for_dbus(
        &self,
        mode: Mode,
        player: Option<String>,
        computer_starts: Option<bool>,
    ) -> Result<(), ControlError> {
        if let Some(name) = player.map(|p| p.trim().to_string()) {
            let current = self.with_session(|s| s.knowledge().player().to_string());
            if name != current {
                let path = self.store().knowledge_path(&name).map_err(|e| {
                    ControlError::InvalidPlayer(format!(
                        "{:?}: {e}",
                        match5_engine::player::excerpt(&name, 40)
                    ))
                })?;
                self.refuse_if_unsaved()?;
                let knowledge = if path.exists() {
                    files::load_knowledge(&path)
                        .map_err(|e| ControlError::InvalidKnowledge(e.to_string()))?
                } else {
                    Knowledge::new(&name)
                };
                self.use_knowledge(knowledge);
            }
        }
        self.start_game(mode, computer_starts);
        Ok(())
    }

    fn move_for_dbus(&self, x: u32, y: u32) -> Result<String, ControlError> {
        let cell = Cell::new(x as usize, y as usize)
            .ok_or_else(|| ControlError::OffBoard(format!("{x},{y} is off the 9x9 board")))?;
        match self.play_cell(cell) {
            Ok(()) => Ok(self.with_session(|s| game_state(s.game()).to_string())),
            Err(MoveError::GameOver) => Err(ControlError::NoGame(
                "no game is running: the last one is over; start one with StartGame".into(),
            )),
            Err(MoveError::Occupied(c)) => Err(ControlError::FieldTaken(format!(
                "{c} holds a ball already"
            ))),
            Err(e) => Err(ControlError::Failed(e.to_string())),
        }
    }

    /// A new game in `mode`, as if chosen in the sidebar.
    pub fn start_game(&self, mode: Mode, computer_starts: Option<bool>) {
        let imp = self.imp();
        if let Some(on) = computer_starts {
            imp.settings.borrow_mut().computer_starts = on;
            if let Some(action) = self
                .lookup_action("computer-starts")
                .and_downcast::<gio::SimpleAction>()
            {
                action.set_state(&on.to_variant());
            }
        }
        let two = mode == Mode::TwoPlayers;
        imp.settings.borrow_mut().two_players = two;
        if imp.opponent_row.selected() != u32::from(two) {
            imp.opponent_row.set_selected(u32::from(two));
        }
        self.save_settings();
        self.new_game();
    }
}
