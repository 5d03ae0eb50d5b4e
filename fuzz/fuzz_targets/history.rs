//! A history line on any text: it never panics; a line it accepts is a
//! game that could have been played (a real day; for a won game, moves
//! that end in blue's five with nothing after it), and it is written back
//! as it was read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_five::board::{Board, Color};
use match5_five::history::{Entry, GameResult};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(entry) = Entry::from_line(line) else {
        return;
    };
    assert_eq!(Entry::from_line(&entry.to_line()), Ok(entry.clone()));
    if let Some(moves) = &entry.moves {
        assert_eq!(entry.result, GameResult::Won);
        let mut board = Board::new();
        for (i, m) in moves.iter().enumerate() {
            assert!(board.is_empty_at(m.cell));
            board.set(m.cell, Some(m.kind.color()));
            let five = !board.winning_runs(m.cell).is_empty();
            assert_eq!(five, i + 1 == moves.len(), "a five only at the end");
        }
        assert_eq!(moves.last().map(|m| m.kind.color()), Some(Color::Blue));
    }
});
