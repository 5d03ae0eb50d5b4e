//! Leap-frog over D-Bus: the interface (`interface.rs`), where its calls
//! land (`requests.rs`), and here how the two meet: each call becomes a
//! request for the GTK main thread, and the properties follow the model
//! through a [`Snapshot`].

pub mod interface;
mod requests;

use gtk::prelude::*;

use crate::control::bridge;
use crate::games::leapfrog::page::LeapfrogPage;
use crate::games::page::{PageHandle, Serving};

use interface::{LeapFrog, OBJECT_PATH, Snapshot};

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(connection: zbus::Connection, handle: PageHandle) -> Serving {
    bridge::serve_page::<LeapFrog, _>(
        connection,
        handle,
        OBJECT_PATH,
        snapshot,
        |page: &LeapfrogPage, publish| {
            let publish = publish.clone();
            page.model()
                .connect_notify_local(None, move |_, _| publish());
        },
        // Goats are the page's, not the model's: published after each.
        |page, request, _| requests::handle_request(page, request),
    )
}

/// The snapshot of what the page shows now.
fn snapshot(page: &LeapfrogPage) -> Snapshot {
    let model = page.model();
    let stats = model.stats();
    Snapshot {
        frogs: model.frogs(),
        goats: page.goats(),
        position: model.position().replace('-', "."),
        moves: model.moves(),
        solved: model.solved(),
        solvable: model.solvable(),
        undo_needed: model.undo_needed(),
        reachable: stats.reachable,
        dead_ends: stats.dead_ends,
        solutions: stats.solutions,
    }
}
