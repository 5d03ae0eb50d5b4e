//! Where the tile game's D-Bus calls land: each [`Request`] carried out on
//! the page, as the person's click or key would be, with the named error
//! and the state unchanged when it cannot be. The words are the app's,
//! in the person's language; the names a script types (`person`,
//! `yellow`) stay as the interface spells them.

use gtk::glib;
use match5_tiles::{Colour, EXAMPLE, Move, Sizes, parse};

use super::interface::{Request, TilesError};
use crate::games::tiles::game_files::{GameFileError, read_game};
use crate::games::tiles::model::{Player, Refused, fresh_deal};
use crate::games::tiles::page::TilesPage;
use crate::i18n::{gettext, gettext_f};

/// What a caller asked for, or the named error.
fn player(id: &str) -> Result<Player, TilesError> {
    Player::ALL
        .into_iter()
        .find(|p| p.id() == id)
        .ok_or_else(|| {
            TilesError::BadPlayer(gettext_f(
                "no player “{name}”: choose person, best, good, greedy or random",
                &[("name", &match5_common::text::quote(id))],
            ))
        })
}

fn sizes(given: [u32; 4], pot: u32) -> Result<(Sizes, usize), TilesError> {
    let checks = [
        (gettext("bowls"), Sizes::BOWLS),
        (gettext("tiles per bowl"), Sizes::BOWL_SIZE),
        (gettext("rows"), Sizes::ROWS),
        (gettext("cells per row"), Sizes::ROW_LENGTH),
        (gettext("tiles in the pot"), Sizes::POT),
    ];
    let values = [given[0], given[1], given[2], given[3], pot].map(|v| v as usize);
    for ((what, range), value) in checks.iter().zip(values) {
        if !range.contains(&value) {
            return Err(TilesError::BadSizes(gettext_f(
                // Translators: {what} is one of "bowls", "tiles per bowl",
                // "rows", "cells per row", "tiles in the pot".
                "{what} must be {low} to {high}, not {value}",
                &[
                    ("what", what),
                    ("low", &range.start().to_string()),
                    ("high", &range.end().to_string()),
                    ("value", &value.to_string()),
                ],
            )));
        }
    }
    let [bowls, bowl_size, rows, row_length, pot] = values;
    let sizes = Sizes {
        bowls,
        bowl_size,
        rows,
        row_length,
    };
    Ok((sizes, pot))
}

fn the_move(page: &TilesPage, bowl: u32, colour: &str) -> Result<Move, TilesError> {
    let bowls = page.model().game().sizes().bowls as u32;
    if !(1..=bowls).contains(&bowl) {
        return Err(TilesError::NoSuchBowl(gettext_f(
            "there is no bowl {bowl}: the bowls are 1 to {bowls}",
            &[("bowl", &bowl.to_string()), ("bowls", &bowls.to_string())],
        )));
    }
    let colour = match colour {
        "yellow" => Colour::Yellow,
        "blue" => Colour::Blue,
        other => {
            return Err(TilesError::NoSuchBowl(gettext_f(
                "no colour “{name}”: the tiles are yellow or blue",
                &[("name", &match5_common::text::quote(other))],
            )));
        }
    };
    Ok(Move {
        bowl: bowl as usize - 1,
        colour,
    })
}

/// Carries a request out on the page, as the person's click or key would.
pub(super) fn handle_request(page: &TilesPage, request: Request) {
    let model = page.model();
    match request {
        Request::OpenFile { path, reply } => {
            let r = read_game(std::path::Path::new(&path))
                .map(|game| model.set_game(game))
                .map_err(|e| match e {
                    GameFileError::Unreadable(m) => TilesError::CannotRead(m),
                    GameFileError::NotAGame(m) => TilesError::BadFile(m),
                });
            let _ = reply.try_send(r);
        }
        Request::Example { reply } => {
            model.set_game(parse(EXAMPLE).expect("the built-in example reads"));
            let _ = reply.try_send(Ok(()));
        }
        Request::Deal {
            sizes: given,
            pot,
            reply,
        } => {
            let r = sizes(given, pot).map(|(sizes, pot)| model.set_game(fresh_deal(sizes, pot)));
            let _ = reply.try_send(r);
        }
        Request::SetPlayers {
            first,
            second,
            reply,
        } => {
            let r = player(&first)
                .and_then(|a| Ok([a, player(&second)?]))
                .map(|players| page.set_players(players));
            let _ = reply.try_send(r);
        }
        Request::Play {
            bowl,
            colour,
            reply,
        } => {
            let r = the_move(page, bowl, &colour).and_then(|mv| {
                model.try_play(mv).map_err(|e| match e {
                    Refused::NotYourTurn(m) => TilesError::NotYourTurn(m),
                    Refused::NotAllowed(m) => TilesError::CannotMove(m),
                })
            });
            let _ = reply.try_send(r);
        }
        Request::Undo { reply } => {
            let r = if model.undo() {
                Ok(())
            } else {
                Err(TilesError::NothingToUndo(gettext(
                    "no move of a person to take back",
                )))
            };
            let _ = reply.try_send(r);
        }
        Request::Restart { reply } => {
            model.restart();
            let _ = reply.try_send(Ok(()));
        }
        Request::Best { reply } => {
            if model.over() {
                let _ = reply.try_send(Err(TilesError::GameOver(gettext(
                    "The game is over.",
                ))));
                return;
            }
            // One search at a time: a hundred calls at once never hold a
            // hundred budgets of memory.
            if model.thinking() {
                let _ = reply.try_send(Err(TilesError::Busy(gettext(
                    "the computer is already looking for the best move: wait for its answer",
                ))));
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
                    None => Err(TilesError::Failed(gettext("the search did not run"))),
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
