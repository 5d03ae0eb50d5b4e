//! Where the tile game's D-Bus calls land: each [`Request`] goes to the
//! controller (`../controller.rs`) that the page's buttons and file
//! chooser use, and a refusal becomes the interface's named error, with
//! the state unchanged and the app's words for it, in the person's
//! language; the names a script types (`person`, `yellow`) stay as the
//! interface spells them.

use gtk::glib;
use match5_tiles::Colour;

use super::interface::{Request, TilesError};
use crate::games::tiles::controller::{Controller, Refusal};
use crate::games::tiles::game_files::GameFileError;
use crate::games::tiles::page::TilesPage;
use crate::i18n::gettext;

/// The interface's name for each refusal of the controller's, with the
/// app's words for it.
impl From<Refusal> for TilesError {
    fn from(refusal: Refusal) -> Self {
        let message = refusal.message();
        match refusal {
            Refusal::BadPlayer(_) => TilesError::BadPlayer(message),
            Refusal::BadSizes { .. } => TilesError::BadSizes(message),
            Refusal::NoSuchBowl { .. } | Refusal::NoSuchColour(_) => {
                TilesError::NoSuchBowl(message)
            }
            Refusal::NotYourTurn(_) => TilesError::NotYourTurn(message),
            Refusal::CannotMove(_) => TilesError::CannotMove(message),
            Refusal::NothingToUndo => TilesError::NothingToUndo(message),
            Refusal::GameOver => TilesError::GameOver(message),
            Refusal::Searching => TilesError::Busy(message),
            Refusal::File(GameFileError::Unreadable(_)) => TilesError::CannotRead(message),
            Refusal::File(GameFileError::NotAGame(_)) => TilesError::BadFile(message),
        }
    }
}

/// Carries a request out through the controller the page uses.
pub(super) fn handle_request(page: &TilesPage, request: Request) {
    let controller = page.controller();
    let model = &controller.model;
    let answer = |r: Result<(), Refusal>| r.map_err(TilesError::from);
    match request {
        Request::OpenFile { path, reply } => {
            let _ = reply.try_send(answer(controller.open(std::path::Path::new(&path))));
        }
        Request::Example { reply } => {
            controller.example();
            let _ = reply.try_send(Ok(()));
        }
        Request::Deal {
            sizes: given,
            pot,
            reply,
        } => {
            let r = Controller::sizes(given, pot).map(|(sizes, pot)| controller.deal(sizes, pot));
            let _ = reply.try_send(answer(r));
        }
        Request::SetPlayers {
            first,
            second,
            reply,
        } => {
            let r = Controller::player(&first)
                .and_then(|a| Ok([a, Controller::player(&second)?]))
                .map(|players| page.set_players(players));
            let _ = reply.try_send(answer(r));
        }
        Request::Play {
            bowl,
            colour,
            reply,
        } => {
            let _ = reply.try_send(answer(controller.play(bowl, &colour)));
        }
        Request::Undo { reply } => {
            let _ = reply.try_send(answer(controller.undo()));
        }
        Request::Restart { reply } => {
            model.restart();
            let _ = reply.try_send(Ok(()));
        }
        Request::Best { reply } => {
            if let Err(refusal) = controller.may_search() {
                let _ = reply.try_send(Err(refusal.into()));
                return;
            }
            let search = model.best();
            glib::spawn_future_local(async move {
                let r = match search.await {
                    Some(found) => Ok(found.best.map_or_else(
                        || {
                            (
                                found.score,
                                0,
                                String::new(),
                                found.exact,
                                found.depth,
                                found.visited,
                            )
                        },
                        |mv| {
                            (
                                found.score,
                                mv.bowl as u32 + 1,
                                colour_id(mv.colour).into(),
                                found.exact,
                                found.depth,
                                found.visited,
                            )
                        },
                    )),
                    None => Err(TilesError::Failed(gettext(
                        "the search was stopped: the game changed before it ended",
                    ))),
                };
                let _ = reply.send(r).await;
            });
        }
    }
}

fn colour_id(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
    }
}
