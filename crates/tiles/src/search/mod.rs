//! The best score (the seed's `besteScore`): the final score for the player
//! to move when both play their best from here, and the size of the full
//! game tree.
//!
//! Both searches remember positions by what decides the rest of the game
//! ([`state`]) in a table that never outgrows a memory [`Budget`]
//! ([`table`]), and both stop when the budget's time is up:
//!
//! - Without a time limit the best score is searched to every end of the
//!   game: negamax with alpha-beta pruning, the moves that fill a row
//!   first. The answer is exact.
//! - With one, it deepens step by step (1 move ahead, 2, 3, …; what a
//!   step proved is kept for the next), and answers from the deepest step
//!   that finished: exact when that step reached every end of the game,
//!   otherwise "the best found looking N moves ahead, not proven", with
//!   the full rows made so far as the score at the horizon.
//! - The tree count ([`count`]) counts each distinct position's subtree
//!   once; stopped, it says how many positions it counted at least.

mod budget;
mod count;
mod state;
mod table;

use std::time::{Duration, Instant};

use crate::game::{Colour, Game, Move};
pub use budget::Budget;
use budget::Deadline;
pub use count::{TreeSize, tree_size, tree_size_within};
use state::{State, yellow_before};
use table::Table;

/// The answer of [`best_score`] and [`best_score_within`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The final score for the player to move under best play of both
    /// (when `exact`; otherwise the best found within the budget).
    pub score: i32,
    /// The first distinct move that reaches it (none in an end position).
    pub best: Option<Move>,
    /// Every distinct move with the score it leads to for the player to
    /// move, in the seed's move order.
    pub moves: Vec<(Move, i32)>,
    /// Positions this search looked at (a position met again is looked up,
    /// not counted).
    pub visited: u64,
    pub elapsed: Duration,
    /// The search reached every end of the game: `score` is the exact best
    /// score. Otherwise the budget ran out first.
    pub exact: bool,
    /// Moves looked ahead: the deepest step that finished, or when exact
    /// the longest line the search followed.
    pub depth: u32,
    /// Memory the remembered positions took, in bytes (at most the
    /// budget's).
    pub memory: usize,
}

/// How far a search is, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The step under way: moves looked ahead.
    pub depth: u32,
    pub visited: u64,
    pub elapsed: Duration,
}

/// A depth that stands for "to the end of the game": no game has more
/// moves (2 x 10 rows of 6 cells, at least one tile a move).
const TO_THE_END: u8 = u8::MAX;

/// The depth left one move further down: to the end stays to the end.
fn one_less(depth: u8) -> u8 {
    if depth == TO_THE_END {
        depth
    } else {
        depth - 1
    }
}

/// How a remembered value bounds a position's value.
const EXACT: u8 = 0;
/// The value is at least this.
const AT_LEAST: u8 = 1;
/// The value is at most this.
const AT_MOST: u8 = 2;

/// What the table remembers of a searched position.
#[derive(Clone, Copy, Default)]
struct Entry {
    value: i8,
    bound: u8,
    /// Moves looked ahead below it; [`TO_THE_END`]: proven.
    depth: u8,
    /// The best move found there, as [`move_code`] (0: none), tried first
    /// when the position is searched again.
    best: u8,
}

/// A distinct move as the same move in every equivalent position: its
/// colour and how many tiles it takes (bowl numbers differ between them).
fn move_code(colour: Colour, count: u8) -> u8 {
    1 + colour as u8 * 16 + count
}

/// The best-score search: negamax with alpha-beta pruning, the most
/// promising moves first, and a bounded table of positions searched.
struct Scorer<'a> {
    table: Table<Entry>,
    visited: u64,
    /// The deepest ply any line reached.
    deepest: u32,
    deadline: Deadline<'a>,
    started: Instant,
    /// The step under way (for progress).
    step: u32,
    progress: &'a mut dyn FnMut(&Progress),
}

