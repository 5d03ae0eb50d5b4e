//! `match5-cli`: train and inspect Match5 knowledge, and play as a Gomocup
//! brain. Exit codes: 0 fine, 1 bad input (message on stderr), 2 usage.

mod knowledge_file;
mod manager;
mod pbrain;
mod show;
mod train;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "match5-cli",
    version,
    about = "Train and inspect Match5 knowledge; play as a Gomocup brain"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play as a brain of the Gomocup protocol on standard input and output
    /// (the brain plays red).
    Pbrain {
        /// Knowledge to play with (and learn into); empty knowledge without it.
        #[arg(long, value_name = "FILE")]
        knowledge: Option<PathBuf>,
        /// Write the knowledge back to FILE on END.
        #[arg(long, requires = "knowledge")]
        save: bool,
        /// Seed of the random free moves (the same seed gives the same game).
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Say before each move why it is played (a DEBUG line).
        #[arg(long)]
        explain: bool,
    },
    /// Let the computer learn by playing games against an opponent.
    Train {
        /// The knowledge to train; created when it does not exist.
        #[arg(long, value_name = "FILE")]
        knowledge: PathBuf,
        /// How many games to play.
        #[arg(long, value_name = "N")]
        games: u64,
        /// `random`, `greedy`, or `pbrain:"COMMAND"` for an external Gomocup engine.
        #[arg(long, value_name = "OPPONENT")]
        opponent: train::Opponent,
        /// Seed of every random choice (the same seed gives the same games).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Player name for new knowledge (default: the file name).
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
        /// The computer (red) moves first instead of the opponent.
        #[arg(long)]
        computer_starts: bool,
        /// Seconds to wait for each answer of an external engine.
        #[arg(long, value_name = "SECONDS", default_value_t = 30)]
        timeout: u64,
    },
    /// Show a knowledge file: owner, password, level and every pattern.
    Show {
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Pbrain {
            knowledge,
            save,
            seed,
            explain,
        } => pbrain::run(knowledge.as_deref(), save, seed, explain),
        Command::Train {
            knowledge,
            games,
            opponent,
            seed,
            player,
            computer_starts,
            timeout,
        } => train::run(&train::Options {
            knowledge,
            games,
            opponent,
            seed,
            player,
            computer_starts,
            timeout: std::time::Duration::from_secs(timeout),
        }),
        Command::Show { file, json } => show::run(&file, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("match5-cli: {e:#}");
            ExitCode::from(1)
        }
    }
}
