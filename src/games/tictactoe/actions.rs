//! The tic-tac-toe page's actions, typed (shown as `game.<name>`).

/// Everything a person can ask of the tic-tac-toe page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeAction {
    /// A new game; the header's New Game, Ctrl+N.
    NewGame,
    /// Show the preference the computer saw for each field (a toggle);
    /// Ctrl+E.
    ShowPreferences,
    /// The learned positions; Ctrl+P.
    Positions,
    /// Games against a training opponent, in the background; Ctrl+T.
    Train,
    /// Forget everything learned, after asking.
    Forget,
}

impl TicTacToeAction {
    pub const ALL: [TicTacToeAction; 5] = [
        TicTacToeAction::NewGame,
        TicTacToeAction::ShowPreferences,
        TicTacToeAction::Positions,
        TicTacToeAction::Train,
        TicTacToeAction::Forget,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TicTacToeAction::NewGame => "new-game",
            TicTacToeAction::ShowPreferences => "show-preferences",
            TicTacToeAction::Positions => "positions",
            TicTacToeAction::Train => "train",
            TicTacToeAction::Forget => "forget",
        }
    }

    pub fn detailed(self) -> String {
        format!("{}.{}", crate::games::page::PAGE_ACTIONS, self.name())
    }

    pub fn accels(self) -> &'static [&'static str] {
        match self {
            TicTacToeAction::NewGame => &["<Control>n"],
            TicTacToeAction::ShowPreferences => &["<Control>e"],
            TicTacToeAction::Positions => &["<Control>p"],
            TicTacToeAction::Train => &["<Control>t"],
            TicTacToeAction::Forget => &[],
        }
    }
}
