//! `match5-cli tiles`: the tile game (Tegelspel) of the seed `002`: the
//! exact best score, the Monte Carlo good move, the take-back experiment,
//! and a game in the terminal.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use match5_common::disk::read_bounded;
use match5_common::random::{rng_from_entropy, rng_from_seed};
use match5_tiles::file::MAX_FILE_BYTES;
use match5_tiles::players::good_move_within;
use match5_tiles::search::{Best, Budget, tree_size_within};
use match5_tiles::{Colour, EXAMPLE, Game, Move, best_score_within, experiment};
use serde::Serialize;

use crate::output::{print, printable};

pub mod play;

/// Reads a game file; errors name the file and the line.
pub fn read(path: &Path) -> Result<Game> {
    let shown = match5_common::text::quote_path(path);
    let bytes = read_bounded(path, MAX_FILE_BYTES)
        .map_err(|e| anyhow::anyhow!("cannot open {shown}: {}", e.error))?;
    if bytes.len() > MAX_FILE_BYTES {
        bail!("{shown} is larger than 1 MB: not a game file");
    }
    let text =
        String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{shown} is not a text file"))?;
    match5_tiles::parse(&text)
        .map_err(|e| anyhow::anyhow!("{shown}: {}", printable(&e.to_string())))
}

#[derive(Serialize)]
struct MoveJson {
    bowl: usize,
    colour: String,
}

impl From<Move> for MoveJson {
    fn from(m: Move) -> MoveJson {
        MoveJson {
            bowl: m.bowl,
            colour: m.colour.letter().to_string(),
        }
    }
}

#[derive(Serialize)]
struct ScoredMove {
    bowl: usize,
    colour: String,
    score: i32,
}

#[derive(Serialize)]
struct BestJson {
    score: i32,
    #[serde(rename = "move")]
    best: Option<MoveJson>,
    /// The search reached every end: the score is the exact best score.
    exact: bool,
    /// Moves looked ahead.
    depth: u32,
    tree_positions: u128,
    /// The whole tree was counted (otherwise it holds more).
    tree_complete: bool,
    visited: u64,
    ms: f64,
    distinct_positions: u64,
    tree_ms: f64,
    /// What the searches may use: seconds each, and MiB.
    limit: f64,
    memory_mib: usize,
    moves: Vec<ScoredMove>,
}

/// A "thinking…" spinner on standard error while a search runs, when that
/// is a terminal (never in a pipe or a file).
fn thinking(what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new_spinner()
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"),
    );
    bar.set_message(format!("{what}…"));
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// The search's budget from the command line: `limit` seconds each, in
/// the memory every search has unless told otherwise.
pub fn budget(limit: f64) -> Result<Budget> {
    let time = Duration::try_from_secs_f64(limit)
        .ok()
        .filter(|t| !t.is_zero())
        .context("the limit is a number of seconds above 0")?;
    Ok(Budget {
        time: Some(time),
        ..Budget::EXACT
    })
}

