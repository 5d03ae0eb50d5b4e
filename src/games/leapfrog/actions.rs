//! The leap-frog page's actions, typed (shown as `game.<name>`).

/// Everything a person can ask of the leap-frog page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeapfrogAction {
    /// Back to the start position (the seed's Clear); the header's New Game.
    NewGame,
    /// Takes the last move back (the seed's "terugspringen"); Ctrl+Z.
    Undo,
    /// Plays the next move of a solution from here.
    Hint,
    /// The computer searches for a solution (the seed's Analyse), then
    /// replays it.
    Solve,
    /// Replay: the next / previous move of the solution.
    Next,
    Previous,
    /// Replay: play the solution by itself (on/off).
    Autoplay,
    /// Back from the replay to playing.
    Play,
}

impl LeapfrogAction {
    pub const ALL: [LeapfrogAction; 8] = [
        LeapfrogAction::NewGame,
        LeapfrogAction::Undo,
        LeapfrogAction::Hint,
        LeapfrogAction::Solve,
        LeapfrogAction::Next,
        LeapfrogAction::Previous,
        LeapfrogAction::Autoplay,
        LeapfrogAction::Play,
    ];

    pub fn name(self) -> &'static str {
        match self {
            LeapfrogAction::NewGame => "new-game",
            LeapfrogAction::Undo => "undo",
            LeapfrogAction::Hint => "hint",
            LeapfrogAction::Solve => "solve",
            LeapfrogAction::Next => "next",
            LeapfrogAction::Previous => "previous",
            LeapfrogAction::Autoplay => "autoplay",
            LeapfrogAction::Play => "play",
        }
    }

    pub fn detailed(self) -> String {
        format!("{}.{}", crate::games::page::PAGE_ACTIONS, self.name())
    }

    pub fn accels(self) -> &'static [&'static str] {
        match self {
            LeapfrogAction::NewGame => &["<Control>n"],
            LeapfrogAction::Undo => &["<Control>z"],
            LeapfrogAction::Hint => &["<Control>i"],
            LeapfrogAction::Solve => &["<Control>r"],
            LeapfrogAction::Next => &["Page_Down"],
            LeapfrogAction::Previous => &["Page_Up"],
            _ => &[],
        }
    }
}
