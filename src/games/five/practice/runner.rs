//! **Where the computer practises**: a run of games on another thread,
//! free of widgets. It plays [`match5_practice::Practice`] as
//! `match5-cli train` does, and leaves what the window shows in a
//! [`Live`] that the window reads about ten times a second: the game on
//! the board, the tally, the curve and the latest mutations. Reading never
//! waits for a game, so a window that draws never slows the run.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use match5_five::{Board, Cell, Change, Color, Game, Knowledge};
use match5_practice::{Practice, PracticeError, Setup, Tally};

/// The most games one run plays (the window's spin button and D-Bus).
pub const MOST_GAMES: u64 = 1_000_000;
/// Mutations kept for the window: the latest.
const MUTATIONS: usize = 50;
/// Lost games kept for replay: the latest.
pub const LOST_GAMES: usize = 200;
/// Points of the curve: about this many, whatever the number of games.
const POINTS: u64 = 50;

/// How the person steers a run while it plays.
#[derive(Clone, Debug, Default)]
pub struct Controls {
    pub stop: Arc<AtomicBool>,
    pub paused: Arc<AtomicBool>,
    /// A pause after every move, in milliseconds: 0 is as fast as possible.
    pub delay_ms: Arc<AtomicU64>,
    /// The window wants to show the board: the run copies it at its next
    /// move and clears this (at full speed it copies only when asked).
    pub wanted: Arc<AtomicBool>,
}

/// A point of the curve, at the end of a block of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Games played by its end.
    pub games: u64,
    /// The games its loss rate is taken over: the last ones up to it,
    /// [`window_of`] the run's games (fewer at the start).
    pub size: u64,
    /// Of them, the computer lost this many.
    pub lost: u64,
    /// Patterns the knowledge holds at its end.
    pub patterns: usize,
}

impl Block {
    /// Losses per 100 games.
    pub fn loss_rate(&self) -> f64 {
        self.lost as f64 * 100.0 / self.size.max(1) as f64
    }
}

/// What a lost game changed in the computer's knowledge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// A pattern of this level learned.
    Learned { game: u64, level: u32 },
    /// A pattern of this level removed as junk.
    Removed { game: u64, level: u32 },
    /// Nothing new to learn: it will not play `cell` there again.
    Varied { game: u64, cell: Cell },
}

/// A game the computer lost, kept for replay.
#[derive(Clone, Debug)]
pub struct LostGame {
    /// Its number in the run, from 1.
    pub number: u64,
    pub game: Game,
}

/// The run as the window sees it.
#[derive(Clone, Debug, Default)]
pub struct Live {
    /// The game on the board now, and its last move.
    pub board: Board,
    pub last: Option<Cell>,
    pub to_move: Option<Color>,
    /// Its number, from 1.
    pub game: u64,
    pub tally: Tally,
    pub blocks: Vec<Block>,
    pub mutations: VecDeque<Mutation>,
    pub lost: VecDeque<LostGame>,
    /// The knowledge's patterns now.
    pub patterns: usize,
}

/// What one refresh of the window shows of the run.
pub struct Seen {
    pub board: Board,
    pub last: Option<Cell>,
    pub game: u64,
    pub tally: Tally,
    /// The curve, when it has new blocks.
    pub blocks: Option<Vec<Block>>,
    /// The latest mutations, newest first.
    pub mutations: Vec<Mutation>,
    /// Lost games not listed yet.
    pub lost: Vec<LostGame>,
}

impl Live {
    /// What changed since the window showed `shown_blocks` blocks of the
    /// curve and listed the lost games up to number `listed`: never the
    /// whole run (its lost games hold hundreds of kilobytes).
    pub fn seen(&self, shown_blocks: usize, listed: u64) -> Seen {
        Seen {
            board: self.board,
            last: self.last,
            game: self.game,
            tally: self.tally,
            blocks: (self.blocks.len() != shown_blocks).then(|| self.blocks.clone()),
            mutations: self.mutations.iter().rev().take(5).copied().collect(),
            lost: (self.lost.iter())
                .filter(|g| g.number > listed)
                .cloned()
                .collect(),
        }
    }
}

/// How a run ended.
pub struct Finished {
    /// The knowledge with what it learned (unchanged when frozen); `None`
    /// when the run could not start.
    pub knowledge: Option<Knowledge>,
    pub tally: Tally,
    /// Why it ended early, if something went wrong.
    pub error: Option<PracticeError>,
    /// Stopped by the person (or by closing).
    pub stopped: bool,
    pub games: u64,
}

