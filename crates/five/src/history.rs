//! A player's learning history: one entry per finished game against the
//! computer (game number, result, the computer's level after it, date),
//! kept with the knowledge so that the app can draw how the computer
//! learned. At most [`MAX_ENTRIES`] of the latest games are kept, and
//! with each game the player won its moves (the game that taught the
//! computer), so the total stays bounded: at most 81 moves a game.

use std::collections::VecDeque;

use crate::moves::{self, Move};

/// The most games a history keeps (the oldest go first).
pub const MAX_ENTRIES: usize = 10_000;
/// The highest game number (and game count) a file may hold.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// A game's result from the player's side, as in the statistics: `won`
/// means the player beat the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Won,
    Lost,
    Drawn,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Drawn => "drawn",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "won" => Some(GameResult::Won),
            "lost" => Some(GameResult::Lost),
            "drawn" => Some(GameResult::Drawn),
            _ => None,
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The game's number among all of the player's games (from 1).
    pub game: u64,
    pub result: GameResult,
    /// The computer's level (patterns) after the game.
    pub level: u32,
    /// The day, `YYYY-MM-DD` (in the player's time zone).
    pub date: String,
    /// The game's moves, kept for the games the player won (the lessons);
    /// files written before they were kept have none.
    pub moves: Option<Vec<Move>>,
    /// Hints the player took in the game (`hints:2` in the line; files of
    /// format version 1 have none).
    pub hints: u32,
}

impl Entry {
    /// `12 won 3 2026-11-22`, as the file keeps it, with the hints taken
    /// and the moves after it when there are any
    /// (`12 won 3 2026-11-22 hints:2 B44R33…`, see [`moves::encode`]).
    pub fn to_line(&self) -> String {
        let mut line = format!(
            "{} {} {} {}",
            self.game,
            self.result.as_str(),
            self.level,
            self.date
        );
        if self.hints > 0 {
            line.push_str(&format!(" hints:{}", self.hints));
        }
        if let Some(moves) = &self.moves {
            line.push(' ');
            line.push_str(&moves::encode(moves));
        }
        line
    }

    /// Reads [`Entry::to_line`]'s text.
    pub fn from_line(line: &str) -> Result<Entry, String> {
        let mut parts: Vec<&str> = line.split(' ').collect();
        let hints = match parts.get(4).and_then(|p| p.strip_prefix("hints:")) {
            Some(n) => {
                let n = n
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("hints {n:?} is not a number from 1"))?;
                parts.remove(4);
                n
            }
            None => 0,
        };
        let (game, result, level, date, moves) = match parts[..] {
            [game, result, level, date] => (game, result, level, date, None),
            [game, result, level, date, moves] => (game, result, level, date, Some(moves)),
            _ => return Err("expected \"GAME RESULT LEVEL DATE [hints:N] [MOVES]\"".to_string()),
        };
        let game = game
            .parse::<u64>()
            .ok()
            .filter(|g| (1..=MAX_GAMES).contains(g))
            .ok_or_else(|| format!("game {game:?} is not a number from 1"))?;
        let result = GameResult::parse(result)
            .ok_or_else(|| format!("result {result:?} is not won, lost or drawn"))?;
        let level = level
            .parse::<u32>()
            .map_err(|_| format!("level {level:?} is not a number"))?;
        if !is_date(date) {
            return Err(format!(
                "date {date:?} is not a day of the calendar as YYYY-MM-DD"
            ));
        }
        let moves = moves.map(moves::decode).transpose()?;
        if let Some(moves) = &moves {
            check_game(moves, result)?;
        }
        Ok(Entry {
            game,
            result,
            level,
            date: date.to_string(),
            moves,
            hints,
        })
    }
}

/// The moves of a game the player won, checked as a game: no move after
/// a five, and the last move is blue's five.
fn check_game(moves: &[Move], result: GameResult) -> Result<(), String> {
    if result != GameResult::Won {
        return Err(format!(
            "moves are kept only for games the player won, not for a {} game",
            result.as_str()
        ));
    }
    let mut board = crate::board::Board::new();
    for (i, m) in moves.iter().enumerate() {
        board.set(m.cell, Some(m.kind.color()));
        if !board.winning_runs(m.cell).is_empty() && i + 1 < moves.len() {
            return Err(format!(
                "move {}: the game was over, {} had five",
                i + 2,
                match m.kind.color() {
                    crate::board::Color::Blue => "blue",
                    crate::board::Color::Red => "red",
                }
            ));
        }
    }
    match moves.last() {
        Some(last)
            if last.kind.color() == crate::board::Color::Blue
                && !board.winning_runs(last.cell).is_empty() =>
        {
            Ok(())
        }
        _ => Err("the moves do not end in blue's five, as a game the player won does".to_string()),
    }
}

fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) {
        return false;
    }
    if !digits(5..7) || !digits(8..10) {
        return false;
    }
    let year: u32 = text[0..4].parse().unwrap_or(0);
    let month: u32 = text[5..7].parse().unwrap_or(0);
    let day: u32 = text[8..10].parse().unwrap_or(0);
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// The latest games, oldest first, game numbers rising.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    entries: VecDeque<Entry>,
}

impl History {
    /// A history of `entries` (rising game numbers; only the latest
    /// [`MAX_ENTRIES`] are kept).
    pub fn from_entries(entries: Vec<Entry>) -> Result<History, String> {
        if let Some(w) = entries.windows(2).find(|w| w[1].game <= w[0].game) {
            return Err(format!(
                "game {} comes after game {}: game numbers must rise",
                w[1].game, w[0].game
            ));
        }
        let mut h = History {
            entries: entries.into(),
        };
        h.trim();
        Ok(h)
    }

    pub fn entries(&self) -> impl DoubleEndedIterator<Item = &Entry> + ExactSizeIterator + '_ {
        self.entries.iter()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn last(&self) -> Option<&Entry> {
        self.entries.back()
    }

    /// The moves of game number `game`, if the history still keeps them.
    pub fn moves_of(&self, game: u64) -> Option<&[Move]> {
        let i = self.entries.binary_search_by_key(&game, |e| e.game).ok()?;
        self.entries[i].moves.as_deref()
    }

    /// Adds a game after the last one (a game numbered past [`MAX_GAMES`],
    /// which no file could hold, is not kept).
    pub fn push(&mut self, entry: Entry) {
        if entry.game > MAX_GAMES || self.last().is_some_and(|l| entry.game <= l.game) {
            return;
        }
        self.entries.push_back(entry);
        self.trim();
    }

    fn trim(&mut self) {
        while self.entries.len() > MAX_ENTRIES {
            self.entries.pop_front();
        }
    }

    /// For each game: the share of the last `window` games (up to it) that
    /// the player won and that the player lost, from 0 to 1.
    pub fn moving_rates(&self, window: usize) -> Vec<(u64, f64, f64)> {
        let results: Vec<GameResult> = self.entries.iter().map(|e| e.result).collect();
        self.entries
            .iter()
            .zip(moving_shares(&results, window))
            .map(|(e, (won, lost))| (e.game, won, lost))
            .collect()
    }

    /// After a merge: the games of `other` (a file changed elsewhere) come
    /// first, then this history's games after `base_games` (those played
    /// here since the file was read), numbered on from `other`'s last.
    pub fn merged(&self, other: &History, base_games: u64) -> History {
        let mut out = other.clone();
        let first = other.last().map_or(base_games, |l| l.game.max(base_games)) + 1;
        let ours = self.entries.iter().filter(|e| e.game > base_games);
        for (game, e) in (first..).zip(ours) {
            out.push(Entry { game, ..e.clone() });
        }
        out
    }
}

/// For each of `results`: the share of the last `window` results (up to
/// and with it) that are won and that are lost, from 0 to 1.
pub fn moving_shares(results: &[GameResult], window: usize) -> Vec<(f64, f64)> {
    let window = window.max(1);
    let mut out = Vec::with_capacity(results.len());
    let (mut won, mut lost) = (0usize, 0usize);
    for (i, r) in results.iter().enumerate() {
        won += usize::from(*r == GameResult::Won);
        lost += usize::from(*r == GameResult::Lost);
        if i >= window {
            won -= usize::from(results[i - window] == GameResult::Won);
            lost -= usize::from(results[i - window] == GameResult::Lost);
        }
        let n = (i + 1).min(window) as f64;
        out.push((won as f64 / n, lost as f64 / n));
    }
    out
}

