//! Five in a row over D-Bus: the interface (`interface.rs`), where its
//! calls land (`requests.rs`), and here how the two meet: the interface is
//! served on the app's connection, its requests come to the main thread,
//! and the model's changes go out as properties and signals.

pub mod interface;
pub mod requests;

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use gtk::glib;

use super::page::FivePage;
use crate::games::page::PageHandle;
use interface::{Service, Snapshot};
use requests::Controller;

/// Serves the interface (for [`crate::games::PageInfo::control`]). The page
/// is made now: the properties follow its model from the start.
pub fn serve(
    connection: zbus::Connection,
    handle: PageHandle,
) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>> {
    Box::pin(async move {
        let (tx, rx) = async_channel::unbounded();
        let service = Rc::new(Service::serve(&connection, tx).await?);
        let Some(page) = handle.page::<FivePage>() else {
            return Ok(());
        };
        let controller = Controller {
            model: page.model().clone(),
            settings: page.settings().clone(),
        };
        let s = service.clone();
        requests::watch(&controller.model, move |snapshot, changed| {
            publish(&s, snapshot, changed);
        });
        publish(&service, requests::snapshot(&controller.model), false);
        glib::spawn_future_local(async move {
            while let Ok(request) = rx.recv().await {
                handle.bring();
                controller.handle(request);
            }
        });
        Ok(())
    })
}

/// Tells D-Bus listeners what the game shows now: the properties at once,
/// the signals soon after.
fn publish(service: &Rc<Service>, snapshot: Snapshot, knowledge_changed: bool) {
    let old = service.replace(snapshot.clone());
    if old == snapshot && !knowledge_changed {
        return;
    }
    let service = service.clone();
    glib::spawn_future_local(async move {
        if let Err(e) = service.signal(old, snapshot, knowledge_changed).await {
            eprintln!("match5: a D-Bus signal was not sent: {e}");
        }
    });
}
