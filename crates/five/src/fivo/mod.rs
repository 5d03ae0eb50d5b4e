//! The `.fivo` knowledge file, format version 1: TOML in UTF-8.
//! See `docs/fivo-format.md`.

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Board, Cell, Color, SIZE};
use crate::history::{Entry, History};
use crate::knowledge::{Learned, Stats};
use crate::lost_lines::LostLines;
use crate::password;
use crate::pattern::{Pattern, PatternCell, PatternError};

mod contents;
mod sections;
mod write;

pub use contents::{Contents, FORMAT, ParseError, VERSION};
pub use sections::MAX_TABLE_BYTES;
use sections::{Kind, check_header, line_of, section, sections};
pub use write::write;

/// The largest knowledge file Match5 opens: 32 MiB, about 500,000 patterns.
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;
/// The most patterns one knowledge file may hold.
pub const MAX_PATTERNS: usize = 250_000;
/// The most fields other than `-` all patterns together may have: the
/// match index holds each of them in eight symmetries, so this bounds the
/// memory any file can take (about 400 MB at the very worst; knowledge as
/// Match5 learns it takes about 7 times its file size).
pub const MAX_FIELDS: usize = 3_000_000;
/// The longest line, in bytes. Match5 writes lines of at most a few hundred.
pub const MAX_LINE_BYTES: usize = 16 * 1024;
pub use crate::lost_lines::MAX_LOST_LINES;
/// The highest number a game counter in `[stats]` may hold.
pub const MAX_GAMES: u64 = crate::history::MAX_GAMES;

#[derive(Deserialize)]
struct RawFile {
    format: Option<Spanned<toml::Value>>,
    version: Option<Spanned<toml::Value>>,
    player: Option<Spanned<String>>,
    password: Option<Spanned<String>>,
    start: Option<Spanned<String>>,
    stats: Option<RawStats>,
    #[serde(default)]
    pattern: Vec<RawPattern>,
}

