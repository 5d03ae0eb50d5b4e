//! How a game's D-Bus interface reaches its page: zbus serves the calls on
//! its own executor, and each becomes a request sent through a channel to
//! the GTK main thread, which answers on a channel of its own.
//!
//! Both ways are bounded, so no flood of calls can grow memory or bury the
//! main loop: at most [`WAITING_CALLS`] calls of one object wait for the
//! main thread (a call past them is answered `Busy` at once), and one
//! announcement of what changed is under way per object at a time (changes
//! made meanwhile go out together in the next one).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use crate::games::page::{PageHandle, Serving, Waker};

/// Calls of one object that may wait for the main thread at once.
pub const WAITING_CALLS: usize = 64;

/// Signals of one object that may wait to be sent; past them the oldest
/// goes (they only pile up when the bus does not take what is sent).
const WAITING_SIGNALS: usize = 256;

/// Where the main thread answers one request.
pub type Reply<T, E> = async_channel::Sender<Result<T, E>>;

/// The two errors every game's interface has for calls that never reached
/// its page.
pub trait CallError {
    /// Too many calls are waiting already: the caller may try again.
    fn busy(message: String) -> Self;
    /// The app could not carry the call out (it is quitting).
    fn failed(message: String) -> Self;
}

/// The words of a `Busy` answer to a call that found the queue full.
fn busy_words() -> String {
    crate::i18n::ngettext_f(
        "Match5 is still carrying out {n} earlier call to this game: try again once it is answered.",
        "Match5 is still carrying out {n} earlier calls to this game: try again once they are answered.",
        WAITING_CALLS as u32,
        &[("n", &WAITING_CALLS.to_string())],
    )
}

/// The words of a `Failed` answer to a call the app took as it quit.
fn quitting_words() -> String {
    crate::i18n::gettext("Match5 is quitting: the call was not carried out.")
}

/// Sends the request `make` builds to the main thread and waits for its
/// answer; a full queue is answered `Busy` at once.
async fn ask<R, T, E: CallError>(
    requests: &async_channel::Sender<R>,
    make: impl FnOnce(Reply<T, E>) -> R,
) -> Result<T, E> {
    let (tx, rx) = async_channel::bounded(1);
    match requests.try_send(make(tx)) {
        Ok(()) => super::after_flood::note_call(false),
        Err(async_channel::TrySendError::Full(_)) => {
            super::after_flood::note_call(true);
            return Err(E::busy(busy_words()));
        }
        Err(async_channel::TrySendError::Closed(_)) => return Err(E::failed(quitting_words())),
    }
    // The page went away without answering: only when the app quits.
    rx.recv().await.map_err(|_| E::failed(quitting_words()))?
}

