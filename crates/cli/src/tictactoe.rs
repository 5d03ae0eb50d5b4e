//! `match5-cli tictactoe`: training the self-learning tic-tac-toe of the
//! 1983 article against random, perfect or learning opponents.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use match5_common::random::{rng_from_entropy, rng_from_seed};
use match5_tictactoe::store::{self, KnowledgeFile};
use match5_tictactoe::{Knowledge, Opponent, Rewards, Tally, train};
use serde::Serialize;

use crate::output::print;

/// The `--json` answer: the whole tally, the positions stored, and a
/// tally per block.
#[derive(Serialize)]
struct Out {
    #[serde(flatten)]
    total: Tally,
    stored: usize,
    blocks: Vec<Tally>,
}

/// `win,draw,loss`, as `1,0,-1`.
pub fn parse_rewards(text: &str) -> Result<Rewards, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [win, draw, loss] = parts[..] else {
        return Err("give three rewards, win,draw,loss, as 1,0,-1".into());
    };
    let number = |s: &str| {
        s.parse::<i32>()
            .ok()
            .filter(|v| v.abs() <= 1000)
            .ok_or_else(|| format!("'{s}' is not a whole number from -1000 to 1000"))
    };
    Ok(Rewards {
        win: number(win)?,
        draw: number(draw)?,
        loss: number(loss)?,
    })
}

/// `match5-cli tictactoe train`.
#[derive(clap::Args)]
pub struct TrainArgs {
    /// `random`, `perfect` (minimax, a random choice among the best moves)
    /// or `learner` (a second learning computer).
    #[arg(long)]
    pub opponent: String,
    /// How many games (1 to 10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Games per block of the table.
    #[arg(long, value_name = "B", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub block: u64,
    /// Seed of every random choice (the same seed gives the same games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// What a won, drawn and lost game adds to the preference of each
    /// position the computer made in it (the article: 1,0,-1; MENACE:
    /// 3,1,-1). A new file takes these; one that has learned keeps its own.
    #[arg(long, value_name = "WIN,DRAW,LOSS", value_parser = parse_rewards, allow_hyphen_values = true)]
    pub rewards: Option<Rewards>,
    /// The knowledge file (default: the app's,
    /// `$XDG_DATA_HOME/match5/tic-tac-toe.toml`).
    #[arg(long, value_name = "FILE")]
    pub knowledge: Option<PathBuf>,
    /// Forget what the file holds and start from nothing.
    #[arg(long)]
    pub fresh: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

fn rewards_text(r: Rewards) -> String {
    format!("{},{},{}", r.win, r.draw, r.loss)
}

/// Trains the computer (O) of the knowledge file against an opponent (X,
/// who begins), holding the file's lock, and saves it.
pub fn run_train(args: TrainArgs) -> Result<()> {
    let TrainArgs {
        opponent,
        games,
        block,
        seed,
        rewards,
        knowledge,
        fresh,
        json,
    } = args;
    let mut opponent = match opponent.as_str() {
        "random" => Opponent::Random,
        "perfect" => Opponent::Perfect,
        "learner" => Opponent::Learner(Box::default()),
        other => bail!("'{other}' is not an opponent: random, perfect or learner"),
    };
    let path = match knowledge {
        Some(p) => p,
        None => store::default_path().context(
            "cannot find the data folder: set XDG_DATA_HOME or HOME, or give --knowledge FILE",
        )?,
    };
    // Training on a full disk stops before the first game, not after the
    // last (the file is small: a probe of 64 KiB says whether it fits).
    match5_common::disk::check_room(&path, 64 * 1024).with_context(|| {
        format!(
            "{}: there is no room to save the knowledge there; nothing was played",
            match5_common::text::quote_path(&path)
        )
    })?;
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let wanted = rewards.unwrap_or_default();
    let (_, computer, run) = KnowledgeFile::update(&path, wanted, |computer| {
        if fresh {
            *computer = Knowledge::new(wanted);
        }
        if let Some(r) = rewards
            && r != computer.rewards()
        {
            if !computer.is_empty() {
                return Err(anyhow!(
                    "{} has learned with the rewards {}; train it with those, or start anew with --fresh",
                    match5_common::text::quote_path(&path),
                    rewards_text(computer.rewards())
                ));
            }
            *computer = Knowledge::new(r);
        }
        if let Opponent::Learner(x) = &mut opponent {
            **x = Knowledge::new(computer.rewards());
        }
        Ok(train(
            computer,
            &mut opponent,
            games,
            block,
            &mut rng,
            &mut |_, _| true,
        ))
    })
    .and_then(|updated| updated.into_written())
    .map_err(|e| anyhow!("{e}"))?;
    let run = run?;
    let out = Out {
        total: run.total,
        stored: computer.len(),
        blocks: run.blocks,
    };
    let text = if json {
        serde_json::to_string(&out)? + "\n"
    } else {
        let mut text = format!(
            "{} games: the computer won {}, lost {}, drew {}; it knows {} positions (at most {}), learned from {} games in all with the rewards {}.\n",
            out.total.games,
            out.total.wins,
            out.total.losses,
            out.total.draws,
            out.stored,
            match5_tictactoe::enumerate::MOST,
            computer.games(),
            rewards_text(computer.rewards()),
        );
        text += &format!(
            "{:>8}  {:>6}  {:>6}  {:>6}\n",
            "games", "won", "lost", "drawn"
        );
        let mut played = 0;
        for b in &out.blocks {
            played += b.games;
            text += &format!(
                "{played:>8}  {:>6}  {:>6}  {:>6}\n",
                b.wins, b.losses, b.draws
            );
        }
        text += &format!("Saved in {}.\n", path.display());
        text
    };
    print(&text)?;
    Ok(())
}
