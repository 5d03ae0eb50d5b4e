//! Reading a `.fivo` file's tables: where each begins (a lexer, so a `[`
//! inside a string is never taken for a table), each table's keys, the
//! header's format and version, and TOML's errors as lines of the file.

use toml::Spanned;

use super::contents::{FORMAT, ParseError, VERSION};

/// The largest table read: 1 MiB. A pattern takes a few hundred bytes.
pub const MAX_TABLE_BYTES: usize = 1024 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Pattern,
    Stats,
    History,
    LostLine,
    Other,
}

/// A table of the file: its header from `start`, its keys from `body` to `end`.
pub(super) struct Section {
    pub kind: Kind,
    pub start: usize,
    pub body: usize,
    pub end: usize,
}

/// Finds the table headers: a `[` that begins a line outside any value.
/// The lexer knows strings, so a `[` inside one is never taken for one.
pub(super) fn sections(text: &str) -> Result<Vec<Section>, ParseError> {
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
pub(super) fn section<T: serde::de::DeserializeOwned>(
    text: &str,
    offset: usize,
    body: &str,
) -> Result<T, ParseError> {
    toml::from_str(body).map_err(|e| toml_error(text, offset, e, true))
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

pub(super) fn check_header(
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
                "format version {v} was written by a newer Match5; this one reads versions up to {VERSION}"
            ),
        )),
        Some(v) if v >= 1 => Ok(()),
        _ => Err(at(
            version.span(),
            format!("version {} is not a format version", version.get_ref()),
        )),
    }
}

pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}
