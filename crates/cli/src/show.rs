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
    /// The patterns this player taught.
    level: usize,
    /// The trained computer the knowledge started from, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    /// The patterns that came with it (not counted in the level).
    trained: usize,
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
    /// Taught by this player, not copied from the trained start.
    taught: bool,
    /// Where it came from: `taught`, `hinted` (a game won with hints),
    /// `practice` or `trained`.
    origin: &'static str,
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
            start: k.start().map(str::to_string),
            trained: k.trained(),
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
                    taught: k.is_taught(i),
                    origin: origin(&k, i).0,
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
    if let Some(start) = k.start() {
        writeln!(
            text,
            "Started:  from the trained computer {start}; the level counts the patterns this player taught, not its {} patterns",
            k.trained()
        )?;
    }
    writeln!(
        text,
        "Games:    won {}, lost {}, drawn {}",
        stats.won, stats.lost, stats.drawn
    )?;
    for (i, p) in k.patterns().iter().enumerate() {
        let from = origin(&k, i).1;
        writeln!(text, "\nPattern {} (level {}{from}):", i + 1, p.level())?;
        for line in p.to_string().lines() {
            writeln!(text, "  {line}")?;
        }
    }
    Ok(print(&text)?)
}

/// Where pattern `index` of `k` came from: its name in `--json`, and the
/// words after its level ("" for one the player taught). A pattern the
/// player did not teach alone is never shown as theirs, nor all as trained.
fn origin(k: &match5_five::Knowledge, index: usize) -> (&'static str, String) {
    use match5_five::Learned;
    match k.learned(index) {
        Learned::Hinted(game) => ("hinted", format!(", from game {game}, won with hints")),
        Learned::Practice => ("practice", ", learned in practice".to_string()),
        Learned::Unrecorded if k.start().is_some() => ("trained", ", trained".to_string()),
        Learned::InGame(_) | Learned::Unrecorded => ("taught", String::new()),
    }
}

#[derive(Serialize)]
struct ShownLadder {
    /// Games against each held-out opponent.
    games: u32,
    /// The opponents the rungs are measured against: none of them trained
    /// any rung.
    held_out: Vec<ShownStranger>,
    rungs: Vec<ShownRung>,
}

#[derive(Serialize)]
struct ShownStranger {
    id: String,
    name: String,
    opponent: String,
}

#[derive(Serialize)]
struct ShownRung {
    name: &'static str,
    patterns: u32,
    /// What trained it (tools/make-ladder).
    trained_against: Vec<String>,
    /// Games lost, frozen, to each held-out opponent (by id).
    lost: std::collections::BTreeMap<String, u32>,
    drawn: std::collections::BTreeMap<String, u32>,
}

/// `ladder`: every trained computer, what trained it, and what it lost to
/// opponents it never met.
pub fn ladder(json: bool) -> Result<()> {
    let measured = match5_five::ladder::measured();
    let rungs: Vec<ShownRung> = match5_five::ladder::names()
        .filter_map(|name| {
            let s = match5_five::ladder::strength(name)?;
            Some(ShownRung {
                name,
                patterns: s.patterns,
                trained_against: s.trained_against,
                lost: s.lost,
                drawn: s.drawn,
            })
        })
        .collect();
    let held_out: Vec<ShownStranger> = (measured.opponent.iter())
        .map(|o| ShownStranger {
            id: o.id.clone(),
            name: o.name.clone(),
            opponent: std::iter::once(o.spec.clone())
                .chain(o.engine_info.iter().map(|i| format!("INFO {i}")))
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect();
    let games = measured.games;
    if json {
        let shown = ShownLadder {
            games,
            held_out,
            rungs,
        };
        return Ok(print(&(serde_json::to_string_pretty(&shown)? + "\n"))?);
    }
    let mut text = String::new();
    write!(text, "{:<12} {:>8}", "start from", "patterns")?;
    for o in &held_out {
        write!(text, "  {:>16}", format!("lost to {}", o.id))?;
    }
    writeln!(text)?;
    for r in &rungs {
        write!(text, "{:<12} {:>8}", r.name, r.patterns)?;
        for o in &held_out {
            let lost = r.lost.get(&o.id).copied().unwrap_or_default();
            write!(text, "  {:>16}", format!("{lost} of {games} "))?;
        }
        writeln!(text)?;
    }
    writeln!(
        text,
        "\nMeasured frozen (learning nothing), the computer starting every other game,\nagainst opponents no rung met while it learned (held out):"
    )?;
    for o in &held_out {
        writeln!(text, "  {}: {} ({})", o.id, o.name, o.opponent)?;
    }
    writeln!(
        text,
        "Trained against (tools/make-ladder, the training family only):"
    )?;
    for r in rungs.iter().filter(|r| !r.trained_against.is_empty()) {
        writeln!(text, "  {}: {}", r.name, r.trained_against.join(", "))?;
    }
    Ok(print(&text)?)
}
