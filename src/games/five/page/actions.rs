//! The five-in-a-row page's actions, typed: the header bar, the menu, the
//! sidebar and the shortcuts name them as `game.<name>` (the window puts the
//! visible page's actions under the `game` prefix). What each does is in
//! `action_handlers.rs`.

use crate::games::actions::page_actions;

page_actions! {
    /// Everything a person can ask of the five-in-a-row page.
    pub enum FiveAction {
        NewGame = "new-game", Plain, [];
        Undo = "undo", Plain, [];
        /// The threat player's field for the side to move, and why
        /// (Ctrl+I, as on the other pages); counted in the game's record.
        Hint = "hint", Plain, [];
        Open = "open", Plain, ["<Control>o"];
        Save = "save", Plain, ["<Control>s"];
        SaveAs = "save-as", Plain, ["<Shift><Control>s"];
        /// A copy, record and all, where the person chooses.
        SaveCopy = "save-copy", Plain, [];
        /// The knowledge's file in the file manager.
        ShowFile = "show-file", Plain, [];
        Patterns = "patterns", Plain, ["<Control>p"];
        /// Opens the pattern viewer at a pattern (a `u` parameter, 0-based).
        ViewPattern = "view-pattern", Uint, [];
        /// Replays the game that taught a pattern (a `u` parameter, 0-based).
        ReplayLesson = "replay-lesson", Uint, [];
        HallOfFame = "hall-of-fame", Plain, ["<Control>h"];
        /// How the computer learned: level and results over the games.
        LearningHistory = "learning-history", Plain, ["<Control>l"];
        DeleteAll = "delete-all", Plain, [];
        /// Practice: the computer plays and learns against an opponent
        /// that is not the person; Ctrl+T, as tic-tac-toe's Train.
        Train = "train", Plain, ["<Control>t"];
        /// The Gomocup engines added for practice and play (the main menu,
        /// and the sidebar once the player plays).
        Engines = "engines", Plain, [];
        /// Who plays red from the next game on (a choice: an
        /// [`Opponent::key`](crate::games::five::model::opponent::Opponent::key)),
        /// kept in the settings; New Game's arrow and the sidebar offer it.
        Opponent = "opponent", Choice, [];
        /// Who makes the first move (a choice: `you` or `opponent`), in
        /// New Game's arrow: the same setting as `computer-starts`, shown
        /// as two choices with one always marked.
        FirstMove = "first-move", Choice, [];
        /// On/off, kept in the settings; the sidebar's switch.
        ComputerStarts = "computer-starts", Toggle, [];
        /// On/off, kept in the settings.
        ShowMutations = "show-mutations", Toggle, [];
        /// On/off, kept in the settings: why the computer played there.
        ShowWhy = "show-why", Toggle, ["<Control>e"];
        /// On/off: the player and knowledge sidebar.
        ShowSidebar = "show-sidebar", Toggle, ["F9"];
    }
}
