//! How many positions the computer can ever store, by walking every game:
//! the person (X) begins, the computer (O) answers.

use std::collections::HashSet;

use crate::board::{Board, Mark};

/// The distinct positions (lowest images) after an O move: those where the
/// game goes on, and those where O has just won.
pub fn positions_after_o() -> (HashSet<u32>, HashSet<u32>) {
    fn walk(board: Board, going_on: &mut HashSet<u32>, won: &mut HashSet<u32>) {
        for x in board.empty_fields().collect::<Vec<_>>() {
            let mut after_x = board;
            after_x.set(x, Some(Mark::X));
            if after_x.is_over() {
                continue;
            }
            for o in after_x.empty_fields().collect::<Vec<_>>() {
                let mut after_o = after_x;
                after_o.set(o, Some(Mark::O));
                let position = after_o.lowest();
                if after_o.winner() == Some(Mark::O) {
                    won.insert(position);
                } else if !after_o.is_full() && going_on.insert(position) {
                    walk(after_o, going_on, won);
                }
            }
        }
    }
    let (mut going_on, mut won) = (HashSet::new(), HashSet::new());
    walk(Board::default(), &mut going_on, &mut won);
    (going_on, won)
}

/// The most the computer can store: the 337 positions after an O move in
/// which the game goes on, and the 44 in which O has just won.
pub const MOST: usize = 381;

/// [`MOST`], counted.
pub fn most_positions() -> usize {
    let (going_on, won) = positions_after_o();
    going_on.len() + won.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_counts_337_and_a_won_game_adds_44() {
        let (going_on, won) = positions_after_o();
        assert_eq!(going_on.len(), 337);
        assert_eq!(won.len(), 44);
        assert!(going_on.is_disjoint(&won));
        assert_eq!(most_positions(), MOST);
    }
}
