//! The `.fivo` knowledge file, format version 1: TOML in UTF-8.
//! See `docs/fivo-format.md`.

use serde::Deserialize;
use toml::Spanned;

use crate::knowledge::{Knowledge, Stats};
use crate::password;
use crate::pattern::{Pattern, PatternError};

/// The `format` line every knowledge file starts with.
pub const FORMAT: &str = "match5-knowledge";
/// The newest format version this program reads and the one it writes.
pub const VERSION: i64 = 1;

/// What is wrong with a knowledge file's text, and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct ParseError {
    pub line: Option<usize>,
    pub message: String,
}

/// The contents of a knowledge file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    pub player: String,
    /// PHC string of the Argon2id password hash.
    pub password: Option<String>,
    pub stats: Stats,
    pub patterns: Vec<Pattern>,
}

impl Contents {
    pub fn of(knowledge: &Knowledge) -> Contents {
        Contents {
            player: knowledge.player().to_string(),
            password: knowledge.password_hash().map(str::to_string),
            stats: knowledge.stats(),
            patterns: knowledge.patterns().to_vec(),
        }
    }
}

#[derive(Deserialize)]
struct Header {
    format: Option<Spanned<toml::Value>>,
    version: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
struct RawFile {
    player: Spanned<String>,
    password: Option<Spanned<String>>,
    stats: Option<RawStats>,
    #[serde(default)]
    pattern: Vec<RawPattern>,
}

#[derive(Deserialize)]
struct RawStats {
    #[serde(default)]
    won: u32,
    #[serde(default)]
    lost: u32,
    #[serde(default)]
    drawn: u32,
}

#[derive(Deserialize)]
struct RawPattern {
    level: Spanned<i64>,
    rows: Spanned<Vec<Spanned<String>>>,
}

/// Reads a knowledge file's text.
pub fn parse(text: &str) -> Result<Contents, ParseError> {
    let at = |span: std::ops::Range<usize>, message: String| ParseError {
        line: Some(line_of(text, span.start)),
        message,
    };
    let toml_error = |e: toml::de::Error| ParseError {
        line: e.span().map(|s| line_of(text, s.start)),
        message: e.message().trim().to_string(),
    };
    let header: Header = toml::from_str(text).map_err(|e| {
        let mut err = toml_error(e);
        err.message = format!("not a valid TOML file: {}", err.message);
        err
    })?;
    match header.format {
        None => {
            return Err(ParseError {
                line: None,
                message: format!(
                    "not a Match5 knowledge file: it has no format = \"{FORMAT}\" line"
                ),
            });
        }
        Some(f) if f.get_ref().as_str() != Some(FORMAT) => {
            return Err(at(
                f.span(),
                format!(
                    "not a Match5 knowledge file: format is {}, not \"{FORMAT}\"",
                    f.get_ref()
                ),
            ));
        }
        Some(_) => {}
    }
    let version = header.version.ok_or(ParseError {
        line: None,
        message: "no version line".to_string(),
    })?;
    match version.get_ref().as_integer() {
        Some(v) if v > VERSION => {
            return Err(at(
                version.span(),
                format!(
                    "format version {v} was written by a newer Match5; this one reads version {VERSION}"
                ),
            ));
        }
        Some(v) if v >= 1 => {}
        _ => {
            return Err(at(
                version.span(),
                format!("version {} is not a format version", version.get_ref()),
            ));
        }
    }

    let raw: RawFile = toml::from_str(text).map_err(toml_error)?;
    let player = raw.player.get_ref().trim().to_string();
    if player.is_empty() {
        return Err(at(
            raw.player.span(),
            "the player name is empty".to_string(),
        ));
    }
    let password = match raw.password {
        Some(p) if !password::is_valid_hash(p.get_ref()) => {
            return Err(at(
                p.span(),
                "password is not an Argon2 hash (the password itself is never stored)".to_string(),
            ));
        }
        p => p.map(Spanned::into_inner),
    };
    let stats = raw.stats.map_or(Stats::default(), |s| Stats {
        won: s.won,
        lost: s.lost,
        drawn: s.drawn,
    });
    let mut patterns = Vec::with_capacity(raw.pattern.len());
    for (n, p) in raw.pattern.into_iter().enumerate() {
        let n = n + 1;
        let level = *p.level.get_ref();
        if level < 1 || level > u32::MAX as i64 {
            return Err(at(
                p.level.span(),
                format!("pattern {n}: level {level}: levels start at 1"),
            ));
        }
        let rows: Vec<&str> = p
            .rows
            .get_ref()
            .iter()
            .map(|r| r.get_ref().as_str())
            .collect();
        let pattern = Pattern::from_rows(level as u32, &rows).map_err(|e| {
            let row = match &e {
                PatternError::Ragged { row, .. }
                | PatternError::UnknownCell { row, .. }
                | PatternError::EmptyRow { row } => Some(*row),
                _ => None,
            };
            let span = row.map_or(p.rows.span(), |r| p.rows.get_ref()[r - 1].span());
            at(span, format!("pattern {n}: {e}"))
        })?;
        patterns.push(pattern);
    }
    Ok(Contents {
        player,
        password,
        stats,
        patterns,
    })
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The file's text.
pub fn write(contents: &Contents) -> String {
    let mut out = String::new();
    out.push_str("# Match5 knowledge: the error patterns the computer learned from its losses.\n");
    out.push_str(&format!(
        "format = {}\nversion = {VERSION}\n",
        quoted(FORMAT)
    ));
    out.push_str(&format!("player = {}\n", quoted(&contents.player)));
    if let Some(p) = &contents.password {
        out.push_str(&format!("password = {}\n", quoted(p)));
    }
    let s = contents.stats;
    out.push_str(&format!(
        "\n[stats]\nwon = {}\nlost = {}\ndrawn = {}\n",
        s.won, s.lost, s.drawn
    ));
    for p in &contents.patterns {
        out.push_str(&format!("\n[[pattern]]\nlevel = {}\n", p.level()));
        let rows: Vec<String> = p.rows().iter().map(|r| quoted(r)).collect();
        if rows.len() == 1 {
            out.push_str(&format!("rows = [{}]\n", rows[0]));
        } else {
            out.push_str("rows = [\n");
            for r in rows {
                out.push_str(&format!("    {r},\n"));
            }
            out.push_str("]\n");
        }
    }
    out
}
