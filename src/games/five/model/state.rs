//! The model's typed state: the game mode, how the game stands and whose
//! knowledge the computer uses, as `glib::Enum`s that properties carry.
//! Their wire names (`vs-computer`, `blue-won`, `owner`) are for D-Bus and
//! the desktop actions only.

use gtk::glib;
use match5_five::{Color, Game, Outcome, Status};

use crate::games::five::model::opponent::Opponent;

/// Against the computer, two people at one board, or against an engine.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, glib::Enum)]
#[enum_type(name = "Match5FiveMode")]
pub enum GameMode {
    #[default]
    VsComputer,
    TwoPlayers,
    /// A Gomocup engine the person added plays red (the page's choice; a
    /// script cannot start one).
    VsEngine,
}

impl GameMode {
    /// The mode of a game against `opponent`.
    pub fn of(opponent: &Opponent) -> Self {
        match opponent {
            Opponent::Computer => GameMode::VsComputer,
            Opponent::Person => GameMode::TwoPlayers,
            Opponent::Engine(_) => GameMode::VsEngine,
        }
    }

    /// `vs-computer`, `two-players` or `vs-engine`.
    pub fn wire(self) -> &'static str {
        match self {
            GameMode::VsComputer => "vs-computer",
            GameMode::TwoPlayers => "two-players",
            GameMode::VsEngine => "vs-engine",
        }
    }

    /// A mode a script or a desktop action may start: not `vs-engine`,
    /// which needs an engine the person chose.
    pub fn from_wire(name: &str) -> Option<Self> {
        [GameMode::VsComputer, GameMode::TwoPlayers]
            .into_iter()
            .find(|m| m.wire() == name)
    }

    /// The opponent a script's or a desktop action's mode names.
    pub fn opponent(self) -> Option<Opponent> {
        match self {
            GameMode::VsComputer => Some(Opponent::Computer),
            GameMode::TwoPlayers => Some(Opponent::Person),
            GameMode::VsEngine => None,
        }
    }
}

/// How the computer plays where no pattern tells it: the model's
/// [`match5_five::Style`], as the sidebar's row chooses it (its position
/// there is the enum's value).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, glib::Enum)]
#[enum_type(name = "Match5FiveStyle")]
pub enum ComputerStyle {
    /// As in 2012: a random field where no pattern matches.
    #[default]
    Classic,
    /// It reads fours, threes and forced wins.
    Sharp,
}

impl ComputerStyle {
    pub fn of(style: match5_five::Style) -> Self {
        match style {
            match5_five::Style::Classic => ComputerStyle::Classic,
            match5_five::Style::Sharp => ComputerStyle::Sharp,
        }
    }

    pub fn style(self) -> match5_five::Style {
        match self {
            ComputerStyle::Classic => match5_five::Style::Classic,
            ComputerStyle::Sharp => match5_five::Style::Sharp,
        }
    }

    /// `classic` or `sharp`, as D-Bus, the settings and `match5-cli` say.
    pub fn wire(self) -> &'static str {
        self.style().key()
    }
}

/// How the game stands.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, glib::Enum)]
#[enum_type(name = "Match5FiveState")]
pub enum GameState {
    /// No move yet.
    #[default]
    Idle,
    Playing,
    BlueWon,
    RedWon,
    Draw,
}

impl GameState {
    pub fn of(game: &Game) -> Self {
        match game.outcome() {
            Some(Outcome::Won {
                winner: Color::Blue,
                ..
            }) => GameState::BlueWon,
            Some(Outcome::Won {
                winner: Color::Red, ..
            }) => GameState::RedWon,
            Some(Outcome::Draw) => GameState::Draw,
            None if game.moves().is_empty() => GameState::Idle,
            None => GameState::Playing,
        }
    }

    pub fn is_over(self) -> bool {
        matches!(
            self,
            GameState::BlueWon | GameState::RedWon | GameState::Draw
        )
    }

    /// `idle`, `playing`, `blue-won`, `red-won` or `draw`.
    pub fn wire(self) -> &'static str {
        match self {
            GameState::Idle => "idle",
            GameState::Playing => "playing",
            GameState::BlueWon => "blue-won",
            GameState::RedWon => "red-won",
            GameState::Draw => "draw",
        }
    }
}

/// Whose knowledge it is: new (never saved), its owner's (opened with
/// the password, or without one), or a user's (opened without the
/// password: it plays, but is not saved).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, glib::Enum)]
#[enum_type(name = "Match5KnowledgeState")]
pub enum KnowledgeState {
    #[default]
    New,
    Owner,
    User,
}

impl From<Status> for KnowledgeState {
    fn from(status: Status) -> Self {
        match status {
            Status::New => KnowledgeState::New,
            Status::Owner => KnowledgeState::Owner,
            Status::User => KnowledgeState::User,
        }
    }
}

impl KnowledgeState {
    /// `new`, `owner` or `user`, as the `.fivo` format names them.
    pub fn wire(self) -> &'static str {
        match self {
            KnowledgeState::New => Status::New.as_str(),
            KnowledgeState::Owner => Status::Owner.as_str(),
            KnowledgeState::User => Status::User.as_str(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_go_both_ways_and_only_exactly() {
        for mode in [GameMode::VsComputer, GameMode::TwoPlayers] {
            assert_eq!(GameMode::from_wire(mode.wire()), Some(mode));
            assert_eq!(mode.opponent().map(|o| GameMode::of(&o)), Some(mode));
        }
        assert_eq!(GameMode::from_wire("vs-engine"), None, "needs an engine");
        assert_eq!(GameMode::from_wire("VS-COMPUTER"), None);
        assert_eq!(GameMode::from_wire(""), None);
    }

    #[test]
    fn a_game_starts_idle_and_plays_on() {
        let mut game = Game::new(match5_five::Mode::TwoPlayers, Color::Blue);
        assert_eq!(GameState::of(&game), GameState::Idle);
        game.play(match5_five::Cell::centre()).unwrap();
        assert_eq!(GameState::of(&game), GameState::Playing);
        assert!(!GameState::Playing.is_over() && GameState::Draw.is_over());
    }
}
