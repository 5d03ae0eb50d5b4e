//! Tic-tac-toe's D-Bus interface `io.github.match5.Match5.TicTacToe1` at
//! `/io/github/match5/Match5/TicTacToe` (see `docs/dbus.md`), declared
//! once: its calls and the [`Request`]s they become for the GTK main
//! thread, its signals, its properties, and its errors.

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/TicTacToe";

use zbus::object_server::SignalEmitter;

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum TicTacToeError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// A field that is not 1 to 9.
    NoSuchField(String),
    /// The field holds a mark.
    FieldTaken(String),
    /// The game is over: start a new one.
    GameOver(String),
    /// Games to train outside 1 to 1,000,000.
    BadGames(String),
    /// An opponent that is not `random`, `perfect` or `learner`.
    BadOpponent(String),
    /// The computer is training (wait, or stop it), or too many calls
    /// wait for the app.
    Busy(String),
    /// No training to stop.
    NotTraining(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(TicTacToeError);

crate::game_object! {
    interface "io.github.match5.Match5.TicTacToe1";
    /// The object served.
    object TicTacToe;
    error TicTacToeError;
    /// A call, for the GTK main thread.
    request Request;
    /// What the properties say, as the page last published it.
    snapshot Snapshot;
    calls {
        /// An empty board; the person (X) begins.
        fn new_game() -> () => NewGame;
        /// The person's X on `field` (1 to 9, row by row); the computer
        /// answers at once. Returns its field, or 0 when the X ended the game.
        #[zbus(out_args("answer"))]
        fn play(field: u32) -> u32 => Play;
        /// Trains the computer for `games` games against `opponent` (`random`,
        /// `perfect`, `learner`) on another thread: returns at once, reports
        /// `TrainingProgress` and ends with `TrainingFinished` or
        /// `TrainingFailed`.
        fn train(games: u32, opponent: String) -> () => Train;
        /// Stops the training under way after its current game (what it
        /// learned so far is kept).
        fn stop_training() -> () => StopTraining;
        /// The computer forgets every position it learned (the rewards stay)
        /// and a new game starts.
        fn forget() -> () => Forget;
    }
    more_requests {}
    methods {
        /// Games played so far of `games`.
        #[zbus(signal)]
        pub async fn training_progress(
            emitter: &SignalEmitter<'_>,
            played: u64,
            games: u64,
        ) -> zbus::Result<()>;

        /// The run ended (all its games, or stopped): its tally and the
        /// positions the computer knows now.
        #[zbus(signal)]
        pub async fn training_finished(
            emitter: &SignalEmitter<'_>,
            played: u64,
            won: u64,
            lost: u64,
            drawn: u64,
            positions: u32,
        ) -> zbus::Result<()>;

        /// Nothing was learned: why.
        #[zbus(signal)]
        pub async fn training_failed(emitter: &SignalEmitter<'_>, message: String) -> zbus::Result<()>;
    }
    properties {
        /// Nine characters, fields 1 to 9 row by row: `X`, `O` or `.`.
        "Board" board: String;
        /// `start`, `your-turn`, `thinking`, `you-won`, `computer-won`, `drawn`.
        "State" state: String;
        "Moves" moves: u32;
        /// What the computer weighed for its last O: field (1 to 9), the
        /// preference of the position it makes, and whether it knew it.
        "Preferences" preferences: Vec<(u32, i32, bool)>;
        /// Positions the computer has learned.
        "Positions" positions: u32;
        /// Games it learned from.
        "Games" games: u64;
        /// Rewards for a win, a draw and a loss.
        "Rewards" rewards: (i32, i32, i32);
        "Training" training: bool;
        /// The page's status line.
        "Status" status: String;
    }
}
