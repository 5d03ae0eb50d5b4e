//! The tile game over D-Bus: interface `io.github.match5.Match5.Tiles1` at
//! `/io/github/match5/Match5/Tiles` (see `docs/dbus.md`). zbus serves it on
//! its own executor; each call becomes a [`Request`] for the GTK main
//! thread, where `requests.rs` carries it out on the page, and the
//! properties follow the model through a [`Snapshot`].

mod requests;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use gtk::glib;
use gtk::prelude::*;
use match5_tiles::Colour;
use match5_tiles::game::PLAYER_NAMES;

use super::page::TilesPage;
use crate::games::page::PageHandle;

pub const OBJECT_PATH: &str = "/io/github/match5/Match5/Tiles";
const INTERFACE: &str = "io.github.match5.Match5.Tiles1";

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
    /// The app could not carry the request out.
    Failed(String),
}

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
type Counts = Vec<(u32, u32)>;

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

struct Tiles {
    requests: async_channel::Sender<Request>,
    snapshot: Arc<Mutex<Snapshot>>,
}

impl Tiles {
    fn read<T>(&self, f: impl FnOnce(&Snapshot) -> T) -> T {
        f(&self.snapshot.lock().expect("never poisoned"))
    }

    async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> Request) -> Result<T, TilesError> {
        crate::games::requests::ask(&self.requests, make, TilesError::Failed).await
    }
}

#[zbus::interface(name = "io.github.match5.Match5.Tiles1")]
impl Tiles {
    /// Opens a game file in the original's format.
    async fn open_file(&self, path: String) -> Result<(), TilesError> {
        self.ask(|reply| Request::OpenFile { path, reply }).await
    }

    /// The original's Figure 3.
    async fn open_example(&self) -> Result<(), TilesError> {
        self.ask(|reply| Request::Example { reply }).await
    }

    /// A random game: bowls, tiles per bowl, rows, cells per row, pot.
    async fn deal(
        &self,
        bowls: u32,
        bowl_size: u32,
        rows: u32,
        row_length: u32,
        pot: u32,
    ) -> Result<(), TilesError> {
        let sizes = [bowls, bowl_size, rows, row_length];
        self.ask(|reply| Request::Deal { sizes, pot, reply }).await
    }

    /// Who plays each side: `person`, `best`, `good`, `greedy`, `random`.
    async fn set_players(&self, first: String, second: String) -> Result<(), TilesError> {
        self.ask(|reply| Request::SetPlayers {
            first,
            second,
            reply,
        })
        .await
    }

    /// A person's move: the tiles of `colour` (`yellow`, `blue`) from
    /// `bowl` (from 1).
    async fn play(&self, bowl: u32, colour: String) -> Result<(), TilesError> {
        self.ask(|reply| Request::Play {
            bowl,
            colour,
            reply,
        })
        .await
    }

    /// Takes moves back to the last turn of a person.
    async fn undo(&self) -> Result<(), TilesError> {
        self.ask(|reply| Request::Undo { reply }).await
    }

    /// This deal again from its start.
    async fn restart(&self) -> Result<(), TilesError> {
        self.ask(|reply| Request::Restart { reply }).await
    }

    /// The best move for the player to move, within the app's budget;
    /// `exact` false: the best found in the time, not proven.
    #[zbus(out_args("score", "bowl", "colour", "exact", "depth", "visited"))]
    async fn best(&self) -> Result<(i32, u32, String, bool, u32, u64), TilesError> {
        self.ask(|reply| Request::Best { reply }).await
    }

    /// Bowls, tiles per bowl, rows, cells per row.
    #[zbus(property)]
    async fn sizes(&self) -> (u32, u32, u32, u32) {
        self.read(|s| s.sizes)
    }

    /// The tiles still in the pot, in order: `g` yellow, `b` blue.
    #[zbus(property)]
    async fn pot(&self) -> String {
        self.read(|s| s.pot.clone())
    }

    /// Per bowl: yellow and blue tiles.
    #[zbus(property)]
    async fn bowls(&self) -> Counts {
        self.read(|s| s.bowls.clone())
    }

    /// Per row of each player: yellow and blue tiles.
    #[zbus(property)]
    async fn rows(&self) -> (Counts, Counts) {
        self.read(|s| s.rows.clone())
    }

    /// The player to move: 1 or 2.
    #[zbus(property)]
    async fn to_move(&self) -> u32 {
        self.read(|s| s.to_move)
    }

