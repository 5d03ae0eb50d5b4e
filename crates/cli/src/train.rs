//! `match5-cli train`: the computer learns by playing against an opponent.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use match5_engine::computer::{GameRng, rng_from_entropy, rng_from_seed};
use match5_engine::knowledge::Change;
use match5_engine::{Cell, Color, Game, Knowledge, Mode, Saved, opponents};
use rand::Rng;

use crate::knowledge_file;
use crate::manager::{ExternalBrain, Info};
use crate::output::{self, printable};
use crate::signals;

/// Who plays blue against the computer.
#[derive(Clone, Debug)]
pub enum Opponent {
    Random,
    Greedy,
    Pbrain(String),
}

impl FromStr for Opponent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Opponent::Random),
            "greedy" => Ok(Opponent::Greedy),
            _ => match s.strip_prefix("pbrain:") {
                Some(cmd) if !cmd.trim().is_empty() => Ok(Opponent::Pbrain(cmd.to_string())),
                _ => Err("expected random, greedy or pbrain:\"COMMAND\"".to_string()),
            },
        }
    }
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Random => write!(f, "random"),
            Opponent::Greedy => write!(f, "greedy"),
            Opponent::Pbrain(c) => write!(f, "pbrain:{c}"),
        }
    }
}

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
}

impl Blue {
    /// Blue's move, given red's last move (none when blue begins).
    fn reply(&mut self, game: &Game, red: Option<Cell>) -> Result<Cell> {
        match self {
            Blue::BuiltIn(Opponent::Random, rng) => Ok(opponents::random_move(game.board(), rng)
                .expect("a move on a board that is not full")),
            Blue::BuiltIn(_, rng) => Ok(opponents::greedy_move(game.board(), Color::Blue, rng)
                .expect("a move on a board that is not full")),
            Blue::External(brain) => match red {
                None => brain.begin(),
                Some(cell) => brain.turn(cell),
            },
        }
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
    let mut knowledge = knowledge_file::open(&o.knowledge, o.player.as_deref(), true)?;
    knowledge_file::check_writable(&o.knowledge)?;
    signals::catch()?;
    let start_level = knowledge.level();
    let mut seeds = o.seed.map_or_else(rng_from_entropy, rng_from_seed);
    let mut computer_rng = rng_from_seed(seeds.random());
    let mut blue = match &o.opponent {
        Opponent::Pbrain(cmd) => {
            Blue::External(ExternalBrain::start(cmd, o.timeout, &o.engine_info)?)
        }
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
    for n in 0..o.games {
        if signals::received().is_some() {
            break;
        }
        let first = if o.computer_starts {
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
            )
        });
        if let Err(e) = result {
            if signals::received().is_none() {
                failure = Some(e.context(format!("game {}", n + 1)));
            }
            break;
        }
        played += 1;
        if last_save.elapsed() >= o.save_every {
            bar.suspend(|| {
                if let Err(e) = knowledge_file::save(&mut knowledge, &o.knowledge) {
                    eprintln!("match5-cli: warning: {}", printable(&format!("{e:#}")));
                }
            });
            last_save = Instant::now();
        }
        bar.set_message(format!("level {}", knowledge.level()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Blue::External(brain) = blue {
        brain.end();
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let saved = knowledge_file::save(&mut knowledge, &o.knowledge);
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
        Ok(r) => match &r.saved {
            Saved::Written(p) => text.push_str(&format!(
                "Saved to {}.\n",
                printable(&p.display().to_string())
            )),
            Saved::Erased(p) => text.push_str(&format!(
                "The knowledge is empty: {} removed.\n",
                printable(&p.display().to_string())
            )),
        },
        Err(_) => text.push_str("Not saved: the file holds what was saved before.\n"),
    }
    output::print(&text)?;
    saved?;
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(signal.map_or(Finish::Done, Finish::Interrupted))
}

fn play_one(
    knowledge: &mut Knowledge,
    blue: &mut Blue,
    rng: &mut GameRng,
    first: Color,
    tally: &mut Tally,
) -> Result<()> {
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
    let changes = match5_engine::finish_game(knowledge, &game);
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
    Ok(())
}
