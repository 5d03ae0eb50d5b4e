//! What can go wrong with a knowledge file or the hall of fame, naming the
//! file (and the line, for a damaged one).

use std::io;
use std::path::{Path, PathBuf};

use match5_common::disk::ReadError;
use match5_common::names::NameError;
use match5_common::text::quote_path;

use crate::fivo::ParseError;

/// Something went wrong with a file: which file, on which line, and what.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{}: {}", quote_path(.path), .error)]
    Parse { path: PathBuf, error: ParseError },
    #[error("{}: {}", quote_path(.path), .error)]
    Io { path: PathBuf, error: io::Error },
    #[error(
        "{} belongs to {player} and is protected by a password: open it with the password first, or save under another name",
        quote_path(.path)
    )]
    Protected { path: PathBuf, player: String },
    #[error("{}: not saved: {reason}", quote_path(.path))]
    Refused { path: PathBuf, reason: String },
    #[error(
        "{}: not saved: the file changed since it was opened ({reason}); the knowledge is kept: save it under another name",
        quote_path(.path)
    )]
    Conflict { path: PathBuf, reason: String },
    #[error("{0}")]
    Name(#[from] NameError),
}

impl FileError {
    pub(crate) fn io(path: &Path, error: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl From<ReadError> for FileError {
    fn from(e: ReadError) -> FileError {
        FileError::Io {
            path: e.path,
            error: e.error,
        }
    }
}
