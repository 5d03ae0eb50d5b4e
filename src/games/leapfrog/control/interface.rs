//! Leap-frog's D-Bus interface `io.github.match5.Match5.LeapFrog1` at
//! `/io/github/match5/Match5/LeapFrog` (see `docs/dbus.md`), declared
//! once: its calls and the [`Request`]s they become for the GTK main
//! thread, its properties, and its errors.

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/LeapFrog";

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum LeapFrogError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// Frogs of each kind outside 1 to 10.
    BadFrogs(String),
    /// A field number that is not on the row.
    NoSuchField(String),
    /// The frog there cannot move, or the field is empty.
    CannotMove(String),
    /// No solution from the position played.
    NoSolution(String),
    /// Nothing to take back.
    NothingToUndo(String),
    /// Too many calls wait for the app already: try again.
    Busy(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(LeapFrogError);

crate::game_object! {
    interface "io.github.match5.Match5.LeapFrog1";
    /// The object served.
    object LeapFrog;
    error LeapFrogError;
    /// A call, for the GTK main thread.
    request Request;
    /// What the properties say, as the page last published it.
    snapshot Snapshot;
    calls {
        /// A new puzzle: `frogs` of each kind (1 to 10), goats instead of frogs.
        fn new_puzzle(frogs: u32, goats: bool) -> () => NewPuzzle;
        /// Moves the frog on `field` (1 from the left); returns where it went
        /// from and to.
        #[zbus(name = "Move", out_args("from", "to"))]
        fn move_frog(field: u32) -> (u32, u32) => Move;
        /// Plays the next move of a solution from here.
        #[zbus(out_args("from", "to"))]
        fn hint() -> (u32, u32) => Hint;
        /// Takes the last move back.
        fn undo() -> () => Undo;
        /// The computer searches as the original does and shows its solution
        /// (the page replays it); returns its moves and the moves it tried.
        #[zbus(out_args("solution", "tried"))]
        fn solve() -> (Vec<(u32, u32)>, u64) => Solve;
    }
    more_requests {}
    methods {}
    properties {
        "Frogs" frogs: u32;
        "Goats" goats: bool;
        /// Like `XX.YY`: `X` moves right, `Y` left, `.` the empty field.
        "Position" position: String;
        "Moves" moves: u32;
        "Solved" solved: bool;
        "Solvable" solvable: bool;
        "UndoNeeded" undo_needed: u32;
        "Reachable" reachable: u64;
        "DeadEnds" dead_ends: u64;
        "Solutions" solutions: u64;
    }
}