/// Today's date, `YYYY-MM-DD`, in the person's time zone.
pub fn today() -> String {
    match5_common::time::today()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(game: u64, result: GameResult, level: u32) -> Entry {
        Entry {
            game,
            result,
            level,
            date: "2026-11-22".to_string(),
            moves: None,
            hints: 0,
        }
    }

    #[test]
    fn the_hints_of_a_game_are_kept_in_its_line() {
        let mut hinted = e(7, GameResult::Won, 2);
        hinted.hints = 3;
        hinted.moves = Some(moves::decode("B44R33B45R00B46R88B47R80B48").unwrap());
        let line = hinted.to_line();
        assert_eq!(
            line,
            "7 won 2 2026-11-22 hints:3 B44R33B45R00B46R88B47R80B48"
        );
        assert_eq!(Entry::from_line(&line).unwrap(), hinted);
        hinted.moves = None;
        assert_eq!(
            Entry::from_line("7 won 2 2026-11-22 hints:3").unwrap(),
            hinted
        );
        assert_eq!(Entry::from_line("7 won 2 2026-11-22").unwrap().hints, 0);
        for bad in [
            "7 won 2 2026-11-22 hints:0",
            "7 won 2 2026-11-22 hints:x",
            "7 won 2 2026-11-22 hints:-1",
        ] {
            assert!(
                Entry::from_line(bad).unwrap_err().contains("hints"),
                "{bad}"
            );
        }
    }

    #[test]
    fn lines_round_trip_and_bad_ones_say_why() {
        let entry = e(12, GameResult::Won, 3);
        assert_eq!(entry.to_line(), "12 won 3 2026-11-22");
        assert_eq!(Entry::from_line(&entry.to_line()), Ok(entry));
        for (bad, why) in [
            ("12 won 3", "expected"),
            ("0 won 3 2026-11-22", "game \"0\""),
            ("12 tied 3 2026-11-22", "result \"tied\""),
            ("12 won -1 2026-11-22", "level \"-1\""),
            ("12 won 3 2026-13-01", "date"),
            ("12 won 3 22-11-2026", "date"),
        ] {
            let err = Entry::from_line(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert!(today().len() == 10 && is_date(&today()));
        // The moves of a won game ride along; a bad list says where.
        let five = "B00R08B10R18B20R28B30R38B40";
        let taught = Entry::from_line(&format!("13 won 4 2026-11-22 {five}")).unwrap();
        assert_eq!(taught.moves.as_ref().map(Vec::len), Some(9));
        assert_eq!(taught.to_line(), format!("13 won 4 2026-11-22 {five}"));
        let err = Entry::from_line("13 won 4 2026-11-22 B44R44").unwrap_err();
        assert!(err.contains("taken twice"), "{err}");
        // Checked as a game: a real day, no move after a five, and the
        // player's five at the end of a game the player won.
        for (bad, why) in [
            ("13 won 4 2026-02-30", "not a day of the calendar"),
            ("13 won 4 2025-02-29", "not a day of the calendar"),
            ("13 won 4 2026-04-31", "not a day of the calendar"),
            (
                &format!("13 won 4 2026-11-22 {five}R48") as &str,
                "move 10: the game was over, blue had five",
            ),
            (
                "13 won 4 2026-11-22 R00B08R10B18R20B28R30B38R40B48",
                "move 10: the game was over, red had five",
            ),
            ("13 won 4 2026-11-22 B44R33B45", "do not end in blue's five"),
            (
                &format!("13 lost 4 2026-11-22 {five}"),
                "only for games the player won",
            ),
        ] {
            let err = Entry::from_line(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert!(
            Entry::from_line("13 won 4 2024-02-29").is_ok(),
            "a leap day"
        );
        let h = History::from_entries(vec![e(12, GameResult::Won, 3), taught]).unwrap();
        assert_eq!(h.moves_of(13).map(<[Move]>::len), Some(9));
        assert_eq!(h.moves_of(12), None);
    }

    #[test]
    fn rates_move_and_the_oldest_games_go() {
        let mut h = History::default();
        for g in 1..=4 {
            let r = if g <= 2 {
                GameResult::Won
            } else {
                GameResult::Lost
            };
            h.push(e(g, r, 0));
        }
        h.push(e(4, GameResult::Drawn, 0));
        assert_eq!(h.len(), 4, "a game number that does not rise is not added");
        let rates = h.moving_rates(2);
        assert_eq!(rates[0], (1, 1.0, 0.0));
        assert_eq!(rates[2], (3, 0.5, 0.5));
        assert_eq!(rates[3], (4, 0.0, 1.0));
        for g in 5..=(MAX_ENTRIES as u64 + 10) {
            h.push(e(g, GameResult::Drawn, 1));
        }
        assert_eq!(h.len(), MAX_ENTRIES);
        assert_eq!(h.entries().next().unwrap().game, 11);
        assert!(
            History::from_entries(vec![e(2, GameResult::Won, 0), e(2, GameResult::Won, 0)])
                .is_err()
        );
    }

    #[test]
    fn a_merge_keeps_the_files_games_and_numbers_ours_after_them() {
        let ours = History::from_entries(vec![e(1, GameResult::Won, 1), e(2, GameResult::Lost, 1)])
            .unwrap();
        let disk = History::from_entries(vec![e(1, GameResult::Won, 1), e(2, GameResult::Won, 2)])
            .unwrap();
        // Both read the file after game 1; each played one game since.
        let m = ours.merged(&disk, 1);
        let games: Vec<(u64, GameResult)> = m.entries().map(|e| (e.game, e.result)).collect();
        assert_eq!(
            games,
            [
                (1, GameResult::Won),
                (2, GameResult::Won),
                (3, GameResult::Lost)
            ]
        );
    }
}
