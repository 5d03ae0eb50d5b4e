//! The exact best score (the seed's `besteScore`): the final score for the
//! player to move when both play their best from here, found by walking the
//! game's positions once each.
//!
//! Positions are remembered by what decides the rest of the game: the rows
//! of the player to move and of the other as multisets (rows are equivalent:
//! tiles go to the fullest row that fits, whichever it is), the bowls as a
//! multiset (a bowl is refilled from the same pot whatever its number) and
//! how much of the pot has been dealt. Each such position is solved once,
//! with its value and the size of the game tree below it, so the size of the
//! full tree the seed's plain search would walk is known exactly without
//! walking it.

use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::game::{Colour, Game, Move, Sizes};

/// The answer of [`best_score`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The final score for the player to move under best play of both.
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
}

/// A position as far as the rest of the game is concerned: the two boards
/// as counts of each kind of row, the bowls as a multiset, and the pot.
#[derive(Clone)]
struct State<'a> {
    /// Per player (the one to move first): how many rows are full, and of
    /// each kind of partly filled row (yellow 1..L-1 at 1.., blue 1..L-1 at
    /// L..): `kinds[0]` counts full rows.
    boards: [[u8; KINDS]; 2],
    /// Empty rows per player (the one to move first).
    empty: [u8; 2],
    /// Per bowl, yellow and blue tiles.
    bowls: [[u8; 2]; 5],
    drawn: usize,
    sizes: Sizes,
    /// Yellow tiles among the first `i` tiles of the pot, for each `i`.
    yellow_before: &'a [u16],
}

/// Full rows, and yellow or blue rows of 1 to 5 tiles.
const KINDS: usize = 11;

fn kind(colour: Colour, tiles: u8, length: u8) -> usize {
    if tiles == length {
        0
    } else {
        match colour {
            Colour::Yellow => usize::from(tiles),
            Colour::Blue => usize::from(length - 1 + tiles),
        }
    }
}

/// A position as a hash key: the two boards (4 bits per kind of row, 88
/// bits) and the bowls sorted (6 bits each, 30 bits).
type Key = u128;

impl<'a> State<'a> {
    fn of(game: &Game, yellow_before: &'a [u16]) -> State<'a> {
        let sizes = game.sizes();
        let length = sizes.row_length as u8;
        let mover = game.to_move();
        let mut boards = [[0u8; KINDS]; 2];
        let mut empty = [0u8; 2];
        for (slot, player) in [mover, 1 - mover].into_iter().enumerate() {
            for row in game.board(player) {
                match row.colour() {
                    None => empty[slot] += 1,
                    Some(c) => boards[slot][kind(c, row.tiles(), length)] += 1,
                }
            }
        }
        let mut bowls = [[0u8; 2]; 5];
        for (b, bowl) in bowls.iter_mut().enumerate().take(sizes.bowls) {
            *bowl = [game.bowl(b, Colour::Yellow), game.bowl(b, Colour::Blue)];
        }
        State {
            boards,
            empty,
            bowls,
            drawn: game.drawn(),
            sizes,
            yellow_before,
        }
    }

    fn key(&self) -> Key {
        let mut packed = 0u128;
        for board in &self.boards {
            for &count in board {
                packed = packed << 4 | u128::from(count);
            }
        }
        let mut bowls = [0u8; 5];
        for (code, bowl) in bowls.iter_mut().zip(&self.bowls) {
            *code = bowl[0] * 6 + bowl[1];
        }
        bowls.sort_unstable();
        for code in bowls {
            packed = packed << 6 | u128::from(code);
        }
        // The tiles dealt need no bits: tiles are never made or lost, so
        // they are the tiles in the bowls and rows less those at the start.
        packed
    }

    /// The tiles a row of the player to move holds before `count` tiles of
    /// `colour` go into it: the fullest row that fits.
    fn row_for(&self, colour: Colour, count: u8) -> Option<u8> {
        let length = self.sizes.row_length as u8;
        let board = &self.boards[0];
        (1..=length.saturating_sub(count))
            .rev()
            .find(|&t| t < length && board[kind(colour, t, length)] > 0)
            .or((self.empty[0] > 0 && count <= length).then_some(0))
    }

    /// The distinct moves (a bowl standing for all bowls alike in that
    /// colour and count), each with its row.
    fn moves(&self) -> impl Iterator<Item = (usize, Colour, u8)> + '_ {
        let mut seen = [0u8; 2];
        (0..self.sizes.bowls)
            .flat_map(|b| Colour::BOTH.map(|c| (b, c)))
            .filter_map(move |(b, c)| {
                let count = self.bowls[b][c as usize];
                if count == 0 || seen[c as usize] & (1 << count) != 0 {
                    return None;
                }
                seen[c as usize] |= 1 << count;
                self.row_for(c, count).map(|t| (b, c, t))
            })
    }

