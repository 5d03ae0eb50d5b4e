//! Lights out's D-Bus interface `io.github.match5.Match5.LightsOut1` at
//! `/io/github/match5/Match5/LightsOut`: its methods and properties, its
//! errors, and the [`Request`]s its calls become for the GTK main thread.

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

type Reply<T> = crate::games::requests::Reply<T, LightsOutError>;

/// A call, for the GTK main thread.
pub enum Request {
    NewGame { reply: Reply<()> },
    Press { light: u32, reply: Reply<()> },
}

/// What the properties say, as the page last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub lights: String,
    pub moves: u32,
    pub solved: bool,
}

pub struct LightsOut(pub crate::games::requests::Link<Request, Snapshot>);

#[zbus::interface(name = "io.github.match5.Match5.LightsOut1")]
impl LightsOut {
    /// The next start pattern.
    async fn new_game(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
    ) -> Result<(), LightsOutError> {
        self.0
            .ask(&header, |reply| Request::NewGame { reply })
            .await
    }

    /// Presses light `light` (1 to 9, row by row from the top left).
    async fn press(
        &self,
        #[zbus(header)] header: zbus::message::Header<'_>,
        light: u32,
    ) -> Result<(), LightsOutError> {
        self.0
            .ask(&header, |reply| Request::Press { light, reply })
            .await
    }

    /// Like `010111010`: row by row, `1` is on.
    #[zbus(property)]
    async fn lights(&self) -> String {
        self.0.read(|s| s.lights.clone()).await
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.0.read(|s| s.moves).await
    }

    #[zbus(property)]
    async fn solved(&self) -> bool {
        self.0.read(|s| s.solved).await
    }
}
