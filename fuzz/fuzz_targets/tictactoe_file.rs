//! A tic-tac-toe knowledge file of any bytes: read, or refused with a
//! reason; knowledge read is written out and reads back alike, and the
//! computer can play with it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_tictactoe::file::{parse, to_text};
use match5_tictactoe::{Game, Mark};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut knowledge) = parse(text) else {
        return;
    };
    assert!(knowledge.len() <= match5_tictactoe::enumerate::MOST);
    assert_eq!(parse(&to_text(&knowledge)).as_ref(), Ok(&knowledge));
    let mut game = Game::new();
    while let Some(to_move) = game.to_move() {
        if to_move == Mark::X {
            let field = game.board().empty_fields().next().unwrap();
            game.play(field).unwrap();
        } else {
            assert!(game.answer(&mut knowledge).is_some());
        }
    }
    let lesson = game.lesson().unwrap();
    knowledge.learn(&lesson.made, lesson.outcome);
    assert!(knowledge.len() <= match5_tictactoe::enumerate::MOST);
});
