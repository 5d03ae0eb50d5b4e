//! The five-in-a-row page's settings: the `[five]` table of the settings
//! file.

use match5_five::Mode;
use serde::{Deserialize, Serialize};

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
    /// The player who played last.
    pub last_player: String,
    /// Gomocup engines the person added: they play blue in Practice.
    pub engines: Vec<EngineSetting>,
}

/// An engine the person added, by the name they gave it and the command
/// that starts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSetting {
    pub name: String,
    pub command: String,
}

impl FiveSettings {
    /// The game mode the person chose.
    pub fn mode(&self) -> Mode {
        if self.two_players {
            Mode::TwoPlayers
        } else {
            Mode::VsComputer
        }
    }
}

impl Default for FiveSettings {
    fn default() -> Self {
        FiveSettings {
            show_mutations: true,
            show_why: false,
            computer_starts: false,
            two_players: false,
            last_player: String::new(),
            engines: Vec::new(),
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
