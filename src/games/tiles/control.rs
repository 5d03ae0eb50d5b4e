//! The tile game over D-Bus: interface `io.github.match5.Match5.Tiles1` at
//! `/io/github/match5/Match5/Tiles` (see `docs/dbus.md`). zbus serves it on
//! its own executor; each call becomes a [`Request`] for the GTK main
//! thread, where [`handle_request`] carries it out on the page, and the
//! properties follow the model through a [`Snapshot`].

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use gtk::glib;
use gtk::prelude::*;
use match5_tiles::game::PLAYER_NAMES;
use match5_tiles::{Colour, EXAMPLE, Move, Sizes, parse};

use super::game_files::{GameFileError, read_game};
use super::model::{Player, Refused, fresh_deal};
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
                    handle_request(&page, request);
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

/// What a caller asked for, or the named error.
fn player(id: &str) -> Result<Player, TilesError> {
    Player::ALL
        .into_iter()
        .find(|p| p.id() == id)
        .ok_or_else(|| {
            TilesError::BadPlayer(format!(
                "no player “{}”: choose person, best, good, greedy or random",
                match5_common::text::quote(id)
            ))
        })
}

fn sizes(given: [u32; 4], pot: u32) -> Result<(Sizes, usize), TilesError> {
    let checks = [
        ("bowls", Sizes::BOWLS),
        ("tiles per bowl", Sizes::BOWL_SIZE),
        ("rows", Sizes::ROWS),
        ("cells per row", Sizes::ROW_LENGTH),
        ("tiles in the pot", Sizes::POT),
    ];
    let values = [given[0], given[1], given[2], given[3], pot].map(|v| v as usize);
    for ((what, range), value) in checks.iter().zip(values) {
        if !range.contains(&value) {
            return Err(TilesError::BadSizes(format!(
                "{what} must be {} to {}, not {value}",
                range.start(),
                range.end()
            )));
        }
    }
    let [bowls, bowl_size, rows, row_length, pot] = values;
    let sizes = Sizes {
        bowls,
        bowl_size,
        rows,
        row_length,
    };
    Ok((sizes, pot))
}

fn the_move(page: &TilesPage, bowl: u32, colour: &str) -> Result<Move, TilesError> {
    let bowls = page.model().game().sizes().bowls as u32;
    if !(1..=bowls).contains(&bowl) {
        return Err(TilesError::NoSuchBowl(format!(
            "there is no bowl {bowl}: the bowls are 1 to {bowls}"
        )));
    }
    let colour = match colour {
        "yellow" => Colour::Yellow,
        "blue" => Colour::Blue,
        other => {
            return Err(TilesError::NoSuchBowl(format!(
                "no colour “{}”: the tiles are yellow or blue",
                match5_common::text::quote(other)
            )));
        }
    };
    Ok(Move {
        bowl: bowl as usize - 1,
        colour,
    })
}

/// Carries a request out on the page, as the person's click or key would.
fn handle_request(page: &TilesPage, request: Request) {
    let model = page.model();
    match request {
        Request::OpenFile { path, reply } => {
            let r = read_game(std::path::Path::new(&path))
                .map(|game| model.set_game(game))
                .map_err(|e| match e {
                    GameFileError::Unreadable(m) => TilesError::CannotRead(m),
                    GameFileError::NotAGame(m) => TilesError::BadFile(m),
                });
            let _ = reply.try_send(r);
        }
        Request::Example { reply } => {
            model.set_game(parse(EXAMPLE).expect("the built-in example reads"));
            let _ = reply.try_send(Ok(()));
        }
        Request::Deal {
            sizes: given,
            pot,
            reply,
        } => {
            let r = sizes(given, pot).map(|(sizes, pot)| model.set_game(fresh_deal(sizes, pot)));
            let _ = reply.try_send(r);
        }
        Request::SetPlayers {
            first,
            second,
            reply,
        } => {
            let r = player(&first)
                .and_then(|a| Ok([a, player(&second)?]))
                .map(|players| page.set_players(players));
            let _ = reply.try_send(r);
        }
        Request::Play {
            bowl,
            colour,
            reply,
        } => {
            let r = the_move(page, bowl, &colour).and_then(|mv| {
                model.try_play(mv).map_err(|e| match e {
                    Refused::NotYourTurn(m) => TilesError::NotYourTurn(m),
                    Refused::NotAllowed(m) => TilesError::CannotMove(m),
                })
            });
            let _ = reply.try_send(r);
        }
        Request::Undo { reply } => {
            let r = if model.undo() {
                Ok(())
            } else {
                Err(TilesError::NothingToUndo(
                    "no move of a person to take back".into(),
                ))
            };
            let _ = reply.try_send(r);
        }
        Request::Restart { reply } => {
            model.restart();
            let _ = reply.try_send(Ok(()));
        }
        Request::Best { reply } => {
            if model.over() {
                let _ = reply.try_send(Err(TilesError::GameOver(crate::i18n::gettext(
                    "The game is over.",
                ))));
                return;
            }
            let search = model.best();
            glib::spawn_future_local(async move {
                let r = match search.await {
                    Some(found) => Ok(found.best.map_or_else(
                        || {
                            (
                                found.score,
                                0,
                                String::new(),
                                found.exact,
                                found.depth,
                                found.visited,
                            )
                        },
                        |mv| {
                            (
                                found.score,
                                mv.bowl as u32 + 1,
                                colour_id(mv.colour).into(),
                                found.exact,
                                found.depth,
                                found.visited,
                            )
                        },
                    )),
                    None => Err(TilesError::Failed("the search did not run".into())),
                };
                let _ = reply.send(r).await;
            });
        }
    }
}

fn colour_id(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
    }
}
