//! The fast matcher's order (lowest level, red before blue, the newest
//! lesson first, the lowest symmetry and offset) and its index kept right
//! while patterns come and go.

use super::*;
use crate::board::{Cell, Color};
use crate::literal;

/// A board with the given rows (y, fields); the other rows are empty.
fn board(rows: &[(usize, &str)]) -> Board {
    let mut all = [EMPTY_ROW; 9];
    for (y, row) in rows {
        all[*y] = row;
    }
    Board::from_text(&all.concat()).unwrap()
}

fn pat(level: u32, rows: &[&str]) -> Pattern {
    Pattern::from_rows(level, rows).unwrap()
}

const EMPTY_ROW: &str = ".........";

#[test]
fn bbbbx_is_found_at_the_lowest_symmetry_and_offset() {
    let b = board(&[(2, "..BBBB...")]);
    let knowledge = [pat(1, &["BBBBX"])];
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    assert_eq!(m.color, Color::Blue);
    assert_eq!(m.symmetry.number(), 0);
    assert_eq!(m.response, Cell::new(6, 2).unwrap());
    assert_eq!(Some(m), literal::find(&knowledge, &b));
}

#[test]
fn half_turn_finds_the_left_end_when_the_right_is_taken() {
    let b = board(&[(2, "..BBBBR..")]);
    let knowledge = [pat(1, &["BBBBX"])];
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    // A half turn (2) reverses a row before the mirror (4) does.
    assert_eq!(m.symmetry.number(), 2);
    assert_eq!(m.response, Cell::new(1, 2).unwrap());
    assert_eq!(m.offset, Cell::new(1, 2).unwrap());
}

#[test]
fn red_comes_before_blue_at_the_same_level() {
    let b = board(&[(0, "BBBB....."), (8, "....RRRR.")]);
    let knowledge = [pat(1, &["BBBBX"])];
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    assert_eq!(m.color, Color::Red);
    assert_eq!(m.response, Cell::new(8, 8).unwrap());
    // A lower level wins over colour.
    let knowledge = [pat(1, &["BBBBX"]), pat(2, &["BBBX."])];
    let b = board(&[(0, "BBBB....."), (8, ".....RRR.")]);
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    assert_eq!((m.color, m.level), (Color::Blue, 1));
}

#[test]
fn the_newest_lesson_of_a_level_comes_first() {
    // Red can play its older level-2 pattern, and blue threatens what the
    // newer level-2 lesson blocks: the block comes first.
    let attack = pat(2, &["BBB.X"]);
    let block = pat(2, &["BB.BX"]);
    let b = board(&[(0, "RRR......"), (4, "..BB.B...")]);
    let knowledge = [attack.clone(), block.clone()];
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    assert_eq!((m.color, m.pattern), (Color::Blue, 1));
    assert_eq!(m.response, Cell::new(6, 4).unwrap());
    assert_eq!(Some(m), literal::find(&knowledge, &b));
    // Learned the other way round, the attack is the newest.
    let knowledge = [block, attack];
    let m = MatchIndex::new(&knowledge).find(&b).unwrap();
    assert_eq!((m.color, m.pattern), (Color::Red, 1));
    assert_eq!(Some(m), literal::find(&knowledge, &b));
}

#[test]
fn inserting_and_removing_gives_the_index_compiled_from_scratch() {
    let b = board(&[(0, "RRR......"), (4, "..BB.B..."), (6, "BBBB.....")]);
    let first = pat(1, &["BBBBX"]);
    let second = pat(2, &["BB.BX"]);
    let mut index = MatchIndex::new(std::slice::from_ref(&second));
    index.insert(&first, 1);
    // Knowledge order: level 1 first.
    let m = index.find(&b).unwrap();
    assert_eq!((m.level, m.pattern), (1, 0));
    index.remove(&[(1, 1)]);
    let m = index.find(&b).unwrap();
    assert_eq!((m.level, m.pattern), (2, 0));
    index.remove(&[(2, 0)]);
    assert_eq!(index.find(&b), None);
    assert_eq!(index.node_count(), 0);
}

