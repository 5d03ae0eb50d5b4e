//! The threat player: a built-in opponent that plays five in a row as real
//! gomoku engines do, by threats. It wins when it can; stops a five; wins
//! by a sequence of fours (VCF, "victory by continuous fours"), then by
//! fours and open threes (VCT); stops the other side's VCF and VCT the same
//! way; and otherwise plays the field that leaves the best count of open
//! lines (the searcher's evaluation), ties broken at random.
//!
//! It is a *held-out* opponent: the trained computers Match5 ships never
//! meet it while they learn (`tools/make-ladder`); it only measures them
//! (`tools/ladder-strength`). Like every opponent it is not part of the
//! learning computer, which never looks ahead.
//!
//! Threats are found on bitboards with the runs of five fields (the
//! searcher's windows): a window with four stones of one side and no stone
//! of the other is a four, its empty field a winning field. Every search
//! has a budget of nodes, so a move never takes long; a search that runs
//! out finds nothing.

use rand::Rng;

use crate::board::{Board, CELLS, Cell, Color, FULL, SIZE};
use crate::searcher;
use match5_common::random::GameRng;

/// How deep VCF looks: fours in a row by the attacker.
const VCF_DEPTH: u32 = 12;
/// How many attacking moves (fours or threes) VCT looks ahead.
const VCT_DEPTH: u32 = 3;
/// Nodes one search may visit before it gives up (finds nothing).
const BUDGET: u32 = 200_000;

/// The fields where `mine` makes five: the empty field of every window with
/// four of `mine` and nothing of `theirs`.
fn winning_fields(mine: u128, theirs: u128) -> u128 {
    let mut out = 0;
    for &w in searcher::windows() {
        if w & theirs == 0 && (w & mine).count_ones() == 4 {
            out |= w & !mine;
        }
    }
    out
}

/// The empty fields of windows that hold at least `stones` of `mine` and
/// nothing of `theirs`: where a move adds to a line that can still be five.
fn line_fields(mine: u128, theirs: u128, stones: u32) -> u128 {
    let mut out = 0;
    for &w in searcher::windows() {
        if w & theirs == 0 && (w & mine).count_ones() >= stones {
            out |= w & !mine;
        }
    }
    out & !theirs
}

fn cells(mut bits: u128) -> impl Iterator<Item = u128> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let low = bits & bits.wrapping_neg();
            bits &= bits - 1;
            low
        })
    })
}

fn cell_of(bit: u128) -> Cell {
    Cell::from_index(bit.trailing_zeros() as usize)
}

/// The empty fields next to a stone (8-neighbourhood), on bitboards.
fn near(occupied: u128) -> u128 {
    const COLUMN_0: u128 = {
        let mut m = 0u128;
        let mut y = 0;
        while y < SIZE {
            m |= 1 << (y * SIZE);
            y += 1;
        }
        m
    };
    const NOT_LEFT: u128 = FULL & !COLUMN_0;
    const NOT_RIGHT: u128 = FULL & !(COLUMN_0 << (SIZE - 1));
    // A stone shifted one to the right lands off its column 8 onto the next
    // row's column 0, which NOT_LEFT clears; the other way round likewise.
    let side = ((occupied << 1) & NOT_LEFT) | ((occupied >> 1) & NOT_RIGHT) | occupied;
    let all = side | (side << SIZE) | (side >> SIZE);
    all & FULL & !occupied
}

/// One search's counter of visited nodes.
struct Search {
    nodes: u32,
}

impl Search {
    fn new() -> Search {
        Search { nodes: 0 }
    }

    fn spend(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= BUDGET
    }

    /// A first move of a victory by continuous fours for `mine`, where
    /// neither side can make five at once.
    fn vcf(&mut self, mine: u128, theirs: u128, depth: u32) -> Option<u128> {
        if depth == 0 || !self.spend() {
            return None;
        }
        let empty = FULL & !(mine | theirs);
        for x in cells(line_fields(mine, theirs, 3) & empty) {
            let m2 = mine | x;
            let wins = winning_fields(m2, theirs) & empty & !x;
            match wins.count_ones() {
                0 => {}
                1 => {
                    // The other side must stop it there; its stone there
                    // must not make a four of its own.
                    let t2 = theirs | wins;
                    let free = empty & !x & !wins;
                    if winning_fields(t2, m2) & free == 0 && self.vcf(m2, t2, depth - 1).is_some() {
                        return Some(x);
                    }
                }
                _ => return Some(x),
            }
        }
        None
    }

    /// The fields where a move of `mine` makes an open four (or two fours):
    /// two winning fields at once.
    fn open_four_fields(mine: u128, theirs: u128) -> u128 {
        let empty = FULL & !(mine | theirs);
        let mut out = 0;
        for y in cells(line_fields(mine, theirs, 3) & empty) {
            if (winning_fields(mine | y, theirs) & empty & !y).count_ones() >= 2 {
                out |= y;
            }
        }
        out
    }

