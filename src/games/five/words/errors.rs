//! Five in a row's errors as a person reads them: translated here, at the
//! UI boundary (the crate speaks English, for the CLI and D-Bus).
//!
//! What a file's parser says about a damaged line is a detail for whoever
//! repairs the file; it is shown after a translated sentence that says
//! which file, which line and what it means for the player.

use match5_common::names::{MAX_NAME, NameError};
use match5_five::FileError;
use match5_five::knowledge::KnowledgeError;

use crate::errors::{file_name, io_reason};
use crate::i18n::{gettext, gettext_f};

/// A player name that cannot be used, and why.
pub fn name_error(error: &NameError) -> String {
    match error {
        NameError::Empty => gettext("A player needs a name."),
        NameError::TooLong => gettext_f(
            "A player name has at most {max} characters.",
            &[("max", &MAX_NAME.to_string())],
        ),
        NameError::ControlCharacter => gettext(
            "A player name cannot hold control characters or invisible ones such as text direction marks.",
        ),
    }
}

/// What a knowledge file problem means, naming the file by its name.
pub fn file_error(error: &FileError) -> String {
    file_error_naming(error, file_name)
}

/// The same, naming the file as `name` does: by its name in a dialog, by
/// its quoted path for a script (`match5_common::text::quote_path`).
pub fn file_error_naming(error: &FileError, file_name: fn(&std::path::Path) -> String) -> String {
    match error {
        FileError::Parse { path, error } => {
            let detail = &error.message;
            match error.line {
                Some(line) => gettext_f(
                    "{file} is not valid Match5 knowledge: line {line} cannot be read ({detail}).",
                    &[
                        ("file", &file_name(path)),
                        ("line", &line.to_string()),
                        ("detail", detail),
                    ],
                ),
                None => gettext_f(
                    "{file} is not valid Match5 knowledge ({detail}).",
                    &[("file", &file_name(path)), ("detail", detail)],
                ),
            }
        }
        FileError::Io { path, error } => gettext_f(
            "{file} could not be used: {reason}.",
            &[("file", &file_name(path)), ("reason", &io_reason(error))],
        ),
        FileError::Protected { path, player } => gettext_f(
            "{file} belongs to {player} and has a password. Open it with the password first, or save under another name.",
            &[("file", &file_name(path)), ("player", player)],
        ),
        FileError::Refused { path, reason } => gettext_f(
            "{file} was not saved over: it was made by a newer Match5 or is not knowledge ({detail}).",
            &[("file", &file_name(path)), ("detail", reason)],
        ),
        FileError::Conflict { path, reason } => gettext_f(
            "{file} was changed by another program since it was opened ({detail}), so it was not saved over. Nothing you learned is lost: save it under another name.",
            &[("file", &file_name(path)), ("detail", reason)],
        ),
        FileError::Name(e) => name_error(e),
    }
}

/// Why the knowledge cannot be changed.
pub fn knowledge_error(error: &KnowledgeError) -> String {
    match error {
        KnowledgeError::NotOwner(player) => gettext_f(
            "This knowledge belongs to {player} and was opened without the password: save it under another name to change it.",
            &[("player", player)],
        ),
        KnowledgeError::NoSuchPattern(n) => gettext_f(
            "There is no pattern {number}.",
            &[("number", &(n + 1).to_string())],
        ),
        KnowledgeError::Name(e) => name_error(e),
        KnowledgeError::NotNew(player) => gettext_f(
            "The knowledge of {player} has played or learned already: only new knowledge can start from a trained computer.",
            &[("player", player)],
        ),
        KnowledgeError::NoSuchStart(name) => gettext_f(
            "There is no trained computer called “{name}”.",
            &[("name", name)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;
    use std::path::PathBuf;

    #[test]
    fn file_errors_name_the_file_and_line_and_keep_the_detail() {
        let e = FileError::Parse {
            path: PathBuf::from("/home/a/Anna.fivo"),
            error: match5_five::fivo::ParseError {
                line: Some(12),
                message: "a level is a number from 1 to 4294967295".into(),
            },
        };
        let text = file_error(&e);
        assert!(text.starts_with("Anna.fivo is not valid Match5 knowledge: line 12"));
        assert!(text.contains("a level is a number"));
        let full = FileError::Io {
            path: PathBuf::from("/x/B.fivo"),
            error: io::Error::from(io::ErrorKind::StorageFull),
        };
        assert_eq!(
            file_error(&full),
            "B.fivo could not be used: the disk is full."
        );
    }
}
