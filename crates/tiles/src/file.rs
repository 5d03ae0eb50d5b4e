//! The seed's game files: the pot; `M N`; `K L`; K rows `yellow blue` of
//! player 0, K of player 1; the player to move. Every check the seed asks
//! for, with the line it fails on.

use std::fmt::Write;

use match5_common::text::{QUOTED, excerpt, quote};

use crate::game::{Colour, Game, Row, Sizes};

/// The seed's Figure 3 (its `spel1.txt`): Figure 1's position.
pub const EXAMPLE: &str = "gbbggbbgggbgbbbgggbgbbggg
2 4
5 5
4 0
2 0
1 0
0 0
0 3
0 3
0 4
1 0
2 0
5 0
0
";

/// Game files are a few hundred bytes: a larger file (1 MiB) is not one and
/// is refused before it is read whole.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// A game file that cannot be read, and the line (from 1) where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct FileError {
    pub line: usize,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the pot is empty")]
    EmptyPot,
    #[error("the pot holds '{}'; only g (yellow) and b (blue) are tiles", quote(&.0.to_string()))]
    NotATile(char),
    /// The word, cut to a few characters.
    #[error("'{}' is not a whole number", quote(.0))]
    NotANumber(String),
    #[error("expected {expected} numbers, found {found}")]
    Count { expected: usize, found: usize },
    #[error("{what} must be {min} to {max}, not {value}")]
    OutOfRange {
        what: &'static str,
        min: usize,
        max: usize,
        value: i64,
    },
    #[error("a row cannot hold both yellow and blue tiles ({yellow} and {blue})")]
    BothColours { yellow: i64, blue: i64 },
    #[error("a row of {length} cells cannot hold {tiles} tiles")]
    TooManyTiles { tiles: i64, length: usize },
    #[error("the file ends here; {0} is missing")]
    Missing(&'static str),
    #[error("the game ended on the line before; this line is one too many")]
    Extra,
}

struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self, what: &'static str) -> Result<(usize, &'a str), FileError> {
        match self.lines.next() {
            Some((i, line)) => {
                self.last = i + 1;
                Ok((i + 1, line.trim()))
            }
            None => Err(FileError {
                line: self.last + 1,
                problem: Problem::Missing(what),
            }),
        }
    }

    /// The next line's `N` whole numbers.
    fn numbers<const N: usize>(
        &mut self,
        what: &'static str,
    ) -> Result<(usize, [i64; N]), FileError> {
        let (line, text) = self.next(what)?;
        let fail = |problem| FileError { line, problem };
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != N {
            return Err(fail(Problem::Count {
                expected: N,
                found: words.len(),
            }));
        }
        let mut out = [0i64; N];
        for (slot, word) in out.iter_mut().zip(words) {
            *slot = word
                .parse()
                .map_err(|_| fail(Problem::NotANumber(excerpt(word, QUOTED))))?;
        }
        Ok((line, out))
    }
}