impl Scorer<'_> {
    /// The value for the player to move if it lies inside (alpha, beta),
    /// at most alpha or at least beta otherwise, and whether it is proven
    /// (every line below reached an end). `None` when out of time.
    fn search(
        &mut self,
        state: &State<'_>,
        depth: u8,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Option<(i32, bool)> {
        let key = state.key();
        let mut first = 0;
        // A window narrowed by what is not proven gives no proof.
        let mut proven = true;
        if let Some(e) = self.table.get(key) {
            let known = e.depth == TO_THE_END;
            if known || e.depth >= depth {
                let value = i32::from(e.value);
                match e.bound {
                    EXACT => return Some((value, known)),
                    AT_LEAST if value > alpha => alpha = value,
                    AT_MOST if value < beta => beta = value,
                    _ => {}
                }
                proven = known;
                if alpha >= beta {
                    return Some((value, known));
                }
            }
            first = e.best;
        }
        self.visited += 1;
        self.deepest = self.deepest.max(ply);
        if self.visited.is_multiple_of(4096) {
            if self.deadline.passed() {
                return None;
            }
            if self.visited.is_multiple_of(1 << 16) {
                let progress = Progress {
                    depth: self.step,
                    visited: self.visited,
                    elapsed: self.started.elapsed(),
                };
                (self.progress)(&progress);
            }
        }
        let mut moves: Vec<(usize, Colour, u8)> = if state.rows_all_full() {
            Vec::new()
        } else {
            state.moves().collect()
        };
        if moves.is_empty() {
            let value = state.score();
            let entry = Entry {
                value: value as i8,
                bound: EXACT,
                depth: TO_THE_END,
                best: 0,
            };
            self.table.put(key, entry, u8::MAX);
            return Some((value, true));
        }
        if depth == 0 {
            // The horizon: the rows made full so far.
            return Some((state.score(), false));
        }
        let length = state.sizes.row_length as u8;
        let code = |&(bowl, colour, _): &(usize, Colour, u8)| {
            move_code(colour, state.bowls[bowl][colour as usize])
        };
        // The move best before first, then a row made full, then the
        // fullest row.
        moves.sort_by_key(|m @ &(bowl, colour, tiles)| {
            let after = tiles + state.bowls[bowl][colour as usize];
            std::cmp::Reverse((code(m) == first, after == length, after))
        });
        let below = one_less(depth);
        let start = alpha;
        let mut best = i32::MIN;
        let mut best_code = 0;
        for m @ &(bowl, colour, tiles) in &moves {
            let (value, sure) = self.search(
                &state.after(bowl, colour, tiles),
                below,
                ply + 1,
                -beta,
                -alpha,
            )?;
            let value = -value;
            proven &= sure;
            if value > best {
                best = value;
                best_code = code(m);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= start {
            AT_MOST
        } else if best >= beta {
            AT_LEAST
        } else {
            EXACT
        };
        let entry = Entry {
            value: best as i8,
            bound,
            depth: if proven { TO_THE_END } else { depth },
            best: best_code,
        };
        self.table
            .put(key, entry, if proven { u8::MAX } else { depth.min(254) });
        Some((best, proven))
    }
}

/// A finished step of the deepening: each root move's score, whether all
/// are proven, and the moves looked ahead.
type Step = (Vec<(Move, i32)>, bool, u32);

/// The exact best score for the player to move, her best move, every
/// move's score and this search's work (as long as it takes, in
/// [`Budget::MEMORY`]).
pub fn best_score(game: &Game) -> Best {
    best_score_within(game, Budget::EXACT, &|| false, &mut |_| {}).expect("never stopped")
}

/// The best score within `budget`; see the [module](self). `stop` gives up
/// early (as when the time is up); `progress` hears how far it is, now and
/// then. `None` only when stopped before the first step finished (without
/// a time limit: before the exact answer).
pub fn best_score_within(
    game: &Game,
    budget: Budget,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(&Progress),
) -> Option<Best> {
    let started = Instant::now();
    if stop() {
        return None;
    }
    let pot = yellow_before(game);
    let state = State::of(game, &pot);
    let roots: Vec<(Move, u8)> = if game.is_over() {
        Vec::new()
    } else {
        game.distinct_moves()
            .into_iter()
            .map(|mv| {
                let count = game.bowl(mv.bowl, mv.colour);
                let tiles = state
                    .row_for(mv.colour, count)
                    .expect("a distinct move fits");
                (mv, tiles)
            })
            .collect()
    };
    let mut scorer = Scorer {
        table: Table::within(budget.memory),
        visited: 1,
        deepest: 0,
        deadline: Deadline::of(budget, started, stop),
        started,
        step: 0,
        progress,
    };
    let limit = game.sizes().rows as i32 + 1;
    // Without a time limit: one step, to every end.
    let steps: Vec<u8> = if budget.time.is_none() {
        vec![TO_THE_END]
    } else {
        (1..TO_THE_END).collect()
    };
    // The deepest finished step: each move's score, proven, depth.
    let mut answer: Option<Step> = None;
    'steps: for depth in steps {
        if answer.is_some() && scorer.deadline.passed() {
            break;
        }
        scorer.step = u32::from(depth);
        let below = one_less(depth);
        let mut moves = Vec::with_capacity(roots.len());
        let mut proven = true;
        for &(mv, tiles) in &roots {
            let after = state.after(mv.bowl, mv.colour, tiles);
            let Some((value, sure)) = scorer.search(&after, below, 1, -limit, limit) else {
                break 'steps;
            };
            moves.push((mv, -value));
            proven &= sure;
        }
        let looked = if proven {
            scorer.deepest
        } else {
            u32::from(depth)
        };
        answer = Some((moves, proven, looked));
        if proven {
            break;
        }
    }
    let (moves, exact, depth) = answer?;
    let score = moves
        .iter()
        .map(|(_, s)| *s)
        .max()
        .unwrap_or_else(|| game.score(game.to_move()));
    let best = moves.iter().find(|(_, s)| *s == score).map(|(m, _)| *m);
    Some(Best {
        score,
        best,
        moves,
        visited: scorer.visited,
        elapsed: started.elapsed(),
        exact,
        depth,
        memory: scorer.table.bytes(),
    })
}

/// The seed's plain search, to the letter: every distinct move, played,
/// searched and taken back, with nothing remembered. Its score and the
/// positions it visits (the start, every end position and all between);
/// [`best_score`] must give the same. Only for small games.
pub fn plain_best_score(game: &Game) -> (i32, u128) {
    fn walk(game: &mut Game, visited: &mut u128) -> i32 {
        *visited += 1;
        if game.is_over() {
            return game.score(game.to_move());
        }
        let mut best = i32::MIN;
        for mv in game.distinct_moves() {
            game.play_unchecked(mv);
            best = best.max(-walk(game, visited));
            game.undo();
        }
        best
    }
    let mut visited = 0;
    let score = walk(&mut game.clone(), &mut visited);
    (score, visited)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{EXAMPLE, parse};

    #[test]
    fn figure_3_scores_as_the_seed_says() {
        let game = parse(EXAMPLE).unwrap();
        let best = best_score(&game);
        assert_eq!(best.score, 0);
        let blue = Move {
            bowl: 0,
            colour: Colour::Blue,
        };
        let yellow = Move {
            bowl: 0,
            colour: Colour::Yellow,
        };
        assert_eq!(best.best, Some(blue));
        assert_eq!(best.moves, vec![(yellow, -1), (blue, 0)]);
        assert_eq!(plain_best_score(&game), (0, 5_578));
        let tree = tree_size(&game);
        assert_eq!((tree.positions, tree.distinct), (5_578, 2_412));
        // Pruning and remembering, far fewer are looked at.
        assert!(best.visited < 2_412, "{}", best.visited);
    }
}
