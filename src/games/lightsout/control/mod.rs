//! Lights out over D-Bus: the interface (`interface.rs`), where its calls
//! land (`requests.rs`), and here how the two meet: each call becomes a
//! request for the GTK main thread, and the properties follow the page
//! through a [`Snapshot`].

pub mod interface;
mod requests;

use std::future::Future;
use std::pin::Pin;

use crate::games::lightsout::page::LightsOutPage;
use crate::games::page::{GamePage, PageHandle};

use interface::{LightsOut, OBJECT_PATH, Snapshot};

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(
    connection: zbus::Connection,
    handle: PageHandle,
) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>> {
    Box::pin(async move {
        let (rx, published) = crate::control::bridge::serve(
            &connection,
            OBJECT_PATH,
            Snapshot::diff,
            LightsOut,
            handle.waker(),
        )
        .await?;
        crate::control::bridge::run_when_wanted(
            handle,
            rx,
            published,
            snapshot,
            |page: &LightsOutPage, publish| {
                let publish = publish.clone();
                page.state().connect_status_notify(move |_| publish());
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
