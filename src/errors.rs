//! What every game says of a file: why reading or writing it failed, in the
//! person's language (the crates themselves speak English, for the CLI and
//! D-Bus). Each game words its own errors in its folder (five in a row's
//! in `games/five/words/errors.rs`).

use std::io;
use std::path::Path;

use crate::i18n::{gettext, gettext_f};

/// A file's name without its folder, as a message names it.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Why reading or writing failed, in the person's language.
pub fn io_reason(error: &io::Error) -> String {
    use io::ErrorKind::*;
    use match5_common::disk::Refusal;
    match Refusal::of(error) {
        Some(Refusal::NotRegular("a folder")) => return gettext("it is a folder"),
        Some(Refusal::NotRegular("a named pipe")) => {
            return gettext("it is a named pipe, not a file");
        }
        Some(Refusal::NotRegular("a device")) => return gettext("it is a device, not a file"),
        Some(Refusal::NotRegular(_)) => return gettext("it is not a regular file"),
        Some(Refusal::ReadOnly) => {
            return gettext("it is read-only: save under another name");
        }
        Some(Refusal::DanglingLink) => {
            return gettext(
                "it is a link to a file that does not exist, and nothing is made there",
            );
        }
        Some(Refusal::OtherOwner) => {
            return gettext("it belongs to another user: save under another name");
        }
        None => {}
    }
    match error.kind() {
        NotFound => gettext("the file or its folder does not exist"),
        PermissionDenied => gettext("you have no permission to use it"),
        StorageFull => gettext("the disk is full"),
        ReadOnlyFilesystem => gettext("the disk can only be read"),
        IsADirectory => gettext("it is a folder"),
        InvalidData => gettext("it is not a text file"),
        _ => gettext_f(
            "the system said: {reason}",
            &[("reason", &error.to_string())],
        ),
    }
}
