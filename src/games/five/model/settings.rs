//! The five-in-a-row page's settings: the `[five]` table of the settings
//! file.

use serde::{Deserialize, Serialize};

use crate::games::five::model::opponent::Opponent;
use crate::settings::PageSettings;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FiveSettings {
    /// Show every knowledge change during play.
    pub show_mutations: bool,
    /// Show why the computer played its last move (the pattern on the board).
    pub show_why: bool,
    /// The computer moves first.
    pub computer_starts: bool,
    /// Two people at one board instead of against the computer.
    pub two_players: bool,
    /// How the computer plays where no pattern tells it: `classic` (as
    /// in 2012) or `sharp`; anything else reads as classic.
    pub style: String,
    /// The engine that plays red instead of the computer (by its name in
    /// `engines`), when not empty.
    pub opponent_engine: String,
    /// The player whose own computer (a file in Match5's knowledge
    /// folder, or new knowledge) was played last.
    pub last_player: String,
    /// The knowledge file played last, wherever it is (a friend's file in
    /// Downloads too): the next start opens it again. Empty while the
    /// knowledge played has no file yet.
    pub last_file: String,
    /// Files outside Match5's knowledge folder the person chose to teach
    /// (asked once, at the first save into each).
    pub taught_files: Vec<String>,
    /// Gomocup engines the person added: they play blue in Practice, and
    /// red in the main game when chosen as opponent.
    pub engines: Vec<EngineSetting>,
    /// What Practice was left with.
    pub practice: PracticeChoices,
}

/// The Practice window's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeChoices {
    /// The opponent by its name (`match5_practice::Opponent::name`).
    pub opponent: String,
    pub games: u64,
    /// Who starts: 0 the computer, 1 the opponent, 2 by turns.
    pub starts: u32,
    pub learn: bool,
    /// The speed, in the window's order: 3 is as fast as it goes.
    pub speed: u32,
}

impl Default for PracticeChoices {
    fn default() -> Self {
        PracticeChoices {
            opponent: "greedy".to_string(),
            games: 200,
            starts: 2,
            learn: true,
            speed: 3,
        }
    }
}

/// An engine the person added, by the name they gave it and the command
/// that starts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSetting {
    pub name: String,
    pub command: String,
}

impl FiveSettings {
    /// The opponent the person chose (an engine only while it is among
    /// the engines).
    pub fn opponent(&self) -> Opponent {
        if self.engines.iter().any(|e| e.name == self.opponent_engine) {
            Opponent::Engine(self.opponent_engine.clone())
        } else if self.two_players {
            Opponent::Person
        } else {
            Opponent::Computer
        }
    }

    /// Chooses `opponent` for the next games.
    pub fn choose(&mut self, opponent: &Opponent) {
        self.two_players = *opponent == Opponent::Person;
        self.opponent_engine = opponent.engine().unwrap_or_default().to_string();
    }

    /// The computer's style chosen (classic for a name that is none).
    pub fn style(&self) -> match5_five::Style {
        self.style.parse().unwrap_or_default()
    }

    /// The command of the engine named `name`.
    pub fn engine_command(&self, name: &str) -> Option<String> {
        self.engines
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.command.clone())
    }
}

impl Default for FiveSettings {
    fn default() -> Self {
        FiveSettings {
            show_mutations: true,
            show_why: false,
            computer_starts: false,
            two_players: false,
            style: match5_five::Style::Classic.key().to_string(),
            opponent_engine: String::new(),
            last_player: String::new(),
            last_file: String::new(),
            taught_files: Vec::new(),
            engines: Vec::new(),
            practice: PracticeChoices::default(),
        }
    }
}

impl PageSettings for FiveSettings {
    const ID: &'static str = "five";
    const OLDER: &'static [(&'static str, &'static str)] = &[
        ("show_mutations", "show_mutations"),
        ("show_why", "show_why"),
        ("computer_starts", "computer_starts"),
        ("two_players", "two_players"),
        ("last_player", "last_player"),
    ];
}

#[cfg(test)]
mod tests {
    /// The schema in data/ has a key for each field, with its default
    /// (Practice's choices are its child schema).
    #[test]
    fn the_schema_holds_these_settings() {
        crate::settings::store::assert_schema_holds::<super::FiveSettings>();
    }
}
