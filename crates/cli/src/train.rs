//! `match5-cli train`: the computer learns by playing against an opponent.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use std::io::Write;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use match5_five::history::{self, Entry, GameResult};
use match5_five::{Color, Game, Saved, opponents};
use match5_practice::{Info, Learning, Practice, Setup, Starts};

use crate::knowledge_file;
use crate::output::{self, printable};
use crate::signals;

pub use crate::suggest::suggest;
pub use match5_practice::Opponent;

/// What a training run plays, and how.
pub struct Options {
    pub knowledge: PathBuf,
    pub games: u64,
    pub opponent: Opponent,
    pub seed: Option<u64>,
    pub player: Option<String>,
    pub computer_starts: bool,
    pub timeout: Duration,
    pub engine_info: Vec<Info>,
    /// Save at least this often while training.
    pub save_every: Duration,
    /// A line per game: result and moves (see [`log_line`]).
    pub log: Option<PathBuf>,
    /// The learning curve as CSV (see [`write_curve`]).
    pub curve: Option<PathBuf>,
    /// The computer starts every other game (after the first, which
    /// `computer_starts` decides).
    pub alternate: bool,
    /// Every game starts both sides' random choices from the same seeds,
    /// so a game differs from the one before only by what was learned.
    pub same_start: bool,
    /// New knowledge starts as a copy of this trained computer.
    pub start_from: Option<String>,
    /// Play without learning and without saving.
    pub frozen: bool,
    /// Refuse an opponent outside the training family.
    pub training_family: bool,
    /// How the computer plays where no pattern tells it.
    pub style: match5_five::Style,
}

/// How a training run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every game was played and the knowledge saved.
    Done,
    /// Stopped by this signal; what was played is saved.
    Interrupted(i32),
}

