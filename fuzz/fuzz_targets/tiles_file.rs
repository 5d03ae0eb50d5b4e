//! A tile game file of any bytes: read, or refused with a line; a game read
//! plays to its end with every move taken back exactly, and its position
//! written out reads back alike.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = match5_tiles::parse(text) else {
        return;
    };
    if let Some(again) = match5_tiles::file::to_text(&game) {
        assert!(match5_tiles::parse(&again).unwrap().same_position(&game));
    }
    let mut played = game.clone();
    let mut n = 0;
    while let Some(mv) = played.distinct_moves().first().copied() {
        if played.is_over() {
            break;
        }
        played.play(mv).unwrap();
        n += 1;
    }
    for _ in 0..n {
        assert!(played.undo());
    }
    assert_eq!(played, game);
});