    /// Has a player all her rows full (the game's end, whatever moves are
    /// left)? The other end, no move for the player to move, shows as
    /// [`State::moves`] giving none.
    fn rows_all_full(&self) -> bool {
        let rows = self.sizes.rows as u8;
        self.boards[0][0] == rows || self.boards[1][0] == rows
    }

    /// Full rows of the player to move minus the other's.
    fn score(&self) -> i32 {
        i32::from(self.boards[0][0]) - i32::from(self.boards[1][0])
    }

    /// The position after the player to move lays the `colour` tiles of
    /// `bowl` on her row of `tiles` tiles; the other player is then to move.
    fn after(&self, bowl: usize, colour: Colour, tiles: u8) -> State<'a> {
        let length = self.sizes.row_length as u8;
        let mut next = self.clone();
        let count = next.bowls[bowl][colour as usize];
        let board = &mut next.boards[0];
        if tiles == 0 {
            next.empty[0] -= 1;
        } else {
            board[kind(colour, tiles, length)] -= 1;
        }
        board[kind(colour, tiles + count, length)] += 1;
        next.bowls[bowl][colour as usize] = 0;
        let held = usize::from(next.bowls[bowl][0] + next.bowls[bowl][1]);
        let pot = self.yellow_before.len() - 1;
        let end = (next.drawn + self.sizes.bowl_size - held).min(pot);
        let yellow = self.yellow_before[end] - self.yellow_before[next.drawn];
        let blue = (end - next.drawn) as u16 - yellow;
        next.bowls[bowl][0] += yellow as u8;
        next.bowls[bowl][1] += blue as u8;
        next.drawn = end;
        next.boards.swap(0, 1);
        next.empty.swap(0, 1);
        next
    }
}

/// What a remembered search result says about a position's value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    AtLeast,
    /// The value is at most this.
    AtMost,
}

/// The best-score search: negamax with alpha-beta pruning, the most
/// promising moves first, and a table of positions already searched.
struct Scorer<'a> {
    table: FxHashMap<Key, (i8, Bound)>,
    visited: u64,
    stop: &'a dyn Fn() -> bool,
}

impl Scorer<'_> {
    /// The value for the player to move if it lies inside (alpha, beta); at
    /// most alpha or at least beta otherwise. `None` when stopped.
    fn search(&mut self, state: &State<'_>, mut alpha: i32, mut beta: i32) -> Option<i32> {
        let key = state.key();
        if let Some(&(value, bound)) = self.table.get(&key) {
            let value = i32::from(value);
            match bound {
                Bound::Exact => return Some(value),
                Bound::AtLeast => alpha = alpha.max(value),
                Bound::AtMost => beta = beta.min(value),
            }
            if alpha >= beta {
                return Some(value);
            }
        }
        self.visited += 1;
        if self.visited.is_multiple_of(4096) && (self.stop)() {
            return None;
        }
        let mut moves: Vec<(usize, Colour, u8)> = if state.rows_all_full() {
            Vec::new()
        } else {
            state.moves().collect()
        };
        if moves.is_empty() {
            let value = state.score();
            self.table.insert(key, (value as i8, Bound::Exact));
            return Some(value);
        }
        let length = state.sizes.row_length as u8;
        // A row made full first, then the fullest row.
        moves.sort_by_key(|&(bowl, colour, tiles)| {
            let after = tiles + state.bowls[bowl][colour as usize];
            std::cmp::Reverse((after == length, after))
        });
        let start = alpha;
        let mut best = i32::MIN;
        for (bowl, colour, tiles) in moves {
            let value = -self.search(&state.after(bowl, colour, tiles), -beta, -alpha)?;
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= start {
            Bound::AtMost
        } else if best >= beta {
            Bound::AtLeast
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best as i8, bound));
        Some(best)
    }
}

