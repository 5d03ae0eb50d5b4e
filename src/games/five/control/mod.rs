//! Five in a row over D-Bus: the interface (`interface.rs`), where its
//! calls land (`requests.rs`), what its properties say (`snapshot.rs`) and
//! how they go on the bus (`wire.rs`), and here how they meet: the
//! interface is served on the app's connection through the games' one
//! link, its requests come to the main thread, and the model's changes go
//! out as properties and signals.

pub mod interface;
mod practice;
pub mod requests;
pub mod snapshot;
pub mod wire;

use std::rc::Rc;

use gtk::glib;

use crate::control::bridge::Published;
use crate::games::five::page::FivePage;
use crate::games::page::{PageHandle, Serving};
use interface::{Control, OBJECT_PATH, Snapshot};

/// Serves the interface (for [`crate::games::PageInfo::control`]) from the
/// start; the page is made when a call or a property read first wants it,
/// and from then on the properties follow its model.
pub fn serve(connection: zbus::Connection, handle: PageHandle) -> Serving {
    Box::pin(async move {
        let (rx, published) = crate::control::bridge::serve(
            &connection,
            OBJECT_PATH,
            Snapshot::diff,
            Control,
            handle.waker(),
        )
        .await?;
        // The page is made when a call or a property read wants it, or when
        // the window shows it.
        glib::spawn_future_local(async move {
            handle.wanted().await;
            let Some(page) = handle.page::<FivePage>() else {
                return;
            };
            let controller = page.controller();
            let published = Rc::new(published);
            let p = published.clone();
            snapshot::watch(&controller.model, move |snapshot, knowledge_changed| {
                publish(&p, snapshot, knowledge_changed);
            });
            published.publish(snapshot::snapshot(&controller.model));
            glib::spawn_future_local(async move {
                while let Ok(request) = rx.recv().await {
                    handle.bring();
                    requests::handle(&controller, &published, request);
                }
            });
        });
        Ok(())
    })
}

/// Tells D-Bus listeners what the game shows now: the properties, and the
/// events `GameOver` (a game ended) and `KnowledgeChanged` (learned,
/// deleted, or other knowledge), each for every time it happened.
fn publish(published: &Published<Snapshot>, new: Snapshot, knowledge_changed: bool) {
    let old = published.current();
    published.publish(new.clone());
    if old.state != new.state && new.state.is_over() {
        published.signal("GameOver", (new.state.wire(),));
    }
    if knowledge_changed || old.level != new.level || old.player != new.player {
        published.signal("KnowledgeChanged", (new.level,));
    }
}
