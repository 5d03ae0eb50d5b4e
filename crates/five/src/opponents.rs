//! Built-in players to train the computer against, and the families they
//! belong to. They play any colour.
//!
//! The *training* family is what the trained computers Match5 ships may
//! learn from (`tools/make-ladder` refuses anything else); the *held-out*
//! family only measures them, so that a figure a person reads is against an
//! opponent the computer never met while it learned. External Gomocup
//! engines are held out too: for measuring only.

use rand::Rng;

use crate::board::{Board, Cell, Color, DIRECTIONS};
use match5_common::random::GameRng;

/// Which family a built-in player belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// May train a shipped computer.
    Training,
    /// Measures only: never trains a shipped computer.
    HeldOut,
}

/// The family of the built-in player `name` as `match5-cli train
/// --opponent` spells it (`search:3`, `noisy:2`, `threat`); `None` for a
/// name that is no built-in player. Anything external is
/// [`Family::HeldOut`].
pub fn family(name: &str) -> Option<Family> {
    let depth = |d: &str| matches!(d, "1" | "2" | "3" | "4");
    match name.split_once(':') {
        None => match name {
            "random" | "greedy" | "self" | "noisy-self" => Some(Family::Training),
            "threat" => Some(Family::HeldOut),
            _ => None,
        },
        Some(("search" | "noisy" | "tactical", d)) if depth(d) => Some(Family::Training),
        Some(("pbrain", _)) => Some(Family::HeldOut),
        _ => None,
    }
}

/// How often a noisy player plays a random field next to a stone instead
/// of its searched move, in percent (never when five is to be made or
/// stopped).
pub const NOISE_PERCENT: u32 = 15;
/// A noisy player's first moves in a game are random fields near the
/// centre: every game opens differently.
pub const NOISY_OPENING: usize = 2;

/// The nodes the tactical player's searches for a win by fours may visit
/// a move (its own and the other side's together).
pub const TACTICAL_NODES: u32 = 4_000;

/// The tactical player, of the training family: the noisy searcher
/// ([`noisy_search_move`]: random openings, some random moves) that also
/// reads wins by fours (VCF). It plays its own, never missing it to noise;
/// and where the other side has one, it takes that win's first field.
/// It plays the combinations a searching engine plays, which the plain
/// searchers rarely do, so a computer trained against it meets them; it
/// reads no open threes (VCT) and has no evaluation of its own beyond the
/// searcher's, unlike the held-out threat player.
pub fn tactical_move(board: &Board, color: Color, depth: u32, rng: &mut GameRng) -> Option<Cell> {
    if let Some(cell) = noisy_opening(board, color, rng) {
        return Some(cell);
    }
    if urgent(board, color) {
        return crate::searcher::search_move(board, color, depth);
    }
    let mut budget = crate::threats::Budget::for_move(TACTICAL_NODES);
    if let Some(cell) = crate::threats::win_by_fours(board, color, &mut budget) {
        return Some(cell);
    }
    if let Some(cell) = noise(board, rng) {
        return Some(cell);
    }
    if let Some(cell) = crate::threats::win_by_fours(board, color.other(), &mut budget) {
        return Some(cell);
    }
    crate::searcher::search_move(board, color, depth)
}

/// A noisy player's opening stone: a random field of the centre's 5x5
/// square (next to a stone once there is one), for its first
/// [`NOISY_OPENING`] stones.
fn noisy_opening(board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
    let own = Board::cells_of(board.stones(color)).count();
    if own >= NOISY_OPENING {
        return None;
    }
    let open = if board.is_blank() {
        board.empty()
    } else {
        board.empty_next_to_stones()
    };
    let centre: Vec<Cell> = Board::cells_of(open)
        .filter(|c| c.x().abs_diff(4) <= 2 && c.y().abs_diff(4) <= 2)
        .collect();
    (!centre.is_empty()).then(|| centre[rng.random_range(0..centre.len())])
}

