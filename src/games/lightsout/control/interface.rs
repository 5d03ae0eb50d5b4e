//! Lights out's D-Bus interface `io.github.match5.Match5.LightsOut1` at
//! `/io/github/match5/Match5/LightsOut`, declared once: its calls and the
//! [`Request`]s they become for the GTK main thread, its properties, and
//! its errors.

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/LightsOut";

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum LightsOutError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// A light number outside 1 to 9.
    NoSuchLight(String),
    /// Every light is off: start a new game first.
    GameOver(String),
    /// Too many calls wait for the app already: try again.
    Busy(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(LightsOutError);

crate::game_object! {
    interface "io.github.match5.Match5.LightsOut1";
    /// The object served.
    object LightsOut;
    error LightsOutError;
    /// A call, for the GTK main thread.
    request Request;
    /// What the properties say, as the page last published it.
    snapshot Snapshot;
    calls {
        /// The next start pattern.
        fn new_game() -> () => NewGame;
        /// Presses light `light` (1 to 9, row by row from the top left).
        fn press(light: u32) -> () => Press;
    }
    more_requests {}
    methods {}
    properties {
        /// Like `010111010`: row by row, `1` is on.
        "Lights" lights: String;
        "Moves" moves: u32;
        "Solved" solved: bool;
    }
}
