//! Lights out over D-Bus: the interface (`interface.rs`), where its calls
//! land (`requests.rs`), and here how the two meet: each call becomes a
//! request for the GTK main thread, and the properties follow the page
//! through a [`Snapshot`].

pub mod interface;
mod requests;

use crate::control::bridge;
use crate::games::lightsout::page::LightsOutPage;
use crate::games::page::{GamePage, PageHandle, Serving};

use interface::{LightsOut, OBJECT_PATH, Snapshot};

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(connection: zbus::Connection, handle: PageHandle) -> Serving {
    bridge::serve_page::<LightsOut, _>(
        connection,
        handle,
        OBJECT_PATH,
        snapshot,
        |page: &LightsOutPage, publish| {
            let publish = publish.clone();
            page.state().connect_status_notify(move |_| publish());
        },
        |page, request, _| requests::handle_request(page, request),
    )
}

/// The snapshot of what the page shows now.
fn snapshot(page: &LightsOutPage) -> Snapshot {
    let lights = page.lights();
    Snapshot {
        lights: lights.pattern(),
        moves: lights.moves(),
        solved: lights.solved(),
    }
}
