//! Every solution is legal, has k(k + 2) moves and its mirror image is one
//! too; a hint always leads to a solution.

use match5_leapfrog::{Analysis, Frog, Move, Position, solution_length};
use proptest::prelude::*;

/// The position seen in a mirror: fields reversed, X and Y swapped.
fn mirror(p: &Position) -> Position {
    let text: String = (0..p.width())
        .rev()
        .map(|i| match p.get(i) {
            Some(Frog::X) => 'Y',
            Some(Frog::Y) => 'X',
            None => '-',
        })
        .collect();
    Position::parse(&text).unwrap()
}

fn mirror_move(m: Move, width: usize) -> Move {
    Move {
        from: (width - 1 - usize::from(m.from)) as u8,
        to: (width - 1 - usize::from(m.to)) as u8,
    }
}

#[test]
fn exactly_two_solutions_each_the_mirror_of_the_other() {
    for k in 1..=6 {
        let a = Analysis::new(k).unwrap();
        let all = a.solutions();
        assert_eq!(all.len(), 2, "k = {k}");
        let w = 2 * k + 1;
        for s in &all {
            assert_eq!(s.len(), solution_length(k));
            let mut p = Position::start(k).unwrap();
            for m in s {
                assert!(p.moves().any(|x| x == *m), "{m} is legal in {p}");
                p = p.after(*m);
            }
            assert!(p.is_goal());
        }
        let mirrored: Vec<Move> = all[0].iter().map(|m| mirror_move(*m, w)).collect();
        assert_eq!(mirrored, all[1], "k = {k}");
        // One starts with an X frog, the other with a Y frog.
        let start = Position::start(k).unwrap();
        assert_eq!(start.get(all[0][0].from.into()), Some(Frog::X));
        assert_eq!(start.get(all[1][0].from.into()), Some(Frog::Y));
        assert_eq!(a.stats().solutions, 2);
    }
}

proptest! {
    /// Random play: a position is solvable exactly when its mirror is, and
    /// from a solvable one the hints reach the goal in the moves left.
    #[test]
    fn hints_finish_the_puzzle_from_any_solvable_position(k in 1usize..=7, picks in proptest::collection::vec(0usize..4, 0..40)) {
        let a = Analysis::new(k).unwrap();
        let mut p = Position::start(k).unwrap();
        let mut played = 0;
        for pick in picks {
            let moves: Vec<Move> = p.moves().collect();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[pick % moves.len()]);
            played += 1;
        }
        prop_assert_eq!(a.is_solvable(&p), a.is_solvable(&mirror(&p)));
        if a.is_solvable(&p) {
            let mut q = p;
            let mut n = played;
            while let Some(m) = a.hint(&q) {
                q = q.after(m);
                n += 1;
            }
            prop_assert!(q.is_goal());
            prop_assert_eq!(n, solution_length(k));
        } else {
            prop_assert!(a.hint(&p).is_none());
        }
    }
}
