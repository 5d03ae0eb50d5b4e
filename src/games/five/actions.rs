//! The five-in-a-row page's actions, typed: the header bar, the menu, the
//! sidebar and the shortcuts name them as `game.<name>` (the window puts the
//! visible page's actions under the `game` prefix).

/// Everything a person can ask of the five-in-a-row page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiveAction {
    NewGame,
    Undo,
    Open,
    Save,
    SaveAs,
    Patterns,
    /// Opens the pattern viewer at a pattern (a `u` parameter, 0-based).
    ViewPattern,
    HallOfFame,
    /// How the computer learned: level and results over the games.
    LearningHistory,
    DeleteAll,
    /// On/off, kept in the settings.
    ComputerStarts,
    /// On/off, kept in the settings.
    ShowMutations,
    /// On/off, kept in the settings: why the computer played there.
    ShowWhy,
    /// On/off: the player and knowledge sidebar.
    ShowSidebar,
}

impl FiveAction {
    pub const ALL: [FiveAction; 14] = [
        FiveAction::NewGame,
        FiveAction::Undo,
        FiveAction::Open,
        FiveAction::Save,
        FiveAction::SaveAs,
        FiveAction::Patterns,
        FiveAction::ViewPattern,
        FiveAction::HallOfFame,
        FiveAction::LearningHistory,
        FiveAction::DeleteAll,
        FiveAction::ComputerStarts,
        FiveAction::ShowMutations,
        FiveAction::ShowWhy,
        FiveAction::ShowSidebar,
    ];

    /// The action's name in its group.
    pub fn name(self) -> &'static str {
        match self {
            FiveAction::NewGame => "new-game",
            FiveAction::Undo => "undo",
            FiveAction::Open => "open",
            FiveAction::Save => "save",
            FiveAction::SaveAs => "save-as",
            FiveAction::Patterns => "patterns",
            FiveAction::ViewPattern => "view-pattern",
            FiveAction::HallOfFame => "hall-of-fame",
            FiveAction::LearningHistory => "learning-history",
            FiveAction::DeleteAll => "delete-all",
            FiveAction::ComputerStarts => "computer-starts",
            FiveAction::ShowMutations => "show-mutations",
            FiveAction::ShowWhy => "show-why",
            FiveAction::ShowSidebar => "show-sidebar",
        }
    }

    /// The name widgets use: `game.<name>`.
    pub fn detailed(self) -> String {
        format!("{}.{}", crate::games::page::PAGE_ACTIONS, self.name())
    }

    /// Its keyboard shortcuts.
    pub fn accels(self) -> &'static [&'static str] {
        match self {
            FiveAction::NewGame => &["<Control>n"],
            FiveAction::Undo => &["<Control>z"],
            FiveAction::Open => &["<Control>o"],
            FiveAction::Save => &["<Control>s"],
            FiveAction::SaveAs => &["<Shift><Control>s"],
            FiveAction::Patterns => &["<Control>p"],
            FiveAction::HallOfFame => &["<Control>h"],
            FiveAction::LearningHistory => &["<Control>l"],
            FiveAction::ShowSidebar => &["F9"],
            FiveAction::ShowWhy => &["<Control>e"],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_its_own_name() {
        let mut names: Vec<_> = FiveAction::ALL.iter().map(|a| a.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FiveAction::ALL.len());
        assert_eq!(FiveAction::Save.detailed(), "game.save");
    }
}
