//! What every game page provides to the window that shows it.

use gtk::gio;

/// The prefix under which the visible page's actions are found: the header
/// bar, the menu and the shortcuts name them `game.<action>`.
pub const PAGE_ACTIONS: &str = "game";

/// A page with a sidebar offers this (on/off) action: the header bar then
/// shows its toggle button.
pub const SIDEBAR_ACTION: &str = "show-sidebar";

/// What the window needs of a game page.
pub trait GamePage {
    /// The page itself; it has a string property `subtitle` that the window
    /// shows under its title.
    fn widget(&self) -> gtk::Widget;
    /// Its actions, shown as `game.*` to the header bar, the menu and the
    /// shortcuts while the page is visible.
    fn actions(&self) -> gio::ActionGroup;
    /// Its own sections of the primary menu (each item of this menu a
    /// section), shown while the page is visible; none by default.
    fn menu(&self) -> Option<gio::MenuModel> {
        None
    }
    /// Before the window closes: true to close now; else the page asks the
    /// person first and calls `close` when it may.
    fn before_close(&self, close: Box<dyn Fn()>) -> bool;
    /// The window closes: keep what should come back at the next start.
    fn closing(&self);
}

/// What the window knows of a page before it is made: pages are made when
/// first shown (or asked for), so each added game costs nothing at start-up.
pub struct PageInfo {
    /// Its name in the settings and in `show-page`: `five`, …
    pub id: &'static str,
    /// Its title in the view switcher.
    pub title: fn() -> String,
    /// Its symbolic icon in the view switcher.
    pub icon_name: &'static str,
    /// Keyboard shortcuts: detailed action name and its accelerators.
    pub accels: fn() -> Vec<(String, &'static [&'static str])>,
    /// Makes the page.
    pub make: fn(&crate::settings::SharedSettings) -> std::rc::Rc<dyn GamePage>,
}