    #[zbus(property)]
    async fn players(&self) -> (String, String) {
        self.read(|s| s.players.clone())
    }

    #[zbus(property)]
    async fn names(&self) -> (String, String) {
        self.read(|s| s.names.clone())
    }

    #[zbus(property)]
    async fn scores(&self) -> (i32, i32) {
        self.read(|s| s.scores)
    }

    #[zbus(property)]
    async fn moves(&self) -> u32 {
        self.read(|s| s.moves)
    }

    #[zbus(property)]
    async fn over(&self) -> bool {
        self.read(|s| s.over)
    }

    #[zbus(property)]
    async fn thinking(&self) -> bool {
        self.read(|s| s.thinking)
    }

    /// The page's status line.
    #[zbus(property)]
    async fn status(&self) -> String {
        self.read(|s| s.status.clone())
    }
}

/// Serves the interface (for [`crate::games::PageInfo::control`]).
pub fn serve(
    connection: zbus::Connection,
    handle: PageHandle,
) -> Pin<Box<dyn Future<Output = zbus::Result<()>>>> {
    Box::pin(async move {
        let (tx, rx) = async_channel::unbounded();
        let snapshot = Arc::new(Mutex::new(Snapshot::default()));
        let object = Tiles {
            requests: tx,
            snapshot: snapshot.clone(),
        };
        connection.object_server().at(OBJECT_PATH, object).await?;
        let Some(page) = handle.page::<TilesPage>() else {
            return Ok(());
        };
        let publish = glib::clone!(
            #[weak]
            page,
            move || publish(&connection, &snapshot, &page)
        );
        let publish = std::rc::Rc::new(publish);
        publish();
        // The status line is the page's, the rest the model's.
        let on_status = publish.clone();
        page.connect_notify_local(Some("status"), move |_, _| on_status());
        let on_model = publish.clone();
        page.model()
            .connect_notify_local(None, move |_, _| on_model());
        glib::spawn_future_local(async move {
            while let Ok(request) = rx.recv().await {
                handle.bring();
                if let Some(page) = handle.page::<TilesPage>() {
                    requests::handle_request(&page, request);
                }
                // Players are the page's rows, not the model's properties.
                publish();
            }
        });
        Ok(())
    })
}

fn pairs(rows: &[match5_tiles::Row]) -> Counts {
    rows.iter()
        .map(|r| (u32::from(r.yellow), u32::from(r.blue)))
        .collect()
}

/// The snapshot of what the page shows now.
fn snapshot(page: &TilesPage) -> Snapshot {
    let model = page.model();
    let game = model.game();
    let sizes = game.sizes();
    let players = model.players();
    Snapshot {
        sizes: (
            sizes.bowls as u32,
            sizes.bowl_size as u32,
            sizes.rows as u32,
            sizes.row_length as u32,
        ),
        pot: game.pot_left().iter().map(|c| c.letter()).collect(),
        bowls: (0..sizes.bowls)
            .map(|b| {
                let [y, b] = Colour::BOTH.map(|c| u32::from(game.bowl(b, c)));
                (y, b)
            })
            .collect(),
        rows: (pairs(game.board(0)), pairs(game.board(1))),
        to_move: game.to_move() as u32 + 1,
        players: (players[0].id().into(), players[1].id().into()),
        names: (PLAYER_NAMES[0].into(), PLAYER_NAMES[1].into()),
        scores: (game.score(0), game.score(1)),
        moves: game.moves_played() as u32,
        over: game.is_over(),
        thinking: model.thinking(),
        status: page.status().text().to_string(),
    }
}

/// Makes the properties say what the page shows, and sends what changed.
fn publish(connection: &zbus::Connection, shared: &Arc<Mutex<Snapshot>>, page: &TilesPage) {
    let new = snapshot(page);
    let old = std::mem::replace(&mut *shared.lock().expect("never poisoned"), new.clone());
    let changed = crate::changed_properties!(old, new, {
        "Sizes" => sizes, "Pot" => pot, "Bowls" => bowls, "Rows" => rows,
        "ToMove" => to_move, "Players" => players, "Names" => names,
        "Scores" => scores, "Moves" => moves, "Over" => over,
        "Thinking" => thinking, "Status" => status,
    });
    let connection = connection.clone();
    glib::spawn_future_local(async move {
        crate::games::requests::announce(&connection, OBJECT_PATH, INTERFACE, changed).await;
    });
}
