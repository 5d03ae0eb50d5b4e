//! **Where an engine sits in the main game**, free of widgets: a Gomocup
//! engine the person added plays red on a thread of its own, and answers
//! each position it is asked about on a channel. The page
//! (`page/engine_opponent.rs`) asks it whenever it is red's turn.
//!
//! The engine keeps up with the game by `TURN` after each move, `BEGIN`
//! when it opens, `RESTART` for a new game and `BOARD` (the whole
//! position) after an undo. A failed engine is dropped (killed) and
//! started again at the next ask.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use match5_five::Cell;
use match5_practice::{Engine, EngineError};

/// How long the engine may think about a move: it is told a second
/// (`INFO timeout_turn 1000`) and stopped after two.
const TURN: Duration = Duration::from_secs(2);

/// An engine's answer to a position: the moves it was asked about, and
/// its move there or what went wrong.
pub type Answer = (Vec<Cell>, Result<Cell, EngineError>);

/// A running engine and the thread that talks to it. Dropping it stops
/// the engine and everything it started.
pub struct Seat {
    /// The engine's name, as the person gave it.
    pub name: String,
    command: String,
    /// Tells answers of this seat from those of one it replaced.
    id: u64,
    asks: mpsc::Sender<Vec<Cell>>,
    stop: Arc<AtomicBool>,
    /// The moves it was asked about and has not answered yet.
    asked: Option<Vec<Cell>>,
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What stopped the engine, and in which position (it is not asked again
/// there: a new game, or another position, tries a new engine).
pub struct Trouble {
    pub moves: Vec<Cell>,
}

impl Seat {
    /// Starts `command` on a thread; its answers come on the receiver.
    pub fn start(name: &str, command: &str) -> (Seat, async_channel::Receiver<Answer>) {
        static SEATS: AtomicU64 = AtomicU64::new(0);
        let (asks, asked) = mpsc::channel::<Vec<Cell>>();
        let (answer, answers) = async_channel::unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        let seat = Seat {
            name: name.to_string(),
            command: command.to_string(),
            id: SEATS.fetch_add(1, Ordering::Relaxed),
            asks,
            stop: stop.clone(),
            asked: None,
        };
        let command = command.to_string();
        thread::spawn(move || serve(&command, &stop, &asked, &answer));
        (seat, answers)
    }

    /// Tells its answers from those of a seat it replaced.
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn command(&self) -> &str {
        &self.command
    }

    /// Asks for its move after `moves`, unless it thinks about them already.
    pub fn ask(&mut self, moves: Vec<Cell>) {
        if self.asked.as_ref() == Some(&moves) {
            return;
        }
        self.asked = Some(moves.clone());
        let _ = self.asks.send(moves);
    }

    /// Its answer came: the next position may be asked.
    pub fn answered(&mut self) {
        self.asked = None;
    }
}

/// The engine's thread: one answer for each position asked, until the
/// seat is dropped. A failed engine is dropped (killed) and started again
/// at the next ask.
fn serve(
    command: &str,
    stop: &Arc<AtomicBool>,
    asked: &mpsc::Receiver<Vec<Cell>>,
    answers: &async_channel::Sender<Answer>,
) {
    let mut engine: Option<Engine> = None;
    let mut seen: Vec<Cell> = Vec::new();
    while let Ok(moves) = asked.recv() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let answer = answer(command, stop, &mut engine, &seen, &moves);
        match &answer {
            Ok(cell) => {
                seen = moves.clone();
                seen.push(*cell);
            }
            Err(_) => engine = None,
        }
        if answers.send_blocking((moves, answer)).is_err() {
            break;
        }
    }
    if let Some(engine) = engine.filter(|_| !stop.load(Ordering::Relaxed)) {
        engine.end();
    }
}

/// The engine's move after `moves` (the first is the opener's), keeping
/// it in step with the game: it has `seen` the moves before.
fn answer(
    command: &str,
    stop: &Arc<AtomicBool>,
    engine: &mut Option<Engine>,
    seen: &[Cell],
    moves: &[Cell],
) -> Result<Cell, EngineError> {
    let fresh = engine.is_none();
    let e = match engine {
        Some(e) => e,
        None => engine.insert(Engine::start(command, TURN, &[], stop.clone())?),
    };
    if moves.is_empty() {
        if !fresh {
            e.restart()?;
        }
        return e.begin();
    }
    if !fresh && moves.len() == seen.len() + 1 && moves.starts_with(seen) {
        return e.turn(moves[moves.len() - 1]);
    }
    // Red is the engine: it opened when the number of moves is odd.
    let engine_opened = moves.len() % 2 == 1;
    let stones: Vec<(Cell, bool)> = moves
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, (i % 2 == 0) == engine_opened))
        .collect();
    e.board(&stones)
}

/// The engine that plays the page's game, and where it stopped: the
/// page's one field for it (`FivePage`'s `engine`; the page asks and
/// places in `page/engine_opponent.rs`).
#[derive(Default)]
pub struct EngineOpponent {
    /// The engine's seat, while one plays red.
    pub seat: RefCell<Option<Seat>>,
    /// The engine of this game stopped, in this position: it is not asked
    /// again there until a new game (or the opponent chosen again).
    pub trouble: RefCell<Option<Trouble>>,
}

impl EngineOpponent {
    /// Asks again, even in the position where the engine stopped.
    pub fn forget_trouble(&self) {
        self.trouble.replace(None);
    }
}