/// One property's new value, for a `PropertiesChanged`.
pub type Changed = (&'static str, zbus::zvariant::OwnedValue);

/// Sends one `PropertiesChanged` for `interface` at `path` with what
/// changed.
async fn announce(
    connection: &zbus::Connection,
    path: &'static str,
    interface: &zbus::names::InterfaceName<'static>,
    changed: Vec<Changed>,
) -> zbus::Result<()> {
    let emitter = zbus::object_server::SignalEmitter::new(connection, path)?;
    let values: std::collections::HashMap<&str, zbus::zvariant::Value<'_>> = changed
        .iter()
        .map(|(name, value)| (*name, zbus::zvariant::Value::from(value.clone())))
        .collect();
    zbus::fdo::Properties::properties_changed(
        &emitter,
        interface.clone(),
        values,
        std::borrow::Cow::Borrowed(&[]),
    )
    .await
}

/// What a game's D-Bus object holds: the way to the main thread, and the
/// snapshot of the page its properties read.
pub struct Link<R, S> {
    requests: async_channel::Sender<R>,
    snapshot: Arc<Mutex<S>>,
    /// Asks for the page while it is not made yet.
    waker: Waker,
    /// Closed once the page has published its first snapshot.
    ready: async_channel::Receiver<()>,
    /// The calls waiting of each caller.
    callers: super::callers::Callers,
    /// Who each caller is.
    clients: super::callers::Clients,
}

impl<R, S> Link<R, S> {
    /// Waits until the page is made and has published what it shows: the
    /// first call or property read of a page nobody opened makes it.
    async fn page_ready(&self) {
        if !self.ready.is_closed() {
            self.waker.wake();
            // Nothing is ever sent: this ends when the channel closes.
            let _ = self.ready.recv().await;
        }
    }

    /// Reads the properties' snapshot.
    pub async fn read<T>(&self, f: impl FnOnce(&S) -> T) -> T {
        self.page_ready().await;
        f(&self.snapshot.lock().expect("never poisoned"))
    }

    /// Sends a request of the caller who sent `header` to the main thread
    /// and waits for its answer (`Busy` at once when [`WAITING_CALLS`]
    /// wait already, or [`super::callers::WAITING_PER_CALLER`] of this
    /// caller's).
    pub async fn ask<T, E: CallError>(
        &self,
        header: &zbus::message::Header<'_>,
        make: impl FnOnce(Reply<T, E>) -> R,
    ) -> Result<T, E> {
        self.page_ready().await;
        let caller = match header.sender() {
            Some(sender) => self.clients.of(sender).await,
            None => String::new(),
        };
        let Some(_slot) = super::callers::CallerSlot::take(&self.callers, caller) else {
            super::after_flood::note_call(true);
            return Err(E::busy(super::callers::busy_words()));
        };
        ask(&self.requests, make).await
    }
}

/// A signal waiting to be sent: its member and arguments, not yet a
/// message. A message takes its serial number when it is built, and
/// flatpak's D-Bus proxy drops a connection whose serials go backwards
/// ("Invalid client serial"), so each is built only as it is sent, by
/// zbus, which builds and sends as one step inside a sandbox.
type Emit = Box<
    dyn FnOnce(
        zbus::Connection,
        &'static str,
        zbus::names::InterfaceName<'static>,
    ) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>>,
>;

/// What the listeners were last told, and what waits to be told: lives on
/// the main thread.
struct Announcer<S> {
    connection: zbus::Connection,
    path: &'static str,
    interface: zbus::names::InterfaceName<'static>,
    diff: fn(&S, &S) -> Vec<Changed>,
    told: RefCell<S>,
    signals: RefCell<VecDeque<Emit>>,
    /// An announcing task is under way: it picks up what changes meanwhile.
    busy: Cell<bool>,
}

/// The main thread's end of a [`Link`]: keeps the snapshot current and
/// announces what changed.
pub struct Published<S> {
    snapshot: Arc<Mutex<S>>,
    announcer: Rc<Announcer<S>>,
    /// Dropped at the first snapshot: the properties can be read.
    ready: RefCell<Option<async_channel::Sender<()>>>,
}

impl<S: Clone + PartialEq + 'static> Published<S> {
    /// The properties now say `new`; what changed is announced soon, in one
    /// `PropertiesChanged` with whatever else changes before it goes out.
    pub fn publish(&self, new: S) {
        let changed = {
            let mut shown = self.snapshot.lock().expect("never poisoned");
            // Pages publish on every notification: most change nothing.
            let changed = *shown != new;
            if changed {
                *shown = new;
            }
            changed
        };
        // Only now may a read that waits for the page go on: it reads
        // what was just published (its thread is zbus's, not this one).
        self.ready.take();
        if changed {
            self.wake();
        }
    }

    /// What the properties say now.
    pub fn current(&self) -> S {
        self.snapshot.lock().expect("never poisoned").clone()
    }

    /// Queues the signal `member` with `body` (its arguments as a tuple),
    /// sent after the properties that changed before it.
    pub fn signal<B>(&self, member: &'static str, body: B)
    where
        B: serde::Serialize + zbus::zvariant::DynamicType + 'static,
    {
        let emit: Emit = Box::new(move |connection, path, interface| {
            Box::pin(async move {
                connection
                    .emit_signal(
                        None::<zbus::names::BusName<'_>>,
                        path,
                        interface,
                        member,
                        &body,
                    )
                    .await
            })
        });
        let mut signals = self.announcer.signals.borrow_mut();
        if signals.len() == WAITING_SIGNALS {
            signals.pop_front();
        }
        signals.push_back(emit);
        drop(signals);
        self.wake();
    }

    /// Starts the announcing task unless it is under way.
    fn wake(&self) {
        if self.announcer.busy.replace(true) {
            return;
        }
        let (announcer, snapshot) = (self.announcer.clone(), self.snapshot.clone());
        gtk::glib::spawn_future_local(async move {
            loop {
                let changed = {
                    let now = snapshot.lock().expect("never poisoned").clone();
                    let mut told = announcer.told.borrow_mut();
                    let changed = (announcer.diff)(&told, &now);
                    *told = now;
                    changed
                };
                let signal = announcer.signals.borrow_mut().pop_front();
                if changed.is_empty() && signal.is_none() {
                    break;
                }
                let a = &announcer;
                let mut sent = Ok(());
                if !changed.is_empty() {
                    sent = announce(&a.connection, a.path, &a.interface, changed).await;
                }
                if let (Ok(()), Some(emit)) = (&sent, signal) {
                    sent = emit(a.connection.clone(), a.path, a.interface.clone()).await;
                }
                if let Err(e) = sent {
                    eprintln!("match5: a D-Bus signal was not sent: {e}");
                }
            }
            announcer.busy.set(false);
        });
    }
}

/// Serves a game's object at `path`: `object` makes it from its
/// [`Link`], and it is served with its arguments checked
/// ([`super::checked`]); its first call or property read asks for the page
/// through `waker`. Returns the main thread's ends: the requests its calls
/// send, and where the page publishes its properties (`diff` names those
/// that changed).
pub async fn serve<R, S, I>(
    connection: &zbus::Connection,
    path: &'static str,
    diff: fn(&S, &S) -> Vec<Changed>,
    object: impl FnOnce(Link<R, S>) -> I,
    waker: Waker,
) -> zbus::Result<(async_channel::Receiver<R>, Published<S>)>
where
    S: Default,
    I: zbus::object_server::Interface,
{
    let (tx, rx) = async_channel::bounded(WAITING_CALLS);
    let snapshot = Arc::new(Mutex::new(S::default()));
    let (ready_tx, ready) = async_channel::bounded(1);
    let link = Link {
        requests: tx,
        snapshot: snapshot.clone(),
        waker,
        ready,
        callers: Arc::default(),
        clients: super::callers::Clients::new(connection.clone()),
    };
    connection
        .object_server()
        .at(path, super::checked::Checked::new(object(link)))
        .await?;
    let announcer = Rc::new(Announcer {
        connection: connection.clone(),
        path,
        interface: I::name(),
        diff,
        told: RefCell::new(S::default()),
        signals: RefCell::new(VecDeque::new()),
        busy: Cell::new(false),
    });
    Ok((
        rx,
        Published {
            snapshot,
            announcer,
            ready: RefCell::new(Some(ready_tx)),
        },
    ))
}

/// `CallError` for an interface's error enum with `Busy` and `Failed`
/// variants that take the message.
#[macro_export]
macro_rules! call_error {
    ($error:ty) => {
        impl $crate::control::bridge::CallError for $error {
            fn busy(message: String) -> Self {
                Self::Busy(message)
            }
            fn failed(message: String) -> Self {
                Self::Failed(message)
            }
        }
    };
}

/// Makes the properties say what the page shows now (announcing what
/// changed).
pub type Publish = Rc<dyn Fn()>;

/// Runs a game's object on the main thread once its page is wanted (a call,
/// a property read, or the window showing it): makes the page, publishes
/// what it shows, lets `follow` hook the page's changes to the publisher,
/// then carries each request out on the page brought forward (`carry`) and
/// publishes after each.
pub fn run_when_wanted<P, R, S>(
    handle: PageHandle,
    requests: async_channel::Receiver<R>,
    published: Published<S>,
    snapshot: fn(&P) -> S,
    follow: impl FnOnce(&P, &Publish) + 'static,
    carry: impl Fn(&P, R, &Publish) + 'static,
) where
    P: gtk::prelude::IsA<gtk::Widget>,
    R: 'static,
    S: Clone + PartialEq + 'static,
{
    use gtk::prelude::ObjectExt;
    gtk::glib::spawn_future_local(async move {
        handle.wanted().await;
        let Some(page) = handle.page::<P>() else {
            return;
        };
        let publish: Publish = {
            let page = page.downgrade();
            Rc::new(move || {
                if let Some(page) = page.upgrade() {
                    published.publish(snapshot(&page));
                }
            })
        };
        publish();
        follow(&page, &publish);
        while let Ok(request) = requests.recv().await {
            handle.bring();
            if let Some(page) = handle.page::<P>() {
                carry(&page, request, &publish);
            }
            // What the page keeps itself (not its model) changes too.
            publish();
        }
    });
}

/// What [`crate::game_object!`] declares: an object with its requests,
/// its snapshot, and how two snapshots differ.
pub trait Served: zbus::object_server::Interface {
    type Request: 'static;
    type Snapshot: Clone + Default + PartialEq + 'static;
    /// The object, on its link to the main thread.
    fn new(link: Link<Self::Request, Self::Snapshot>) -> Self;
    /// The properties that changed between two snapshots.
    fn diff(old: &Self::Snapshot, new: &Self::Snapshot) -> Vec<Changed>;
}

/// A game's `serve`: object `O` served at `path` ([`serve`]) and run on
/// page `P` once the page is wanted ([`run_when_wanted`]). What the game
/// says is only its own part: what its properties show (`snapshot`), which
/// of the page's changes publish them (`follow`), and how a request is
/// carried out (`carry`).
pub fn serve_page<O: Served, P: gtk::prelude::IsA<gtk::Widget>>(
    connection: zbus::Connection,
    handle: PageHandle,
    path: &'static str,
    snapshot: fn(&P) -> O::Snapshot,
    follow: impl FnOnce(&P, &Publish) + 'static,
    carry: impl Fn(&P, O::Request, &Publish) + 'static,
) -> Serving {
    Box::pin(async move {
        let (requests, published) =
            serve(&connection, path, O::diff, O::new, handle.waker()).await?;
        run_when_wanted(handle, requests, published, snapshot, follow, carry);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    enum Answer {
        Busy(String),
        Failed(String),
    }
    crate::call_error!(Answer);

    fn run<T>(future: impl Future<Output = T>) -> T {
        gtk::glib::MainContext::new().block_on(future)
    }

    /// Calls that reach an app that is quitting are answered `Failed`,
    /// whether its page is gone already or goes before it answers.
    #[test]
    fn a_call_the_quitting_app_cannot_carry_out_is_answered_failed() {
        let (requests, pages) = async_channel::bounded::<Reply<u32, Answer>>(4);
        drop(pages);
        let answer = run(ask(&requests, |reply| reply));
        assert_eq!(answer, Err(Answer::Failed(quitting_words())));

        let (requests, pages) = async_channel::bounded::<Reply<u32, Answer>>(4);
        let taken = std::thread::spawn(move || {
            // The page takes the call and quits without answering.
            let reply = pages.recv_blocking().unwrap();
            drop(reply);
        });
        let answer = run(ask(&requests, |reply| reply));
        taken.join().unwrap();
        assert_eq!(answer, Err(Answer::Failed(quitting_words())));

        let (requests, pages) = async_channel::bounded::<Reply<u32, Answer>>(4);
        let answered = std::thread::spawn(move || {
            pages.recv_blocking().unwrap().send_blocking(Ok(7)).unwrap();
        });
        assert_eq!(run(ask(&requests, |reply| reply)), Ok(7));
        answered.join().unwrap();
    }

    /// A full queue is answered `Busy` at once, not waited on.
    #[test]
    fn a_call_past_the_full_queue_is_answered_busy() {
        let (requests, _pages) = async_channel::bounded::<Reply<u32, Answer>>(1);
        let (first, _) = async_channel::bounded(1);
        requests.try_send(first).unwrap();
        match run(ask(&requests, |reply| reply)) {
            Err(Answer::Busy(words)) => assert_eq!(words, busy_words()),
            other => panic!("{other:?}"),
        }
    }
}
