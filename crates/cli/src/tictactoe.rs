//! `match5-cli tictactoe`: training the self-learning tic-tac-toe of the
//! 1983 article against random, perfect or learning opponents.

use anyhow::{Result, bail};
use match5_engine::computer::{rng_from_entropy, rng_from_seed};
use match5_tictactoe::{Knowledge, Opponent, Rewards, Tally, train};
use serde::Serialize;

use crate::output::print;

#[derive(Serialize)]
struct Block {
    games: u64,
    wins: u64,
    losses: u64,
    draws: u64,
}

impl From<Tally> for Block {
    fn from(t: Tally) -> Block {
        Block {
            games: t.games,
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
        }
    }
}

#[derive(Serialize)]
struct Out {
    games: u64,
    wins: u64,
    losses: u64,
    draws: u64,
    stored: usize,
    blocks: Vec<Block>,
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

/// Trains a new computer (O) against `opponent` (X, who begins).
pub fn run_train(
    opponent: &str,
    games: u64,
    block: u64,
    seed: Option<u64>,
    rewards: Rewards,
    json: bool,
) -> Result<()> {
    let mut opponent = match opponent {
        "random" => Opponent::Random,
        "perfect" => Opponent::Perfect,
        "learner" => Opponent::Learner(Box::new(Knowledge::new(rewards))),
        other => bail!("'{other}' is not an opponent: random, perfect or learner"),
    };
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let mut computer = Knowledge::new(rewards);
    let run = train(
        &mut computer,
        &mut opponent,
        games,
        block,
        &mut rng,
        &mut |_, _| true,
    );
    let out = Out {
        games: run.total.games,
        wins: run.total.wins,
        losses: run.total.losses,
        draws: run.total.draws,
        stored: computer.len(),
        blocks: run.blocks.into_iter().map(Block::from).collect(),
    };
    let text = if json {
        serde_json::to_string(&out)? + "\n"
    } else {
        let mut text = format!(
            "{} games: the computer won {}, lost {}, drew {}; it knows {} positions (at most {}).\n",
            out.games,
            out.wins,
            out.losses,
            out.draws,
            out.stored,
            match5_tictactoe::enumerate::MOST
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
        text
    };
    print(&text)?;
    Ok(())
}
