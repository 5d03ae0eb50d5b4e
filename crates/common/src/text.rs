//! Text from outside (a file, a name typed in, a D-Bus call, an argument):
//! which characters are hidden, and how a message quotes a piece of it
//! without being rewritten by it or growing with it.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Characters a person cannot see or that change how the text around them
/// is shown: control characters (C0, DEL, C1), format characters (Unicode
/// category Cf: zero-width spaces and joiners, the byte order mark, the
/// bidirectional marks, embeddings, overrides and isolates such as U+200F,
/// U+061C and U+202E) and the line and paragraph separators (Zl, Zp).
pub fn is_hidden(ch: char) -> bool {
    ch.is_control()
        || matches!(
            ch.general_category(),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

/// `text` with every hidden character (see [`is_hidden`]) written as
/// `\u{..}`, so that it shows what it holds and cannot rewrite a terminal
/// or turn a line around. Letters of any language stay as they are.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if is_hidden(ch) {
            out.push_str(&format!("\\u{{{:x}}}", ch as u32));
        } else {
            out.push(ch);
        }
    }
    out
}

/// At most `max` characters of `text`, with `…` when cut: for echoing
/// something that may be huge (a bad name, a bad protocol line).
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// How much of a piece of input a message quotes.
pub const QUOTED: usize = 40;

/// A piece of input as a message quotes it: at most [`QUOTED`]
/// characters, hidden characters escaped.
pub fn quote(text: &str) -> String {
    escape(&excerpt(text, QUOTED))
}

/// How much of a path a message quotes: its end, which names the file.
pub const QUOTED_PATH: usize = 120;

/// A path as a message quotes it: at most [`QUOTED_PATH`] characters, the
/// end kept (`…/knowledge/Anna.fivo`), hidden characters escaped. A path
/// someone passed in may be a megabyte long.
pub fn quote_path(path: &std::path::Path) -> String {
    let text = path.to_string_lossy();
    let count = text.chars().count();
    if count <= QUOTED_PATH {
        return escape(&text);
    }
    let skip = count - (QUOTED_PATH - 1);
    let at = text.char_indices().nth(skip).map_or(text.len(), |(i, _)| i);
    escape(&format!("…{}", &text[at..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_paths_keep_their_end() {
        let short = std::path::Path::new("/home/anna/.local/share/match5/knowledge/Anna.fivo");
        assert_eq!(quote_path(short), short.display().to_string());
        let long = format!("/{}/Anna.fivo", "x".repeat(1_000_000));
        let quoted = quote_path(std::path::Path::new(&long));
        assert_eq!(quoted.chars().count(), QUOTED_PATH);
        assert!(
            quoted.starts_with('…') && quoted.ends_with("/Anna.fivo"),
            "{quoted}"
        );
    }

    #[test]
    fn hidden_characters_are_the_invisible_and_the_controlling() {
        for ch in [
            '\u{0}',
            '\u{7}',
            '\u{1b}',
            '\n',
            '\u{7f}',
            '\u{9b}',
            '\u{ad}',
            '\u{61c}',
            '\u{200b}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{2028}',
            '\u{2029}',
            '\u{202a}',
            '\u{202e}',
            '\u{2066}',
            '\u{2069}',
            '\u{feff}',
            '\u{e0041}',
        ] {
            assert!(is_hidden(ch), "{:x}", ch as u32);
        }
        for ch in ['a', 'é', 'ß', 'ж', 'م', '中', '😀', ' ', '-', '\u{301}'] {
            assert!(!is_hidden(ch), "{:x}", ch as u32);
        }
    }

    #[test]
    fn quotes_are_short_and_show_what_they_hold() {
        assert_eq!(
            escape("Zoë\u{1b}]0;x\u{7}\r\n\u{202e}\u{feff}"),
            "Zoë\\u{1b}]0;x\\u{7}\\u{d}\\u{a}\\u{202e}\\u{feff}"
        );
        assert_eq!(excerpt("abcdef", 3), "abc…");
        assert_eq!(excerpt("abc", 3), "abc");
        let long = "9".repeat(5_000);
        assert_eq!(quote(&long), format!("{}…", "9".repeat(QUOTED)));
        assert_eq!(quote("\u{feff}gbb"), "\\u{feff}gbb");
    }
}
