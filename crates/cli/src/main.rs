//! `match5-cli`: train and inspect Match5 knowledge, and play as a Gomocup
//! brain. Exit codes: 0 fine, 1 bad input (message on stderr), 2 usage.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use match5_cli::output::printable;
use match5_cli::{leapfrog, pbrain, show, tictactoe, tiles, train};
use match5_practice::Info;

#[derive(Parser)]
#[command(
    name = "match5-cli",
    version,
    about = "Train and inspect Match5 knowledge; play as a Gomocup brain; solve the leap-frog puzzle"
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
        /// Learn nothing; with --seed every game starts from that seed, so
        /// the same position always gets the same answer (a deterministic
        /// opponent for `train`).
        #[arg(long, conflicts_with = "save")]
        frozen: bool,
        /// How the computer plays where no pattern tells it: `classic`
        /// (the 2012 program: a random field next to a stone) or `sharp`
        /// (it reads fours, threes and forced wins, within a budget). Both
        /// learn the same way.
        #[arg(long, value_name = "STYLE", default_value = "classic")]
        style: match5_five::Style,
    },
    /// Let the computer learn by playing games against an opponent.
    Train {
        /// The knowledge to train; created when it does not exist.
        #[arg(long, value_name = "FILE")]
        knowledge: PathBuf,
        /// How many games to play.
        #[arg(long, value_name = "N")]
        games: u64,
        /// The training family: `random`, `greedy`, `search:DEPTH` (a
        /// deterministic player looking 1 to 4 moves ahead), `noisy:DEPTH`
        /// (the same with random openings and some random moves),
        /// `tactical:DEPTH` (the noisy one that also plays its wins by fours
        /// and takes the other side's), `self` (a
        /// copy of the computer's own knowledge, which learns too, in
        /// memory), `noisy-self`. Held out, for measuring: `threat` (a
        /// player of fours, open threes and forcing sequences) and
        /// `pbrain:"COMMAND"` for an external Gomocup engine.
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
        /// Take turns: the computer starts every other game (games where it
        /// starts teach it more).
        #[arg(long)]
        alternate: bool,
        /// Seconds to wait for each answer of an external engine; one that
        /// does not answer in time is stopped.
        #[arg(long, value_name = "SECONDS", default_value_t = 30)]
        timeout: u64,
        /// An INFO setting for an external engine, sent after START and
        /// every RESTART (repeatable). Unless given otherwise, engines get
        /// "timeout_turn 1000" and "timeout_match 0".
        #[arg(long, value_name = "KEY VALUE")]
        engine_info: Vec<Info>,
        /// Save the knowledge at least this often (and at the end, and on
        /// Ctrl+C or SIGTERM). Before the first game a probe of the file's
        /// size and a margin is written, so a full disk stops the run at
        /// once; a save that fails later stops it too, and the file keeps
        /// what was saved before.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        save_every: f64,
        /// Write one line per game to FILE: the result from the computer's
        /// side (won, lost or drawn), then every move of both sides in order
        /// as x,y (0 to 8), separated by spaces.
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
        /// Write the learning curve to FILE as CSV: game, the computer's
        /// result, its level after the game, and the share of the last 100
        /// games it lost.
        #[arg(long, value_name = "FILE")]
        curve: Option<PathBuf>,
        /// Start every game's random choices (the computer's free moves, a
        /// built-in opponent's) from the same seeds: a game then differs
        /// from the one before only by what the computer learned, which is
        /// how to test that it never loses the same game twice.
        #[arg(long)]
        same_start: bool,
        /// New knowledge starts as a copy of a trained computer that comes
        /// with Match5 (`greedy`, `self-play`, `curriculum`; `nothing` is
        /// empty knowledge); see `match5-cli ladder`.
        #[arg(long, value_name = "NAME")]
        start_from: Option<String>,
        /// Play the games without learning and without saving: measures
        /// what the knowledge can do (tools/ladder-strength).
        #[arg(long)]
        frozen: bool,
        /// Refuse an opponent of the held-out family (the threat player,
        /// an external engine): how tools/make-ladder trains the computers
        /// Match5 ships, so that they are measured against strangers.
        #[arg(long)]
        training_family: bool,
        /// How the computer plays where no pattern tells it: `classic`
        /// (the 2012 program: a random field next to a stone) or `sharp`
        /// (it reads fours, threes and forced wins, within a budget). Both
        /// learn the same way.
        #[arg(long, value_name = "STYLE", default_value = "classic")]
        style: match5_five::Style,
    },
    /// The trained computers a new player may start from, with what each
    /// can do (measured by tools/ladder-strength): `train --start-from NAME`.
    Ladder {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The move a built-in player would make: prints `x,y` (0 to 8 from
    /// the left top), or nothing on a full board.
    Move {
        /// `random`, `greedy`, `search:DEPTH`, `noisy:DEPTH` or `threat`.
        #[arg(long, value_name = "OPPONENT")]
        player: train::Opponent,
        /// The board: 81 fields row by row from the top, `.` empty, `B`
        /// blue, `R` red (white space is ignored).
        #[arg(long, value_name = "FIELDS")]
        board: String,
        /// The colour to move: `blue` or `red`.
        #[arg(long, value_name = "COLOUR", default_value = "blue")]
        color: String,
        /// Seed of the player's random choices.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
    },
    /// Show a knowledge file: owner, password, level and every pattern.
    Show {
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Print the history of games instead of the patterns: each game's
        /// result (won: the player won), the level after it, the share of
        /// the last 100 games the player won and lost, and the date.
        #[arg(long)]
        history: bool,
    },
    /// The leap-frog puzzle: K frogs of each kind on 2K + 1 fields.
    Leapfrog {
        #[command(subcommand)]
        command: Leapfrog,
    },
    /// The tile game (Tegelspel): game files as the seed gives them (the
    /// pot; M N; K L; K rows "yellow blue" per player; the player to move).
    Tiles {
        #[command(subcommand)]
        command: Tiles,
    },
    /// The self-learning tic-tac-toe of 1983: the computer plays O and
    /// learns a preference for every position it makes.
    Tictactoe {
        #[command(subcommand)]
        command: Tictactoe,
    },
}

#[derive(Subcommand)]
enum Tictactoe {
    /// Train the computer: games against an opponent that plays X and
    /// begins; wins, losses and draws per block of games. It goes on from
    /// the knowledge in its file and saves it there again.
    Train(tictactoe::TrainArgs),
}

#[derive(Subcommand)]
enum Tiles {
    /// Print the seed's Figure 3, a game file to start from.
    Example,
    /// The best score for the player to move, her best move, every move's
    /// score, the positions looked at and the full game tree's size: exact
    /// when the search finishes within the limit, otherwise the best found
    /// and said so ("not proven"; JSON "exact": false).
    Best {
        file: PathBuf,
        /// Seconds each search (the best score, the tree count) may take.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        limit: f64,
        /// Memory each search may keep positions in, in MiB.
        #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65_536))]
        memory: u32,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The seed's good move: after each move, random games to the end; the
    /// move with the best average score.
    Good {
        file: PathBuf,
        /// Random games after each move.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        simulations: u32,
        /// Seconds the random games may take; fewer are played when it
        /// runs out (and the answer says how many).
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        limit: f64,
        /// Seed of the random games (the same seed gives the same answer).
        #[arg(long)]
        seed: Option<u64>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The seed's experiment: good moves to the end, then moves taken back
    /// one by one, with a best-score search and a full-tree count after
    /// each, until one takes longer than the limit.
    Experiment {
        file: PathBuf,
        /// Seconds one search may take before the experiment stops.
        #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
        limit: f64,
        /// Random games per move for the good moves.
        #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        simulations: u32,
        /// Seed of the good moves' random games.
        #[arg(long)]
        seed: Option<u64>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal: two sides, each human, best, good, greedy or
    /// random (player 0 first), as `--players human,best`.
    Play {
        file: PathBuf,
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<tiles::play::Side>,
        /// Random games per move of a `good` player.
        #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        simulations: u32,
        /// Seconds a computer player may think about a move.
        #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
        limit: f64,
        /// Seed of the good and random players.
        #[arg(long)]
        seed: Option<u64>,
    },
}

#[derive(Subcommand)]
enum Leapfrog {
    /// The first solution in the seed's order: each move from->to (field
    /// numbers from 1) and the position after it.
    Solve {
        /// Frogs of each kind, 1 to 10.
        #[arg(value_name = "K", value_parser = clap::value_parser!(u8).range(1..=10))]
        frogs: u8,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Positions reachable from the start, dead ends, solutions, moves.
    Stats {
        /// Frogs of each kind, 1 to 10.
        #[arg(value_name = "K", value_parser = clap::value_parser!(u8).range(1..=10))]
        frogs: u8,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// The longest line of a usage error: an argument of 100,000 characters is
/// quoted in part.
const MAX_ERROR_LINE: usize = 200;

/// The command line, or clap's answer to a wrong one with every line of it
/// made safe: hidden characters escaped, long lines cut (clap quotes the
/// bad argument as it came).
fn parse_arguments() -> Result<Cli, ExitCode> {
    use clap::error::ErrorKind;
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            Err(ExitCode::SUCCESS)
        }
        Err(e) => {
            let text = e.render().to_string();
            for line in text.lines() {
                eprintln!(
                    "{}",
                    printable(&match5_common::text::excerpt(line, MAX_ERROR_LINE))
                );
            }
            Err(ExitCode::from(2))
        }
    }
}

fn main() -> ExitCode {
    // Before any thread: a search's large tables go back to the system
    // when it ends, whichever thread it ran on.
    match5_common::memory::large_blocks_mapped();
    let cli = match parse_arguments() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Pbrain {
            knowledge,
            save,
            seed,
            explain,
            frozen,
            style,
        } => pbrain::run(knowledge.as_deref(), save, seed, explain, frozen, style).map(|()| 0),
        Command::Train {
            knowledge,
            games,
            opponent,
            seed,
            player,
            computer_starts,
            alternate,
            timeout,
            engine_info,
            save_every,
            log,
            curve,
            same_start,
            start_from,
            frozen,
            training_family,
            style,
        } => train::run(&train::Options {
            knowledge,
            games,
            opponent,
            seed,
            player,
            computer_starts,
            alternate,
            timeout: std::time::Duration::from_secs(timeout),
            engine_info,
            save_every: std::time::Duration::try_from_secs_f64(save_every.max(0.0))
                .unwrap_or(std::time::Duration::MAX),
            log,
            curve,
            same_start,
            start_from,
            frozen,
            training_family,
            style,
        })
        .map(|finish| match finish {
            train::Finish::Done => 0,
            // The shell's way to say a program was stopped by a signal.
            train::Finish::Interrupted(signal) => 128 + signal as u8,
        }),
        Command::Ladder { json } => show::ladder(json).map(|()| 0),
        Command::Move {
            player,
            board,
            color,
            seed,
        } => train::suggest(&player, &board, &color, seed).map(|()| 0),
        Command::Show {
            file,
            json,
            history,
        } => show::run(&file, json, history).map(|()| 0),
        Command::Leapfrog {
            command: Leapfrog::Solve { frogs, json },
        } => leapfrog::solve(frogs.into(), json).map(|()| 0),
        Command::Leapfrog {
            command: Leapfrog::Stats { frogs, json },
        } => leapfrog::figures(frogs.into(), json).map(|()| 0),
        Command::Tiles { command } => run_tiles(command).map(|()| 0),
        Command::Tictactoe {
            command: Tictactoe::Train(args),
        } => tictactoe::run_train(args).map(|()| 0),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("match5-cli: {}", printable(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}

fn run_tiles(command: Tiles) -> anyhow::Result<()> {
    match command {
        Tiles::Example => tiles::example(),
        Tiles::Best {
            file,
            limit,
            memory,
            json,
        } => {
            let budget = match5_tiles::Budget {
                memory: (memory as usize) << 20,
                ..tiles::budget(limit)?
            };
            tiles::best(&file, budget, json)
        }
        Tiles::Good {
            file,
            simulations,
            limit,
            seed,
            json,
        } => tiles::good(
            &file,
            simulations as usize,
            tiles::budget(limit)?,
            seed,
            json,
        ),
        Tiles::Experiment {
            file,
            limit,
            simulations,
            seed,
            json,
        } => tiles::run_experiment(&file, limit, simulations as usize, seed, json),
        Tiles::Play {
            file,
            players,
            simulations,
            limit,
            seed,
        } => match players[..] {
            [first, second] => tiles::play::play(
                &file,
                [first, second],
                simulations as usize,
                tiles::budget(limit)?,
                seed,
            ),
            _ => anyhow::bail!("--players takes two players, as human,best"),
        },
    }
}