/// Yellow tiles among the first `i` tiles of the pot, for each `i`.
fn yellow_before(game: &Game) -> Vec<u16> {
    let mut out = vec![0u16];
    for tile in game.pot().iter().take(MAX_DRAWN) {
        let last = *out.last().expect("starts with 0");
        out.push(last + u16::from(*tile == Colour::Yellow));
    }
    out
}

/// No game deals more tiles than this from the pot: the bowls' first
/// 5 x 5, then at most 5 for each of at most 2 x 10 x 6 moves.
const MAX_DRAWN: usize = 25 + 120 * 5;

/// The best score for the player to move, her best move, every move's
/// score and this search's work.
pub fn best_score(game: &Game) -> Best {
    best_score_until(game, &|| false).expect("never stopped")
}

/// [`best_score`], given up (`None`) soon after `stop` says so.
pub fn best_score_until(game: &Game, stop: &dyn Fn() -> bool) -> Option<Best> {
    let start = Instant::now();
    if stop() {
        return None;
    }
    let pot = yellow_before(game);
    let state = State::of(game, &pot);
    let mut scorer = Scorer {
        table: FxHashMap::default(),
        visited: 1,
        stop,
    };
    let limit = game.sizes().rows as i32 + 1;
    let mut moves = Vec::new();
    if !game.is_over() {
        for mv in game.distinct_moves() {
            let count = game.bowl(mv.bowl, mv.colour);
            let tiles = state
                .row_for(mv.colour, count)
                .expect("a distinct move fits");
            let value = scorer.search(&state.after(mv.bowl, mv.colour, tiles), -limit, limit)?;
            moves.push((mv, -value));
        }
    }
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
        elapsed: start.elapsed(),
    })
}

/// The size of the full game tree from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSize {
    /// Positions of the full game tree (this one, every end position and
    /// all between), as the seed's exhaustive search would visit them.
    pub positions: u128,
    /// Distinct positions among them, each counted once.
    pub distinct: u64,
    pub elapsed: Duration,
}

/// The size of the full game tree, found by counting each distinct
/// position's subtree once. `None` when `stop` said so.
pub fn tree_size_until(game: &Game, stop: &dyn Fn() -> bool) -> Option<TreeSize> {
    fn count(
        state: &State<'_>,
        memo: &mut FxHashMap<Key, u128>,
        stop: &dyn Fn() -> bool,
    ) -> Option<u128> {
        let key = state.key();
        if let Some(&size) = memo.get(&key) {
            return Some(size);
        }
        if memo.len().is_multiple_of(4096) && stop() {
            return None;
        }
        let mut size = 1u128;
        // An end position has no moves: its subtree is itself.
        if !state.rows_all_full() {
            for (bowl, colour, tiles) in state.moves() {
                size += count(&state.after(bowl, colour, tiles), memo, stop)?;
            }
        }
        memo.insert(key, size);
        Some(size)
    }
    let start = Instant::now();
    if stop() {
        return None;
    }
    let pot = yellow_before(game);
    let mut memo = FxHashMap::default();
    let positions = count(&State::of(game, &pot), &mut memo, stop)?;
    Some(TreeSize {
        positions,
        distinct: memo.len() as u64,
        elapsed: start.elapsed(),
    })
}

/// [`tree_size_until`], never stopped.
pub fn tree_size(game: &Game) -> TreeSize {
    tree_size_until(game, &|| false).expect("never stopped")
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
