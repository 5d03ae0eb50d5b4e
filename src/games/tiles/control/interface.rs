//! The tile game's D-Bus interface `io.github.match5.Match5.Tiles1`: its
//! methods and properties as zbus serves them on its executor, its errors,
//! and the [`Request`]s its calls become for the GTK main thread.

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

type Reply<T> = crate::games::requests::Reply<T, TilesError>;

/// The best move as the caller gets it: score, bowl (from 1), colour,
/// exact, depth, positions looked at.
pub type BestMove = (i32, u32, String, bool, u32, u64);

/// A call, for the GTK main thread.
pub enum Request {
    OpenFile {
        path: String,
        reply: Reply<()>,
    },
    Example {
        reply: Reply<()>,
    },
    Deal {
        sizes: [u32; 4],
        pot: u32,
        reply: Reply<()>,
    },
    SetPlayers {
        first: String,
        second: String,
        reply: Reply<()>,
    },
    Play {
        bowl: u32,
        colour: String,
        reply: Reply<()>,
    },
    Undo {
        reply: Reply<()>,
    },
    Restart {
        reply: Reply<()>,
    },
    Best {
        reply: Reply<BestMove>,
    },
}

/// Tiles per bowl or row: yellow and blue.
pub type Counts = Vec<(u32, u32)>;

/// What the properties say, as the page last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub sizes: (u32, u32, u32, u32),
    pub pot: String,
    pub bowls: Counts,
    pub rows: (Counts, Counts),
    pub to_move: u32,
    pub players: (String, String),
    pub names: (String, String),
    pub scores: (i32, i32),
    pub moves: u32,
    pub over: bool,
    pub thinking: bool,
    pub status: String,
}

/// The object served: it sends each call to the main thread and reads
/// the properties from the snapshot the page last published.
pub struct Tiles(pub crate::games::requests::Link<Request, Snapshot>);

impl Tiles {
    async fn read<T>(&self, f: impl FnOnce(&Snapshot) -> T) -> T {
        self.0.read(f).await
    }

    async fn ask<T>(
        &self,
        header: &zbus::message::Header<'_>,
        make: impl FnOnce(Reply<T>) -> Request,
    ) -> Result<T, TilesError> {
        self.0.ask(header, make).await
    }
}

#[zbus::interface(name = "io.github.match5.Match5.Tiles1")]
impl Tiles {
    /// Opens a game file in the original's format.
    async fn open_file(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        path: String,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::OpenFile { path, reply })
            .await
    }

    /// The original's Figure 3.
    async fn open_example(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::Example { reply }).await
    }

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

    /// Who plays each side: `person`, `best`, `good`, `greedy`, `random`.
    async fn set_players(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        first: String,
        second: String,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::SetPlayers {
            first,
            second,
            reply,
        })
        .await
    }

    /// A person's move: the tiles of `colour` (`yellow`, `blue`) from
    /// `bowl` (from 1).
    async fn play(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        bowl: u32,
        colour: String,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::Play {
            bowl,
            colour,
            reply,
        })
        .await
    }

    /// Takes moves back to the last turn of a person.
    async fn undo(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::Undo { reply }).await
    }

    /// This deal again from its start.
    async fn restart(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TilesError> {
        self.ask(&header, |reply| Request::Restart { reply }).await
    }

    /// The best move for the player to move, within the app's budget;
    /// `exact` false: the best found in the time, not proven.
    #[zbus(out_args("score", "bowl", "colour", "exact", "depth", "visited"))]
    async fn best(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(i32, u32, String, bool, u32, u64), TilesError> {
        self.ask(&header, |reply| Request::Best { reply }).await
    }

    /// Bowls, tiles per bowl, rows, cells per row.
    #[zbus(property)]
    async fn sizes(&self) -> (u32, u32, u32, u32) {
        self.read(|s| s.sizes).await
    }

    /// The tiles still in the pot, in order: `g` yellow, `b` blue.
    #[zbus(property)]
    async fn pot(&self) -> String {
        self.read(|s| s.pot.clone()).await
    }

    /// Per bowl: yellow and blue tiles.
    #[zbus(property)]
    async fn bowls(&self) -> Counts {
        self.read(|s| s.bowls.clone()).await
    }

    /// Per row of each player: yellow and blue tiles.
    #[zbus(property)]
    async fn rows(&self) -> (Counts, Counts) {
        self.read(|s| s.rows.clone()).await
    }

    /// The player to move: 1 or 2.
    #[zbus(property)]
    async fn to_move(&self) -> u32 {
        self.read(|s| s.to_move).await
    }

    #[zbus(property)]
    async fn players(&self) -> (String, String) {
        self.read(|s| s.players.clone()).await
    }

    #[zbus(property)]
    async fn names(&self) -> (String, String) {
        self.read(|s| s.names.clone()).await
    }

    #[zbus(property)]
    async fn scores(&self) -> (i32, i32) {
        self.read(|s| s.scores).await
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.read(|s| s.moves).await
    }

    #[zbus(property)]
    async fn over(&self) -> bool {
        self.read(|s| s.over).await
    }

    #[zbus(property)]
    async fn thinking(&self) -> bool {
        self.read(|s| s.thinking).await
    }

    /// The page's status line.
    #[zbus(property)]
    async fn status(&self) -> String {
        self.read(|s| s.status.clone()).await
    }
}
