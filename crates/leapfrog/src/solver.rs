//! Where the computer searches. The seed's brute force (depth first, trying
//! the fields from left to right, jumping back from dead ends), and beyond
//! it: every position reachable from the start, which of them are dead ends
//! (no solution any more), every solution, and the hint from any position.
//!
//! Every move takes a frog forward, so no position comes back: the
//! positions form a directed acyclic graph and each one is looked at once.

use std::collections::HashMap;

use crate::position::{Move, Position, PositionError};

/// The result of the seed's search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first solution in the seed's order.
    pub moves: Vec<Move>,
    /// Moves tried before it was found (each jump forward counts once).
    pub tried: u64,
}

/// The seed's search ("zoekoplossing"): from the start, try the frogs from
/// left to right; after a move go on from the new position; when no frog
/// can move and the goal is not reached, take the last move back and try
/// the next frog after it. Returns the first solution found.
///
/// With `remember_dead_ends` a position already found to be a dead end is
/// not searched again: the same solution, fewer moves tried.
pub fn search(k: usize, remember_dead_ends: bool) -> Result<Search, PositionError> {
    let start = Position::start(k)?;
    let mut dead = remember_dead_ends.then(|| Bits::new(Position::key_space(k)));
    // The path: each position with the field to try next from it.
    let mut path: Vec<(Position, usize)> = vec![(start, 0)];
    let mut moves: Vec<Move> = Vec::new();
    let mut tried = 0;
    while let Some((position, next)) = path.last().copied() {
        if position.is_goal() {
            return Ok(Search { moves, tried });
        }
        let found = (next..position.width()).find_map(|from| {
            let to = position.target(from)?;
            let mv = Move {
                from: from as u8,
                to: to as u8,
            };
            let after = position.after(mv);
            let known_dead = dead.as_ref().is_some_and(|d| d.get(after.key()));
            (!known_dead).then_some(mv)
        });
        match found {
            Some(mv) => {
                tried += 1;
                path.last_mut().expect("on the path").1 = usize::from(mv.from) + 1;
                path.push((position.after(mv), 0));
                moves.push(mv);
            }
            None => {
                if let Some(d) = dead.as_mut() {
                    d.set(position.key());
                }
                path.pop();
                moves.pop();
            }
        }
    }
    unreachable!("the puzzle has a solution for every k")
}

/// The first solution in the seed's order (with dead ends remembered).
pub fn first_solution(k: usize) -> Result<Vec<Move>, PositionError> {
    search(k, true).map(|s| s.moves)
}

/// Figures about the puzzle with `k` frogs of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub frogs: usize,
    pub fields: usize,
    /// Positions reachable from the start (the start and the goal too).
    pub reachable: u64,
    /// Reachable positions from which the goal cannot be reached.
    pub dead_ends: u64,
    /// Different move sequences from the start to the goal.
    pub solutions: u64,
    /// Moves of every solution.
    pub moves: usize,
}

/// Every position reachable from the start, and which of them still lead
/// to the goal.
pub struct Analysis {
    k: usize,
    reachable: u64,
    seen: Bits,
    solvable: Bits,
    /// Solutions from each position that has any.
    ways: HashMap<Position, u64>,
}

impl Analysis {
    /// Walks the whole graph of positions from the start.
    pub fn new(k: usize) -> Result<Analysis, PositionError> {
        let start = Position::start(k)?;
        let space = Position::key_space(k);
        let mut a = Analysis {
            k,
            reachable: 0,
            seen: Bits::new(space),
            solvable: Bits::new(space),
            ways: HashMap::new(),
        };
        // Depth first, deciding a position after all its successors.
        let mut stack: Vec<(Position, bool)> = vec![(start, false)];
        a.seen.set(start.key());
        while let Some((p, expanded)) = stack.pop() {
            if expanded {
                let ways = if p.is_goal() {
                    1
                } else {
                    p.moves()
                        .filter_map(|m| a.ways.get(&p.after(m)))
                        .fold(0u64, |sum, w| sum.saturating_add(*w))
                };
                if ways > 0 {
                    a.solvable.set(p.key());
                    a.ways.insert(p, ways);
                }
                continue;
            }
            a.reachable += 1;
            stack.push((p, true));
            for m in p.moves() {
                let next = p.after(m);
                if !a.seen.get(next.key()) {
                    a.seen.set(next.key());
                    stack.push((next, false));
                }
            }
        }
        Ok(a)
    }

    pub fn frogs(&self) -> usize {
        self.k
    }

