//! What every game page provides to the window that shows it.

use gtk::gio;

/// The prefix under which the visible page's actions are found: the header
/// bar, the menu and the shortcuts name them `game.<action>`.
pub const PAGE_ACTIONS: &str = "game";

/// What the window needs of a game page.
pub trait GamePage {
    /// Its name in the settings and in `show-page`: `five`, …
    fn id(&self) -> &'static str;
    /// Its title in the view switcher.
    fn title(&self) -> String;
    /// Its symbolic icon in the view switcher.
    fn icon_name(&self) -> &'static str;
    /// The page itself; it has a string property `subtitle` that the window
    /// shows under its title.
    fn widget(&self) -> gtk::Widget;
    /// Its actions, shown as `game.*` to the header bar, the menu and the
    /// shortcuts while the page is visible.
    fn actions(&self) -> gio::ActionGroup;
    /// Keyboard shortcuts: detailed action name and its accelerators.
    fn accels(&self) -> Vec<(String, &'static [&'static str])>;
    /// Before the window closes: true to close now; else the page asks the
    /// person first and calls `close` when it may.
    fn before_close(&self, close: Box<dyn Fn()>) -> bool;
    /// The window closes: keep what should come back at the next start.
    fn closing(&self);
}