fn in_range(
    line: usize,
    what: &'static str,
    value: i64,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, FileError> {
    let (min, max) = (*range.start(), *range.end());
    usize::try_from(value)
        .ok()
        .filter(|v| range.contains(v))
        .ok_or(FileError {
            line,
            problem: Problem::OutOfRange {
                what,
                min,
                max,
                value,
            },
        })
}

/// Reads a game file. A byte order mark at its start (some editors write
/// one) is passed over.
pub fn parse(text: &str) -> Result<Game, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Lines {
        lines: text.lines().enumerate(),
        last: 0,
    };
    let (line, pot_text) = lines.next("the pot")?;
    if pot_text.is_empty() {
        return Err(FileError {
            line,
            problem: Problem::EmptyPot,
        });
    }
    let pot = pot_text
        .chars()
        .map(|c| {
            Colour::from_letter(c).ok_or(FileError {
                line,
                problem: Problem::NotATile(c),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (line, [m, n]) = lines.numbers("the line with M and N")?;
    let bowls = in_range(line, "the number of bowls M", m, Sizes::BOWLS)?;
    let bowl_size = in_range(line, "the tiles per bowl N", n, Sizes::BOWL_SIZE)?;
    let (line, [k, l]) = lines.numbers("the line with K and L")?;
    let rows = in_range(line, "the number of rows K", k, Sizes::ROWS)?;
    let row_length = in_range(line, "the cells per row L", l, Sizes::ROW_LENGTH)?;
    let mut boards: [Vec<Row>; 2] = [Vec::new(), Vec::new()];
    for (player, board) in boards.iter_mut().enumerate() {
        let what = if player == 0 {
            "a row of player 0"
        } else {
            "a row of player 1"
        };
        for _ in 0..rows {
            let (line, [yellow, blue]) = lines.numbers(what)?;
            let fail = |problem| FileError { line, problem };
            let yellow_count = in_range(line, "a row's yellow tiles", yellow, 0..=row_length)?;
            let blue_count = in_range(line, "a row's blue tiles", blue, 0..=row_length)?;
            if yellow_count > 0 && blue_count > 0 {
                return Err(fail(Problem::BothColours { yellow, blue }));
            }
            if yellow_count + blue_count > row_length {
                return Err(fail(Problem::TooManyTiles {
                    tiles: yellow + blue,
                    length: row_length,
                }));
            }
            board.push(Row {
                yellow: yellow_count as u8,
                blue: blue_count as u8,
            });
        }
    }
    let (line, [player]) = lines.numbers("the player to move")?;
    let to_move = in_range(line, "the player to move", player, 0..=1)?;
    for (i, rest) in lines.lines {
        if !rest.trim().is_empty() {
            return Err(FileError {
                line: i + 1,
                problem: Problem::Extra,
            });
        }
    }
    let sizes = Sizes {
        bowls,
        bowl_size,
        rows,
        row_length,
    };
    Ok(Game::new(sizes, pot, boards, to_move))
}

/// The file of the game's current position: the tiles in the bowls, then
/// those left in the pot, make the pot line, so that reading it back deals
/// the same bowls (a bowl that is not full can only come last: otherwise the
/// position has no file and `None` is returned).
pub fn to_text(game: &Game) -> Option<String> {
    let sizes = game.sizes();
    let mut pot = String::new();
    let mut short = false;
    for bowl in 0..sizes.bowls {
        let (y, b) = (
            game.bowl(bowl, Colour::Yellow),
            game.bowl(bowl, Colour::Blue),
        );
        let held = usize::from(y + b);
        if short && held > 0 || (held < sizes.bowl_size && !game.pot_left().is_empty()) {
            return None;
        }
        short |= held < sizes.bowl_size;
        pot.extend(std::iter::repeat_n('g', y.into()));
        pot.extend(std::iter::repeat_n('b', b.into()));
    }
    pot.extend(game.pot_left().iter().map(|c| c.letter()));
    if pot.is_empty() {
        return None;
    }
    let mut text = format!(
        "{pot}\n{} {}\n{} {}\n",
        sizes.bowls, sizes.bowl_size, sizes.rows, sizes.row_length
    );
    for player in 0..2 {
        for row in game.board(player) {
            let _ = writeln!(text, "{} {}", row.yellow, row.blue);
        }
    }
    let _ = writeln!(text, "{}", game.to_move());
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_3_is_figure_1() {
        let game = parse(EXAMPLE).unwrap();
        assert_eq!(game.sizes().bowls, 2);
        // Both bowls hold the same tiles (the seed: choosing bowl 1 changes
        // nothing), two yellow and two blue.
        for bowl in 0..2 {
            assert_eq!(game.bowl(bowl, Colour::Yellow), 2);
            assert_eq!(game.bowl(bowl, Colour::Blue), 2);
        }
        // The pot goes on after the eight tiles dealt.
        assert_eq!(game.pot_left(), &game.pot()[8..]);
        assert_eq!(game.drawn(), 8);
        // Written back, the bowls' tiles come first in the pot line.
        let text = to_text(&game).unwrap();
        assert!(text.starts_with("ggbbggbbggbgbbbgggbgbbggg\n2 4\n5 5\n4 0\n"));
        assert!(parse(&text).unwrap().same_position(&game));
    }

    fn error_of(text: &str) -> (usize, Problem) {
        let e = parse(text).unwrap_err();
        (e.line, e.problem)
    }

    #[test]
    fn every_check_names_its_line() {
        let good: Vec<&str> = EXAMPLE.lines().collect();
        let with = |at: usize, line: &str| {
            let mut lines = good.clone();
            lines[at] = line;
            lines.join("\n")
        };
        assert_eq!(error_of(&with(0, "gbx")), (1, Problem::NotATile('x')));
        assert_eq!(error_of(&with(0, "")), (1, Problem::EmptyPot));
        assert!(matches!(
            error_of(&with(1, "6 4")),
            (2, Problem::OutOfRange { .. })
        ));
        assert!(matches!(
            error_of(&with(1, "2 0")),
            (2, Problem::OutOfRange { .. })
        ));
        assert!(matches!(
            error_of(&with(2, "11 5")),
            (3, Problem::OutOfRange { .. })
        ));
        assert!(matches!(
            error_of(&with(2, "5 7")),
            (3, Problem::OutOfRange { .. })
        ));
        assert_eq!(
            error_of(&with(2, "5")),
            (
                3,
                Problem::Count {
                    expected: 2,
                    found: 1
                }
            )
        );
        assert_eq!(
            error_of(&with(3, "4 x")),
            (4, Problem::NotANumber("x".into()))
        );
        // A huge number is quoted in part; hidden characters are shown.
        let huge = parse(&with(3, &format!("4 {}", "9".repeat(5_000)))).unwrap_err();
        assert!(huge.to_string().len() < 100, "{huge}");
        let hidden = parse(&with(0, "gb\u{202e}b")).unwrap_err().to_string();
        assert!(hidden.contains("'\\u{202e}'"), "{hidden}");
        // A byte order mark before the pot is no tile.
        assert_eq!(parse(&format!("\u{feff}{EXAMPLE}")), parse(EXAMPLE));
        assert_eq!(
            error_of(&with(4, "1 1")),
            (5, Problem::BothColours { yellow: 1, blue: 1 })
        );
        assert!(matches!(
            error_of(&with(5, "6 0")),
            (6, Problem::OutOfRange { .. })
        ));
        assert!(matches!(
            error_of(&with(5, "-1 0")),
            (6, Problem::OutOfRange { .. })
        ));
        assert!(matches!(
            error_of(&with(13, "2")),
            (14, Problem::OutOfRange { .. })
        ));
        assert_eq!(
            error_of(&good[..12].join("\n")),
            (13, Problem::Missing("a row of player 1"))
        );
        assert_eq!(
            error_of(&(EXAMPLE.to_string() + "0\n")),
            (15, Problem::Extra)
        );
        // Blank lines at the end are fine.
        assert!(parse(&(EXAMPLE.to_string() + "\n\n")).is_ok());
    }
}
