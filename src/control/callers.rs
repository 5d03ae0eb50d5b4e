//! A caller's share of the calls that wait for the main thread (see
//! `bridge.rs`): one client that floods an object takes at most
//! [`WAITING_PER_CALLER`] places of its queue, so another client's call
//! still finds room. A client is a process: the calls of all its bus
//! connections count as one caller's ([`Clients`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Calls of one caller (one client process) that may wait at once: a
/// client that floods the object takes at most this share of the queue,
/// and another client's call still finds room and is answered soon.
pub const WAITING_PER_CALLER: usize = 16;

/// The calls waiting of each caller, by [`Clients::of`].
pub type Callers = Arc<Mutex<HashMap<String, usize>>>;

/// The words of a `Busy` answer to a call of a caller who has
/// [`WAITING_PER_CALLER`] calls waiting already.
pub fn busy_words() -> String {
    crate::i18n::ngettext_f(
        "Match5 is still carrying out {n} earlier call of yours to this game: try again once it is answered.",
        "Match5 is still carrying out {n} earlier calls of yours to this game: try again once they are answered.",
        WAITING_PER_CALLER as u32,
        &[("n", &WAITING_PER_CALLER.to_string())],
    )
}

/// Who sends each call: the process behind a bus connection, asked of the
/// bus once per connection (`GetConnectionUnixProcessID`), so that a
/// client that opens many connections still has one share. Where the
/// bus does not say (flatpak's D-Bus proxy may refuse the question), the
/// connection is the caller.
#[derive(Clone)]
pub struct Clients {
    connection: zbus::Connection,
    known: Arc<Mutex<HashMap<String, String>>>,
}

/// Connections remembered at most: the list starts anew past it (a name
/// is never given to another connection, so nothing is ever wrong, only
/// asked again).
const MOST_KNOWN: usize = 4096;

impl Clients {
    pub fn new(connection: zbus::Connection) -> Clients {
        Clients {
            connection,
            known: Arc::default(),
        }
    }

    /// The caller behind the connection named `sender` (its unique name).
    pub async fn of(&self, sender: &str) -> String {
        if let Some(known) = self.known.lock().expect("never poisoned").get(sender) {
            return known.clone();
        }
        let process = match zbus::names::BusName::try_from(sender) {
            Ok(name) => match zbus::fdo::DBusProxy::new(&self.connection).await {
                Ok(bus) => bus.get_connection_unix_process_id(name).await.ok(),
                Err(_) => None,
            },
            Err(_) => None,
        };
        let caller = process.map_or_else(|| sender.to_string(), |pid| format!("process {pid}"));
        let mut known = self.known.lock().expect("never poisoned");
        if known.len() >= MOST_KNOWN {
            known.clear();
        }
        known.insert(sender.to_string(), caller.clone());
        caller
    }
}

/// One waiting call of a caller, counted while it lives.
pub struct CallerSlot {
    callers: Callers,
    caller: String,
}

impl CallerSlot {
    /// A slot for `caller`, if they have fewer than
    /// [`WAITING_PER_CALLER`] calls waiting.
    pub fn take(callers: &Callers, caller: String) -> Option<CallerSlot> {
        let mut waiting = callers.lock().expect("never poisoned");
        let n = waiting.entry(caller.clone()).or_default();
        if *n >= WAITING_PER_CALLER {
            return None;
        }
        *n += 1;
        Some(CallerSlot {
            callers: callers.clone(),
            caller,
        })
    }
}

impl Drop for CallerSlot {
    fn drop(&mut self) {
        let mut waiting = self.callers.lock().expect("never poisoned");
        if let Some(n) = waiting.get_mut(&self.caller) {
            *n -= 1;
            if *n == 0 {
                waiting.remove(&self.caller);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_caller_takes_its_share_and_others_still_find_room() {
        let callers = Callers::default();
        let flood: Vec<_> = (0..WAITING_PER_CALLER)
            .map(|_| CallerSlot::take(&callers, ":1.5".into()).unwrap())
            .collect();
        assert!(CallerSlot::take(&callers, ":1.5".into()).is_none());
        assert!(CallerSlot::take(&callers, ":1.6".into()).is_some());
        drop(flood);
        assert!(CallerSlot::take(&callers, ":1.5".into()).is_some());
        assert!(
            callers.lock().unwrap().is_empty(),
            "nothing kept of callers who wait no more"
        );
    }
}
