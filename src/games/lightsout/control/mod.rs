//! Lights out over D-Bus: the interface (`interface.rs`), where its calls
//! land (`requests.rs`), and here how the two meet: each call becomes a
//! request for the GTK main thread, and the properties follow the page
//! through a [`Snapshot`].

pub mod interface;
mod requests;

use std::future::Future;
use std::pin::Pin;

use crate::games::lightsout::page::LightsOutPage;
use crate::games::page::PageHandle;

use interface::{LightsOut, OBJECT_PATH, Snapshot};

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(
    connection: zbus::Connection,
    handle: PageHandle,
) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>> {
    Box::pin(async move {
        let (rx, published) = crate::games::requests::serve(
            &connection,
            OBJECT_PATH,
            diff,
            LightsOut,
            handle.waker(),
        )
        .await?;
        crate::games::requests::run_when_wanted(
            handle,
            rx,
            published,
            snapshot,
            |page: &LightsOutPage, publish| {
                let publish = publish.clone();
                page.connect_status_notify(move |_| publish());
            },
            |page, request, _| requests::handle_request(page, request),
        );
        Ok(())
    })
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

/// The properties that differ between two snapshots.
fn diff(old: &Snapshot, new: &Snapshot) -> Vec<crate::games::requests::Changed> {
    crate::changed_properties!(old, new, {
        "Lights" => lights, "Moves" => moves, "Solved" => solved,
    })
}
