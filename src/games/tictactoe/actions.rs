//! The tic-tac-toe page's actions, typed (shown as `game.<name>`).

use crate::games::actions::page_actions;

page_actions! {
    /// Everything a person can ask of the tic-tac-toe page.
    pub enum TicTacToeAction {
        /// A new game; the header's New Game, Ctrl+N.
        NewGame = "new-game", Plain, [];
        /// Take back the person's last X and the computer's answer; the
        /// header's Undo, Ctrl+Z.
        Undo = "undo", Plain, [];
        /// Show the preference the computer saw for each field (a toggle);
        /// Ctrl+E.
        ShowPreferences = "show-preferences", Toggle, ["<Control>e"];
        /// The learned positions; Ctrl+P.
        Positions = "positions", Plain, ["<Control>p"];
        /// Games against a training opponent, in the background; Ctrl+T.
        Train = "train", Plain, ["<Control>t"];
        /// Forget everything learned, after asking.
        Forget = "forget", Plain, [];
    }
}
