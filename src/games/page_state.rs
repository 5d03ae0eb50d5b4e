//! What every page shares and the window shows of it, held once: its
//! subtitle, how its game stands ([`GameStatus`]) and its actions. A page
//! keeps a [`PageState`] and says what changed; the window, the D-Bus
//! objects and screen readers follow the state's properties, whatever the
//! page plays.

use std::cell::RefCell;

use gtk::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{gio, glib};

/// The prefix under which the visible page's actions are found: the header
/// bar, the menu and the shortcuts name them `game.<action>`.
pub const PAGE_ACTIONS: &str = "game";

/// How the game on a page stands, typed: the window shows it the same way
/// on every page (in its title, which window lists and screen readers
/// name). A page's [`PageState`] holds it.
#[derive(Clone, Debug, PartialEq, Eq, glib::Boxed)]
#[boxed_type(name = "Match5GameStatus")]
pub enum GameStatus {
    /// Whose turn it is, and what to do: "Your move".
    Turn(String),
    /// The computer is thinking or searching: "Lieke is thinking…".
    Thinking(String),
    /// The game is over: who won, or a draw, and why.
    Over(String),
}

impl Default for GameStatus {
    fn default() -> Self {
        GameStatus::Turn(String::new())
    }
}

impl GameStatus {
    /// The words shown.
    pub fn text(&self) -> &str {
        match self {
            GameStatus::Turn(t) | GameStatus::Thinking(t) | GameStatus::Over(t) => t,
        }
    }
}

mod imp {
    use super::*;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::PageState)]
    pub struct PageState {
        /// The window shows it under its title.
        #[property(get)]
        pub subtitle: RefCell<String>,
        /// How the game stands: the window puts it in its title and
        /// announces its changes.
        #[property(get)]
        pub status: RefCell<GameStatus>,
        /// The page's actions, `game.*` while it is shown.
        pub actions: gio::SimpleActionGroup,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PageState {
        const NAME: &'static str = "Match5PageState";
        type Type = super::PageState;
    }

    #[glib::derived_properties]
    impl ObjectImpl for PageState {}
}

glib::wrapper! {
    pub struct PageState(ObjectSubclass<imp::PageState>);
}

impl Default for PageState {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl PageState {
    /// The page's actions.
    pub fn actions(&self) -> &gio::SimpleActionGroup {
        &self.imp().actions
    }

    /// Gives `page` its actions as `game.*` (its own widgets and menus
    /// name them so, as the window's header and menu do).
    pub fn attach(&self, page: &impl IsA<gtk::Widget>) {
        page.insert_action_group(PAGE_ACTIONS, Some(self.actions()));
    }

    /// Shows `subtitle` under the window's title (notified only when it
    /// changed).
    pub fn set_subtitle(&self, subtitle: String) {
        if crate::widgets::put(&self.imp().subtitle, subtitle) {
            self.notify_subtitle();
        }
    }

    /// Says how the game stands now (notified only when it changed).
    pub fn set_status(&self, status: GameStatus) {
        if crate::widgets::put(&self.imp().status, status) {
            self.notify_status();
        }
    }

    /// Tells screen readers that a move was taken back, and how the game
    /// now stands: the same words on every page.
    pub fn tell_taken_back(&self, page: &impl IsA<gtk::Widget>) {
        self.tell_then_status(page, &crate::i18n::gettext("Move taken back."));
    }

    /// Tells screen readers that a new game began, and how it stands.
    pub fn tell_new_game(&self, page: &impl IsA<gtk::Widget>) {
        self.tell_then_status(page, &crate::i18n::gettext("New game."));
    }

    /// Tells screen readers `news` from `page`, and how its game now
    /// stands; at a game's end the news alone (the window says the
    /// result).
    pub fn tell_then_status(&self, page: &impl IsA<gtk::Widget>, news: &str) {
        crate::widgets::a11y::tell(
            page.upcast_ref::<gtk::Widget>(),
            &self.news_then_status(news),
        );
    }

    /// `news` and how the game now stands ("O took field 2. Your turn: you
    /// play X."); at a game's end the news alone.
    pub fn news_then_status(&self, news: &str) -> String {
        let text = match self.status() {
            GameStatus::Over(_) => news.to_string(),
            status => format!("{news} {}", status.text()),
        };
        text.trim().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change is notified once; saying the same again is nothing.
    #[test]
    fn only_a_change_is_notified() {
        let state = PageState::default();
        let heard = std::rc::Rc::new(std::cell::Cell::new(0));
        let h = heard.clone();
        state.connect_status_notify(move |_| h.set(h.get() + 1));
        state.set_status(GameStatus::Turn("Your move".into()));
        state.set_status(GameStatus::Turn("Your move".into()));
        assert_eq!(heard.get(), 1);
        assert_eq!(state.news_then_status("New game."), "New game. Your move");
        state.set_status(GameStatus::Over("You win".into()));
        assert_eq!(heard.get(), 2);
        assert_eq!(state.news_then_status("New game."), "New game.");
    }
}
