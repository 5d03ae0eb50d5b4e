//! The threat player's tests: its moves and its reasons.
use super::*;
use match5_common::random::rng_from_seed;

fn board(rows: &[&str]) -> Board {
    let mut text: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    text.resize(SIZE, ".".repeat(SIZE));
    Board::from_text(&text.join("\n")).expect("a board")
}

fn play(rows: &[&str], color: Color) -> Cell {
    threat_move(&board(rows), color, &mut rng_from_seed(1)).unwrap()
}

fn c(x: usize, y: usize) -> Cell {
    Cell::new(x, y).unwrap()
}

#[test]
fn it_makes_five_then_stops_five() {
    let b = [".........", ".BBBB....", "..RRRR..."];
    assert!(
        [c(1, 2), c(6, 2)].contains(&play(&b, Color::Red)),
        "red wins"
    );
    let b = [".........", ".BBBB....", "..RR....."];
    assert!(
        [c(0, 1), c(5, 1)].contains(&play(&b, Color::Red)),
        "red stops blue's five"
    );
}

#[test]
fn it_says_why_it_plays_there() {
    let why = |rows: &[&str], color| {
        threat_reasoned(&board(rows), color, &mut rng_from_seed(1))
            .unwrap()
            .1
    };
    assert_eq!(why(&[], Color::Blue), Reason::Centre);
    assert_eq!(
        why(&[".........", ".BBBB....", "..RRRR..."], Color::Red),
        Reason::Five
    );
    assert_eq!(
        why(&[".........", ".BBBB....", "..RR....."], Color::Red),
        Reason::StopFive
    );
    // Red's open three becomes an open four, a win by fours: blue stops it.
    let b = [
        ".........",
        ".........",
        ".........",
        ".........",
        "...RRR...",
        "....B....",
        "...B.....",
        ".........",
    ];
    assert_eq!(why(&b, Color::Blue), Reason::StopFours);
    assert_eq!(
        why(
            &[
                ".........",
                ".........",
                ".........",
                ".........",
                "....R....",
                "...B....."
            ],
            Color::Blue
        ),
        Reason::Shape
    );
    // The move is the threat player's, reasons or not.
    let b = board(&[
        ".........",
        ".........",
        ".........",
        "...RR....",
        "....B....",
        "...B.....",
    ]);
    for seed in 0..5 {
        assert_eq!(
            threat_reasoned(&b, Color::Blue, &mut rng_from_seed(seed)).map(|m| m.0),
            threat_move(&b, Color::Blue, &mut rng_from_seed(seed))
        );
    }
}

#[test]
fn it_wins_by_continuous_fours() {
    // Red: two broken threes that cross; four, then four again with
    // two winning fields.
    let b = [
        ".........",
        ".........",
        "..R.R.R..",
        ".....B...",
        "....R....",
        "...BR....",
        "....R.B..",
        ".....B...",
        ".........",
    ];
    let m = play(&b, Color::Red);
    let mut after = board(&b);
    after.set(m, Some(Color::Red));
    let (mine, theirs) = (after.stones(Color::Red), after.stones(Color::Blue));
    assert_ne!(
        winning_fields(mine, theirs) & after.empty(),
        0,
        "{m}: a four"
    );
    assert!(
        Search::new(&mut Budget::per_search())
            .vcf(mine, theirs, VCF_DEPTH)
            .is_some()
            || { (winning_fields(mine, theirs) & after.empty()).count_ones() >= 2 }
    );
}

#[test]
fn it_makes_an_open_four_from_an_open_three_and_stops_one() {
    let b = [
        ".........",
        ".........",
        ".........",
        "...RRR...",
        ".....B...",
        "....B....",
    ];
    assert!(
        [c(2, 3), c(6, 3)].contains(&play(&b, Color::Red)),
        "open four"
    );
    // Blue to play against red's open three: at one of its ends (or
    // the field beyond it).
    let m = play(&b, Color::Blue);
    assert!([c(1, 3), c(2, 3), c(6, 3), c(7, 3)].contains(&m), "{m}");
}

#[test]
fn near_is_the_eight_neighbourhood() {
    let mut b = Board::new();
    b.set(c(0, 4), Some(Color::Red));
    b.set(c(8, 8), Some(Color::Blue));
    assert_eq!(near(b.occupied()), b.empty_next_to_stones());
    for i in 0..CELLS {
        let mut b = Board::new();
        b.set(Cell::from_index(i), Some(Color::Red));
        assert_eq!(near(b.occupied()), b.empty_next_to_stones(), "{i}");
    }
}

#[test]
fn the_searcher_never_beats_it() {
    // Each starting half the games, against players looking 2 and 3
    // moves ahead.
    let mut rng = rng_from_seed(5);
    let (mut won, mut lost) = (0, 0);
    for game in 0..12 {
        let depth = 2 + game % 2;
        let mut b = Board::new();
        let mut color = if game / 2 % 2 == 0 {
            Color::Blue
        } else {
            Color::Red
        };
        loop {
            let m = if color == Color::Blue {
                threat_move(&b, color, &mut rng)
            } else {
                searcher::search_move(&b, color, depth as u32)
            };
            let Some(m) = m else { break };
            b.set(m, Some(color));
            if !b.winning_runs(m).is_empty() {
                won += usize::from(color == Color::Blue);
                lost += usize::from(color == Color::Red);
                break;
            }
            color = color.other();
        }
    }
    assert_eq!(lost, 0, "won {won} of 12");
    assert!(won >= 3, "won {won} of 12");
}