/// Plays the games, saving as it goes (every `save_every`, and at the end
/// or on SIGINT/SIGTERM), then prints a summary. Fails before the first
/// game when the file could not be saved; fails at the end (after the
/// summary) when the last save failed or a game could not be played.
pub fn run(o: &Options) -> Result<Finish> {
    if o.games == 0 {
        bail!("--games must be at least 1");
    }
    if o.training_family
        && opponents::family(&o.opponent.name()) != Some(opponents::Family::Training)
    {
        bail!(
            "{} is held out: it measures the trained computers and never trains them (--training-family)",
            printable(&o.opponent.name())
        );
    }
    let mut knowledge = knowledge_file::open(&o.knowledge, o.player.as_deref(), !o.frozen)?;
    if let Some(name) = &o.start_from {
        knowledge = knowledge_file::start_from(knowledge, name)?;
    }
    if !o.frozen {
        knowledge_file::check_room(&o.knowledge, &knowledge)?;
    }
    if let Some(path) = &o.curve {
        match5_common::disk::create_regular(path).with_context(|| {
            format!(
                "cannot write the curve {}",
                match5_common::text::quote_path(path)
            )
        })?;
    }
    let mut curve: Vec<Entry> = Vec::new();
    let mut log = match &o.log {
        Some(path) => Some(std::io::BufWriter::new(
            match5_common::disk::create_regular(path).with_context(|| {
                format!(
                    "cannot write the log {}",
                    match5_common::text::quote_path(path)
                )
            })?,
        )),
        None => None,
    };
    signals::catch()?;
    let start_level = knowledge.level();
    // Ctrl+C ends a wait for an engine at once.
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = stop.clone();
    let setup = Setup {
        opponent: o.opponent.clone(),
        style: o.style,
        starts: match (o.computer_starts, o.alternate) {
            (first, true) => Starts::Alternate {
                computer_first: first,
            },
            (true, false) => Starts::Computer,
            (false, false) => Starts::Opponent,
        },
        learning: if o.frozen {
            Learning::Frozen
        } else {
            Learning::Counted
        },
        seed: o.seed,
        same_start: o.same_start,
        timeout: o.timeout,
        engine_info: o.engine_info.clone(),
    };
    let mut practice = Practice::new(knowledge, setup, stop).map_err(|not| not.error)?;
    let mut watch = |_: &Game| {
        let go = signals::received().is_none();
        if !go {
            watcher.store(true, Ordering::Relaxed);
        }
        go
    };
    let bar = ProgressBar::new(o.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games · {msg} · {eta} left")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let mut last_save = started;
    let mut failure = None;
    for n in 0..o.games {
        if signals::received().is_some() {
            break;
        }
        let result = match practice.play(&mut watch) {
            Ok(Some(played)) => match &mut log {
                Some(w) => {
                    writeln!(w, "{}", log_line(&played.game)).context("cannot write the log")
                }
                None => Ok(()),
            },
            // Stopped by a signal in the middle of the game.
            Ok(None) => break,
            Err(e) => Err(e.into()),
        };
        if let Err(e) = result {
            if signals::received().is_none() {
                failure = Some(e.context(format!("game {}", n + 1)));
            }
            break;
        }
        let knowledge = practice.knowledge_mut();
        if o.curve.is_some()
            && let Some(e) = knowledge.history().last()
        {
            curve.push(e.clone());
        }
        if !o.frozen && last_save.elapsed() >= o.save_every {
            // A save that fails (a full disk) stops the run: games that
            // cannot be kept are not played. The last save stays on disk.
            if let Err(e) = bar.suspend(|| knowledge_file::save(knowledge, &o.knowledge)) {
                failure = Some(e.context(format!(
                    "stopped after game {}: the knowledge could not be saved; the file keeps what was saved before",
                    n + 1
                )));
                break;
            }
            last_save = Instant::now();
        }
        bar.set_message(format!("level {}", knowledge.level()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Some(path) = &o.curve
        && let Err(e) = write_curve(path, &curve)
    {
        failure.get_or_insert(e);
    }
    if let Some(w) = &mut log
        && let Err(e) = w.flush()
    {
        failure.get_or_insert(anyhow::Error::from(e).context("cannot write the log"));
    }
    let tally = practice.tally();
    let played = tally.played;
    let mut knowledge = practice.finish();
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let saved = if o.frozen {
        None
    } else {
        Some(knowledge_file::save(&mut knowledge, &o.knowledge))
    };
    let signal = signals::received();
    let mut text = String::new();
    if let Some(s) = signal {
        text.push_str(&format!(
            "Stopped by {} after {played} of {} games.\n",
            if s == signal_hook::consts::SIGINT {
                "Ctrl+C"
            } else {
                "SIGTERM"
            },
            o.games
        ));
    }
    text.push_str(&format!(
        "{played} games against {}: the computer won {}, lost {}, drew {}.\n",
        printable(&o.opponent.to_string()),
        tally.computer_won,
        tally.computer_lost,
        tally.drawn
    ));
    text.push_str(&format!(
        "Knowledge of {}: level {} -> {} ({} patterns learned, {} removed as junk; {} losses taught nothing new and their lines are remembered).\n",
        printable(knowledge.player()),
        start_level,
        knowledge.level(),
        tally.learned,
        tally.junk,
        tally.varied
    ));
    text.push_str(&format!(
        "{:.0} games per second.\n",
        played as f64 / seconds
    ));
    match &saved {
        None => text.push_str("Frozen: nothing learned, nothing saved.\n"),
        Some(Ok(r)) => match &r.saved {
            Saved::Written(p) => text.push_str(&format!(
                "Saved to {}.\n",
                printable(&p.display().to_string())
            )),
            Saved::Erased(p) => text.push_str(&format!(
                "The knowledge is empty: {} removed.\n",
                printable(&p.display().to_string())
            )),
        },
        Some(Err(_)) => text.push_str("Not saved: the file holds what was saved before.\n"),
    }
    output::print(&text)?;
    // What stopped the run says more than a last save that failed the same way.
    if let Some(e) = failure {
        return Err(e);
    }
    saved.transpose()?;
    Ok(signal.map_or(Finish::Done, Finish::Interrupted))
}

/// The learning curve as CSV: `game,computer,level,lost_rate`, one line per
/// game: its number, the computer's result, its level after the game, and
/// the share of the last 100 games (up to this one) the computer lost.
/// The games are the player's (the opponent's) side, as in the history.
pub fn write_curve(path: &std::path::Path, games: &[Entry]) -> Result<()> {
    let results: Vec<GameResult> = games.iter().map(|e| e.result).collect();
    let mut text = String::from("game,computer,level,lost_rate\n");
    // The computer lost the games the player won.
    for (e, (player_won, _)) in games.iter().zip(history::moving_shares(&results, 100)) {
        let computer = match e.result {
            GameResult::Won => "lost",
            GameResult::Lost => "won",
            GameResult::Drawn => "drawn",
        };
        text.push_str(&format!(
            "{},{computer},{},{player_won:.2}\n",
            e.game, e.level
        ));
    }
    match5_common::disk::create_regular(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .with_context(|| {
            format!(
                "cannot write the curve {}",
                match5_common::text::quote_path(path)
            )
        })
}

/// A game as a line of the log: `won`, `lost` or `drawn` (the computer's
/// result), then every move as `x,y`, separated by spaces.
pub fn log_line(game: &Game) -> String {
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::Red) => "won",
        Some(Color::Blue) => "lost",
        None => "drawn",
    };
    let mut line = result.to_string();
    for m in game.moves() {
        line.push(' ');
        line.push_str(&m.cell.to_string());
    }
    line
}
