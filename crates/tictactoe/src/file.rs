//! The knowledge file: TOML with a format name, a version, the rewards and
//! the list of positions in the order the computer met them, each with its
//! preference. Loading is strict: anything that is not exactly such a file
//! is refused with the line it fails on.

use match5_common::text::QUOTED;
use std::collections::HashSet;
use std::fmt::Write;
use std::sync::OnceLock;

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Board, Mark};
use crate::knowledge::{Knowledge, Rewards};

pub const FORMAT: &str = "match5-tictactoe";
pub const VERSION: u32 = 1;
/// The file the app and `match5-cli tictactoe` share, in the data folder
/// of Match5 (`$XDG_DATA_HOME/match5`).
pub const FILE_NAME: &str = "tic-tac-toe.toml";
/// A file of 381 positions is about 25 KiB; a larger one than this is not
/// a knowledge file and is refused before it is read whole.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The largest reward, won, drawn or lost, either way.
pub const MAX_REWARD: i32 = 1000;

/// A file that is not a knowledge file, and the line (from 1) where, if
/// it is one line's fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FileError {
    pub line: Option<usize>,
    pub problem: Problem,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl FileError {
    /// Written by a newer Match5: read nothing from it, write nothing over.
    pub fn is_newer(&self) -> bool {
        matches!(self.problem, Problem::Newer(_))
    }
}

/// What is wrong, each case with what the person needs to find it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The TOML reader's own words.
    #[error("{0}")]
    Toml(String),
    #[error("larger than {} KiB: not a tic-tac-toe knowledge file", MAX_FILE_BYTES / 1024)]
    TooLarge,
    #[error("not UTF-8 text")]
    NotText,
    #[error("no format line: not a Match5 tic-tac-toe file (format = \"{FORMAT}\")")]
    NoFormat,
    #[error("format {0}: not a Match5 tic-tac-toe file (format = \"{FORMAT}\")")]
    OtherFormat(String),
    #[error("no version line")]
    NoVersion,
    #[error("version {0}: a version is 1 or more")]
    BadVersion(String),
    #[error(
        "version {0}, written by a newer Match5; this one reads and writes version {VERSION} and leaves the file as it is"
    )]
    Newer(i64),
    #[error("{0} games: a number of games is 0 to {max}", max = crate::knowledge::MAX_GAMES)]
    Games(i64),
    #[error("the {what} reward {value} is not a whole number from -{MAX_REWARD} to {MAX_REWARD}")]
    Reward { what: &'static str, value: i64 },
    #[error("position {0}: a position is a number from 0 to 19682")]
    NotAPosition(i64),
    #[error(
        "the board '{}' is not position {value}, which is {expected:?}",
        match5_common::text::quote(board)
    )]
    OtherBoard {
        board: String,
        value: u32,
        expected: String,
    },
    #[error("the board '{}' is not three rows of three fields (X, O or .) separated by /", match5_common::text::quote(.0))]
    NotABoard(String),
    #[error("position {value} is not the lowest of its 8 images; that is {lowest}")]
    NotLowest { value: u32, lowest: u32 },
    #[error(
        "position {value} ({board}) cannot come about by a move of the computer (O) in a game that X begins"
    )]
    Impossible { value: u32, board: String },
    #[error("position {0} is in the list twice")]
    Twice(u32),
    #[error("the preference {0} is out of range (from {min} to {max})", min = i32::MIN, max = i32::MAX)]
    Preference(i64),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    format: Option<Spanned<toml::Value>>,
    version: Option<Spanned<toml::Value>>,
    rewards: Spanned<RawRewards>,
    games: Option<Spanned<i64>>,
    #[serde(default)]
    position: Vec<Spanned<RawPosition>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRewards {
    win: Spanned<i64>,
    draw: Spanned<i64>,
    loss: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPosition {
    value: Spanned<i64>,
    board: Spanned<String>,
    preference: Spanned<i64>,
}

/// Every position the computer can make (after an O move), as lowest
/// images: the 337 where the game goes on and the 44 where O has won.
fn computer_positions() -> &'static HashSet<u32> {
    static SET: OnceLock<HashSet<u32>> = OnceLock::new();
    SET.get_or_init(|| {
        let (going_on, won) = crate::enumerate::positions_after_o();
        going_on.union(&won).copied().collect()
    })
}

/// `X.O/.X./..O`: rows from the top, `.` an empty field.
pub fn board_text(board: &Board) -> String {
    let mut out = String::with_capacity(11);
    for field in 0..9 {
        if field > 0 && field % 3 == 0 {
            out.push('/');
        }
        out.push(board.get(field).map_or('.', Mark::letter));
    }
    out
}

fn parse_board(text: &str) -> Option<Board> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
        return None;
    }
    let mut board = Board::default();
    for (field, c) in rows.concat().chars().enumerate() {
        board.set(
            field,
            match c {
                '.' => None,
                'X' | 'x' => Some(Mark::X),
                'O' | 'o' => Some(Mark::O),
                _ => return None,
            },
        );
    }
    Some(board)
}

