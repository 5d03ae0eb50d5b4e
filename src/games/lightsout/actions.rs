//! The lights-out page's actions, typed (shown as `game.<name>`).

use crate::games::actions::page_actions;

page_actions! {
    /// Everything a person can ask of the lights-out page.
    pub enum LightsOutAction {
        /// The next start pattern; the header's New Game and Play Again.
        NewGame = "new-game", Plain, [];
        /// Presses a light (0 to 8): a click on it, or Space on it.
        Press = "press", Uint, [];
    }
}