    /// The figures: reachable positions, dead ends, solutions.
    pub fn stats(&self) -> Stats {
        let start = Position::start(self.k).expect("checked in new");
        Stats {
            frogs: self.k,
            fields: 2 * self.k + 1,
            reachable: self.reachable,
            dead_ends: self.reachable - self.ways.len() as u64,
            solutions: self.ways.get(&start).copied().unwrap_or(0),
            moves: crate::solution_length(self.k),
        }
    }

    /// Can the goal still be reached from `p`?
    pub fn is_solvable(&self, p: &Position) -> bool {
        if p.frogs() != self.k {
            return false;
        }
        if self.seen.get(p.key()) {
            return self.solvable.get(p.key());
        }
        // Not reachable from the start (set up by hand): search from it.
        let mut stack = vec![*p];
        let mut seen = std::collections::HashSet::new();
        while let Some(q) = stack.pop() {
            if q.is_goal() {
                return true;
            }
            for m in q.moves() {
                let next = q.after(m);
                if seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        false
    }

    /// The next move of a solution from `p` (the first in the seed's
    /// order), or `None` at the goal or in a dead end.
    pub fn hint(&self, p: &Position) -> Option<Move> {
        p.moves().find(|&m| self.is_solvable(&p.after(m)))
    }

    /// After the positions of a game (start first, now last): how many moves
    /// must be taken back to have a solution again (0 when there is one).
    pub fn undo_needed(&self, positions: &[Position]) -> usize {
        positions
            .iter()
            .rev()
            .position(|p| self.is_solvable(p))
            .unwrap_or(positions.len().saturating_sub(1))
    }

    /// Every solution, in the seed's order.
    pub fn solutions(&self) -> Vec<Vec<Move>> {
        let mut all = Vec::new();
        let start = Position::start(self.k).expect("checked in new");
        let mut path = Vec::new();
        self.collect(start, &mut path, &mut all);
        all
    }

    fn collect(&self, p: Position, path: &mut Vec<Move>, all: &mut Vec<Vec<Move>>) {
        if p.is_goal() {
            all.push(path.clone());
            return;
        }
        for m in p.moves() {
            let next = p.after(m);
            if self.solvable.get(next.key()) {
                path.push(m);
                self.collect(next, path, all);
                path.pop();
            }
        }
    }
}

/// The figures for `k` frogs of each kind.
pub fn stats(k: usize) -> Result<Stats, PositionError> {
    Analysis::new(k).map(|a| a.stats())
}

/// Every solution for `k` frogs of each kind.
pub fn solutions(k: usize) -> Result<Vec<Vec<Move>>, PositionError> {
    Analysis::new(k).map(|a| a.solutions())
}

/// A set of position keys.
struct Bits(Vec<u64>);

impl Bits {
    fn new(size: usize) -> Bits {
        Bits(vec![0; size.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_of_the_issue_for_one_two_and_three_frogs() {
        let figures: Vec<_> = (1..=3)
            .map(|k| {
                let s = stats(k).unwrap();
                (s.reachable, s.dead_ends, s.solutions, s.moves)
            })
            .collect();
        assert_eq!(figures, [(6, 0, 2, 3), (23, 7, 2, 8), (72, 42, 2, 15)]);
    }

    #[test]
    fn the_seeds_search_finds_a_solution_of_k_k_plus_2_moves() {
        for k in 1..=6 {
            let plain = search(k, false).unwrap();
            let remembered = search(k, true).unwrap();
            assert_eq!(
                plain.moves, remembered.moves,
                "k = {k}: the same first solution"
            );
            assert!(remembered.tried <= plain.tried);
            assert_eq!(plain.moves.len(), crate::solution_length(k));
        }
        let three: Vec<String> = first_solution(3)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            three[0], "3->4",
            "the seed tries field 1 first, and 3 is the first that can move"
        );
    }

    #[test]
    fn hints_and_dead_ends() {
        let a = Analysis::new(3).unwrap();
        let start = Position::start(3).unwrap();
        assert_eq!(a.hint(&start).map(|m| m.to_string()), Some("3->4".into()));
        // XXX-YYY, X 2->4 (a jump over its own kind) is a dead end at once.
        let dead = start.after(Move { from: 1, to: 3 });
        assert!(!a.is_solvable(&dead));
        assert_eq!(a.hint(&dead), None);
        assert_eq!(a.undo_needed(&[start, dead]), 1);
        assert_eq!(a.undo_needed(&[start]), 0);
        let goal = Position::goal(3).unwrap();
        assert!(a.is_solvable(&goal));
        assert_eq!(a.hint(&goal), None);
    }
}
