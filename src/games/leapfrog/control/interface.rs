//! Leap-frog's D-Bus interface `io.github.match5.Match5.LeapFrog1` at
//! `/io/github/match5/Match5/LeapFrog` (see `docs/dbus.md`): its methods
//! and properties as zbus serves them on its executor, its errors, and the
//! [`Request`]s its calls become for the GTK main thread.

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

type Reply<T> = crate::games::requests::Reply<T, LeapFrogError>;

/// A call, for the GTK main thread.
pub enum Request {
    NewPuzzle {
        frogs: u32,
        goats: bool,
        reply: Reply<()>,
    },
    Move {
        field: u32,
        reply: Reply<(u32, u32)>,
    },
    Hint {
        reply: Reply<(u32, u32)>,
    },
    Undo {
        reply: Reply<()>,
    },
    Solve {
        reply: Reply<(Vec<(u32, u32)>, u64)>,
    },
}

/// What the properties say, as the page last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub frogs: u32,
    pub goats: bool,
    pub position: String,
    pub moves: u32,
    pub solved: bool,
    pub solvable: bool,
    pub undo_needed: u32,
    pub reachable: u64,
    pub dead_ends: u64,
    pub solutions: u64,
}

pub struct LeapFrog(pub crate::games::requests::Link<Request, Snapshot>);

impl LeapFrog {
    async fn read<T>(&self, f: impl FnOnce(&Snapshot) -> T) -> T {
        self.0.read(f).await
    }

    async fn ask<T>(
        &self,
        header: &zbus::message::Header<'_>,
        make: impl FnOnce(Reply<T>) -> Request,
    ) -> Result<T, LeapFrogError> {
        self.0.ask(header, make).await
    }
}

#[zbus::interface(name = "io.github.match5.Match5.LeapFrog1")]
impl LeapFrog {
    /// A new puzzle: `frogs` of each kind (1 to 10), goats instead of frogs.
    async fn new_puzzle(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        frogs: u32,
        goats: bool,
    ) -> Result<(), LeapFrogError> {
        self.ask(&header, |reply| Request::NewPuzzle {
            frogs,
            goats,
            reply,
        })
        .await
    }

    /// Moves the frog on `field` (1 from the left); returns where it went
    /// from and to.
    #[zbus(name = "Move", out_args("from", "to"))]
    async fn move_frog(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        field: u32,
    ) -> Result<(u32, u32), LeapFrogError> {
        self.ask(&header, |reply| Request::Move { field, reply })
            .await
    }

    /// Plays the next move of a solution from here.
    #[zbus(out_args("from", "to"))]
    async fn hint(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(u32, u32), LeapFrogError> {
        self.ask(&header, |reply| Request::Hint { reply }).await
    }

    /// Takes the last move back.
    async fn undo(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), LeapFrogError> {
        self.ask(&header, |reply| Request::Undo { reply }).await
    }

    /// The computer searches as the original does and shows its solution
    /// (the page replays it); returns its moves and the moves it tried.
    #[zbus(out_args("solution", "tried"))]
    async fn solve(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(Vec<(u32, u32)>, u64), LeapFrogError> {
        self.ask(&header, |reply| Request::Solve { reply }).await
    }

    #[zbus(property)]
    async fn frogs(&self) -> u32 {
        self.read(|s| s.frogs).await
    }

    #[zbus(property)]
    async fn goats(&self) -> bool {
        self.read(|s| s.goats).await
    }

    /// Like `XX.YY`: `X` moves right, `Y` left, `.` the empty field.
    #[zbus(property)]
    async fn position(&self) -> String {
        self.read(|s| s.position.clone()).await
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.read(|s| s.moves).await
    }

    #[zbus(property)]
    async fn solved(&self) -> bool {
        self.read(|s| s.solved).await
    }

    #[zbus(property)]
    async fn solvable(&self) -> bool {
        self.read(|s| s.solvable).await
    }

    #[zbus(property)]
    async fn undo_needed(&self) -> u32 {
        self.read(|s| s.undo_needed).await
    }

    #[zbus(property)]
    async fn reachable(&self) -> u64 {
        self.read(|s| s.reachable).await
    }

    #[zbus(property)]
    async fn dead_ends(&self) -> u64 {
        self.read(|s| s.dead_ends).await
    }

    #[zbus(property)]
    async fn solutions(&self) -> u64 {
        self.read(|s| s.solutions).await
    }
}