/// [`NOISE_PERCENT`] of the time, a random field next to a stone.
fn noise(board: &Board, rng: &mut GameRng) -> Option<Cell> {
    if rng.random_range(0..100) >= NOISE_PERCENT {
        return None;
    }
    let near: Vec<Cell> = Board::cells_of(board.empty_next_to_stones()).collect();
    (!near.is_empty()).then(|| near[rng.random_range(0..near.len())])
}

/// The searcher looking `depth` moves ahead, with noise: its first
/// [`NOISY_OPENING`] stones go on random fields of the centre's 5x5 square
/// next to a stone, and later a random field next to a stone
/// [`NOISE_PERCENT`] of the time, unless five can be made or must be
/// stopped. A training opponent that shows the computer many positions.
pub fn noisy_search_move(
    board: &Board,
    color: Color,
    depth: u32,
    rng: &mut GameRng,
) -> Option<Cell> {
    if let Some(cell) = noisy_opening(board, color, rng) {
        return Some(cell);
    }
    if !urgent(board, color)
        && let Some(cell) = noise(board, rng)
    {
        return Some(cell);
    }
    crate::searcher::search_move(board, color, depth)
}

/// Can `color` make five, or must it stop the other side's five?
pub fn urgent(board: &Board, color: Color) -> bool {
    Cell::all().any(|c| {
        board.is_empty_at(c)
            && (line_length(board, c, color) >= 5 || line_length(board, c, color.other()) >= 5)
    })
}

/// A uniformly random empty field.
pub fn random_move(board: &Board, rng: &mut GameRng) -> Option<Cell> {
    let empty: Vec<Cell> = Cell::all().filter(|c| board.is_empty_at(*c)).collect();
    (!empty.is_empty()).then(|| empty[rng.random_range(0..empty.len())])
}

/// Win if it can, else block the other side's five, else extend its longest
/// line (ties broken at random).
pub fn greedy_move(board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
    let empty: Vec<Cell> = Cell::all().filter(|c| board.is_empty_at(*c)).collect();
    if empty.is_empty() {
        return None;
    }
    for who in [color, color.other()] {
        let wins: Vec<Cell> = empty
            .iter()
            .copied()
            .filter(|c| line_length(board, *c, who) >= 5)
            .collect();
        if !wins.is_empty() {
            return Some(wins[rng.random_range(0..wins.len())]);
        }
    }
    let best = empty
        .iter()
        .map(|c| line_length(board, *c, color))
        .max()
        .expect("there are empty fields");
    let ties: Vec<Cell> = empty
        .into_iter()
        .filter(|c| line_length(board, *c, color) == best)
        .collect();
    Some(ties[rng.random_range(0..ties.len())])
}

