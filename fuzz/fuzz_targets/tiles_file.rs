//! A tile game file of any bytes: read, or refused with a line; a game read
//! plays to its end with every move taken back exactly, its position
//! written out reads back alike, and the search within a small budget
//! answers an allowed move.
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
    let budget = match5_tiles::Budget {
        time: Some(std::time::Duration::from_millis(2)),
        memory: 256 * 1024,
    };
    let best = match5_tiles::best_score_within(&game, budget, &|| false, &mut |_| {})
        .expect("a time limit always answers");
    match best.best {
        Some(mv) => assert!(game.check(mv).is_ok()),
        None => assert!(game.is_over() || game.distinct_moves().is_empty()),
    }
    assert!(best.memory <= 256 * 1024);
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
