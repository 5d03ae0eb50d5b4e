//! The tile game's D-Bus interface `io.github.match5.Match5.Tiles1`,
//! declared once: its calls and the [`Request`]s they become for the GTK
//! main thread, its properties, and its errors.

/// Errors a caller gets, named `io.github.match5.Match5.Error.<Name>`.
#[derive(Debug, zbus::DBusError)]
#[zbus(prefix = "io.github.match5.Match5.Error")]
pub enum TilesError {
    #[zbus(error)]
    ZBus(zbus::Error),
    /// The file could not be read.
    CannotRead(String),
    /// The file is not a game file (the message names its line).
    BadFile(String),
    /// Sizes or a pot outside what the game allows.
    BadSizes(String),
    /// A player that is not `person`, `best`, `good`, `greedy`, `random`.
    BadPlayer(String),
    /// A bowl or colour that does not exist.
    NoSuchBowl(String),
    /// The computer plays this side or is thinking.
    NotYourTurn(String),
    /// The rules do not allow the move.
    CannotMove(String),
    /// Nothing to take back.
    NothingToUndo(String),
    /// The game is over: there is no best move.
    GameOver(String),
    /// The computer is already looking for the best move (one search at a
    /// time, within one budget), or too many calls wait for the app.
    Busy(String),
    /// The app could not carry the request out.
    Failed(String),
}

crate::call_error!(TilesError);

/// Tiles per bowl or row: yellow and blue.
pub type Counts = Vec<(u32, u32)>;

crate::game_object! {
    interface "io.github.match5.Match5.Tiles1";
    /// The object served: it sends each call to the main thread and reads
    /// the properties from the snapshot the page last published.
    object Tiles;
    error TilesError;
    /// A call, for the GTK main thread.
    request Request;
    /// What the properties say, as the page last published it.
    snapshot Snapshot;
    calls {
        /// Opens a game file in the original's format.
        fn open_file(path: String) -> () => OpenFile;
        /// The original's Figure 3.
        fn open_example() -> () => Example;
        /// Who plays each side: `person`, `best`, `good`, `greedy`, `random`.
        fn set_players(first: String, second: String) -> () => SetPlayers;
        /// A person's move: the tiles of `colour` (`yellow`, `blue`) from
        /// `bowl` (from 1).
        fn play(bowl: u32, colour: String) -> () => Play;
        /// Takes moves back to the last turn of a person.
        fn undo() -> () => Undo;
        /// This deal again from its start.
        fn restart() -> () => Restart;
        /// The best move for the player to move, within the app's budget:
        /// score, bowl (from 1), colour, exact, depth, positions looked at;
        /// `exact` false: the best found in the time, not proven.
        #[zbus(out_args("score", "bowl", "colour", "exact", "depth", "visited"))]
        fn best() -> (i32, u32, String, bool, u32, u64) => Best;
    }
    more_requests {
        /// Deal's sizes as one value: bowls, tiles per bowl, rows, cells
        /// per row.
        Deal { sizes: [u32; 4], pot: u32 } -> ();
    }
    methods {
        /// A random game: bowls, tiles per bowl, rows, cells per row, pot.
        async fn deal(
            &self,
            #[zbus(header)] header: zbus::message::Header<'_>,
            bowls: u32,
            bowl_size: u32,
            rows: u32,
            row_length: u32,
            pot: u32,
        ) -> Result<(), TilesError> {
            let sizes = [bowls, bowl_size, rows, row_length];
            self.ask(&header, |reply| Request::Deal { sizes, pot, reply })
                .await
        }
    }
    properties {
        /// Bowls, tiles per bowl, rows, cells per row.
        "Sizes" sizes: (u32, u32, u32, u32);
        /// The tiles still in the pot, in order: `g` yellow, `b` blue.
        "Pot" pot: String;
        /// Per bowl: yellow and blue tiles.
        "Bowls" bowls: Counts;
        /// Per row of each player: yellow and blue tiles.
        "Rows" rows: (Counts, Counts);
        /// The player to move: 1 or 2.
        "ToMove" to_move: u32;
        "Players" players: (String, String);
        "Names" names: (String, String);
        "Scores" scores: (i32, i32);
        "Moves" moves: u32;
        "Over" over: bool;
        "Thinking" thinking: bool;
        /// The page's status line.
        "Status" status: String;
    }
}
