//! What every game page provides to the window that shows it.

use std::path::Path;
use std::rc::Rc;

use gtk::prelude::*;
use gtk::{gio, glib};

use crate::games::page_state::PAGE_ACTIONS;

/// A page with a sidebar offers this (on/off) action: the header bar then
/// shows its toggle button.
pub const SIDEBAR_ACTION: &str = "show-sidebar";

/// The verbs every game may offer: the header bar, the menu and the keys
/// show them the same way on every page. A page offers a verb by having an
/// action of that name (declared without keys: these are the keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// A fresh game of the page (also Play Again at the end of a game).
    NewGame,
    /// Takes back the person's last move (and the computer's answer).
    Undo,
    /// Shows or plays a good next move.
    Hint,
}

impl Verb {
    pub const ALL: [Verb; 3] = [Verb::NewGame, Verb::Undo, Verb::Hint];

    /// The name of the page's action: `game.<name>`.
    pub fn action(self) -> &'static str {
        match self {
            Verb::NewGame => "new-game",
            Verb::Undo => "undo",
            Verb::Hint => "hint",
        }
    }

    pub fn accels(self) -> &'static [&'static str] {
        match self {
            Verb::NewGame => &["<Control>n"],
            Verb::Undo => &["<Control>z"],
            Verb::Hint => &["<Control>i"],
        }
    }

    /// The verb whose action is named `name`.
    pub fn named(name: &str) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.action() == name)
    }
}

/// What the window needs of a game page.
pub trait GamePage {
    /// The page itself.
    fn widget(&self) -> gtk::Widget;
    /// What the window shows of it: its subtitle, its status and
    /// its actions.
    fn state(&self) -> &super::page_state::PageState;
    /// Its actions, shown as `game.*` to the header bar, the menu and the
    /// shortcuts while the page is visible.
    fn actions(&self) -> gio::ActionGroup {
        self.state().actions().clone().upcast()
    }
    /// Its own sections of the primary menu (each item of this menu a
    /// section), shown while the page is visible; none by default.
    fn menu(&self) -> Option<gio::MenuModel> {
        None
    }
    /// The choices for the page's next game (who plays, who starts…),
    /// made of its own actions: New Game's arrow offers them, where a game
    /// begins. None by default: New Game is then a plain button.
    fn setup_menu(&self) -> Option<gio::MenuModel> {
        None
    }
    /// Carries out one of the app actions the page declares in
    /// [`PageInfo::app_actions`] (the page has been shown).
    fn app_action(&self, _name: &str, _parameter: Option<&glib::Variant>) {}
    /// Opens a file of a kind the page declares in [`PageInfo::opens`]
    /// (`match5 FILE`, a double-click; the page has been shown).
    fn open_file(&self, _path: &Path) {}
    /// Before the window closes: true to close now; else the page asks the
    /// person first and calls `close` when it may.
    fn before_close(&self, close: Box<dyn Fn()>) -> bool;
    /// The window closes: keep what should come back at the next start.
    fn closing(&self);
    /// The app ends with nobody to ask (a signal: logout, shutdown, a
    /// closed terminal, Ctrl+C): keep what [`Self::before_close`] would
    /// have asked about, then call `done`, at once or once work under way
    /// has handed back what it learned. Nothing to keep by default.
    fn end_unasked(&self, done: Box<dyn FnOnce()>) {
        done();
    }
}

/// How an action is activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// Activated without a parameter.
    Plain,
    /// On or off (a boolean state): a check button or menu item.
    Toggle,
    /// Takes a `u` parameter (a number, such as a pattern's index).
    Uint,
    /// One of several choices: takes an `s` parameter, and its state is
    /// the one chosen (radio items in a menu, such as the opponent).
    Choice,
}

/// One declared action as the shell and the tests see it, whatever the
/// page's enum: the registry ([`PageInfo::actions`]) holds
/// these, so the window, the help and the tests read every page alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    pub name: &'static str,
    pub kind: ActionKind,
    /// The keys the page declares (a common verb has none of its own).
    pub accels: &'static [&'static str],
}

impl Declared {
    /// The name widgets use: `game.<name>`.
    pub fn detailed(&self) -> String {
        format!("{PAGE_ACTIONS}.{}", self.name)
    }

