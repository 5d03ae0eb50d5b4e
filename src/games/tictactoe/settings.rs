//! The tic-tac-toe page's settings: the `[tictactoe]` table of the
//! settings file.

use serde::{Deserialize, Serialize};

use crate::settings::PageSettings;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TicTacToeSettings {
    /// Show the preference the computer saw for each field.
    pub preferences: bool,
}

impl Default for TicTacToeSettings {
    fn default() -> Self {
        TicTacToeSettings { preferences: true }
    }
}

impl PageSettings for TicTacToeSettings {
    const ID: &'static str = "tictactoe";
    const OLDER: &'static [(&'static str, &'static str)] =
        &[("tictactoe_preferences", "preferences")];
}

#[cfg(test)]
mod tests {
    /// The schema in data/ has a key for each field, with its default.
    #[test]
    fn the_schema_holds_these_settings() {
        crate::settings::store::assert_schema_holds::<super::TicTacToeSettings>();
    }
}
