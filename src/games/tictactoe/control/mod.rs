//! Tic-tac-toe over D-Bus: the interface (`interface.rs`), where its calls
//! land (`requests.rs`), and here how the two meet: each call becomes a
//! request for the GTK main thread, and the properties follow the page
//! through a [`Snapshot`]. Training runs on another thread (`trainer.rs`)
//! and reports through signals.

pub mod interface;
mod requests;

use gtk::glib;
use gtk::prelude::*;

use crate::control::bridge;
use crate::games::page::{GamePage, PageHandle, Serving};
use crate::games::tictactoe::page::TicTacToePage;
use interface::{OBJECT_PATH, Snapshot, TicTacToe};
use match5_tictactoe::Mark;
use requests::{Running, Script};

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(connection: zbus::Connection, handle: PageHandle) -> Serving {
    let running = Running::default();
    let link = connection.clone();
    bridge::serve_page::<TicTacToe, _>(
        connection,
        handle,
        OBJECT_PATH,
        snapshot,
        |page: &TicTacToePage, publish| {
            let on_change = publish.clone();
            page.state().connect_status_notify(move |_| on_change());
            let on_change = publish.clone();
            page.model()
                .connect_notify_local(None, move |_, _| on_change());
            let on_change = publish.clone();
            page.model().connect_knowledge_changed(move |_| on_change());
        },
        move |page, request, publish| {
            let script = Script {
                page,
                connection: &link,
                running: &running,
                publish,
            };
            script.handle_request(request);
        },
    )
}

/// The snapshot of what the page shows now.
fn snapshot(page: &TicTacToePage) -> Snapshot {
    let model = page.model();
    let (board, preferences, rewards) = model.with(|s| {
        let board = (0..9)
            .map(|f| s.game.board().get(f).map_or('.', Mark::letter))
            .collect();
        let preferences = s
            .game
            .last_deliberation()
            .map(|d| {
                d.options
                    .iter()
                    .map(|c| (c.field as u32 + 1, c.preference, c.known))
                    .collect()
            })
            .unwrap_or_default();
        let r = s.knowledge.rewards();
        (board, preferences, (r.win, r.draw, r.loss))
    });
    let state = glib::EnumValue::from_value(&model.state().to_value())
        .map(|(_, v)| v.nick().to_string())
        .unwrap_or_default();
    Snapshot {
        board,
        state,
        moves: model.moves(),
        preferences,
        positions: model.positions(),
        games: model.games(),
        rewards,
        training: model.training(),
        status: page.state().status().text().to_string(),
    }
}
