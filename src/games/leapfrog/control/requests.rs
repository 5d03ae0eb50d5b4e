//! Where leap-frog's D-Bus calls land: each [`Request`] goes to the
//! controller (`../controller.rs`) that the page's clicks and keys use,
//! and a refusal becomes the interface's named error, with the state
//! unchanged and the app's words for it, in the person's language.

use super::interface::{LeapFrogError, Request};
use crate::games::leapfrog::controller::{Controller, Refusal, numbers};
use crate::games::leapfrog::page::LeapfrogPage;

/// The interface's name for each refusal of the controller's, with the
/// app's words for it.
impl From<Refusal> for LeapFrogError {
    fn from(refusal: Refusal) -> Self {
        let message = refusal.message();
        match refusal {
            Refusal::BadFrogs(_) => LeapFrogError::BadFrogs(message),
            Refusal::NoSuchField { .. } => LeapFrogError::NoSuchField(message),
            Refusal::Empty(_) | Refusal::CannotMove(_) => LeapFrogError::CannotMove(message),
            Refusal::Solved | Refusal::NoSolution { .. } => LeapFrogError::NoSolution(message),
            Refusal::NothingToUndo => LeapFrogError::NothingToUndo(message),
        }
    }
}

/// Carries a request out through the controller the page's buttons use.
pub(super) fn handle_request(page: &LeapfrogPage, request: Request) {
    let controller = page.controller();
    match request {
        Request::NewPuzzle {
            frogs,
            goats,
            reply,
        } => {
            let r = Controller::frogs(frogs)
                .map(|k| page.new_puzzle(k, goats))
                .map_err(LeapFrogError::from);
            let _ = reply.try_send(r);
        }
        Request::Move { field, reply } => {
            page.stop_replay();
            let _ = reply.try_send(controller.play(field).map_err(LeapFrogError::from));
        }
        Request::Hint { reply } => {
            page.stop_replay();
            let _ = reply.try_send(controller.hint().map_err(LeapFrogError::from));
        }
        Request::Undo { reply } => {
            page.stop_replay();
            let _ = reply.try_send(controller.undo().map_err(LeapFrogError::from));
        }
        Request::Solve { reply } => {
            let found = page.solve();
            let moves = found.moves.iter().map(|m| numbers(*m)).collect();
            let _ = reply.try_send(Ok((moves, found.tried)));
        }
    }
}
