//! The tile page's actions, typed (shown as `game.<name>`).

use crate::games::actions::page_actions;

page_actions! {
    /// Everything a person can ask of the tile page.
    pub enum TilesAction {
        /// A fresh random deal of the game's sizes; the header's New Game
        /// and Play Again.
        NewGame = "new-game", Plain, [];
        /// This deal again from its start (New Game's arrow).
        Restart = "restart", Plain, [];
        /// Takes the last move back (and the computer's before it); Ctrl+Z.
        Undo = "undo", Plain, [];
        /// Shows the best move and its score; Ctrl+I.
        Hint = "hint", Plain, [];
        /// The original's Figure 3.
        Example = "example", Plain, [];
        /// The sizes of a random deal, in a dialog (New Game's arrow).
        OtherSizes = "other-sizes", Plain, [];
        /// A new game with a random pot of the chosen sizes (the sizes
        /// dialog's button).
        Random = "random", Plain, [];
        /// Opens a game file (the original's format); Ctrl+O.
        Open = "open", Plain, ["<Control>o"];
        /// Who plays the first side (a choice: a player's id); New Game's
        /// arrow and the side rows offer it.
        FirstPlayer = "first-player", Choice, [];
        /// Who plays the second side.
        SecondPlayer = "second-player", Choice, [];
        /// The original's take-back experiment from this position; Ctrl+E.
        Experiment = "experiment", Plain, ["<Control>e"];
    }
}
