//! The worked examples of the seed (`004_fb9d06afced5d74a.txt`), played as
//! real games.

use match5_common::random::rng_from_seed;
use match5_five::computer::Reason;
use match5_five::knowledge::Change;
use match5_five::{Cell, Color, Game, Knowledge, Mode, MoveKind, Pattern};

fn c(x: usize, y: usize) -> Cell {
    Cell::new(x, y).unwrap()
}

fn pat(level: u32, rows: &[&str]) -> Pattern {
    Pattern::from_rows(level, rows).unwrap()
}

/// Far-away red stones the seed calls "neglected": free computer moves.
const NEGLECTED: [(usize, usize); 6] = [(8, 8), (6, 8), (8, 6), (0, 8), (7, 7), (5, 7)];

/// Plays blue's `setup` with a neglected (non-forced) red answer after each.
fn setup(game: &mut Game, blue: &[(usize, usize)]) {
    for (i, &(x, y)) in blue.iter().enumerate() {
        game.play(c(x, y)).unwrap();
        let (rx, ry) = NEGLECTED[i];
        game.play_as(Color::Red, c(rx, ry)).unwrap();
    }
}

#[test]
fn four_in_a_row_then_five_teaches_bbbbx_at_level_1() {
    let mut knowledge = Knowledge::new("Anna");
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(2, 3), (3, 3), (4, 3), (5, 3)]);
    game.play(c(6, 3)).unwrap();
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Blue));
    let changes = match5_five::finish_game(&mut knowledge, &game);
    assert_eq!(knowledge.level(), 1);
    assert_eq!(knowledge.patterns()[0], pat(1, &["BBBBX"]));
    assert!(matches!(&changes[..], [Change::Added { index: 0, .. }]));
}

#[test]
fn a_win_past_a_forced_block_teaches_the_level_2_pattern() {
    let mut knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"])]);
    let mut rng = rng_from_seed(1);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(1, 0), (2, 0), (3, 0)]);
    game.play(c(4, 0)).unwrap();
    let choice = game.computer_move(&knowledge, &mut rng).unwrap();
    assert_eq!(choice.cell, c(5, 0), "BBBB0 is answered with BBBBR");
    assert!(matches!(choice.reason, Reason::Forced(_)));
    assert_eq!(game.moves().last().unwrap().kind, MoveKind::RedForced);
    game.play(c(0, 0)).unwrap();
    let lesson = game.lesson().unwrap();
    assert_eq!(lesson, pat(2, &[".BBBX."]));
    match5_five::finish_game(&mut knowledge, &game);
    assert_eq!(
        knowledge.patterns(),
        &[pat(1, &["BBBBX"]), pat(2, &[".BBBX."])]
    );
}

#[test]
fn the_l_shaped_game_teaches_the_level_3_pattern() {
    let knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"]), pat(2, &[".BBBX."])]);
    let mut rng = rng_from_seed(1);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(2, 2), (2, 3), (3, 4), (4, 4)]);

    game.play(c(2, 4)).unwrap();
    let first = game.computer_move(&knowledge, &mut rng).unwrap();
    assert_eq!(
        first.cell,
        c(5, 4),
        "the horizontal threat is stopped first"
    );
    let Reason::Forced(m) = first.reason else {
        panic!("a forced move")
    };
    assert_eq!((m.level, m.symmetry.number()), (2, 0));

    game.play(c(2, 5)).unwrap();
    let second = game.computer_move(&knowledge, &mut rng).unwrap();
    // Symmetry 1 (the column read bottom-up: X on top) comes before 3.
    assert_eq!(second.cell, c(2, 1));
    let Reason::Forced(m) = second.reason else {
        panic!("a forced move")
    };
    assert_eq!((m.level, m.symmetry.number()), (1, 1));

    game.play(c(2, 6)).unwrap();
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Blue));
    assert_eq!(
        game.lesson().unwrap(),
        pat(
            3,
            &["-.----", "-B----", "-B----", ".XBB..", "-.----", "-.----"]
        )
    );
}

const JUNK: [&str; 5] = ["BBBX.", "-B---", "--B--", "---B-", "----."];

