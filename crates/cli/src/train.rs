//! `match5-cli train`: the computer learns by playing against an opponent.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use std::io::Write;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use match5_common::random::{GameRng, rng_from_entropy, rng_from_seed};
use match5_five::history::{self, Entry, GameResult};
use match5_five::knowledge::Change;
use match5_five::{Cell, Color, Game, Knowledge, Mode, Saved, opponents};
use rand::Rng;

use crate::knowledge_file;
use crate::manager::{ExternalBrain, Info};
use crate::output::{self, printable};
use crate::signals;

pub use crate::opponent::{Opponent, suggest};

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
}

/// How a training run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every game was played and the knowledge saved.
    Done,
    /// Stopped by this signal; what was played is saved.
    Interrupted(i32),
}

#[derive(Default)]
struct Tally {
    computer_won: u64,
    computer_lost: u64,
    drawn: u64,
    learned: u64,
    junk: u64,
    /// Losses that taught nothing new: lines remembered as lost.
    varied: u64,
}

/// The blue side of a game.
enum Blue {
    BuiltIn(Opponent, Box<GameRng>),
    External(ExternalBrain),
    /// A copy of the computer's knowledge, playing blue: it sees the game
    /// with the colours swapped (`mirror`), so it plays and learns as red.
    SelfCopy {
        knowledge: Box<Knowledge>,
        rng: Box<GameRng>,
        mirror: Game,
        /// Some moves at random (`noisy-self`).
        noisy: bool,
    },
}

impl Blue {
    /// Blue's move, given red's last move (none when blue begins).
    fn reply(&mut self, game: &Game, red: Option<Cell>) -> Result<Cell> {
        match self {
            Blue::BuiltIn(opponent, rng) => Ok(opponent
                .builtin_move(game.board(), Color::Blue, rng)
                .expect("a move on a board that is not full")),
            Blue::External(brain) => match red {
                None => brain.begin(),
                Some(cell) => brain.turn(cell),
            },
            Blue::SelfCopy {
                knowledge,
                rng,
                mirror,
                noisy,
            } => {
                if game.moves().len() <= 1 {
                    let first = game.moves().first().map_or(Color::Blue, |m| m.kind.color());
                    *mirror = Game::new(Mode::VsComputer, first.other());
                }
                if let Some(cell) = red {
                    mirror.play_as(Color::Blue, cell)?;
                }
                let own = mirror
                    .moves()
                    .iter()
                    .filter(|m| m.kind.color() == Color::Red)
                    .count();
                if *noisy
                    && (own < opponents::NOISY_OPENING
                        || (!opponents::urgent(mirror.board(), Color::Red)
                            && rng.random_range(0..100) < opponents::NOISE_PERCENT))
                    && let Some(cell) = match5_five::computer::free_move(mirror.board(), rng)
                {
                    // Played as the copy's own move (red in its mirror).
                    mirror.play_as(Color::Red, cell)?;
                    return Ok(cell);
                }
                Ok(mirror.computer_move(knowledge, rng)?.cell)
            }
        }
    }

    /// After a game: the copy learns from it too.
    fn finished(&mut self, game: &Game) -> Result<()> {
        if let Blue::SelfCopy {
            knowledge, mirror, ..
        } = self
        {
            if let Some(last) = game.moves().last()
                && mirror.moves().len() < game.moves().len()
            {
                mirror.play_as(Color::Blue, last.cell)?;
            }
            match5_five::finish_game(knowledge, mirror);
        }
        Ok(())
    }
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
    let mut seeds = o.seed.map_or_else(rng_from_entropy, rng_from_seed);
    let computer_seed: u64 = seeds.random();
    let mut computer_rng = rng_from_seed(computer_seed);
    let mut blue = match &o.opponent {
        Opponent::Pbrain(cmd) => {
            Blue::External(ExternalBrain::start(cmd, o.timeout, &o.engine_info)?)
        }
        Opponent::SelfCopy | Opponent::NoisySelf => Blue::SelfCopy {
            knowledge: Box::new(knowledge.clone()),
            rng: Box::new(rng_from_seed(seeds.random())),
            mirror: Game::new(Mode::VsComputer, Color::Red),
            noisy: matches!(o.opponent, Opponent::NoisySelf),
        },
        builtin => Blue::BuiltIn(builtin.clone(), Box::new(rng_from_seed(seeds.random()))),
    };
    let bar = ProgressBar::new(o.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games · {msg} · {eta} left")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let mut last_save = started;
    let mut tally = Tally::default();
    let mut played = 0;
    let mut failure = None;
    let blue_seed: u64 = seeds.random();
    for n in 0..o.games {
        if signals::received().is_some() {
            break;
        }
        if o.same_start {
            computer_rng = rng_from_seed(computer_seed);
            if let Blue::BuiltIn(_, rng) | Blue::SelfCopy { rng, .. } = &mut blue {
                **rng = rng_from_seed(blue_seed);
            }
        }
        let first = if o.computer_starts != (o.alternate && n % 2 == 1) {
            Color::Red
        } else {
            Color::Blue
        };
        let result = match &mut blue {
            Blue::External(brain) if n > 0 => brain.restart(),
            _ => Ok(()),
        }
        .and_then(|()| {
            play_one(
                &mut knowledge,
                &mut blue,
                &mut computer_rng,
                first,
                &mut tally,
                o.frozen,
            )
        })
        .and_then(|game| match &mut log {
            Some(w) => writeln!(w, "{}", log_line(&game)).context("cannot write the log"),
            None => Ok(()),
        });
        if let Err(e) = result {
            if signals::received().is_none() {
                failure = Some(e.context(format!("game {}", n + 1)));
            }
            break;
        }
        played += 1;
        if o.curve.is_some()
            && let Some(e) = knowledge.history().last()
        {
            curve.push(e.clone());
        }
        if !o.frozen && last_save.elapsed() >= o.save_every {
            // A save that fails (a full disk) stops the run: games that
            // cannot be kept are not played. The last save stays on disk.
            if let Err(e) = bar.suspend(|| knowledge_file::save(&mut knowledge, &o.knowledge)) {
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
    if let Blue::External(brain) = blue {
        brain.end();
    }
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

fn play_one(
    knowledge: &mut Knowledge,
    blue: &mut Blue,
    rng: &mut GameRng,
    first: Color,
    tally: &mut Tally,
    frozen: bool,
) -> Result<Game> {
    let mut game = Game::new(Mode::VsComputer, first);
    let mut last_red = None;
    while !game.is_over() {
        if game.to_move() == Color::Blue {
            let cell = blue.reply(&game, last_red)?;
            if let Err(e) = game.play(cell) {
                bail!("the opponent played {cell}: {e}");
            }
        } else {
            last_red = Some(game.computer_move(knowledge, rng)?.cell);
        }
    }
    let changes = if frozen {
        Vec::new()
    } else {
        match5_five::finish_game(knowledge, &game)
    };
    blue.finished(&game)?;
    match game.outcome().and_then(|o| o.winner()) {
        Some(Color::Red) => tally.computer_won += 1,
        Some(Color::Blue) => {
            tally.computer_lost += 1;
            for change in changes {
                match change {
                    Change::Added { .. } => tally.learned += 1,
                    Change::Removed { .. } => tally.junk += 1,
                    Change::Varied { .. } => tally.varied += 1,
                }
            }
        }
        None => tally.drawn += 1,
    }
    Ok(game)
}
