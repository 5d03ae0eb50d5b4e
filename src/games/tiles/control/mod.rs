//! The tile game over D-Bus: the interface `io.github.match5.Match5.Tiles1`
//! at `/io/github/match5/Match5/Tiles` (`interface.rs`, see
//! `docs/dbus.md`), where its calls land (`requests.rs`), and here how the
//! two meet: each call becomes a request for the GTK main thread, and the
//! properties follow the page through a [`Snapshot`].

pub mod interface;
mod requests;

use gtk::prelude::*;
use match5_tiles::Colour;
use match5_tiles::game::PLAYER_NAMES;

use super::page::TilesPage;
use crate::control::bridge;
use crate::games::page::{GamePage, PageHandle, Serving};
use interface::{Counts, Snapshot, Tiles};

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/Tiles";

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(connection: zbus::Connection, handle: PageHandle) -> Serving {
    bridge::serve_page::<Tiles, _>(
        connection,
        handle,
        OBJECT_PATH,
        snapshot,
        |page: &TilesPage, publish| {
            // The status line is the page's, the rest the model's.
            let on_status = publish.clone();
            page.state().connect_status_notify(move |_| on_status());
            let on_model = publish.clone();
            page.model()
                .connect_notify_local(None, move |_, _| on_model());
        },
        // Players are the page's rows: published after each request.
        |page, request, _| requests::handle_request(page, request),
    )
}

fn pairs(rows: &[match5_tiles::Row]) -> Counts {
    rows.iter()
        .map(|r| (u32::from(r.yellow), u32::from(r.blue)))
        .collect()
}

/// The snapshot of what the page shows now.
fn snapshot(page: &TilesPage) -> Snapshot {
    let model = page.model();
    let game = model.game();
    let sizes = game.sizes();
    let players = model.players();
    Snapshot {
        sizes: (
            sizes.bowls as u32,
            sizes.bowl_size as u32,
            sizes.rows as u32,
            sizes.row_length as u32,
        ),
        pot: game.pot_left().iter().map(|c| c.letter()).collect(),
        bowls: (0..sizes.bowls)
            .map(|b| {
                let [y, b] = Colour::BOTH.map(|c| u32::from(game.bowl(b, c)));
                (y, b)
            })
            .collect(),
        rows: (pairs(game.board(0)), pairs(game.board(1))),
        to_move: game.to_move() as u32 + 1,
        players: (players[0].id().into(), players[1].id().into()),
        names: (PLAYER_NAMES[0].into(), PLAYER_NAMES[1].into()),
        scores: (game.score(0), game.score(1)),
        moves: game.moves_played() as u32,
        over: game.is_over(),
        thinking: model.thinking(),
        status: page.state().status().text().to_string(),
    }
}
