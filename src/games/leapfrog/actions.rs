//! The leap-frog page's actions, typed (shown as `game.<name>`).

use crate::games::actions::page_actions;

page_actions! {
    /// Everything a person can ask of the leap-frog page.
    pub enum LeapfrogAction {
        /// Back to the start position (the seed's Clear); the header's New Game.
        NewGame = "new-game", Plain, [];
        /// Takes the last move back (the seed's "terugspringen"); Ctrl+Z.
        Undo = "undo", Plain, [];
        /// Plays the next move of a solution from here.
        Hint = "hint", Plain, [];
        /// The computer searches for a solution (the seed's Analyse), then
        /// replays it.
        Solve = "solve", Plain, ["<Control>r"];
        /// Replay: the next / previous move of the solution.
        Next = "next", Plain, ["Page_Down"];
        Previous = "previous", Plain, ["Page_Up"];
        /// Replay: play the solution by itself (on/off).
        Autoplay = "autoplay", Toggle, [];
        /// Frogs of each kind, 1 to 10 (a choice: the number), kept in the
        /// settings; a new puzzle. New Game's arrow and the side rows
        /// offer it.
        Frogs = "frogs", Choice, [];
        /// Goats instead of frogs (on/off), kept in the settings.
        Goats = "goats", Toggle, [];
        /// Back from the replay to playing.
        Play = "play", Plain, [];
    }
}
