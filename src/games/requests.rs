//! How a game's D-Bus interface reaches its page: zbus serves the calls on
//! its own executor, and each becomes a request sent through a channel to
//! the GTK main thread, which answers on a channel of its own.

/// Where the main thread answers one request.
pub type Reply<T, E> = async_channel::Sender<Result<T, E>>;

/// Sends the request `make` builds to the main thread and waits for its
/// answer; `failed` names the error when the app shuts down meanwhile.
pub async fn ask<R, T, E>(
    requests: &async_channel::Sender<R>,
    make: impl FnOnce(Reply<T, E>) -> R,
    failed: fn(String) -> E,
) -> Result<T, E> {
    let (tx, rx) = async_channel::bounded(1);
    requests
        .send(make(tx))
        .await
        .map_err(|_| failed("the app is shutting down".into()))?;
    rx.recv()
        .await
        .map_err(|_| failed("the app did not answer".into()))?
}

/// One property's new value, for [`announce`].
pub type Changed = (&'static str, zbus::zvariant::OwnedValue);

/// The properties whose field differs between two snapshots, with their new
/// values: `changed_properties!(old, new, { "Position" => position, … })`.
#[macro_export]
macro_rules! changed_properties {
    ($old:expr, $new:expr, { $($name:literal => $field:ident),* $(,)? }) => {{
        let mut changed: Vec<$crate::games::requests::Changed> = Vec::new();
        $(
            if $old.$field != $new.$field
                && let Ok(value) =
                    zbus::zvariant::Value::from($new.$field.clone()).try_into_owned()
            {
                changed.push(($name, value));
            }
        )*
        changed
    }};
}

/// Sends one `PropertiesChanged` for `interface` at `path` with what
/// changed.
async fn announce(
    connection: &zbus::Connection,
    path: &'static str,
    interface: &'static str,
    changed: Vec<Changed>,
) {
    let sent = async {
        let emitter = zbus::object_server::SignalEmitter::new(connection, path)?;
        let values: std::collections::HashMap<&str, zbus::zvariant::Value<'_>> = changed
            .iter()
            .map(|(name, value)| (*name, zbus::zvariant::Value::from(value.clone())))
            .collect();
        zbus::fdo::Properties::properties_changed(
            &emitter,
            zbus::names::InterfaceName::from_static_str_unchecked(interface),
            values,
            std::borrow::Cow::Borrowed(&[]),
        )
        .await
    };
    if let Err(e) = sent.await {
        eprintln!("match5: a D-Bus signal was not sent: {e}");
    }
}

/// What a game's D-Bus object holds: the way to the main thread, and the
/// snapshot of the page its properties read.
pub struct Link<R, S> {
    requests: async_channel::Sender<R>,
    snapshot: std::sync::Arc<std::sync::Mutex<S>>,
}

impl<R, S> Link<R, S> {
    /// Reads the properties' snapshot.
    pub fn read<T>(&self, f: impl FnOnce(&S) -> T) -> T {
        f(&self.snapshot.lock().expect("never poisoned"))
    }

    /// Sends a request to the main thread and waits for its answer.
    pub async fn ask<T, E>(
        &self,
        make: impl FnOnce(Reply<T, E>) -> R,
        failed: fn(String) -> E,
    ) -> Result<T, E> {
        ask(&self.requests, make, failed).await
    }
}

/// The main thread's end of a [`Link`]: keeps the snapshot current and
/// announces what changed.
pub struct Published<S> {
    snapshot: std::sync::Arc<std::sync::Mutex<S>>,
    connection: zbus::Connection,
    path: &'static str,
    interface: &'static str,
    diff: fn(&S, &S) -> Vec<Changed>,
}

impl<S> Published<S> {
    /// The properties now say `new`; those that changed are announced.
    pub fn publish(&self, new: S) {
        let changed = {
            let mut shown = self.snapshot.lock().expect("never poisoned");
            let changed = (self.diff)(&shown, &new);
            *shown = new;
            changed
        };
        // Pages publish on every notification: most change no property.
        if changed.is_empty() {
            return;
        }
        let connection = self.connection.clone();
        let (path, interface) = (self.path, self.interface);
        gtk::glib::spawn_future_local(async move {
            announce(&connection, path, interface, changed).await;
        });
    }
}

/// A game's object and the main thread's ends: the [`Link`] for the object
/// served at `path`, the requests it sends, and where the page publishes
/// its properties (`diff` names those that changed).
pub fn link<R, S: Default>(
    connection: &zbus::Connection,
    path: &'static str,
    interface: &'static str,
    diff: fn(&S, &S) -> Vec<Changed>,
) -> (Link<R, S>, async_channel::Receiver<R>, Published<S>) {
    let (tx, rx) = async_channel::unbounded();
    let snapshot = std::sync::Arc::new(std::sync::Mutex::new(S::default()));
    let link = Link {
        requests: tx,
        snapshot: snapshot.clone(),
    };
    let published = Published {
        snapshot,
        connection: connection.clone(),
        path,
        interface,
        diff,
    };
    (link, rx, published)
}
