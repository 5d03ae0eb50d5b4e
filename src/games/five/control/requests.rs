//! **Where D-Bus calls land**: each [`Request`] of the interface
//! (`interface.rs`) is handed to five in a row's controller
//! (`../controller.rs`, the rules every door follows) on the GTK main
//! thread (the page follows the model, so the window shows what a call
//! does), and the model published as the interface's properties and
//! signals.
//!
//! The errors' names are what scripts match; their words are the app's,
//! translated, like everything else it says.

use std::path::Path;
use std::rc::Rc;

use match5_five::Cell;
use match5_five::files::{FileError, Saved};
use match5_five::game::MoveError;
use match5_five::knowledge::KnowledgeError;

use super::interface::{ControlError, Request, Snapshot};
use crate::control::bridge::Published;
use crate::games::five::controller::{Controller, NewGame, Refusal};
use crate::i18n::{gettext, gettext_f};

/// The words a script gets for a refusal of the controller's: the app's
/// own, translated, as its dialogs say them (`Refusal::message`), then
/// the call that would do instead. The error's name is what a script
/// matches; the words are for the person who reads them.
impl From<Refusal> for ControlError {
    fn from(refusal: Refusal) -> Self {
        let message = refusal.message_naming(match5_common::text::quote_path);
        match refusal {
            Refusal::Unsaved { .. } => ControlError::UnsavedKnowledge(format!(
                "{message} {}",
                gettext(
                    "Call SaveKnowledge first, or LoadKnowledge2 or StartGame with discard-unsaved."
                )
            )),
            Refusal::Name { .. } => ControlError::InvalidPlayer(message),
            Refusal::NotFound(_) | Refusal::File(FileError::Io { .. }) => {
                ControlError::FileNotFound(message)
            }
            Refusal::File(FileError::Conflict { .. }) => ControlError::FileChanged(message),
            Refusal::File(FileError::Parse { .. } | FileError::Refused { .. }) => {
                ControlError::InvalidKnowledge(message)
            }
            Refusal::File(_) => ControlError::Failed(message),
            Refusal::User { .. } => ControlError::UserKnowledge(format!(
                "{message} {}",
                gettext("Load it again with its password to save it.")
            )),
            Refusal::Knowledge(KnowledgeError::NotNew(_) | KnowledgeError::NotOwner(_)) => {
                ControlError::NotNew(message)
            }
            Refusal::Knowledge(_) => ControlError::Failed(message),
            Refusal::Practising => ControlError::Practising(message),
            Refusal::PracticeAsUser { .. } => ControlError::UserKnowledge(message),
            Refusal::Opponent(_) => ControlError::InvalidOpponent(message),
            Refusal::Games(_) => ControlError::InvalidGames(message),
            Refusal::NotPractising => ControlError::NotTraining(message),
        }
    }
}

/// Carries out a D-Bus call, through the controller every door uses.
pub fn handle(controller: &Controller, published: &Rc<Published<Snapshot>>, request: Request) {
    match request {
        Request::Train {
            opponent,
            games,
            starts,
            frozen,
            reply,
        } => {
            let started =
                super::practice::train(controller, published, &opponent, games, &starts, frozen);
            let _ = reply.try_send(started);
        }
        Request::StopTraining { reply } => {
            let _ = reply.try_send(controller.stop_practice().map_err(ControlError::from));
        }
        Request::LoadKnowledge {
            path,
            password,
            discard_unsaved,
            reply,
        } => {
            let password = (!password.is_empty()).then_some(password.as_str());
            let answer = controller
                .load(Path::new(&path), password, discard_unsaved)
                .map(|_| {
                    let model = &controller.model;
                    (model.status().as_str().to_string(), model.level())
                })
                .map_err(ControlError::from);
            let _ = reply.try_send(answer);
        }
        Request::SaveKnowledge { reply } => {
            let answer = controller
                .save()
                .map(|report| {
                    // Knowledge without patterns has no file: saving it
                    // removed the file, so there is no path to give.
                    let path = match report.saved {
                        Saved::Written(p) => crate::places::host_path(&p).display().to_string(),
                        Saved::Erased(_) => String::new(),
                    };
                    (path, controller.model.level())
                })
                .map_err(|refusal| match refusal {
                    // The file was there to write, but the disk or folder
                    // would not take it: the call could not be carried out.
                    Refusal::File(FileError::Io { .. }) => ControlError::Failed(
                        refusal.message_naming(match5_common::text::quote_path),
                    ),
                    refusal => refusal.into(),
                });
            let _ = reply.try_send(answer);
        }
        Request::StartGame {
            mode,
            player,
            computer_starts,
            discard_unsaved,
            start_from,
            style,
            reply,
        } => {
            let new = NewGame {
                // A script's mode is never `vs-engine` (from_wire).
                opponent: mode.opponent().unwrap_or_default(),
                player,
                computer_starts,
                discard_unsaved,
                start_from,
                style,
            };
            let _ = reply.try_send(controller.new_game(new).map_err(ControlError::from));
        }
        Request::PlayMove { x, y, reply } => {
            let _ = reply.try_send(play(controller, x, y));
        }
    }
}

fn play(controller: &Controller, x: u32, y: u32) -> Result<String, ControlError> {
    controller.check_free()?;
    let cell = Cell::new(x as usize, y as usize).ok_or_else(|| {
        ControlError::OffBoard(gettext_f(
            "{x},{y} is off the 9x9 board: x and y are 0 to 8.",
            &[("x", &x.to_string()), ("y", &y.to_string())],
        ))
    })?;
    match controller.model.play(cell) {
        Ok(_) => Ok(controller.model.state().wire().to_string()),
        Err(MoveError::GameOver) => Err(ControlError::NoGame(gettext(
            "The game is over: start a new one with StartGame.",
        ))),
        Err(MoveError::Occupied(c)) => Err(ControlError::FieldTaken(gettext_f(
            "{x},{y} holds a ball already.",
            &[("x", &c.x().to_string()), ("y", &c.y().to_string())],
        ))),
        Err(MoveError::ComputersTurn) => Err(ControlError::NotYourTurn(gettext_f(
            "It is {engine}’s move: wait until the board changes.",
            &[(
                "engine",
                controller
                    .model
                    .opponent()
                    .engine()
                    .unwrap_or(&gettext("the computer")),
            )],
        ))),
    }
}