#[test]
fn junk_removal_example() {
    let mut rng = rng_from_seed(3);
    let mut knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"])]);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(0, 1), (1, 2), (2, 3), (3, 4), (1, 1), (2, 1)]);
    game.play(c(3, 1)).unwrap();
    let block = game.computer_move(&knowledge, &mut rng).unwrap();
    assert_eq!(block.cell, c(4, 1));
    game.play(c(4, 5)).unwrap();
    match5_five::finish_game(&mut knowledge, &game);
    assert_eq!(knowledge.patterns()[1], pat(2, &JUNK));

    // Later, blue wins on a plain diagonal: the diagonal BBBBX is learned and
    // the level-2 pattern, which contains it, is junk.
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(1, 1), (2, 2), (3, 3), (4, 4)]);
    game.play(c(5, 5)).unwrap();
    let diagonal = pat(1, &["B----", "-B---", "--B--", "---B-", "----X"]);
    assert_eq!(game.lesson().unwrap(), diagonal);
    let changes = match5_five::finish_game(&mut knowledge, &game);
    assert_eq!(
        changes,
        vec![
            Change::Removed {
                index: 1,
                pattern: pat(2, &JUNK)
            },
            Change::Added {
                index: 1,
                pattern: diagonal.clone()
            },
        ]
    );
    assert_eq!(knowledge.patterns(), &[pat(1, &["BBBBX"]), diagonal]);
}

#[test]
fn a_twin_under_symmetry_replaces_the_old_pattern() {
    let mut knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"])]);
    let changes = knowledge.learn(pat(1, &["X", "B", "B", "B", "B"]));
    assert_eq!(changes.len(), 2);
    assert_eq!(knowledge.level(), 1);
    assert_eq!(
        knowledge.patterns()[0].rows(),
        vec!["X", "B", "B", "B", "B"]
    );
}

#[test]
fn new_patterns_go_after_the_others_of_their_level() {
    let mut knowledge = Knowledge::with_patterns(
        "Anna",
        vec![
            pat(1, &["BBBBX"]),
            pat(2, &[".BBBX."]),
            pat(3, &["B.B.B.X"]),
        ],
    );
    knowledge.learn(pat(2, &["BBXBB"]));
    let levels: Vec<u32> = knowledge.patterns().iter().map(|p| p.level()).collect();
    assert_eq!(levels, vec![1, 2, 2, 3]);
    assert_eq!(knowledge.patterns()[2], pat(2, &["BBXBB"]));
}

#[test]
fn the_computer_attacks_with_its_own_knowledge_and_wins() {
    let knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"])]);
    let mut rng = rng_from_seed(9);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    for (i, x) in (0..4).enumerate() {
        game.play(c(i * 2, 8)).unwrap();
        game.play_as(Color::Red, c(x + 2, 2)).unwrap();
    }
    game.play(c(8, 8)).unwrap();
    let choice = game.computer_move(&knowledge, &mut rng).unwrap();
    assert!(matches!(choice.reason, Reason::Attack(_)));
    assert_eq!(choice.cell, c(6, 2));
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Red));
    assert_eq!(game.lesson(), None, "the computer learns only from losses");
}

#[test]
fn two_player_games_never_teach() {
    let mut knowledge = Knowledge::new("Anna");
    let mut game = Game::new(Mode::TwoPlayers, Color::Blue);
    for x in 0..4 {
        game.play(c(x, 0)).unwrap();
        game.play(c(x, 5)).unwrap();
    }
    game.play(c(4, 0)).unwrap();
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Blue));
    assert!(match5_five::finish_game(&mut knowledge, &game).is_empty());
    assert_eq!(knowledge.level(), 0);
}

#[test]
fn a_full_board_is_a_draw() {
    // Columns of two alternate, so no colour gets five in any direction.
    let mut game = Game::new(Mode::TwoPlayers, Color::Blue);
    let color_at = |x: usize, y: usize| {
        if ((x / 2) + y).is_multiple_of(2) {
            Color::Blue
        } else {
            Color::Red
        }
    };
    for cell in Cell::all() {
        assert!(!game.is_over());
        game.play_as(color_at(cell.x(), cell.y()), cell).unwrap();
    }
    assert_eq!(game.outcome(), Some(&match5_five::Outcome::Draw));
}

#[test]
fn a_replayed_game_is_the_same_game() {
    let knowledge = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"]), pat(2, &[".BBBX."])]);
    let mut rng = rng_from_seed(1);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    setup(&mut game, &[(2, 2), (2, 3), (3, 4), (4, 4)]);
    game.play(c(2, 4)).unwrap();
    game.computer_move(&knowledge, &mut rng).unwrap();
    game.play(c(2, 5)).unwrap();
    game.computer_move(&knowledge, &mut rng).unwrap();
    assert!(!game.error_pattern().is_clear());
    let again = Game::replay(Mode::VsComputer, Color::Blue, game.moves(), &knowledge).unwrap();
    assert_eq!(again, game);
    // Without the knowledge the forced moves become plain ones: EP is clear.
    let plain = Game::replay(
        Mode::VsComputer,
        Color::Blue,
        game.moves(),
        &Knowledge::new("x"),
    )
    .unwrap();
    assert_eq!(plain.board(), game.board());
    assert!(plain.error_pattern().is_clear());
}
