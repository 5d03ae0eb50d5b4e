//! Tic-tac-toe's D-Bus interface `io.github.match5.Match5.TicTacToe1` at
//! `/io/github/match5/Match5/TicTacToe` (see `docs/dbus.md`): its methods,
//! signals and properties as zbus serves them on its executor, its errors,
//! and the [`Request`]s its calls become for the GTK main thread.

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

type Reply<T> = crate::games::requests::Reply<T, TicTacToeError>;

/// A call, for the GTK main thread.
pub enum Request {
    NewGame {
        reply: Reply<()>,
    },
    Play {
        field: u32,
        reply: Reply<u32>,
    },
    Train {
        games: u32,
        opponent: String,
        reply: Reply<()>,
    },
    StopTraining {
        reply: Reply<()>,
    },
    Forget {
        reply: Reply<()>,
    },
}

/// What the properties say, as the page last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub board: String,
    pub state: String,
    pub moves: u32,
    pub preferences: Vec<(u32, i32, bool)>,
    pub positions: u32,
    pub games: u64,
    pub rewards: (i32, i32, i32),
    pub training: bool,
    pub status: String,
}

pub struct TicTacToe(pub crate::games::requests::Link<Request, Snapshot>);

impl TicTacToe {
    async fn read<T>(&self, f: impl FnOnce(&Snapshot) -> T) -> T {
        self.0.read(f).await
    }

    async fn ask<T>(
        &self,
        header: &zbus::message::Header<'_>,
        make: impl FnOnce(Reply<T>) -> Request,
    ) -> Result<T, TicTacToeError> {
        self.0.ask(header, make).await
    }
}

#[zbus::interface(name = "io.github.match5.Match5.TicTacToe1")]
impl TicTacToe {
    /// An empty board; the person (X) begins.
    async fn new_game(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TicTacToeError> {
        self.ask(&header, |reply| Request::NewGame { reply }).await
    }

    /// The person's X on `field` (1 to 9, row by row); the computer
    /// answers at once. Returns its field, or 0 when the X ended the game.
    #[zbus(out_args("answer"))]
    async fn play(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        field: u32,
    ) -> Result<u32, TicTacToeError> {
        self.ask(&header, |reply| Request::Play { field, reply })
            .await
    }

    /// Trains the computer for `games` games against `opponent` (`random`,
    /// `perfect`, `learner`) on another thread: returns at once, reports
    /// `TrainingProgress` and ends with `TrainingFinished` or
    /// `TrainingFailed`.
    async fn train(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        games: u32,
        opponent: String,
    ) -> Result<(), TicTacToeError> {
        self.ask(&header, |reply| Request::Train {
            games,
            opponent,
            reply,
        })
        .await
    }

    /// Stops the training under way after its current game (what it
    /// learned so far is kept).
    async fn stop_training(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TicTacToeError> {
        self.ask(&header, |reply| Request::StopTraining { reply })
            .await
    }

    /// The computer forgets every position it learned (the rewards stay)
    /// and a new game starts.
    async fn forget(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), TicTacToeError> {
        self.ask(&header, |reply| Request::Forget { reply }).await
    }

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

    /// Nine characters, fields 1 to 9 row by row: `X`, `O` or `.`.
    #[zbus(property)]
    async fn board(&self) -> String {
        self.read(|s| s.board.clone()).await
    }

    /// `start`, `your-turn`, `thinking`, `you-won`, `computer-won`, `drawn`.
    #[zbus(property)]
    async fn state(&self) -> String {
        self.read(|s| s.state.clone()).await
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.read(|s| s.moves).await
    }

    /// What the computer weighed for its last O: field (1 to 9), the
    /// preference of the position it makes, and whether it knew it.
    #[zbus(property)]
    async fn preferences(&self) -> Vec<(u32, i32, bool)> {
        self.read(|s| s.preferences.clone()).await
    }

    /// Positions the computer has learned.
    #[zbus(property)]
    async fn positions(&self) -> u32 {
        self.read(|s| s.positions).await
    }

    /// Games it learned from.
    #[zbus(property)]
    async fn games(&self) -> u64 {
        self.read(|s| s.games).await
    }

    /// Rewards for a win, a draw and a loss.
    #[zbus(property)]
    async fn rewards(&self) -> (i32, i32, i32) {
        self.read(|s| s.rewards).await
    }

    #[zbus(property)]
    async fn training(&self) -> bool {
        self.read(|s| s.training).await
    }

    /// The page's status line.
    #[zbus(property)]
    async fn status(&self) -> String {
        self.read(|s| s.status.clone()).await
    }
}
