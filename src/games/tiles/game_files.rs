//! Reading a game file in the format of the original assignment: within
//! bounds, and what is wrong with a bad one (with its line, in the
//! person's language). The page's file chooser is in `page.rs`; the
//! controller opens the file.

use match5_tiles::file::{FileError, MAX_FILE_BYTES, Problem, parse};

use crate::i18n::{gettext, gettext_f};

/// Why a game file could not be used, in the person's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// It could not be read: "Could not open spel.txt: …".
    Unreadable(String),
    /// It was read but is not a game file: "… line 3: …".
    NotAGame(String),
}

impl std::fmt::Display for GameFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameFileError::Unreadable(m) | GameFileError::NotAGame(m) => f.write_str(m),
        }
    }
}

/// The game in a file of the original's format, or what is wrong with it
/// (naming the file and, for a bad one, its line).
pub fn read_game(path: &std::path::Path) -> Result<match5_tiles::Game, GameFileError> {
    let name = path
        .file_name()
        .map(|n| match5_common::text::quote(&n.to_string_lossy()))
        .unwrap_or_default();
    let text = read_text(path).map_err(|message| {
        GameFileError::Unreadable(gettext_f(
            "Could not open {file}: {reason}",
            &[("file", &name), ("reason", &message)],
        ))
    })?;
    parse(&text).map_err(|e| {
        GameFileError::NotAGame(gettext_f(
            "{file} is not a game file: {reason}",
            &[("file", &name), ("reason", &file_error(&e))],
        ))
    })
}

/// A game file's text, if it is a small text file; else why not.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    let bytes = match5_common::disk::read_bounded(path, MAX_FILE_BYTES)
        .map_err(|e| crate::errors::io_reason(&e.error))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(gettext("it is larger than 1 MB"));
    }
    String::from_utf8(bytes).map_err(|_| gettext("it is not a text file"))
}

/// A game file's fault, in the person's language, with its line.
fn file_error(e: &FileError) -> String {
    let line = e.line.to_string();
    let what = match &e.problem {
        Problem::EmptyPot => gettext("the pot is empty"),
        // What is wrong, never what the file holds: a script may open any
        // file, and an answer should not echo another file's content.
        Problem::NotATile(_) => gettext(
            "the pot holds a letter that is not a tile; only g (yellow) and b (blue) are tiles",
        ),
        Problem::NotANumber(_) => gettext("a word there is not a whole number"),
        Problem::Count { expected, found } => gettext_f(
            "expected {expected} numbers, found {found}",
            &[
                ("expected", &expected.to_string()),
                ("found", &found.to_string()),
            ],
        ),
        Problem::OutOfRange { min, max, .. } => gettext_f(
            "a number there is not between {min} and {max}",
            &[("min", &min.to_string()), ("max", &max.to_string())],
        ),
        Problem::BothColours { .. } => gettext("a row cannot hold both yellow and blue tiles"),
        Problem::TooManyTiles { .. } => gettext("a row holds more tiles than it has cells"),
        Problem::Missing(_) => gettext("the file ends too early"),
        Problem::Extra => gettext("the file goes on after the player to move"),
    };
    gettext_f("line {line}: {what}", &[("line", &line), ("what", &what)])
}
