//! The tile page's actions, typed (shown as `game.<name>`).

/// Everything a person can ask of the tile page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TilesAction {
    /// The game as it was set up, from its start; the header's New Game.
    NewGame,
    /// Takes the last move back (and the computer's before it); Ctrl+Z.
    Undo,
    /// Shows the best move and its score; Ctrl+I.
    Hint,
    /// The original's Figure 3.
    Example,
    /// A new game with a random pot of the chosen sizes.
    Random,
    /// Opens a game file (the original's format); Ctrl+O.
    Open,
    /// The original's take-back experiment from this position; Ctrl+E.
    Experiment,
}

impl TilesAction {
    pub const ALL: [TilesAction; 7] = [
        TilesAction::NewGame,
        TilesAction::Undo,
        TilesAction::Hint,
        TilesAction::Example,
        TilesAction::Random,
        TilesAction::Open,
        TilesAction::Experiment,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TilesAction::NewGame => "new-game",
            TilesAction::Undo => "undo",
            TilesAction::Hint => "hint",
            TilesAction::Example => "example",
            TilesAction::Random => "random",
            TilesAction::Open => "open",
            TilesAction::Experiment => "experiment",
        }
    }

    pub fn detailed(self) -> String {
        format!("{}.{}", crate::games::page::PAGE_ACTIONS, self.name())
    }

    pub fn accels(self) -> &'static [&'static str] {
        match self {
            TilesAction::NewGame => &["<Control>n"],
            TilesAction::Undo => &["<Control>z"],
            TilesAction::Hint => &["<Control>i"],
            TilesAction::Open => &["<Control>o"],
            TilesAction::Experiment => &["<Control>e"],
            _ => &[],
        }
    }
}
