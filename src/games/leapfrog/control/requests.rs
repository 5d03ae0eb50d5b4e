//! Where leap-frog's D-Bus calls land: each [`Request`] carried out on the
//! page's model, as the person's click or key would be, with the named
//! error and the state unchanged when it cannot be. The words are the
//! app's, in the person's language, like everything else it says.

use super::interface::{LeapFrogError, Request, numbers};
use crate::games::leapfrog::model::LeapfrogGame;
use crate::games::leapfrog::page::LeapfrogPage;
use crate::i18n::{gettext, gettext_f, ngettext_f};

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
                Err(LeapFrogError::BadFrogs(ngettext_f(
                    "{frogs} frog of each kind: choose 1 to 10",
                    "{frogs} frogs of each kind: choose 1 to 10",
                    frogs,
                    &[("frogs", &frogs.to_string())],
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
                    gettext("the puzzle is solved")
                } else {
                    {
                        let n = model.undo_needed();
                        ngettext_f(
                            "no solution from here: undo {n} move",
                            "no solution from here: undo {n} moves",
                            n,
                            &[("n", &n.to_string())],
                        )
                    }
                })
            });
            let _ = reply.try_send(r);
        }
        Request::Undo { reply } => {
            page.stop_replay();
            let r = if model.undo() {
                Ok(())
            } else {
                Err(LeapFrogError::NothingToUndo(gettext(
                    "no move to take back",
                )))
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
        return Err(LeapFrogError::NoSuchField(gettext_f(
            "there is no field {field}: the fields are 1 to {width}",
            &[("field", &field.to_string()), ("width", &width.to_string())],
        )));
    }
    model.play(field as usize - 1).map(numbers).ok_or_else(|| {
        LeapFrogError::CannotMove(if model.shown().get(field as usize - 1).is_none() {
            gettext_f("field {field} is empty", &[("field", &field.to_string())])
        } else {
            gettext_f(
                "the frog on field {field} cannot move",
                &[("field", &field.to_string())],
            )
        })
    })
}
