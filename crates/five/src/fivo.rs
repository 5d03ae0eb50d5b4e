//! The `.fivo` knowledge file, format version 1: TOML in UTF-8.
//! See `docs/fivo-format.md`.

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Board, Cell, Color, SIZE};
use crate::history::{Entry, History};
use crate::knowledge::{Knowledge, Stats};
use crate::lost_lines::LostLines;
use crate::password;
use crate::pattern::{Pattern, PatternCell, PatternError};

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
    /// The game each pattern was learned in, where known (parallel to
    /// `patterns`; the optional `game` key of a `[[pattern]]`).
    pub learned_in: Vec<Option<u64>>,
    /// Positions where the computer lost without learning a pattern, and
    /// the red moves it does not play there again (optional `[[lost_line]]`
    /// tables; files without them load, and older readers skip them).
    pub lost_lines: LostLines,
    /// The latest games (optional `[history]` table).
    pub history: History,
    /// The trained computer the knowledge started from (optional `start`).
    pub start: Option<String>,
}

impl Contents {
    pub fn of(knowledge: &Knowledge) -> Contents {
        Contents {
            player: knowledge.player().to_string(),
            password: knowledge.password_hash().map(str::to_string),
            stats: knowledge.stats(),
            patterns: knowledge.patterns().to_vec(),
            learned_in: (0..knowledge.pattern_count())
                .map(|i| knowledge.learned_in(i))
                .collect(),
            lost_lines: knowledge.lost_lines().clone(),
            history: knowledge.history().clone(),
            start: knowledge.start().map(str::to_string),
        }
    }
}

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
    rows: Spanned<Vec<Spanned<String>>>,
}

