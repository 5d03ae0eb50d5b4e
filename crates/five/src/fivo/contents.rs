//! What a `.fivo` file holds, its format line and version, and what is
//! wrong with one that cannot be read.

use crate::history::History;
use crate::knowledge::{Knowledge, Learned, Stats};
use crate::lost_lines::LostLines;
use crate::pattern::Pattern;

/// The `format` line every knowledge file starts with.
pub const FORMAT: &str = "match5-knowledge";
/// The newest format version this program reads, and the one it writes
/// when a pattern was learned from a game won with hints (`hinted =
/// true`: an older Match5 would count it in the player's level, so it
/// refuses the file instead).
pub const VERSION: i64 = 3;
/// The version it writes when a game in the history was played with hints
/// (`hints:N`) but no pattern needs version 3.
pub const HINTS_VERSION: i64 = 2;
/// The version it writes otherwise, so that older Match5 versions read the
/// file as long as nothing in it needs the newer one.
pub const PLAIN_VERSION: i64 = 1;

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
    /// Where each pattern came from (parallel to `patterns`): the optional
    /// `game` and `practice` keys of a `[[pattern]]`.
    pub learned: Vec<Learned>,
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
            learned: (0..knowledge.pattern_count())
                .map(|i| knowledge.learned(i))
                .collect(),
            lost_lines: knowledge.lost_lines().clone(),
            history: knowledge.history().clone(),
            start: knowledge.start().map(str::to_string),
        }
    }
}
