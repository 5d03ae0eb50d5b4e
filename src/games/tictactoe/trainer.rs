//! A training run on another thread, free of widgets: games against an
//! opponent, holding the knowledge file's lock, reporting each block of
//! games and the end. The training window and the D-Bus interface both
//! start theirs here.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use match5_tictactoe::store::{KnowledgeFile, StoreError};
use match5_tictactoe::{Knowledge, Opponent, Rewards, Tally, Training, train};

/// Blocks of the curve: about this many, whatever the number of games.
pub const POINTS: u64 = 40;

/// The most games one run plays (the window's spin button and D-Bus).
pub const MOST_GAMES: u64 = 1_000_000;

/// What a run is asked to do.
pub struct Plan {
    /// The knowledge file, locked and saved during the run; `None`: the
    /// knowledge is not saved and `knowledge` is trained in memory.
    pub path: Option<PathBuf>,
    pub knowledge: Knowledge,
    pub opponent: Opponent,
    pub games: u64,
    /// Used when the computer knows nothing yet.
    pub rewards: Rewards,
}

/// What a finished run leaves.
pub struct Trained {
    /// The file it was saved to (none for knowledge without a file).
    pub file: Option<KnowledgeFile>,
    pub knowledge: Knowledge,
    /// The run's tallies.
    pub training: Training,
    /// Why what it learned could not be written (a full disk): the
    /// computer keeps it, and the next game's save writes it.
    pub not_saved: Option<StoreError>,
}

/// A finished run, or why its knowledge could not be kept.
pub type Outcome = Result<Trained, StoreError>;

/// What a run reports.
pub enum Message {
    /// A block of games played: games so far, the block's tally.
    Block(u64, Tally),
    /// The run's end (boxed: it carries the knowledge).
    Done(Box<Outcome>),
}

/// Games in a block of the curve for a run of `games`.
pub fn block_of(games: u64) -> u64 {
    games.div_ceil(POINTS).max(1)
}

/// Starts `plan` on another thread; it stops early when `stop` is set.
pub fn start(plan: Plan, stop: Arc<AtomicBool>) -> async_channel::Receiver<Message> {
    let (sender, receiver) = async_channel::unbounded();
    let stopper = stop.clone();
    let thread = std::thread::spawn(move || {
        let Plan {
            path,
            knowledge,
            mut opponent,
            games,
            rewards,
        } = plan;
        let block = block_of(games);
        let mut rng = match5_common::random::rng_from_entropy();
        let progress = sender.clone();
        let mut run = |k: &mut Knowledge| {
            if k.is_empty() && k.games() == 0 {
                *k = Knowledge::new(rewards);
            }
            if let Opponent::Learner(x) = &mut opponent {
                **x = Knowledge::new(k.rewards());
            }
            train(k, &mut opponent, games, block, &mut rng, &mut |run, _| {
                let n = run.total.games;
                if n % block == 0
                    && let Some(tally) = run.blocks.last()
                {
                    let _ = progress.send_blocking(Message::Block(n, *tally));
                }
                !stop.load(Ordering::Relaxed)
            })
        };
        let result = match path {
            Some(path) => {
                KnowledgeFile::update(&path, rewards, |k| run(k)).map(|updated| Trained {
                    file: Some(updated.file),
                    knowledge: updated.knowledge,
                    training: updated.answer,
                    not_saved: updated.written.err(),
                })
            }
            None => {
                let mut knowledge = knowledge;
                let training = run(&mut knowledge);
                Ok(Trained {
                    file: None,
                    knowledge,
                    training,
                    not_saved: None,
                })
            }
        };
        let _ = sender.send_blocking(Message::Done(Box::new(result)));
    });
    // Quitting stops the training and waits while it saves what it learned.
    crate::lasting_work::register(stopper, thread);
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_reports_its_blocks_and_stops_when_asked() {
        let plan = |games| Plan {
            path: None,
            knowledge: Knowledge::default(),
            opponent: Opponent::Random,
            games,
            rewards: Rewards::default(),
        };
        let rx = start(plan(80), Arc::new(AtomicBool::new(false)));
        let mut blocks = Vec::new();
        let done = loop {
            match rx.recv_blocking().unwrap() {
                Message::Block(n, _) => blocks.push(n),
                Message::Done(outcome) => break outcome.unwrap(),
            }
        };
        assert_eq!(blocks, (1..=40).map(|b| b * 2).collect::<Vec<_>>());
        assert_eq!(done.training.total.games, 80);
        assert!(!done.knowledge.is_empty() && done.file.is_none());

        let stop = Arc::new(AtomicBool::new(true));
        let rx = start(plan(MOST_GAMES), stop);
        let done = loop {
            if let Message::Done(outcome) = rx.recv_blocking().unwrap() {
                break outcome.unwrap();
            }
        };
        assert_eq!(done.training.total.games, 1, "stopped after its first game");
    }
}
