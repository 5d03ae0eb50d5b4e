//! `match5-cli show`: a knowledge file for people (text) or tools (JSON).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use match5_engine::files;
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
    patterns: Vec<ShownPattern>,
}

#[derive(Serialize)]
struct ShownPattern {
    number: usize,
    level: u32,
    rows: Vec<String>,
}

pub fn run(path: &Path, json: bool) -> Result<()> {
    let k = files::load_knowledge(path)?;
    let stats = k.stats();
    if json {
        let shown = Shown {
            player: k.player().to_string(),
            password: k.has_password(),
            level: k.level(),
            won: stats.won,
            lost: stats.lost,
            drawn: stats.drawn,
            patterns: k
                .patterns()
                .iter()
                .enumerate()
                .map(|(i, p)| ShownPattern {
                    number: i + 1,
                    level: p.level(),
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