/// The longest line of `color` through `cell` if `color` played there.
pub fn line_length(board: &Board, cell: Cell, color: Color) -> usize {
    DIRECTIONS
        .iter()
        .map(|&(dx, dy)| {
            let count = |sx: isize, sy: isize| {
                let mut n = 0;
                let mut at = cell;
                while let Some(next) = at.offset(sx, sy) {
                    if board.get(next) != Some(color) {
                        break;
                    }
                    n += 1;
                    at = next;
                }
                n
            };
            1 + count(dx, dy) + count(-dx, -dy)
        })
        .max()
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;

    #[test]
    fn every_player_has_one_family_and_externals_are_held_out() {
        for name in [
            "random",
            "greedy",
            "self",
            "noisy-self",
            "search:1",
            "search:4",
            "noisy:3",
        ] {
            assert_eq!(family(name), Some(Family::Training), "{name}");
        }
        for name in ["threat", "pbrain:./engine --depth 3"] {
            assert_eq!(family(name), Some(Family::HeldOut), "{name}");
        }
        for name in ["tactical:1", "tactical:4"] {
            assert_eq!(family(name), Some(Family::Training), "{name}");
        }
        for name in ["search:5", "noisy", "threats", "tactical", "tactical:0", ""] {
            assert_eq!(family(name), None, "{name}");
        }
    }

    #[test]
    fn a_noisy_player_opens_differently_and_still_stops_five() {
        let openings: std::collections::HashSet<_> = (0..20)
            .map(|seed| noisy_search_move(&Board::new(), Color::Blue, 2, &mut rng_from_seed(seed)))
            .collect();
        assert!(openings.len() > 3, "{openings:?}");
        let mut b = Board::new();
        for x in 0..4 {
            b.set(Cell::new(x, 0).unwrap(), Some(Color::Red));
        }
        b.set(Cell::new(4, 4).unwrap(), Some(Color::Blue));
        b.set(Cell::new(5, 5).unwrap(), Some(Color::Blue));
        for seed in 0..50 {
            let m = noisy_search_move(&b, Color::Blue, 2, &mut rng_from_seed(seed));
            assert_eq!(m, Cell::new(4, 0), "seed {seed}");
        }
    }

    #[test]
    fn the_tactical_player_plays_its_win_by_fours_and_takes_the_other_sides() {
        let board = |rows: &[&str]| {
            let mut text: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
            text.resize(crate::board::SIZE, ".".repeat(crate::board::SIZE));
            Board::from_text(&text.join("\n")).unwrap()
        };
        // Blue's win by fours: B1..B3 down and C4, D4 across meet at B4
        // (a four down that must be stopped, then an open four across):
        // the tactical player always plays it, whatever its noise.
        let fours = [
            ".B.......",
            ".B.......",
            ".B.......",
            "..BB.....",
            ".........",
            ".........",
            "........R",
            ".........",
            "R...R...R",
        ];
        let b = board(&fours);
        let mut budget = crate::threats::Budget::for_move(TACTICAL_NODES);
        let win =
            crate::threats::win_by_fours(&b, Color::Blue, &mut budget).expect("blue has a VCF");
        for seed in 0..30 {
            assert_eq!(
                tactical_move(&b, Color::Blue, 1, &mut rng_from_seed(seed)),
                Some(win),
                "seed {seed}"
            );
        }
        // The noisy searcher it is made from misses it now and then.
        let missed = (0..30)
            .filter(|&seed| {
                noisy_search_move(&b, Color::Blue, 1, &mut rng_from_seed(seed)) != Some(win)
            })
            .count();
        assert!(
            missed > 0,
            "the noisy searcher never missed the win by fours in 30 games"
        );
        // Red to move there takes blue's first field of it (or wins).
        let mut taken = 0;
        for seed in 0..30 {
            if tactical_move(&b, Color::Red, 1, &mut rng_from_seed(seed)) == Some(win) {
                taken += 1;
            }
        }
        assert!(
            taken >= 20,
            "red took blue's key field in {taken} of 30 (noise plays elsewhere now and then)"
        );
    }

    #[test]
    fn greedy_wins_then_blocks_then_extends() {
        let mut rng = rng_from_seed(1);
        let mut b = Board::new();
        for x in 0..4 {
            b.set(Cell::new(x, 0).unwrap(), Some(Color::Red));
        }
        assert_eq!(greedy_move(&b, Color::Blue, &mut rng), Cell::new(4, 0));
        for y in 2..6 {
            b.set(Cell::new(8, y).unwrap(), Some(Color::Blue));
        }
        let m = greedy_move(&b, Color::Blue, &mut rng).unwrap();
        assert!(m == Cell::new(8, 1).unwrap() || m == Cell::new(8, 6).unwrap());
        let mut b = Board::new();
        b.set(Cell::new(4, 4).unwrap(), Some(Color::Blue));
        let m = greedy_move(&b, Color::Blue, &mut rng).unwrap();
        assert_eq!(line_length(&b, m, Color::Blue), 2);
    }
}
