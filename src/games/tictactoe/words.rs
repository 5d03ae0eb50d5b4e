//! The tic-tac-toe page's words for what the crate reports: a knowledge
//! file's trouble and the rewards.

use match5_tictactoe::Rewards;
use match5_tictactoe::file::FileError;
use match5_tictactoe::store::StoreError;

use super::drawing::signed;
use crate::i18n::gettext_f;

/// A knowledge file's trouble, in the person's language where it can be.
pub fn store_error(e: &StoreError) -> String {
    match e {
        StoreError::Io { path, error } => gettext_f(
            "{file}: {reason}",
            &[
                ("file", &path.display().to_string()),
                ("reason", &crate::errors::io_reason(error)),
            ],
        ),
        StoreError::Bad { path, error } => {
            let file = path.display().to_string();
            match error {
                FileError::At { line, problem } => gettext_f(
                    "{file}, line {line}: {problem}",
                    &[
                        ("file", &file),
                        ("line", &line.to_string()),
                        ("problem", problem),
                    ],
                ),
                FileError::Whole(problem) => {
                    gettext_f("{file}: {reason}", &[("file", &file), ("reason", problem)])
                }
                FileError::Newer(_) => gettext_f(
                    "{file} was written by a newer version of Match5",
                    &[("file", &file)],
                ),
            }
        }
    }
}

/// "won +1 · drawn 0 · lost −1".
pub fn rewards_text(r: Rewards) -> String {
    gettext_f(
        "won {win} · drawn {draw} · lost {loss}",
        &[
            ("win", &signed(r.win)),
            ("draw", &signed(r.draw)),
            ("loss", &signed(r.loss)),
        ],
    )
}