    /// Where the other side may stop `mine`'s open threes: every field that
    /// makes an open four, and the winning fields it would make.
    fn three_defences(mine: u128, theirs: u128) -> u128 {
        let mut out = 0;
        for y in cells(Self::open_four_fields(mine, theirs)) {
            out |= y | winning_fields(mine | y, theirs);
        }
        out & !(mine | theirs)
    }

    /// A first move of a victory by continuous threats (fours and open
    /// threes) for `mine`, looking `depth` attacking moves ahead; the other
    /// side can make no five at once.
    fn vct(&mut self, mine: u128, theirs: u128, depth: u32) -> Option<u128> {
        if let Some(x) = self.vcf(mine, theirs, VCF_DEPTH) {
            return Some(x);
        }
        if depth == 0 || !self.spend() {
            return None;
        }
        let empty = FULL & !(mine | theirs);
        // With a VCF of its own, the other side answers a three with fours.
        if self.vcf(theirs, mine, VCF_DEPTH).is_some() {
            return None;
        }
        'threes: for x in cells(line_fields(mine, theirs, 2) & empty) {
            let m2 = mine | x;
            let defences = Self::three_defences(m2, theirs);
            if defences == 0 {
                continue;
            }
            for d in cells(defences) {
                let t2 = theirs | d;
                // A four in defence: count the three as stopped.
                if winning_fields(t2, m2) & !(m2 | t2) != 0 {
                    continue 'threes;
                }
                if self.vct(m2, t2, depth - 1).is_none() {
                    continue 'threes;
                }
            }
            return Some(x);
        }
        None
    }
}

/// The threat player's move for `color` on `board`; `None` on a full board.
pub fn threat_move(board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
    let (mine, theirs) = (board.stones(color), board.stones(color.other()));
    let occupied = mine | theirs;
    let empty = FULL & !occupied;
    if empty == 0 {
        return None;
    }
    if occupied == 0 {
        return Some(Cell::centre());
    }
    // Five now; else stop theirs.
    for wins in [winning_fields(mine, theirs), winning_fields(theirs, mine)] {
        if let Some(x) = cells(wins & empty).next() {
            return Some(cell_of(x));
        }
    }
    if let Some(x) = Search::new().vcf(mine, theirs, VCF_DEPTH) {
        return Some(cell_of(x));
    }
    let candidates = near(occupied) | line_fields(mine, theirs, 2) & empty;
    let their_vcf = Search::new().vcf(theirs, mine, VCF_DEPTH).is_some();
    if !their_vcf && let Some(x) = Search::new().vct(mine, theirs, VCT_DEPTH) {
        return Some(cell_of(x));
    }
    let their_vct = if their_vcf {
        None
    } else {
        Search::new().vct(theirs, mine, VCT_DEPTH)
    };
    if !their_vcf && their_vct.is_none() {
        // Quiet: no threat either way (and a stone of ours never makes one
        // for them).
        return best(board, color, candidates, rng);
    }
    // Their attack: the fields that stop it, tried with and without the
    // threes; failing both, the best field (the attack may still fail).
    let tried = match their_vct {
        Some(x) => {
            (x | Search::three_defences(theirs | x, mine) | line_fields(mine, theirs, 3)) & empty
        }
        None => candidates,
    };
    for with_threes in [true, false] {
        let safe = defences(mine, theirs, tried, with_threes);
        if safe != 0 {
            return best(board, color, safe, rng);
        }
    }
    best(board, color, their_vct.unwrap_or(candidates), rng)
}

/// The fields of `tried` after which the other side has no VCF (and, with
/// `threes`, no VCT). A four of ours there is counted as answered where
/// it must be, and the other side is then looked at as if it moved next.
fn defences(mine: u128, theirs: u128, tried: u128, threes: bool) -> u128 {
    cells(tried)
        .filter(|&d| {
            let m = mine | d;
            let wins = winning_fields(m, theirs) & !(m | theirs);
            if wins.count_ones() >= 2 {
                return true;
            }
            let t = theirs | wins;
            let mut s = Search::new();
            s.vcf(t, m, VCF_DEPTH).is_none() && !(threes && s.vct(t, m, VCT_DEPTH).is_some())
        })
        .fold(0, |acc, d| acc | d)
}

/// The field of `among` that leaves the best count of open lines for
/// `color`; ties at random.
fn best(board: &Board, color: Color, among: u128, rng: &mut GameRng) -> Option<Cell> {
    let mut board = *board;
    let mut top: Vec<Cell> = Vec::new();
    let mut top_score = i64::MIN;
    for bit in cells(among & board.empty()) {
        let cell = cell_of(bit);
        board.set(cell, Some(color));
        let s = searcher::score(&board, color);
        board.set(cell, None);
        if s > top_score {
            (top_score, top) = (s, vec![cell]);
        } else if s == top_score {
            top.push(cell);
        }
    }
    if top.is_empty() {
        return Cell::all().find(|c| board.is_empty_at(*c));
    }
    Some(top[rng.random_range(0..top.len())])
}

const _: () = assert!(CELLS <= 128);

#[cfg(test)]
mod tests {
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
            Search::new().vcf(mine, theirs, VCF_DEPTH).is_some() || {
                (winning_fields(mine, theirs) & after.empty()).count_ones() >= 2
            }
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
}