/// Games in a block of the curve for a run of `games`.
pub fn block_of(games: u64) -> u64 {
    games.div_ceil(POINTS).clamp(1, 100)
}

/// The games a loss rate is taken over in a run of `games`: a tenth of
/// them, at least 10 and at most 500, so that a drawn game does not drop
/// the rate to nought and one loss does not raise it to 100.
pub fn window_of(games: u64) -> u64 {
    (games / 10).clamp(10, 500)
}

/// Starts `games` games of `setup` with `knowledge` on another thread.
pub fn start(
    knowledge: Knowledge,
    setup: Setup,
    games: u64,
    controls: Controls,
) -> (Arc<Mutex<Live>>, async_channel::Receiver<Finished>) {
    let live = Arc::new(Mutex::new(Live {
        patterns: knowledge.pattern_count(),
        ..Live::default()
    }));
    let (sender, receiver) = async_channel::bounded(1);
    let shared = live.clone();
    let stop = controls.stop.clone();
    let thread = std::thread::spawn(move || {
        let finished = run(knowledge, setup, games, &controls, &shared);
        let _ = sender.send_blocking(finished);
    });
    // Quitting stops the run and waits while it hands over what it learned.
    crate::lasting_work::register(stop, thread);
    (live, receiver)
}

/// The curve's point after game `games`, its loss rate over `recent`.
fn point(games: u64, recent: &VecDeque<bool>, patterns: usize) -> Block {
    Block {
        games,
        size: recent.len() as u64,
        lost: recent.iter().filter(|&&lost| lost).count() as u64,
        patterns,
    }
}

fn run(
    knowledge: Knowledge,
    setup: Setup,
    games: u64,
    controls: &Controls,
    live: &Mutex<Live>,
) -> Finished {
    // An engine that does not start hands the knowledge back unchanged.
    let mut practice = match Practice::new(knowledge, setup, controls.stop.clone()) {
        Ok(p) => p,
        Err(not) => {
            return Finished {
                knowledge: Some(not.knowledge),
                tally: Tally::default(),
                error: Some(not.error),
                stopped: false,
                games,
            };
        }
    };
    let block = block_of(games);
    let window = window_of(games) as usize;
    let mut error = None;
    let mut in_block = 0u64;
    // The latest games, lost or not, for the loss rate.
    let mut recent: VecDeque<bool> = VecDeque::with_capacity(window);
    // The last finished game, which the board shows at the end.
    let mut last_game: Option<(u64, Game)> = None;
    let stop = &controls.stop;
    for n in 1..=games {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if let Ok(mut l) = live.lock() {
            l.game = n;
        }
        let mut watch = |game: &Game| watch(game, controls, live);
        let played = match practice.play(&mut watch) {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => {
                // Stopped while an engine thought: not the engine's fault.
                if !stop.load(Ordering::Relaxed) {
                    error = Some(e);
                }
                break;
            }
        };
        let lost = played.game.outcome().and_then(|o| o.winner()) == Some(Color::Blue);
        in_block += 1;
        if recent.len() == window {
            recent.pop_front();
        }
        recent.push_back(lost);
        let Ok(mut l) = live.lock() else { break };
        l.tally = practice.tally();
        l.patterns = practice.knowledge().pattern_count();
        for change in &played.changes {
            let level = |p: &match5_five::Pattern| p.level();
            let m = match change {
                Change::Added { pattern, .. } => Mutation::Learned {
                    game: n,
                    level: level(pattern),
                },
                Change::Removed { pattern, .. } => Mutation::Removed {
                    game: n,
                    level: level(pattern),
                },
                Change::Varied { cell } => Mutation::Varied {
                    game: n,
                    cell: *cell,
                },
            };
            if l.mutations.len() == MUTATIONS {
                l.mutations.pop_front();
            }
            l.mutations.push_back(m);
        }
        if lost {
            if l.lost.len() == LOST_GAMES {
                l.lost.pop_front();
            }
            l.lost.push_back(LostGame {
                number: n,
                game: played.game.clone(),
            });
        }
        last_game = Some((n, played.game));
        if in_block == block || n == games {
            let point = point(n, &recent, l.patterns);
            l.blocks.push(point);
            in_block = 0;
        }
    }
    let tally = practice.tally();
    let stopped = stop.load(Ordering::Relaxed);
    if let Ok(mut l) = live.lock() {
        if stopped && in_block > 0 {
            let point = point(tally.played, &recent, l.patterns);
            l.blocks.push(point);
        }
        // The board ends on the last finished game, not on one cut off.
        if let Some((n, game)) = last_game {
            l.game = n;
            l.board = *game.board();
            l.last = game.moves().last().map(|m| m.cell);
            l.to_move = None;
        }
    }
    Finished {
        knowledge: Some(practice.finish()),
        tally,
        error,
        stopped,
        games,
    }
}