/// The best move within `budget`, with a spinner that says how far it is.
fn search(game: &Game, budget: Budget) -> Best {
    let bar = thinking("Thinking");
    let seconds = budget.time.map_or(0.0, |t| t.as_secs_f64());
    let best = best_score_within(game, budget, &|| false, &mut |p| {
        bar.set_message(format!(
            "Thinking… looking {} moves ahead, {} positions, {:.0} of {seconds:.0} s",
            p.depth,
            p.visited,
            p.elapsed.as_secs_f64()
        ));
    })
    .expect("a time limit always gives an answer");
    bar.finish_and_clear();
    best
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Prints the seed's Figure 3 (a game file to start from).
pub fn example() -> Result<()> {
    print(EXAMPLE)?;
    Ok(())
}

/// The best score for the player to move, her best move, every move's
/// score, the full tree's size and the work, each search within `budget`.
pub fn best(path: &Path, budget: Budget, json: bool) -> Result<()> {
    let game = read(path)?;
    let best = search(&game, budget);
    let bar = thinking("Counting the full game tree");
    let tree = tree_size_within(&game, budget, &|| false);
    bar.finish_and_clear();
    let limit = budget.time.map_or(0.0, |t| t.as_secs_f64());
    let out = BestJson {
        score: best.score,
        best: best.best.map(MoveJson::from),
        exact: best.exact,
        depth: best.depth,
        tree_positions: tree.positions,
        tree_complete: tree.complete,
        visited: best.visited,
        ms: ms(best.elapsed),
        distinct_positions: tree.distinct,
        tree_ms: ms(tree.elapsed),
        limit,
        memory_mib: budget.memory >> 20,
        moves: best
            .moves
            .iter()
            .map(|(m, score)| ScoredMove {
                bowl: m.bowl,
                colour: m.colour.letter().to_string(),
                score: *score,
            })
            .collect(),
    };
    let text = if json {
        serde_json::to_string(&out)? + "\n"
    } else {
        let who = player_name(game.to_move());
        let mut text = match best.best {
            Some(m) if best.exact => format!(
                "Best score for {who}, who is to move: {}, with {}\n",
                best.score,
                describe(m)
            ),
            Some(m) => format!(
                "Best found for {who} within {limit} s, looking {} moves ahead (not proven): score {}, with {}\n",
                best.depth,
                best.score,
                describe(m)
            ),
            None => format!("The game is over: {who} scores {}\n", best.score),
        };
        for (m, score) in &best.moves {
            text += &format!("  {:<24} {score:>3}\n", describe(*m));
        }
        text += &format!(
            "Looked at {} positions in {:.1} ms.\n",
            best.visited, out.ms
        );
        text += &if tree.complete {
            format!(
                "The full game tree holds {} positions ({} distinct), counted in {:.1} ms.\n",
                tree.positions, tree.distinct, out.tree_ms
            )
        } else {
            format!(
                "The full game tree holds more than {} positions (counting stopped at the limit of {limit} s).\n",
                tree.positions
            )
        };
        text
    };
    print(&text)?;
    Ok(())
}

fn player_name(p: usize) -> String {
    format!("{} (player {p})", match5_tiles::game::PLAYER_NAMES[p])
}

fn describe(m: Move) -> String {
    let colour = match m.colour {
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
    };
    format!("bowl {}, {colour} ({})", m.bowl, m.colour.letter())
}

#[derive(Serialize)]
struct GoodJson {
    #[serde(rename = "move")]
    best: MoveJson,
    /// Random games played after each move.
    simulations: usize,
    /// As many as asked (false: the time limit came first).
    complete: bool,
    averages: Vec<AverageJson>,
}

#[derive(Serialize)]
struct AverageJson {
    bowl: usize,
    colour: String,
    average: f64,
}

/// The seed's good move: `simulations` random games after each move, or
/// as many as `limit` allows.
pub fn good(
    path: &Path,
    simulations: usize,
    limit: Budget,
    seed: Option<u64>,
    json: bool,
) -> Result<()> {
    let game = read(path)?;
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let bar = thinking("Playing random games");
    let good = good_move_within(&game, simulations, limit.time, &mut rng);
    bar.finish_and_clear();
    let Some(good) = good else {
        bail!(
            "the game in {} is over",
            match5_common::text::quote_path(path)
        );
    };
    let text = if json {
        let out = GoodJson {
            best: good.best.into(),
            simulations: good.simulations,
            complete: good.simulations >= simulations,
            averages: good
                .averages
                .iter()
                .map(|(m, a)| AverageJson {
                    bowl: m.bowl,
                    colour: m.colour.letter().to_string(),
                    average: *a,
                })
                .collect(),
        };
        serde_json::to_string(&out)? + "\n"
    } else {
        let cut = if good.simulations < simulations {
            format!("; the time limit came before {simulations}")
        } else {
            String::new()
        };
        let mut text = format!(
            "Good move for {}: {} ({} random games after each move{cut})\n",
            player_name(game.to_move()),
            describe(good.best),
            good.simulations
        );
        for (m, a) in &good.averages {
            text += &format!("  {:<24} average {a:+.3}\n", describe(*m));
        }
        text
    };
    print(&text)?;
    Ok(())
}

#[derive(Serialize)]
struct StepJson {
    taken_back: usize,
    score: Option<i32>,
    visited: Option<u64>,
    ms: Option<f64>,
    tree_positions: Option<u128>,
    distinct_positions: Option<u64>,
    tree_ms: Option<f64>,
    over_limit: bool,
}

/// The seed's experiment: good moves to the end, then moves taken back one
/// by one with a best-score search after each, until one takes longer than
/// `limit` seconds.
pub fn run_experiment(
    path: &Path,
    limit: f64,
    simulations: usize,
    seed: Option<u64>,
    json: bool,
) -> Result<()> {
    let game = read(path)?;
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let limit = Duration::try_from_secs_f64(limit).context("the limit must be seconds")?;
    if !json {
        print(&format!(
            "{:>6}  {:>6}  {:>10}  {:>10}  {:>22}  {:>12}  {:>11}\n",
            "back", "score", "looked at", "ms", "full tree", "distinct", "counted ms"
        ))?;
    }
    let mut rows = Vec::new();
    let result = experiment::run(
        &game,
        simulations,
        &mut rng,
        limit,
        &|| false,
        &mut |s, _| {
            let row = StepJson {
                taken_back: s.taken_back,
                score: s.best.as_ref().map(|b| b.score),
                visited: s.best.as_ref().map(|b| b.visited),
                ms: s.best.as_ref().map(|b| ms(b.elapsed)),
                tree_positions: s.tree.as_ref().map(|t| t.positions),
                distinct_positions: s.tree.as_ref().map(|t| t.distinct),
                tree_ms: s.tree.as_ref().map(|t| ms(t.elapsed)),
                over_limit: s.over_limit(),
            };
            if !json {
                let show = |v: Option<String>| v.unwrap_or_else(|| "over limit".into());
                let _ = print(&format!(
                    "{:>6}  {:>6}  {:>10}  {:>10}  {:>22}  {:>12}  {:>11}\n",
                    row.taken_back,
                    show(row.score.map(|v| v.to_string())),
                    show(row.visited.map(|v| v.to_string())),
                    show(row.ms.map(|v| format!("{v:.1}"))),
                    show(row.tree_positions.map(|v| v.to_string())),
                    show(row.distinct_positions.map(|v| v.to_string())),
                    show(row.tree_ms.map(|v| format!("{v:.1}"))),
                ));
            }
            rows.push(row);
        },
    );
    if json {
        #[derive(Serialize)]
        struct Out {
            played: Vec<MoveJson>,
            steps: Vec<StepJson>,
        }
        let out = Out {
            played: result.played.iter().map(|m| MoveJson::from(*m)).collect(),
            steps: rows,
        };
        print(&(serde_json::to_string(&out)? + "\n"))?;
    }
    Ok(())
}
