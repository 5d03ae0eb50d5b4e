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

/// What one move may spend on its searches: nodes per search, and nodes
/// for the whole move. The threat player's searches each have their own
/// [`BUDGET`] and the move none beyond that; the sharp computer
/// ([`crate::style::Style::Sharp`]) answers within a move's budget, so
/// that its reply never takes long (the reply benchmark prints it). Nodes,
/// not time: the same position and seed give the same move on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    per_search: u32,
    left: u32,
    ran_out: bool,
}

impl Budget {
    /// The threat player's: [`BUDGET`] nodes for each search.
    pub const fn per_search() -> Budget {
        Budget {
            per_search: BUDGET,
            left: u32::MAX,
            ran_out: false,
        }
    }

    /// At most `nodes` nodes for the whole move (and [`BUDGET`] a search).
    pub const fn for_move(nodes: u32) -> Budget {
        Budget {
            per_search: BUDGET,
            left: nodes,
            ran_out: false,
        }
    }

    /// Whether a search stopped because the budget ended: what it answered
    /// then is the best found, not proven.
    pub fn ran_out(&self) -> bool {
        self.ran_out
    }
}

/// One search's counter of visited nodes, spending from a move's budget.
struct Search<'a> {
    nodes: u32,
    budget: &'a mut Budget,
}

impl<'a> Search<'a> {
    fn new(budget: &'a mut Budget) -> Search<'a> {
        Search { nodes: 0, budget }
    }

    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget.per_search || self.budget.left == 0 {
            self.budget.ran_out = true;
            return false;
        }
        self.budget.left -= 1;
        true
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

/// Why the threat player picks its field: what a hint says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first stone of the game goes in the middle.
    Centre,
    /// It makes five.
    Five,
    /// It stops the other side's five.
    StopFive,
    /// A four that wins by more fours (VCF).
    WinByFours,
    /// A threat that wins by fours and open threes (VCT).
    WinByThreats,
    /// It stops the other side's win by fours.
    StopFours,
    /// It stops the other side's threats (open threes that win).
    StopThreats,
    /// The other side's attack cannot be stopped: it makes it hardest.
    Hardest,
    /// No threat either way: the field that leaves the best open lines.
    Shape,
}

impl Reason {
    /// The name scripts read (D-Bus, `match5-cli pbrain --explain`).
    pub fn key(self) -> &'static str {
        match self {
            Reason::Centre => "centre",
            Reason::Five => "five",
            Reason::StopFive => "stop-five",
            Reason::WinByFours => "win-by-fours",
            Reason::WinByThreats => "win-by-threats",
            Reason::StopFours => "stop-fours",
            Reason::StopThreats => "stop-threats",
            Reason::Hardest => "hardest",
            Reason::Shape => "shape",
        }
    }
}

/// The first move of a win by fours (VCF) for `color` on `board`, found
/// within `budget`; `None` when there is none, or none was found in it.
/// The tactical training player reads its own and the other side's.
pub fn win_by_fours(board: &Board, color: Color, budget: &mut Budget) -> Option<Cell> {
    let (mine, theirs) = (board.stones(color), board.stones(color.other()));
    Search::new(budget)
        .vcf(mine, theirs, VCF_DEPTH)
        .map(cell_of)
}

/// The threat player's move for `color` on `board`; `None` on a full board.
pub fn threat_move(board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
    threat_reasoned(board, color, rng).map(|(cell, _)| cell)
}

/// The threat player's move and why it plays there: five in a row's hint.
pub fn threat_reasoned(board: &Board, color: Color, rng: &mut GameRng) -> Option<(Cell, Reason)> {
    reasoned_within(board, color, rng, &mut Budget::per_search())
}

/// [`threat_reasoned`] within `budget`: a search that runs out of it finds
/// nothing, and the move is the best of what was found
/// ([`Budget::ran_out`] tells).
pub fn reasoned_within(
    board: &Board,
    color: Color,
    rng: &mut GameRng,
    budget: &mut Budget,
) -> Option<(Cell, Reason)> {
    let (mine, theirs) = (board.stones(color), board.stones(color.other()));
    let occupied = mine | theirs;
    let empty = FULL & !occupied;
    if empty == 0 {
        return None;
    }
    if occupied == 0 {
        return Some((Cell::centre(), Reason::Centre));
    }
    // Five now; else stop theirs.
    for (wins, reason) in [
        (winning_fields(mine, theirs), Reason::Five),
        (winning_fields(theirs, mine), Reason::StopFive),
    ] {
        if let Some(x) = cells(wins & empty).next() {
            return Some((cell_of(x), reason));
        }
    }
    if let Some(x) = Search::new(budget).vcf(mine, theirs, VCF_DEPTH) {
        return Some((cell_of(x), Reason::WinByFours));
    }
    let candidates = near(occupied) | line_fields(mine, theirs, 2) & empty;
    let their_vcf = Search::new(budget).vcf(theirs, mine, VCF_DEPTH).is_some();
    if !their_vcf && let Some(x) = Search::new(budget).vct(mine, theirs, VCT_DEPTH) {
        return Some((cell_of(x), Reason::WinByThreats));
    }
    let their_vct = if their_vcf {
        None
    } else {
        Search::new(budget).vct(theirs, mine, VCT_DEPTH)
    };
    if !their_vcf && their_vct.is_none() {
        // Quiet: no threat either way (and a stone of ours never makes one
        // for them).
        return best(board, color, candidates, rng).map(|c| (c, Reason::Shape));
    }
    let stop = if their_vcf {
        Reason::StopFours
    } else {
        Reason::StopThreats
    };
    // Their attack: the fields that stop it, tried with and without the
    // threes; failing both, the best field (the attack may still fail).
    let tried = match their_vct {
        Some(x) => {
            (x | Search::three_defences(theirs | x, mine) | line_fields(mine, theirs, 3)) & empty
        }
        None => candidates,
    };
    for with_threes in [true, false] {
        let safe = defences(mine, theirs, tried, with_threes, budget);
        if safe != 0 {
            return best(board, color, safe, rng).map(|c| (c, stop));
        }
    }
    best(board, color, their_vct.unwrap_or(candidates), rng).map(|c| (c, Reason::Hardest))
}

/// The fields of `tried` after which the other side has no VCF (and, with
/// `threes`, no VCT). A four of ours there is counted as answered where
/// it must be, and the other side is then looked at as if it moved next.
fn defences(mine: u128, theirs: u128, tried: u128, threes: bool, budget: &mut Budget) -> u128 {
    cells(tried)
        .filter(|&d| {
            let m = mine | d;
            let wins = winning_fields(m, theirs) & !(m | theirs);
            if wins.count_ones() >= 2 {
                return true;
            }
            let t = theirs | wins;
            let mut s = Search::new(budget);
            s.vcf(t, m, VCF_DEPTH).is_none() && !(threes && s.vct(t, m, VCT_DEPTH).is_some())
        })
        .fold(0, |acc, d| acc | d)
}

/// The field of `among` that leaves the best count of open lines for
/// `color`; ties at random.
pub fn best(board: &Board, color: Color, among: u128, rng: &mut GameRng) -> Option<Cell> {
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
mod tests;
