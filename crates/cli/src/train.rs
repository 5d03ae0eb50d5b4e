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
use crate::manager::ExternalBrain;

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
}

#[derive(Default)]
struct Tally {
    computer_won: u64,
    computer_lost: u64,
    drawn: u64,
    learned: u64,
    junk: u64,
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

pub fn run(o: &Options) -> Result<()> {
    if o.games == 0 {
        bail!("--games must be at least 1");
    }
    let mut knowledge = knowledge_file::open(&o.knowledge, o.player.as_deref(), true)?;
    let start_level = knowledge.level();
    let mut seeds = o.seed.map_or_else(rng_from_entropy, rng_from_seed);
    let mut computer_rng = rng_from_seed(seeds.random());
    let mut blue = match &o.opponent {
        Opponent::Pbrain(cmd) => Blue::External(ExternalBrain::start(cmd, o.timeout)?),
        builtin => Blue::BuiltIn(builtin.clone(), Box::new(rng_from_seed(seeds.random()))),
    };
    let bar = ProgressBar::new(o.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games · {msg} · {eta} left")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    for n in 0..o.games {
        if n > 0
            && let Blue::External(brain) = &mut blue
        {
            brain.restart()?;
        }
        let first = if o.computer_starts {
            Color::Red
        } else {
            Color::Blue
        };
        let result = play_one(
            &mut knowledge,
            &mut blue,
            &mut computer_rng,
            first,
            &mut tally,
        );
        if let Err(e) = result {
            bar.abandon();
            if let Blue::External(brain) = blue {
                brain.end();
            }
            return Err(e.context(format!("game {}", n + 1)));
        }
        bar.set_message(format!("level {}", knowledge.level()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Blue::External(brain) = blue {
        brain.end();
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let saved = knowledge_file::save(&mut knowledge, &o.knowledge)?;
    println!(
        "{} games against {}: the computer won {}, lost {}, drew {}.",
        o.games, o.opponent, tally.computer_won, tally.computer_lost, tally.drawn
    );
    println!(
        "Knowledge of {}: level {} -> {} ({} patterns learned, {} removed as junk).",
        knowledge.player(),
        start_level,
        knowledge.level(),
        tally.learned,
        tally.junk
    );
    println!("{:.0} games per second.", o.games as f64 / seconds);
    match saved {
        Saved::Written(p) => println!("Saved to {}.", p.display()),
        Saved::Erased(p) => println!("The knowledge is empty: {} removed.", p.display()),
    }
    Ok(())
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
    let outcome = game.outcome().expect("over").clone();
    knowledge.record(&outcome);
    match outcome.winner() {
        Some(Color::Red) => tally.computer_won += 1,
        Some(Color::Blue) => {
            tally.computer_lost += 1;
            for change in knowledge.learn_from(&game) {
                match change {
                    Change::Added { .. } => tally.learned += 1,
                    Change::Removed { .. } => tally.junk += 1,
                }
            }
        }
        None => tally.drawn += 1,
    }
    Ok(())
}
