//! `match5-cli show`: a knowledge file for people (text) or tools (JSON).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use match5_five::files;
use serde::Serialize;

use crate::output::{print, printable};

#[derive(Serialize)]
struct Shown {
    player: String,
    password: bool,
    level: usize,
    won: u64,
    lost: u64,
    drawn: u64,
    /// Positions where the computer vetoes a field that lost a game.
    lost_lines: usize,
    patterns: Vec<ShownPattern>,
}

#[derive(Serialize)]
struct ShownPattern {
    number: usize,
    level: u32,
    /// The game that taught it (its moves are in `--history`), if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u64>,
    rows: Vec<String>,
}

#[derive(Serialize)]
struct ShownHistory {
    player: String,
    games: u64,
    /// The moving window of the rates, in games.
    window: usize,
    history: Vec<ShownGame>,
}

#[derive(Serialize)]
struct ShownGame {
    game: u64,
    result: &'static str,
    level: u32,
    date: String,
    won_rate: f64,
    lost_rate: f64,
    /// The moves of a game the player won (`B4,4` blue, `R3,3` red, `F5,4`
    /// a forced red move; x and y from 0), when the file keeps them.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
}

/// Games over which `--history` averages the player's wins and losses.
const WINDOW: usize = 100;

/// `show --history`: every game kept (the latest 10,000), with the level
/// after it and the share of the last 100 games the player won and lost.
fn history(k: &match5_five::Knowledge, json: bool) -> Result<()> {
    let h = k.history();
    let rates = h.moving_rates(WINDOW);
    if json {
        let shown = ShownHistory {
            player: k.player().to_string(),
            games: k.stats().games(),
            window: WINDOW,
            history: h
                .entries()
                .zip(&rates)
                .map(|(e, (_, won, lost))| ShownGame {
                    game: e.game,
                    result: e.result.as_str(),
                    level: e.level,
                    date: e.date.clone(),
                    won_rate: (won * 1000.0).round() / 1000.0,
                    lost_rate: (lost * 1000.0).round() / 1000.0,
                    moves: e.moves.as_ref().map(|m| m.iter().map(shown_move).collect()),
                })
                .collect(),
        };
        return Ok(print(&(serde_json::to_string_pretty(&shown)? + "\n"))?);
    }
    let mut text = String::new();
    writeln!(
        text,
        "Games of {} against the computer ({} in all, the latest {} kept):",
        printable(k.player()),
        k.stats().games(),
        h.len()
    )?;
    writeln!(
        text,
        "{:>8}  {:<6}  {:>6}  {:>9}  {:>9}  date",
        "game", "result", "level", "won/100", "lost/100"
    )?;
    for (e, (_, won, lost)) in h.entries().zip(&rates) {
        writeln!(
            text,
            "{:>8}  {:<6}  {:>6}  {:>8.0}%  {:>8.0}%  {}",
            e.game,
            e.result.as_str(),
            e.level,
            won * 100.0,
            lost * 100.0,
            e.date
        )?;
    }
    Ok(print(&text)?)
}

/// A move as `B4,4` (blue), `R3,3` (red) or `F5,4` (a forced red move).
fn shown_move(m: &match5_five::Move) -> String {
    let kind = match m.kind {
        match5_five::MoveKind::Blue => 'B',
        match5_five::MoveKind::Red => 'R',
        match5_five::MoveKind::RedForced => 'F',
    };
    format!("{kind}{}", m.cell)
}

pub fn run(path: &Path, json: bool, with_history: bool) -> Result<()> {
    let k = files::load_knowledge(path)?;
    if with_history {
        return history(&k, json);
    }
    let stats = k.stats();
    if json {
        let shown = Shown {
            player: k.player().to_string(),
            password: k.has_password(),
            level: k.level(),
            won: stats.won,
            lost: stats.lost,
            drawn: stats.drawn,
            lost_lines: k.lost_lines().len(),
            patterns: k
                .patterns()
                .iter()
                .enumerate()
                .map(|(i, p)| ShownPattern {
                    number: i + 1,
                    level: p.level(),
                    game: k.learned_in(i),
                    rows: p.rows(),
                })
                .collect(),
        };
        return Ok(print(&(serde_json::to_string_pretty(&shown)? + "\n"))?);
    }
    let mut text = String::new();
    writeln!(text, "Owner:    {}", printable(k.player()))?;
    writeln!(
        text,
        "Password: {}",
        if k.has_password() { "yes" } else { "no" }
    )?;
    writeln!(text, "Level:    {}", k.level())?;
    writeln!(
        text,
        "Games:    won {}, lost {}, drawn {}",
        stats.won, stats.lost, stats.drawn
    )?;
    for (i, p) in k.patterns().iter().enumerate() {
        writeln!(text, "\nPattern {} (level {}):", i + 1, p.level())?;
        for line in p.to_string().lines() {
            writeln!(text, "  {line}")?;
        }
    }
    Ok(print(&text)?)
}

#[derive(Serialize)]
struct ShownRung {
    name: &'static str,
    patterns: u32,
    games: u32,
    lost_to_search2: u32,
    lost_to_search3: u32,
}

/// `ladder`: every trained computer with its measured strength.
pub fn ladder(json: bool) -> Result<()> {
    let rungs: Vec<ShownRung> = match5_five::ladder::names()
        .filter_map(|name| {
            let s = match5_five::ladder::strength(name)?;
            Some(ShownRung {
                name,
                patterns: s.patterns,
                games: s.games,
                lost_to_search2: s.lost_to_search2,
                lost_to_search3: s.lost_to_search3,
            })
        })
        .collect();
    if json {
        return Ok(print(&(serde_json::to_string_pretty(&rungs)? + "\n"))?);
    }
    let mut text = String::new();
    writeln!(
        text,
        "{:<12} {:>8}  {:>16}  {:>16}",
        "start from", "patterns", "lost to search:2", "lost to search:3"
    )?;
    for r in &rungs {
        let share = |lost: u32| format!("{lost} of {} ", r.games);
        writeln!(
            text,
            "{:<12} {:>8}  {:>16}  {:>16}",
            r.name,
            r.patterns,
            share(r.lost_to_search2),
            share(r.lost_to_search3)
        )?;
    }
    writeln!(
        text,
        "Measured frozen (learning nothing), the computer starting every other game."
    )?;
    Ok(print(&text)?)
}