/// Only the header, for a better message when the whole file does not fit
/// this version's layout (a newer file, or another kind of TOML file).
#[derive(Deserialize)]
struct Header {
    format: Option<Spanned<toml::Value>>,
    version: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
struct RawStats {
    won: Option<Spanned<i64>>,
    lost: Option<Spanned<i64>>,
    drawn: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
struct RawHistory {
    games: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
struct RawLostLine {
    board: Spanned<Vec<Spanned<String>>>,
    avoid: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
struct RawPattern {
    level: Spanned<i64>,
    game: Option<Spanned<i64>>,
    practice: Option<Spanned<bool>>,
    hinted: Option<Spanned<bool>>,
    rows: Spanned<Vec<Spanned<String>>>,
}

/// Reads a knowledge file's bytes: checks the size, the text encoding and
/// the line lengths first, then [`parse`]s it.
pub fn parse_bytes(bytes: &[u8]) -> Result<Contents, ParseError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ParseError {
            line: None,
            // Only the first MAX_FILE_BYTES + 1 bytes are read: the
            // file's own size is not known here, only that it is larger.
            message: format!(
                "the file is larger than {MAX_FILE_BYTES} bytes ({} MiB), the most a knowledge file may have",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let column = good.len() - good.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1) + 1;
        ParseError {
            line: Some(line),
            message: format!(
                "column {column}: byte 0x{:02X} is not UTF-8 text",
                bytes[e.valid_up_to()]
            ),
        }
    })?;
    parse(text)
}

/// Reads a knowledge file's text.
///
/// The file is read table by table: the top (before the first table
/// header), then each `[[pattern]]` and `[stats]` on its own, so memory
/// stays a small multiple of the file's size however many patterns it
/// holds. Tables of other names (from later versions) are skipped unread.
pub fn parse(text: &str) -> Result<Contents, ParseError> {
    if let Some((n, line)) = text
        .split('\n')
        .enumerate()
        .find(|(_, l)| l.len() > MAX_LINE_BYTES)
    {
        return Err(ParseError {
            line: Some(n + 1),
            message: format!(
                "the line is {} bytes long; lines may be at most {MAX_LINE_BYTES}",
                line.len()
            ),
        });
    }
    let sections = sections(text)?;
    let top_end = sections.first().map_or(text.len(), |s| s.start);
    let top_text = &text[..top_end];
    let raw: RawFile = match section(text, 0, top_text) {
        Ok(raw) => raw,
        // Only for a file that is refused: a file of another kind or a newer
        // version says so, rather than what in it does not fit this
        // version's layout; one that is no TOML at all says that.
        Err(e) => match toml::from_str::<Header>(top_text) {
            Ok(header) => {
                check_header(text, header.format, header.version)?;
                return Err(e);
            }
            Err(_) => return Err(e),
        },
    };
    check_header(text, raw.format, raw.version)?;
    let at = |offset: usize, span: std::ops::Range<usize>, message: String| ParseError {
        line: Some(line_of(text, offset + span.start)),
        message,
    };
    let player = raw.player.ok_or(ParseError {
        line: None,
        message: "no player line".to_string(),
    })?;
    let name = match5_common::names::check_name(player.get_ref())
        .map_err(|e| at(0, player.span(), e.to_string()))?
        .to_string();
    let password = match raw.password {
        Some(p) => {
            password::check(p.get_ref()).map_err(|e| at(0, p.span(), e.to_string()))?;
            Some(p.into_inner())
        }
        None => None,
    };

    let start = match raw.start {
        Some(s) if is_start_name(s.get_ref()) => Some(s.into_inner()),
        Some(s) => {
            return Err(at(
                0,
                s.span(),
                "start: the name of a trained computer: 1 to 32 lowercase letters, digits and -"
                    .to_string(),
            ));
        }
        None => None,
    };
    let count = sections.iter().filter(|s| s.kind == Kind::Pattern).count() + raw.pattern.len();
    if count > MAX_PATTERNS {
        return Err(ParseError {
            line: None,
            message: format!("{count} patterns; a knowledge file may hold at most {MAX_PATTERNS}"),
        });
    }
    if !raw.pattern.is_empty() && count > raw.pattern.len() {
        let s = sections
            .iter()
            .find(|s| s.kind == Kind::Pattern)
            .expect("counted");
        return Err(ParseError {
            line: Some(line_of(text, s.start)),
            message: "not a valid TOML file: pattern is defined twice".to_string(),
        });
    }
    let lines = sections.iter().filter(|s| s.kind == Kind::LostLine).count();
    if lines > MAX_LOST_LINES {
        return Err(ParseError {
            line: None,
            message: format!(
                "{lines} lost lines; a knowledge file may hold at most {MAX_LOST_LINES}"
            ),
        });
    }
    let mut lost_lines = LostLines::default();
    let mut history = None;
    let mut stats = raw.stats.map(|s| (0, s));
    let mut patterns = Vec::with_capacity(count);
    let mut learned = Vec::with_capacity(count);
    let mut fields = 0usize;
    let mut learn = |offset: usize, p: RawPattern| -> Result<(), ParseError> {
        let n = patterns.len() + 1;
        let span = p.rows.span();
        let practice = p.practice.as_ref().is_some_and(|p| *p.get_ref());
        let hinted = p.hinted.as_ref().filter(|h| *h.get_ref());
        let game = match &p.game {
            None if practice => Learned::Practice,
            None if hinted.is_some() => {
                return Err(at(
                    offset,
                    hinted.expect("some").span(),
                    format!(
                        "pattern {n}: a pattern from a hinted win names its game (hinted = true)"
                    ),
                ));
            }
            None => Learned::Unrecorded,
            Some(g) if practice => {
                return Err(at(
                    offset,
                    g.span(),
                    format!(
                        "pattern {n}: a pattern learned in practice has no game (practice = true)"
                    ),
                ));
            }
            Some(g) => match u64::try_from(*g.get_ref()) {
                Ok(v) if (1..=MAX_GAMES).contains(&v) && hinted.is_some() => Learned::Hinted(v),
                Ok(v) if (1..=MAX_GAMES).contains(&v) => Learned::InGame(v),
                _ => {
                    return Err(at(
                        offset,
                        g.span(),
                        format!(
                            "pattern {n}: game {}: a game number from 1 to {MAX_GAMES}",
                            g.get_ref()
                        ),
                    ));
                }
            },
        };
        let p = pattern(n, p).map_err(|(span, message)| at(offset, span, message))?;
        fields += p.cells().filter(|c| c.2 != PatternCell::Any).count();
        if fields > MAX_FIELDS {
            return Err(at(
                offset,
                span,
                format!(
                    "pattern {n}: the patterns have more than {MAX_FIELDS} fields other than '-' together"
                ),
            ));
        }
        patterns.push(p);
        learned.push(game);
        Ok(())
    };
    for p in raw.pattern {
        learn(0, p)?;
    }
    for s in &sections {
        let body = &text[s.body..s.end];
        if s.kind != Kind::Other && body.len() > MAX_TABLE_BYTES {
            return Err(ParseError {
                line: Some(line_of(text, s.start)),
                message: format!("the table is larger than {} KiB", MAX_TABLE_BYTES / 1024),
            });
        }
        match s.kind {
            Kind::Pattern => learn(s.body, section(text, s.body, body)?)?,
            Kind::Stats if stats.is_some() => {
                return Err(ParseError {
                    line: Some(line_of(text, s.start)),
                    message: "not a valid TOML file: stats is defined twice".to_string(),
                });
            }
            Kind::Stats => stats = Some((s.body, section(text, s.body, body)?)),
            Kind::History if history.is_some() => {
                return Err(ParseError {
                    line: Some(line_of(text, s.start)),
                    message: "not a valid TOML file: history is defined twice".to_string(),
                });
            }
            Kind::History => {
                let raw: RawHistory = section(text, s.body, body)?;
                let mut entries = Vec::with_capacity(raw.games.get_ref().len());
                for line in raw.games.get_ref() {
                    let entry = Entry::from_line(line.get_ref())
                        .map_err(|e| at(s.body, line.span(), format!("history: {e}")))?;
                    entries.push(entry);
                }
                history = Some(
                    History::from_entries(entries)
                        .map_err(|e| at(s.body, raw.games.span(), format!("history: {e}")))?,
                );
            }
            Kind::LostLine => {
                let raw: RawLostLine = section(text, s.body, body)?;
                let (board, cells) =
                    lost_line(raw).map_err(|(span, message)| at(s.body, span, message))?;
                for cell in cells {
                    lost_lines.add(&board, cell);
                }
            }
            Kind::Other => {}
        }
    }
    let stats = match stats {
        None => Stats::default(),
        Some((offset, s)) => {
            let count = |n: Option<Spanned<i64>>, key: &str| -> Result<u64, ParseError> {
                let Some(n) = n else { return Ok(0) };
                match u64::try_from(*n.get_ref()) {
                    Ok(v) if v <= MAX_GAMES => Ok(v),
                    _ => Err(at(
                        offset,
                        n.span(),
                        format!(
                            "{key} = {}: a number of games from 0 to {MAX_GAMES}",
                            n.get_ref()
                        ),
                    )),
                }
            };
            Stats {
                won: count(s.won, "won")?,
                lost: count(s.lost, "lost")?,
                drawn: count(s.drawn, "drawn")?,
            }
        }
    };
    Ok(Contents {
        player: name,
        password,
        stats,
        patterns,
        learned,
        lost_lines,
        history: history.unwrap_or_default(),
        start,
    })
}

/// A trained computer's name as `start` keeps it: `self-play`.
pub(crate) fn is_start_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A `[[lost_line]]`: nine rows of nine fields (`.` empty, `R` red, `B`
/// blue) and the empty fields `x,y` red does not play there.
fn lost_line(raw: RawLostLine) -> Result<(Board, Vec<Cell>), (std::ops::Range<usize>, String)> {
    let rows = raw.board.get_ref();
    if rows.len() != SIZE {
        return Err((
            raw.board.span(),
            format!("lost line: the board has {} rows, not {SIZE}", rows.len()),
        ));
    }
    let mut board = Board::new();
    for (y, row) in rows.iter().enumerate() {
        let fields: Vec<char> = row.get_ref().chars().collect();
        if fields.len() != SIZE {
            return Err((
                row.span(),
                format!(
                    "lost line: row {} has {} fields, not {SIZE}",
                    y + 1,
                    fields.len()
                ),
            ));
        }
        for (x, f) in fields.into_iter().enumerate() {
            let stone = match f {
                '.' => None,
                'R' => Some(Color::Red),
                'B' => Some(Color::Blue),
                other => {
                    return Err((
                        row.span(),
                        format!(
                            "lost line: row {}: {:?} is not a field ('.', 'R' or 'B')",
                            y + 1,
                            match5_common::text::excerpt(&other.to_string(), 8)
                        ),
                    ));
                }
            };
            board.set(Cell::new(x, y).expect("on the board"), stone);
        }
    }
    let mut cells = Vec::new();
    for text in raw.avoid.get_ref() {
        let cell = text
            .get_ref()
            .split_once(',')
            .and_then(|(x, y)| Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
            .filter(|c| board.is_empty_at(*c));
        match cell {
            Some(c) => cells.push(c),
            None => {
                return Err((
                    text.span(),
                    format!(
                        "lost line: {:?} is not an empty field x,y (0 to 8)",
                        match5_common::text::excerpt(text.get_ref(), 20)
                    ),
                ));
            }
        }
    }
    if cells.is_empty() {
        return Err((raw.avoid.span(), "lost line: no field to avoid".to_string()));
    }
    Ok((board, cells))
}

/// A pattern from its table; on error the span (in the table) and why.
fn pattern(n: usize, p: RawPattern) -> Result<Pattern, (std::ops::Range<usize>, String)> {
    let level = *p.level.get_ref();
    let level = match u32::try_from(level) {
        Ok(l) if l >= 1 => l,
        _ => {
            return Err((
                p.level.span(),
                format!(
                    "pattern {n}: level {level}: a level is a number from 1 to {}",
                    u32::MAX
                ),
            ));
        }
    };
    let rows: Vec<&str> = p
        .rows
        .get_ref()
        .iter()
        .map(|r| r.get_ref().as_str())
        .collect();
    Pattern::from_rows(level, &rows).map_err(|e| {
        let row = match &e {
            PatternError::Ragged { row, .. }
            | PatternError::UnknownCell { row, .. }
            | PatternError::EmptyRow { row } => Some(*row),
            _ => None,
        };
        let span = row.map_or(p.rows.span(), |r| p.rows.get_ref()[r - 1].span());
        (span, format!("pattern {n}: {e}"))
    })
}
