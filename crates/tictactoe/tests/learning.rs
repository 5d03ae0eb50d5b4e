//! The article's computer, checked by brute force and by training.

use std::collections::HashSet;

use match5_tictactoe::enumerate::positions_after_o;
use match5_tictactoe::{Board, Knowledge, Mark, Opponent, Outcome, Rewards, train};
use rand::SeedableRng;

/// The eight images by coordinates: (row, column) turned and mirrored, an
/// implementation apart from the board's own.
/// Where a field (row, column) goes under one symmetry.
type Map = fn(usize, usize) -> (usize, usize);

fn images_by_coordinates(b: &Board) -> Vec<u32> {
    let maps: [Map; 8] = [
        |r, c| (r, c),
        |r, c| (c, 2 - r),
        |r, c| (2 - r, 2 - c),
        |r, c| (2 - c, r),
        |r, c| (r, 2 - c),
        |r, c| (c, r),
        |r, c| (2 - r, c),
        |r, c| (2 - c, 2 - r),
    ];
    maps.iter()
        .map(|m| {
            let mut out = Board::default();
            for r in 0..3 {
                for c in 0..3 {
                    let (r2, c2) = m(r, c);
                    out.set(r2 * 3 + c2, b.get(r * 3 + c));
                }
            }
            out.value()
        })
        .collect()
}

#[test]
fn the_lowest_image_is_the_lowest_of_the_eight_for_every_position() {
    for value in 0..19_683 {
        let board = Board::from_value(value).unwrap();
        let brute = images_by_coordinates(&board);
        assert_eq!(
            board.lowest(),
            *brute.iter().min().unwrap(),
            "position {value}"
        );
        let mine: HashSet<u32> = board.images().iter().map(Board::value).collect();
        assert_eq!(
            mine,
            brute.into_iter().collect::<HashSet<u32>>(),
            "position {value}"
        );
    }
}

#[test]
fn training_never_stores_more_than_the_positions_after_an_o_move() {
    let (going_on, won) = positions_after_o();
    let all: HashSet<u32> = going_on.union(&won).copied().collect();
    for opponent in [
        Opponent::Random,
        Opponent::Perfect,
        Opponent::Learner(Box::default()),
    ] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut k = Knowledge::default();
        let mut opponent = opponent;
        train(&mut k, &mut opponent, 1_500, 100, &mut rng, &mut |_, _| {
            true
        });
        assert!(k.len() <= 381, "{}", k.len());
        assert!(k.entries().all(|(p, _)| all.contains(&p)));
    }
}

#[test]
fn against_perfect_play_the_computer_learns_to_lose_no_more() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut k = Knowledge::new(Rewards::default());
    let (mut run, mut last_loss, mut games) = (0, 0, 0);
    train(
        &mut k,
        &mut Opponent::Perfect,
        20_000,
        100,
        &mut rng,
        &mut |done, o| {
            games = done.total.games;
            if o == Outcome::Lost {
                run = 0;
                last_loss = done.total.games;
            } else {
                run += 1;
            }
            run < 1_000
        },
    );
    assert_eq!(
        run, 1_000,
        "a run of 1,000 games without a loss within {games} games"
    );
    assert!(last_loss > 0, "it lost at first");
}

#[test]
fn a_position_after_every_o_move_gets_the_reward() {
    // A game where O blocks nothing: X takes the top row.
    let mut k = Knowledge::default();
    let mut board = Board::default();
    let mut made = Vec::new();
    for x in [0, 1, 2] {
        board.set(x, Some(Mark::X));
        if board.winner().is_some() {
            break;
        }
        let choice = k.choose(&board, Mark::O).unwrap();
        board.set(choice.field, Some(Mark::O));
        made.push(choice.position);
    }
    k.learn(&made, Outcome::Lost);
    for p in made {
        assert_eq!(k.preference(p), Some(-1));
    }
}
