//! A position of the tile game as the searches see it: only what decides
//! the rest of the game.
//!
//! The rows of the player to move and of the other count as multisets (rows
//! are equivalent: tiles go to the fullest row that fits, whichever it is),
//! the bowls as a multiset (a bowl is refilled from the same pot whatever
//! its number), and how much of the pot has been dealt.

use crate::game::{Colour, Game, Sizes};

/// A position as far as the rest of the game is concerned: the two boards
/// as counts of each kind of row, the bowls as a multiset, and the pot.
#[derive(Clone)]
pub(super) struct State<'a> {
    /// Per player (the one to move first): how many rows are full, and of
    /// each kind of partly filled row (yellow 1..L-1 at 1.., blue 1..L-1 at
    /// L..): `kinds[0]` counts full rows.
    pub(super) boards: [[u8; KINDS]; 2],
    /// Empty rows per player (the one to move first).
    empty: [u8; 2],
    /// Per bowl, yellow and blue tiles.
    pub(super) bowls: [[u8; 2]; 5],
    drawn: usize,
    pub(super) sizes: Sizes,
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
pub(super) type Key = u128;

impl<'a> State<'a> {
    pub(super) fn of(game: &Game, yellow_before: &'a [u16]) -> State<'a> {
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

    pub(super) fn key(&self) -> Key {
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
    pub(super) fn row_for(&self, colour: Colour, count: u8) -> Option<u8> {
        let length = self.sizes.row_length as u8;
        let board = &self.boards[0];
        (1..=length.saturating_sub(count))
            .rev()
            .find(|&t| t < length && board[kind(colour, t, length)] > 0)
            .or((self.empty[0] > 0 && count <= length).then_some(0))
    }

    /// The distinct moves (a bowl standing for all bowls alike in that
    /// colour and count), each with its row.
    pub(super) fn moves(&self) -> impl Iterator<Item = (usize, Colour, u8)> + '_ {
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
    pub(super) fn rows_all_full(&self) -> bool {
        let rows = self.sizes.rows as u8;
        self.boards[0][0] == rows || self.boards[1][0] == rows
    }

    /// Full rows of the player to move minus the other's.
    pub(super) fn score(&self) -> i32 {
        i32::from(self.boards[0][0]) - i32::from(self.boards[1][0])
    }

    /// The position after the player to move lays the `colour` tiles of
    /// `bowl` on her row of `tiles` tiles; the other player is then to move.
    pub(super) fn after(&self, bowl: usize, colour: Colour, tiles: u8) -> State<'a> {
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

/// Yellow tiles among the first `i` tiles of the pot, for each `i`.
pub(super) fn yellow_before(game: &Game) -> Vec<u16> {
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