/// The file of `knowledge`.
pub fn to_text(knowledge: &Knowledge) -> String {
    let r = knowledge.rewards();
    let mut out = format!(
        "# What the tic-tac-toe computer of Match5 learned (the 1983 article's\n\
         # arrays FF and GG): the positions it made or looked at, in the order\n\
         # it met them, each with its preference.\n\
         # value: the article's number, the sum of digit * 3^(field - 1) over\n\
         # fields 1 to 9 (0 empty, 1 X, 2 O) of the lowest of its 8 images;\n\
         # board: the same position, rows from the top.\n\
         format = \"{FORMAT}\"\nversion = {VERSION}\n\n\
         # Games learned from.\n\
         games = {}\n\n\
         # Added to the preference of every position the computer made in a\n\
         # game, by how the game ended for it.\n\
         [rewards]\nwin = {}\ndraw = {}\nloss = {}\n",
        knowledge.games(),
        r.win,
        r.draw,
        r.loss,
    );
    for (value, preference) in knowledge.entries() {
        let board = Board::from_value(value).expect("a stored position is a board");
        let _ = write!(
            out,
            "\n[[position]]\nvalue = {value}\nboard = \"{}\"\npreference = {preference}\n",
            board_text(&board)
        );
    }
    out
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Reads a knowledge file's text.
pub fn parse(text: &str) -> Result<Knowledge, FileError> {
    let at = |span: std::ops::Range<usize>, problem: Problem| FileError {
        line: Some(line_of(text, span.start)),
        problem,
    };
    let whole = |problem: Problem| FileError {
        line: None,
        problem,
    };
    let toml_error = |e: toml::de::Error| {
        let problem = Problem::Toml(e.message().trim().to_string());
        match e.span() {
            Some(span) => at(span, problem),
            None => whole(problem),
        }
    };
    // The file is read once. A file of another kind or a newer version
    // says so, rather than what in it does not fit: when it cannot be read
    // as this format, only its header is read to find out.
    #[derive(Deserialize)]
    struct Header {
        format: Option<Spanned<toml::Value>>,
        version: Option<Spanned<toml::Value>>,
    }
    let check_header = |format: &Option<Spanned<toml::Value>>,
                        version: &Option<Spanned<toml::Value>>|
     -> Result<(), FileError> {
        let Some(format) = format else {
            return Err(whole(Problem::NoFormat));
        };
        if format.get_ref().as_str() != Some(FORMAT) {
            return Err(at(
                format.span(),
                Problem::OtherFormat(format.get_ref().to_string()),
            ));
        }
        let Some(version) = version else {
            return Err(whole(Problem::NoVersion));
        };
        match version.get_ref().as_integer() {
            Some(v) if v > i64::from(VERSION) => Err(whole(Problem::Newer(v))),
            Some(v) if v >= 1 => Ok(()),
            _ => Err(at(
                version.span(),
                Problem::BadVersion(version.get_ref().to_string()),
            )),
        }
    };
    let raw: Raw = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            if let Ok(header) = toml::from_str::<Header>(text) {
                check_header(&header.format, &header.version)?;
            }
            return Err(toml_error(e));
        }
    };
    check_header(&raw.format, &raw.version)?;

    let reward = |r: &Spanned<i64>, what: &'static str| -> Result<i32, FileError> {
        i32::try_from(*r.get_ref())
            .ok()
            .filter(|v| v.abs() <= MAX_REWARD)
            .ok_or_else(|| {
                at(
                    r.span(),
                    Problem::Reward {
                        what,
                        value: *r.get_ref(),
                    },
                )
            })
    };
    let rewards = raw.rewards.get_ref();
    let rewards = Rewards {
        win: reward(&rewards.win, "win")?,
        draw: reward(&rewards.draw, "draw")?,
        loss: reward(&rewards.loss, "loss")?,
    };

    let possible = computer_positions();
    let mut seen = HashSet::new();
    let mut entries = Vec::with_capacity(raw.position.len());
    for p in &raw.position {
        let p = p.get_ref();
        let value = *p.value.get_ref();
        let Some(board) = u32::try_from(value).ok().and_then(Board::from_value) else {
            return Err(at(p.value.span(), Problem::NotAPosition(value)));
        };
        let value = board.value();
        match parse_board(p.board.get_ref()) {
            Some(b) if b == board => {}
            Some(_) => {
                return Err(at(
                    p.board.span(),
                    Problem::OtherBoard {
                        board: match5_common::text::excerpt(p.board.get_ref(), QUOTED),
                        value,
                        expected: board_text(&board),
                    },
                ));
            }
            None => {
                return Err(at(
                    p.board.span(),
                    Problem::NotABoard(match5_common::text::excerpt(p.board.get_ref(), QUOTED)),
                ));
            }
        }
        if board.lowest() != value {
            return Err(at(
                p.value.span(),
                Problem::NotLowest {
                    value,
                    lowest: board.lowest(),
                },
            ));
        }
        if !possible.contains(&value) {
            return Err(at(
                p.value.span(),
                Problem::Impossible {
                    value,
                    board: board_text(&board),
                },
            ));
        }
        if !seen.insert(value) {
            return Err(at(p.value.span(), Problem::Twice(value)));
        }
        let preference = i32::try_from(*p.preference.get_ref()).map_err(|_| {
            at(
                p.preference.span(),
                Problem::Preference(*p.preference.get_ref()),
            )
        })?;
        entries.push((value, preference));
    }
    let games = match &raw.games {
        None => 0,
        Some(g) => {
            u64::try_from(*g.get_ref()).map_err(|_| at(g.span(), Problem::Games(*g.get_ref())))?
        }
    };
    let mut knowledge = Knowledge::with_entries(rewards, entries);
    knowledge.set_games(games);
    Ok(knowledge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_back() {
        let b = Board::from_value(2 * 81 + 1).unwrap();
        assert_eq!(board_text(&b), "X../.O./...");
        assert_eq!(parse_board("X../.O./..."), Some(b));
        assert_eq!(parse_board("X../.O/..."), None);
        assert_eq!(parse_board("X../.Q./..."), None);
    }
}
