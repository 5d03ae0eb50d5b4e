//! Where leap-frog's D-Bus calls land: each [`Request`] carried out on the
//! page's model, as the person's click or key would be, with the named
//! error and the state unchanged when it cannot be.

use super::interface::{LeapFrogError, Request, numbers};
use crate::games::leapfrog::model::LeapfrogGame;
use crate::games::leapfrog::page::LeapfrogPage;

/// Carries a request out on the page, as the person's click or key would.
pub(super) fn handle_request(page: &LeapfrogPage, request: Request) {
    let model = page.model();
    match request {
        Request::NewPuzzle {
            frogs,
            goats,
            reply,
        } => {
            let r = if (1..=10).contains(&frogs) {
                page.new_puzzle(frogs as usize, goats);
                Ok(())
            } else {
                Err(LeapFrogError::BadFrogs(format!(
                    "{frogs} frogs of each kind: choose 1 to 10"
                )))
            };
            let _ = reply.try_send(r);
        }
        Request::Move { field, reply } => {
            let _ = reply.try_send(play(page, model, field));
        }
        Request::Hint { reply } => {
            page.stop_replay();
            let r = model.hint().map(numbers).ok_or_else(|| {
                LeapFrogError::NoSolution(if model.solved() {
                    "the puzzle is solved".to_string()
                } else {
                    format!("no solution from here: undo {} moves", model.undo_needed())
                })
            });
            let _ = reply.try_send(r);
        }
        Request::Undo { reply } => {
            page.stop_replay();
            let r = if model.undo() {
                Ok(())
            } else {
                Err(LeapFrogError::NothingToUndo(
                    "no move to take back".to_string(),
                ))
            };
            let _ = reply.try_send(r);
        }
        Request::Solve { reply } => {
            let found = page.solve();
            let moves = found.moves.iter().map(|m| numbers(*m)).collect();
            let _ = reply.try_send(Ok((moves, found.tried)));
        }
    }
}

fn play(
    page: &LeapfrogPage,
    model: &LeapfrogGame,
    field: u32,
) -> Result<(u32, u32), LeapFrogError> {
    page.stop_replay();
    let width = 2 * model.frogs() + 1;
    if !(1..=width).contains(&field) {
        return Err(LeapFrogError::NoSuchField(format!(
            "there is no field {field}: the fields are 1 to {width}"
        )));
    }
    model.play(field as usize - 1).map(numbers).ok_or_else(|| {
        LeapFrogError::CannotMove(if model.shown().get(field as usize - 1).is_none() {
            format!("field {field} is empty")
        } else {
            format!("the frog on field {field} cannot move")
        })
    })
}
