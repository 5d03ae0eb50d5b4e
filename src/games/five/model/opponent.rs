//! Who plays red against the person: the learning computer, another
//! person, or an engine the person added.

use match5_five::Mode;

/// Who plays red against the person.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Opponent {
    /// The learning computer.
    #[default]
    Computer,
    /// Another person at the same board.
    Person,
    /// A Gomocup engine the person added, by its name: it learns nothing,
    /// and nothing is learned from its games.
    Engine(String),
}

impl Opponent {
    /// The rules' mode: an engine's moves come from outside, as a second
    /// person's do, and nobody learns.
    pub fn mode(&self) -> Mode {
        match self {
            Opponent::Computer => Mode::VsComputer,
            Opponent::Person | Opponent::Engine(_) => Mode::TwoPlayers,
        }
    }

    /// The opponent of a mode without an engine.
    pub fn of_mode(mode: Mode) -> Opponent {
        match mode {
            Mode::VsComputer => Opponent::Computer,
            Mode::TwoPlayers => Opponent::Person,
        }
    }

    pub fn engine(&self) -> Option<&str> {
        match self {
            Opponent::Engine(name) => Some(name),
            _ => None,
        }
    }

    /// Its name in the page's actions: `computer`, `person`,
    /// `engine:<name>`.
    pub fn key(&self) -> String {
        match self {
            Opponent::Computer => "computer".to_string(),
            Opponent::Person => "person".to_string(),
            Opponent::Engine(name) => format!("engine:{name}"),
        }
    }

    /// The opponent of a [`Self::key`].
    pub fn from_key(key: &str) -> Option<Opponent> {
        match key {
            "computer" => Some(Opponent::Computer),
            "person" => Some(Opponent::Person),
            other => Some(Opponent::Engine(other.strip_prefix("engine:")?.to_string())),
        }
    }
}