/// Reads a knowledge file's bytes: checks the size, the text encoding and
/// the line lengths first, then [`parse`]s it.
pub fn parse_bytes(bytes: &[u8]) -> Result<Contents, ParseError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ParseError {
            line: None,
            message: format!(
                "the file has {} bytes; knowledge files may have at most {MAX_FILE_BYTES} ({} MiB)",
                bytes.len(),
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
    let mut learned_in = Vec::with_capacity(count);
    let mut fields = 0usize;
    let mut learn = |offset: usize, p: RawPattern| -> Result<(), ParseError> {
        let n = patterns.len() + 1;
        let span = p.rows.span();
        let game = match &p.game {
            None => None,
            Some(g) => match u64::try_from(*g.get_ref()) {
                Ok(v) if (1..=MAX_GAMES).contains(&v) => Some(v),
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
        learned_in.push(game);
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
        learned_in,
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

/// The largest table read: 1 MiB. A pattern takes a few hundred bytes.
pub const MAX_TABLE_BYTES: usize = 1024 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pattern,
    Stats,
    History,
    LostLine,
    Other,
}

/// A table of the file: its header from `start`, its keys from `body` to `end`.
struct Section {
    kind: Kind,
    start: usize,
    body: usize,
    end: usize,
}

/// Finds the table headers: a `[` that begins a line outside any value.
/// The lexer knows strings, so a `[` inside one is never taken for one.
fn sections(text: &str) -> Result<Vec<Section>, ParseError> {
    use toml_parser::lexer::TokenKind as T;
    let mut found: Vec<Section> = Vec::new();
    let mut depth = 0usize;
    let mut line_start = true;
    let mut header: Option<(usize, String)> = None;
    let finish = |header: &mut Option<(usize, String)>, at: usize, found: &mut Vec<Section>| {
        let Some((start, name)) = header.take() else {
            return Ok(());
        };
        let kind = match name.as_str() {
            "[[pattern]]" => Kind::Pattern,
            "[stats]" => Kind::Stats,
            "[[lost_line]]" => Kind::LostLine,
            "[history]" => Kind::History,
            _ if name.ends_with(']') && !name.contains("]]]") => Kind::Other,
            _ => {
                return Err(ParseError {
                    line: Some(line_of(text, start)),
                    message: format!(
                        "not a valid TOML file: a table header {}",
                        match5_common::text::excerpt(&name, 40)
                    ),
                });
            }
        };
        if let Some(last) = found.last_mut() {
            last.end = start;
        }
        found.push(Section {
            kind,
            start,
            body: at,
            end: text.len(),
        });
        Ok(())
    };
    for token in toml_parser::Source::new(text).lex() {
        let span = token.span();
        let kind = token.kind();
        if let Some((_, name)) = &mut header {
            match kind {
                T::Newline => {
                    finish(&mut header, span.end(), &mut found)?;
                    line_start = true;
                }
                T::Whitespace | T::Comment => {}
                _ => name.push_str(&text[span.start()..span.end()]),
            }
            continue;
        }
        match kind {
            T::Newline => line_start = true,
            T::Whitespace | T::Comment => {}
            T::LeftSquareBracket if line_start && depth == 0 => {
                header = Some((span.start(), "[".to_string()));
            }
            T::LeftSquareBracket | T::LeftCurlyBracket => depth += 1,
            T::RightSquareBracket | T::RightCurlyBracket => depth = depth.saturating_sub(1),
            _ => {}
        }
        if !matches!(kind, T::Newline | T::Whitespace | T::Comment) {
            line_start = false;
        }
    }
    finish(&mut header, text.len(), &mut found)?;
    Ok(found)
}

/// Parses one table's keys, which stand at `offset` in `text`.
fn section<T: serde::de::DeserializeOwned>(
    text: &str,
    offset: usize,
    body: &str,
) -> Result<T, ParseError> {
    toml::from_str(body).map_err(|e| toml_error(text, offset, e, true))
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

fn toml_error(text: &str, offset: usize, e: toml::de::Error, syntax: bool) -> ParseError {
    let message = e.message().trim();
    let too_deep = message.contains("recursion") || message.contains("recurse");
    // The parser names no line for a key nested too deeply: the line with
    // the most dots and brackets is the one.
    let deepest = || {
        text.lines()
            .enumerate()
            .max_by_key(|(_, l)| l.bytes().filter(|b| b"[{.".contains(b)).count())
            .map(|(n, _)| n + 1)
    };
    let syntax =
        syntax && !message.starts_with("missing field") && !message.starts_with("invalid type");
    ParseError {
        line: e
            .span()
            .map(|s| line_of(text, offset + s.start))
            .or_else(|| too_deep.then(deepest).flatten()),
        message: if too_deep {
            "not a valid TOML file: values or keys are nested too deeply".to_string()
        } else if syntax {
            format!("not a valid TOML file: {message}")
        } else {
            message.to_string()
        },
    }
}

fn check_header(
    text: &str,
    format: Option<Spanned<toml::Value>>,
    version: Option<Spanned<toml::Value>>,
) -> Result<(), ParseError> {
    let at = |span: std::ops::Range<usize>, message: String| ParseError {
        line: Some(line_of(text, span.start)),
        message,
    };
    match format {
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
    let version = version.ok_or(ParseError {
        line: None,
        message: "no version line".to_string(),
    })?;
    match version.get_ref().as_integer() {
        Some(v) if v > VERSION => Err(at(
            version.span(),
            format!(
                "format version {v} was written by a newer Match5; this one reads version {VERSION}"
            ),
        )),
        Some(v) if v >= 1 => Ok(()),
        _ => Err(at(
            version.span(),
            format!("version {} is not a format version", version.get_ref()),
        )),
    }
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
    if let Some(s) = &contents.start {
        let taught = contents.learned_in.iter().flatten().count();
        out.push_str(&format!(
            "# The trained computer this knowledge started from. Its patterns have\n# no game; the player's level counts only the {taught} with a game, the\n# patterns this player taught ({} came with the trained computer).\nstart = {}\n",
            contents.patterns.len() - taught,
            quoted(s)
        ));
    }
    let s = contents.stats;
    out.push_str(&format!(
        "\n[stats]\nwon = {}\nlost = {}\ndrawn = {}\n",
        s.won, s.lost, s.drawn
    ));
    for (i, p) in contents.patterns.iter().enumerate() {
        out.push_str(&format!("\n[[pattern]]\nlevel = {}\n", p.level()));
        if let Some(game) = contents.learned_in.get(i).copied().flatten() {
            out.push_str(&format!("game = {game}\n"));
        }
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
    if !contents.history.is_empty() {
        out.push_str(
            "\n[history]\n# game, result (won: the player won), level after it, date, the moves of a won game\ngames = [\n",
        );
        for e in contents.history.entries() {
            out.push_str(&format!("    {},\n", quoted(&e.to_line())));
        }
        out.push_str("]\n");
    }
    for (board, cells) in contents.lost_lines.entries() {
        out.push_str("\n[[lost_line]]\nboard = [\n");
        for y in 0..SIZE {
            let row: String = (0..SIZE)
                .map(
                    |x| match board.get(Cell::new(x, y).expect("on the board")) {
                        None => '.',
                        Some(Color::Red) => 'R',
                        Some(Color::Blue) => 'B',
                    },
                )
                .collect();
            out.push_str(&format!("    {},\n", quoted(&row)));
        }
        let cells: Vec<String> = cells.iter().map(|c| quoted(&c.to_string())).collect();
        out.push_str(&format!("]\navoid = [{}]\n", cells.join(", ")));
    }
    out
}