/// After every move: shows it, waits as slowly as the person asked, and
/// holds while paused. `false` when the run is to stop.
fn watch(game: &Game, controls: &Controls, live: &Mutex<Live>) -> bool {
    let delay = controls.delay_ms.load(Ordering::Relaxed);
    if (delay > 0 || controls.wanted.swap(false, Ordering::Relaxed))
        && let Ok(mut l) = live.lock()
    {
        l.board = *game.board();
        l.last = game.moves().last().map(|m| m.cell);
        l.to_move = (!game.is_over()).then(|| game.to_move());
    }
    if delay > 0 {
        std::thread::sleep(Duration::from_millis(delay));
    }
    while controls.paused.load(Ordering::Relaxed) && !controls.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(30));
    }
    !controls.stop.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_practice::Opponent;

    fn wait(rx: &async_channel::Receiver<Finished>) -> Finished {
        rx.recv_blocking().unwrap()
    }

    #[test]
    fn a_run_fills_the_curve_and_keeps_its_lost_games() {
        let mut setup = Setup::new(Opponent::Greedy);
        setup.seed = Some(11);
        let (live, rx) = start(Knowledge::new("Anna"), setup, 120, Controls::default());
        let done = wait(&rx);
        let live = live.lock().unwrap().clone();
        assert_eq!(done.tally.played, 120);
        assert!(!done.stopped && done.error.is_none());
        let k = done.knowledge.unwrap();
        assert_eq!(k.level(), 0, "practice is not Anna's level");
        assert_eq!(live.patterns, k.pattern_count());
        // A point every 3 games, each a rate over the 12 games up to it.
        assert_eq!(live.blocks.len(), 40);
        assert_eq!(live.blocks.last().unwrap().games, 120);
        assert_eq!(live.blocks[0].size, 3);
        assert!(live.blocks[4..].iter().all(|b| b.size == 12));
        // The last point's losses are those of the last 12 games.
        let late = live.lost.iter().filter(|g| g.number > 108).count() as u64;
        assert_eq!(live.blocks.last().unwrap().lost, late);
        // The board shows the last game, finished.
        assert_eq!(live.game, 120);
        let stones = Cell::all().filter(|c| live.board.get(*c).is_some()).count();
        assert!(stones >= 9 && live.last.is_some(), "{stones} stones");
        assert_eq!(live.lost.len() as u64, done.tally.computer_lost.min(200));
        assert!(
            live.mutations
                .iter()
                .any(|m| matches!(m, Mutation::Learned { .. }))
        );
    }

    #[test]
    fn stop_ends_a_paused_run_and_keeps_what_it_learned() {
        let controls = Controls::default();
        let mut setup = Setup::new(Opponent::Greedy);
        setup.seed = Some(7);
        let (live, rx) = start(Knowledge::new("Anna"), setup, MOST_GAMES, controls.clone());
        // It plays until it has learned something, then is paused.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while live.lock().unwrap().tally.learned < 3 {
            assert!(
                std::time::Instant::now() < deadline,
                "it learned nothing in a minute"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        controls.paused.store(true, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(100));
        let held = live.lock().unwrap().tally.played;
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(live.lock().unwrap().tally.played, held, "paused");
        controls.stop.store(true, Ordering::Relaxed);
        let done = wait(&rx);
        assert!(done.stopped);
        assert!(done.tally.learned >= 3);
        // What it learned is in the knowledge handed back (less what it
        // unlearned again, which the live count follows too).
        let k = done.knowledge.unwrap();
        assert_eq!(k.pattern_count(), live.lock().unwrap().patterns);
        assert!(k.pattern_count() > 0 && k.pattern_count() as u64 <= done.tally.learned);
    }
}