#[test]
fn full_tries_are_merged_on_another_thread() {
    let p = pat(1, &["BBBBX"]);
    let b = board(&[(2, "..BBBB...")]);
    let total = LAST_BLOCK + 5 * FIRST_BLOCK;
    let mut index = MatchIndex::default();
    for id in 0..total as u32 {
        index.insert(&p, id);
    }
    index.settle();
    let sizes: Vec<usize> = index.levels[0].tries.iter().map(Trie::live).collect();
    assert!(sizes.len() <= 8, "tries were merged: {sizes:?}");
    assert!(sizes.iter().all(|size| *size <= LAST_BLOCK), "{sizes:?}");
    assert_eq!(sizes.iter().sum::<usize>(), total);
    // The newest pattern answers.
    assert_eq!(index.find(&b).unwrap().pattern, total - 1);
}

#[test]
fn a_pattern_forgotten_while_its_trie_is_merged_stays_forgotten() {
    let p = pat(1, &["BBBBX"]);
    let b = board(&[(2, "..BBBB...")]);
    let mut index = MatchIndex::default();
    for id in 0..(2 * FIRST_BLOCK) as u32 {
        index.insert(&p, id);
    }
    assert!(index.levels[0].merging.is_some(), "two full tries merge");
    let newest = 2 * FIRST_BLOCK as u32 - 1;
    index.remove(&[(1, newest)]);
    assert_eq!(index.find(&b).unwrap().pattern, 2 * FIRST_BLOCK - 2);
    index.settle();
    let level = &index.levels[0];
    assert_eq!(level.tries.len(), 1);
    assert_eq!(level.tries[0].live(), 2 * FIRST_BLOCK - 1);
    assert_eq!(index.find(&b).unwrap().pattern, 2 * FIRST_BLOCK - 2);
}

#[test]
fn a_trie_is_compiled_again_when_half_of_it_is_forgotten() {
    let p = pat(1, &["BBBBX"]);
    let b = board(&[(2, "..BBBB...")]);
    let mut index = MatchIndex::new(&vec![p; FIRST_BLOCK]);
    let leaves = |index: &MatchIndex| index.levels[0].tries[0].block.leaves_len();
    let whole = leaves(&index);
    // Forgetting the newest patterns, one by one: their shapes stay in
    // the trie (passed over) until half of it is forgotten.
    let half = FIRST_BLOCK as u32 / 2;
    for id in (half + 1..FIRST_BLOCK as u32).rev() {
        index.remove(&[(1, id)]);
        assert_eq!(leaves(&index), whole);
        assert_eq!(index.find(&b).unwrap().pattern, id as usize - 1);
    }
    index.remove(&[(1, half)]);
    assert_eq!(leaves(&index), whole / 2);
    assert_eq!(index.find(&b).unwrap().pattern, half as usize - 1);
    index.remove(&(0..half).map(|id| (1, id)).collect::<Vec<_>>());
    assert_eq!((index.find(&b), index.node_count()), (None, 0));
}

#[test]
fn the_rectangle_must_lie_on_the_board_even_where_it_does_not_matter() {
    // "BBBBX-" cannot be placed with its X in the last column.
    let b = board(&[(0, "....BBBB.")]);
    let p = [pat(1, &["BBBBX-"])];
    let m = MatchIndex::new(&p).find(&b).unwrap();
    assert_ne!(m.response, Cell::new(8, 0).unwrap());
    assert_eq!(Some(m), literal::find(&p, &b));
}

#[test]
fn a_pattern_without_stones_matches_any_empty_place() {
    let p = [pat(3, &[".X"])];
    let m = MatchIndex::new(&p).find(&Board::new()).unwrap();
    assert_eq!(m.response, Cell::new(1, 0).unwrap());
    assert_eq!(m.color, Color::Red);
    assert_eq!(Some(m), literal::find(&p, &Board::new()));
}