    /// Its keys: a common verb has the keys of [`Verb`] on every page.
    pub fn keys(&self) -> &'static [&'static str] {
        Verb::named(self.name).map_or(self.accels, Verb::accels)
    }
}

/// What the window knows of a page before it is made: pages are made when
/// first shown (or asked for), so each added game costs nothing at start-up.
pub struct PageInfo {
    /// Its name in the settings and in `show-page`: `five`, …
    pub id: &'static str,
    /// Its title in the view switcher.
    pub title: fn() -> String,
    /// Its title where the switcher is narrowest (the bottom bar of a
    /// 360 px window, a quarter of it per page): a word or two.
    pub short_title: fn() -> String,
    /// Its symbolic icon in the view switcher.
    pub icon_name: &'static str,
    /// Its actions as declared (`actions::declared::<…Action>`): the
    /// window's keys, the header's verbs and the tests read them here.
    pub actions: fn() -> Vec<Declared>,
    /// Makes the page.
    pub make: fn(&crate::settings::SharedSettings) -> Rc<dyn GamePage>,
    /// App actions it adds, reached from the desktop file and through
    /// `org.freedesktop.Application.ActivateAction`: name and parameter.
    pub app_actions: &'static [(&'static str, Option<&'static glib::VariantTy>)],
    /// The file name endings (without the dot) of the files it opens.
    pub opens: &'static [&'static str],
    /// Its D-Bus interface, if it has one: served on the app's connection
    /// before the app takes its bus name.
    pub control: Option<Serve>,
}

impl PageInfo {
    /// Keyboard shortcuts: detailed action name and its accelerators.
    pub fn accels(&self) -> Vec<(String, &'static [&'static str])> {
        (self.actions)()
            .iter()
            .map(|a| (a.detailed(), a.keys()))
            .collect()
    }

    /// The common verbs it offers.
    pub fn verbs(&self) -> Vec<Verb> {
        (self.actions)()
            .iter()
            .filter_map(|a| Verb::named(a.name))
            .collect()
    }
}

/// Serves a page's D-Bus interface on a connection; the page is reached
/// through the [`PageHandle`].
pub type Serve = fn(zbus::Connection, PageHandle) -> Serving;

/// What a page's [`Serve`] returns: the object served, once it is on the
/// bus.
pub type Serving = std::pin::Pin<Box<dyn Future<Output = zbus::Result<()>>>>;

/// A page as its D-Bus interface reaches it: made when first asked for.
/// Its interface is served from the start, but the page is not made for it
/// until a call or a property read wants it (or the window shows it): a
/// page nobody opens costs no memory.
#[derive(Clone)]
pub struct PageHandle {
    get: Rc<dyn Fn(bool) -> Option<gtk::Widget>>,
    /// Says once that the page is wanted (made by the window, or asked for
    /// over D-Bus).
    wanted: (async_channel::Sender<()>, async_channel::Receiver<()>),
}

impl PageHandle {
    /// `get(bring)` gives the page widget (made if it was not yet), shown
    /// in the window brought forward when `bring`.
    pub fn new(get: impl Fn(bool) -> Option<gtk::Widget> + 'static) -> Self {
        PageHandle {
            get: Rc::new(get),
            wanted: async_channel::bounded(1),
        }
    }

    /// What tells the handle that the page is wanted (any thread).
    pub fn waker(&self) -> Waker {
        Waker(self.wanted.0.clone())
    }

    /// Waits until the page is wanted.
    pub async fn wanted(&self) {
        let _ = self.wanted.1.recv().await;
    }

    /// The page, made if it was not yet.
    pub fn page<T: IsA<gtk::Widget>>(&self) -> Option<T> {
        (self.get)(false)?.downcast().ok()
    }

    /// Shows the page in the window brought forward: a call shows what it
    /// does.
    pub fn bring(&self) {
        (self.get)(true);
    }
}

/// Tells a [`PageHandle`] that its page is wanted; telling it again is
/// nothing.
#[derive(Clone, Debug)]
pub struct Waker(async_channel::Sender<()>);

impl Waker {
    pub fn wake(&self) {
        let _ = self.0.try_send(());
    }
}
