//! Property tests: the fast matcher agrees with the seed's literal one, undo
//! is exact, learned patterns are valid and stop the loss that taught them.

use match5_common::random::rng_from_seed;
use match5_five::board::{Board, CELLS};
use match5_five::literal;
use match5_five::matcher::{MatchIndex, Shape};
use match5_five::pattern::PatternCell;
use match5_five::symmetry::Symmetry;
use match5_five::{Cell, Color, Game, Knowledge, Mode, Pattern, Style, fivo, opponents};
use proptest::prelude::*;

fn board_from(fields: &[u8]) -> Board {
    let mut board = Board::new();
    for (i, f) in fields.iter().enumerate() {
        let stone = match f {
            1 => Some(Color::Red),
            2 => Some(Color::Blue),
            _ => None,
        };
        board.set(Cell::from_index(i), stone);
    }
    board
}

fn arb_board() -> impl Strategy<Value = Board> {
    // About a third of the fields hold a stone.
    prop::collection::vec(
        prop_oneof![4 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        CELLS,
    )
    .prop_map(|f| board_from(&f))
}

/// A pattern cut out of a board (so it often matches somewhere), with some
/// fields turned to does-not-matter.
fn arb_pattern() -> impl Strategy<Value = Pattern> {
    (
        arb_board(),
        1usize..=6,
        1usize..=6,
        0usize..4,
        0usize..4,
        prop::collection::vec(0u8..10, 36),
        0usize..36,
        1u32..=4,
        any::<bool>(),
    )
        .prop_filter_map(
            "needs an empty field for X",
            |(board, w, h, ox, oy, noise, xpick, level, blue)| {
                let color = if blue { Color::Blue } else { Color::Red };
                let mut cells = Vec::with_capacity(w * h);
                for y in 0..h {
                    for x in 0..w {
                        let cell = Cell::new(ox + x, oy + y).unwrap();
                        cells.push(if noise[y * w + x] < 3 {
                            PatternCell::Any
                        } else {
                            match board.get(cell) {
                                None => PatternCell::Empty,
                                Some(c) if c == color => PatternCell::Stone,
                                Some(_) => PatternCell::Any,
                            }
                        });
                    }
                }
                let empties: Vec<usize> = (0..cells.len())
                    .filter(|i| cells[*i] == PatternCell::Empty)
                    .collect();
                let x = *empties.get(xpick % empties.len().max(1))?;
                cells[x] = PatternCell::Response;
                // Left-top align: drop leading rows and columns of '-'.
                let rows: Vec<String> = cells
                    .chunks(w)
                    .map(|r| r.iter().map(|c| c.to_char()).collect())
                    .collect();
                let top = rows.iter().position(|r| r.chars().any(|c| c != '-'))?;
                let rows = &rows[top..];
                let left = (0..w).find(|&i| rows.iter().any(|r| r.as_bytes()[i] != b'-'))?;
                let rows: Vec<String> = rows.iter().map(|r| r[left..].to_string()).collect();
                Pattern::from_rows(level, &rows).ok()
            },
        )
}

fn arb_knowledge() -> impl Strategy<Value = Vec<Pattern>> {
    prop::collection::vec(arb_pattern(), 0..25).prop_map(|mut p| {
        p.sort_by_key(|p| p.level());
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fast_matcher_finds_what_the_seed_finds(patterns in arb_knowledge(), board in arb_board()) {
        let fast = MatchIndex::new(&patterns).find(&board);
        let slow = literal::find(&patterns, &board);
        prop_assert_eq!(fast, slow);
        if let Some(m) = fast {
            prop_assert!(board.is_empty_at(m.response));
        }
    }

    #[test]
    fn an_index_changed_one_pattern_at_a_time_finds_what_the_seed_finds(
        start in arb_knowledge(),
        steps in prop::collection::vec((arb_pattern(), any::<bool>(), 0usize..64), 1..40),
        boards in prop::collection::vec(arb_board(), 4),
    ) {
        // Learning inserts into the index and forgetting takes out of it;
        // after any mix of both the index answers as the seed's matcher on
        // the patterns as they are, and as an index compiled from scratch.
        let mut k = Knowledge::with_patterns("p", start);
        for (pattern, delete, which) in steps {
            if delete && k.level() > 0 {
                k.delete(which % k.level()).unwrap();
            } else {
                k.learn(pattern);
            }
        }
        let fresh = MatchIndex::new(k.patterns());
        for board in &boards {
            let slow = literal::find(k.patterns(), board);
            prop_assert_eq!(k.index().find(board), slow);
            prop_assert_eq!(fresh.find(board), slow);
        }
    }

    #[test]
    fn a_pattern_matches_every_symmetric_image_of_a_board(
        pattern in arb_pattern(), board in arb_board(), s in 0u8..8,
    ) {
        let sym = Symmetry::new(s).unwrap();
        let mut turned = Board::new();
        for cell in Cell::all() {
            let (x, y) = sym.apply(cell.x(), cell.y(), 9, 9);
            turned.set(Cell::new(x, y).unwrap(), board.get(cell));
        }
        let index = MatchIndex::new(std::slice::from_ref(&pattern));
        prop_assert_eq!(index.find(&board).is_some(), index.find(&turned).is_some());
    }

    #[test]
    fn undo_takes_every_move_back_exactly(
        patterns in arb_knowledge(), seed in any::<u64>(), moves in 1usize..60,
    ) {
        let knowledge = Knowledge::with_patterns("p", patterns);
        let mut rng = rng_from_seed(seed);
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        let mut history = vec![game.clone()];
        for _ in 0..moves {
            if game.is_over() { break; }
            if game.to_move() == Color::Blue {
                let cell = opponents::greedy_move(game.board(), Color::Blue, &mut rng).unwrap();
                game.play(cell).unwrap();
            } else {
                game.computer_move(&knowledge, &mut rng).unwrap();
            }
            history.push(game.clone());
        }
        history.pop();
        while let Some(before) = history.pop() {
            game.undo().unwrap();
            prop_assert_eq!(&game, &before);
        }
        prop_assert!(game.undo().is_none());
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_lost_game_teaches_a_pattern_that_stops_that_loss(seed in any::<u64>()) {
        let mut knowledge = Knowledge::new("p");
        let mut rng = rng_from_seed(seed);
        for _ in 0..30 {
            let mut game = Game::new(Mode::VsComputer, Color::Blue);
            let mut blue_moves = Vec::new();
            while !game.is_over() {
                if game.to_move() == Color::Blue {
                    let cell = opponents::greedy_move(game.board(), Color::Blue, &mut rng).unwrap();
                    blue_moves.push(cell);
                    game.play(cell).unwrap();
                } else {
                    game.computer_move(&knowledge, &mut rng).unwrap();
                }
            }
            if let Some(lesson) = game.lesson() {
                prop_assert!(lesson.width() <= 9 && lesson.height() <= 9);
                // A level-L lesson describes the position before the first
                // blue move it takes back: 2L - 1 plies before the end.
                let mut before = game.clone();
                for _ in 0..2 * lesson.level() - 1 {
                    before.undo();
                }
                let b = before.board();
                let in_blue = Symmetry::ALL.iter().any(|s| {
                    Shape::new(&lesson, *s).fits(b.stones(Color::Blue), b.empty(), 9, 9) != 0
                });
                prop_assert!(in_blue, "the lesson matches the position it came from, in blue");
                let before_level = knowledge.level();
                let changes = match5_five::finish_game(&mut knowledge, &game);
                prop_assert!(!changes.is_empty());
                prop_assert!(knowledge.level() <= before_level + 1);
                prop_assert!(knowledge.patterns().windows(2).all(|w| w[0].level() <= w[1].level()));
            }
        }
    }

}

/// A game against the computer (red, its free moves from `red_seed`) to
/// its end, blue's moves from `blue`.
fn play_out(
    knowledge: &Knowledge,
    red_seed: u64,
    blue: impl FnMut(&Board) -> Option<Cell>,
) -> Game {
    play_out_in(Style::Classic, knowledge, red_seed, blue)
}

/// [`play_out`] against the computer in `style`.
fn play_out_in(
    style: Style,
    knowledge: &Knowledge,
    red_seed: u64,
    mut blue: impl FnMut(&Board) -> Option<Cell>,
) -> Game {
    let mut red_rng = rng_from_seed(red_seed);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    while !game.is_over() {
        if game.to_move() == Color::Blue {
            game.play(blue(game.board()).unwrap()).unwrap();
        } else {
            game.computer_move_in(style, knowledge, &mut red_rng)
                .unwrap();
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The promise: the computer never loses the same game twice. Games
    /// against a greedy player from knowledge learned against it (and
    /// random patterns that shadow lessons); after every loss the same
    /// blue moves and the same random source must not give the same game.
    #[test]
    fn a_lost_game_is_never_lost_the_same_way_again(
        noise in arb_knowledge(), seed in any::<u64>(),
    ) {
        let mut knowledge = Knowledge::with_patterns("p", noise);
        let mut rng = rng_from_seed(seed);
        for round in 0..40u64 {
            let red_seed = seed ^ round;
            let game = play_out(&knowledge, red_seed, |board| {
                opponents::greedy_move(board, Color::Blue, &mut rng)
            });
            if game.outcome().and_then(|o| o.winner()) != Some(Color::Blue) {
                continue;
            }
            match5_five::finish_game(&mut knowledge, &game);
            // Replay: blue repeats its moves; red starts from the same seed.
            let mut replay = Game::new(Mode::VsComputer, Color::Blue);
            let mut red_rng = rng_from_seed(red_seed);
            let mut same = true;
            for m in game.moves() {
                if m.kind.color() == Color::Blue {
                    if replay.play(m.cell).is_err() {
                        same = false;
                        break;
                    }
                } else if replay.computer_move(&knowledge, &mut red_rng).unwrap().cell != m.cell {
                    same = false;
                    break;
                }
            }
            prop_assert!(!same, "round {}: the same game was lost again", round);
        }
    }
}

proptest! {
    #[test]
    fn fivo_text_round_trips(
        patterns in arb_knowledge(),
        won in 0u64..1000,
        name in "[A-Za-z ëé'\"\\\\]{1,20}",
        lines in prop::collection::vec((arb_board(), 0usize..81), 0..4),
    ) {
        prop_assume!(!name.trim().is_empty());
        let mut lost_lines = match5_five::lost_lines::LostLines::default();
        for (board, pick) in lines {
            if let Some(cell) = Cell::all().filter(|c| board.is_empty_at(*c)).nth(pick % 20) {
                lost_lines.add(&board, cell);
            }
        }
        // Unrecorded, taught in a game, learned in practice, from a hinted win.
        let learned = (0..patterns.len() as u64)
            .map(|i| match i % 4 {
                0 => match5_five::Learned::Unrecorded,
                1 => match5_five::Learned::InGame(i + won),
                2 => match5_five::Learned::Practice,
                _ => match5_five::Learned::Hinted(i + won),
            })
            .collect();
        let contents = fivo::Contents {
            player: name.trim().to_string(),
            password: None,
            stats: match5_five::Stats { won, lost: 2, drawn: 1 },
            patterns,
            learned,
            lost_lines,
            history: match5_five::history::History::from_entries(
                (1..=won.min(30)).map(|g| match5_five::history::Entry {
                    game: g,
                    result: match5_five::history::GameResult::Won,
                    level: g as u32,
                    date: "2026-11-22".to_string(),
                    // Some with the moves of the game that taught it.
                    moves: (g % 2 == 0).then(|| match5_five::moves::decode("B44R33B45R00B46R88B47R80B48").unwrap()),
                    hints: 0,
                }).collect(),
            ).unwrap(),
            start: (won % 2 == 0).then(|| "self-play".to_string()),
        };
        let text = fivo::write(&contents);
        prop_assert_eq!(fivo::parse(&text).unwrap(), contents);
    }
}

/// Learns from `game`; a loss must not repeat one of `lost` move for move
/// and joins them; then every game lost so far must still be [`closed`].
fn learn_and_check_closed(
    knowledge: &mut Knowledge,
    lost: &mut Vec<Game>,
    game: Game,
    round: u64,
) -> Result<(), TestCaseError> {
    match5_five::finish_game(knowledge, &game);
    if game.outcome().and_then(|o| o.winner()) == Some(Color::Blue) {
        prop_assert!(
            lost.iter().all(|g| g.moves() != game.moves()),
            "round {}: a lost game came back",
            round
        );
        lost.push(game);
    }
    for (i, g) in lost.iter().enumerate() {
        prop_assert!(
            closed(knowledge, g),
            "round {}: lost game {} is open again",
            round,
            i
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn tries_merged_while_learning_find_what_the_seed_finds(
        lessons in prop::collection::vec((arb_pattern(), 0u8..10), 90..160),
        boards in prop::collection::vec(arb_board(), 3),
    ) {
        // Enough lessons of two levels that full newest tries are merged
        // with older ones (no junk removal here: the index alone); some are
        // forgotten again on the way.
        let mut index = MatchIndex::default();
        let mut held: Vec<(u32, Pattern)> = Vec::new();
        for (id, (pattern, pick)) in lessons.into_iter().enumerate() {
            let level = 1 + u32::from(pick % 2);
            let pattern = Pattern::from_rows(level, &pattern.rows()).unwrap();
            index.insert(&pattern, id as u32);
            held.push((id as u32, pattern));
            if pick == 8 {
                // Sometimes the merges have run before the next lesson.
                index.settle();
            }
            if pick == 9 && held.len() > 3 {
                let (gone, p) = held.remove(held.len() / 3);
                index.remove(&[(p.level(), gone)]);
            }
        }
        // Then the newest are forgotten a few at a time, so that the older
        // (merged) tries must answer too.
        while !held.is_empty() {
            let mut patterns: Vec<Pattern> = held.iter().map(|(_, p)| p.clone()).collect();
            patterns.sort_by_key(Pattern::level);
            for board in &boards {
                prop_assert_eq!(index.find(board), literal::find(&patterns, board));
            }
            let newest = held.split_off(held.len().saturating_sub(7));
            let gone: Vec<(u32, u32)> = newest.iter().map(|(id, p)| (p.level(), *id)).collect();
            index.remove(&gone);
        }
        prop_assert_eq!(index.node_count(), 0);
    }
}

/// `new` under some symmetry fits inside `old`'s rectangle, each `B` on a
/// `B` and each `.`/`X` on a `.`/`X` (the seed's junk rule, field by field).
fn contains_by_hand(old: &Pattern, new: &Pattern) -> bool {
    let old_rows = old.rows();
    let (ow, oh) = (old_rows[0].len(), old_rows.len());
    Symmetry::ALL.iter().any(|s| {
        let rows = new.transformed(*s).rows();
        let (w, h) = (rows[0].len(), rows.len());
        (0..=oh.saturating_sub(h)).any(|oy| {
            (0..=ow.saturating_sub(w)).any(|ox| {
                w <= ow
                    && h <= oh
                    && rows.iter().enumerate().all(|(y, row)| {
                        row.bytes().enumerate().all(|(x, c)| {
                            let o = old_rows[oy + y].as_bytes()[ox + x];
                            match c {
                                b'B' => o == b'B',
                                b'.' | b'X' => o == b'.' || o == b'X',
                                _ => true,
                            }
                        })
                    })
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn learning_forgets_exactly_the_patterns_that_contain_the_lesson(
        stored in arb_knowledge(),
        pick in any::<usize>(),
        window in (0usize..6, 0usize..6, 1usize..6, 1usize..6),
        symmetry in 0usize..8,
    ) {
        // The lesson is a piece of a stored pattern, turned, so that some
        // stored patterns contain it.
        prop_assume!(!stored.is_empty());
        let source = &stored[pick % stored.len()];
        let rows = source.rows();
        let (x0, y0, w, h) = window;
        let (x0, y0) = (x0 % rows[0].len(), y0 % rows.len());
        let mut piece: Vec<String> = rows[y0..(y0 + h).min(rows.len())]
            .iter()
            .map(|r| r[x0..(x0 + w).min(r.len())].to_string())
            .collect();
        if !piece.iter().any(|r| r.contains('X')) {
            let at = piece.iter().position(|r| r.contains('.'));
            prop_assume!(at.is_some());
            let row = &mut piece[at.unwrap()];
            *row = row.replacen('.', "X", 1);
        }
        let Ok(lesson) = Pattern::from_rows(source.level(), &piece) else {
            return Err(TestCaseError::reject("not a pattern"));
        };
        let lesson = lesson.transformed(Symmetry::ALL[symmetry]);
        let mut k = Knowledge::with_patterns("p", stored.clone());
        let expected: Vec<Pattern> = k
            .patterns()
            .iter()
            .filter(|old| contains_by_hand(old, &lesson))
            .cloned()
            .collect();
        let forgotten: Vec<Pattern> = k
            .learn(lesson)
            .into_iter()
            .filter_map(|c| match c {
                match5_five::Change::Removed { pattern, .. } => Some(pattern),
                _ => None,
            })
            .collect();
        prop_assert_eq!(forgotten, expected);
    }
}

/// Is `game` (lost by red) closed to the computer: a red decision in it is
/// vetoed in that exact position while another field stays open there?
fn closed(knowledge: &Knowledge, game: &Game) -> bool {
    let mut board = Board::new();
    for m in game.moves() {
        if m.kind.color() == Color::Red {
            let avoided = knowledge.lost_lines().avoided(&board);
            let open = match5_five::lost_lines::alternatives(&board) & !avoided;
            if avoided & m.cell.bit() != 0 && open != 0 {
                return true;
            }
        }
        board.set(m.cell, Some(m.kind.color()));
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The promise by construction: after any run of games, against a
    /// deterministic searcher and a random greedy player, with noise
    /// patterns that later lessons shadow, every game lost so far holds a
    /// veto the computer cannot pass (another field open there), and no
    /// lost game repeats an earlier one move for move.
    #[test]
    fn every_lost_game_stays_closed_whatever_is_learned_later(
        noise in arb_knowledge(), seed in any::<u64>(),
    ) {
        let mut knowledge = Knowledge::with_patterns("p", noise);
        let mut rng = rng_from_seed(seed);
        let mut lost: Vec<Game> = Vec::new();
        for round in 0..120u64 {
            let game = play_out(&knowledge, seed ^ (round % 7), |board| {
                if round % 2 == 0 {
                    match5_five::searcher::search_move(board, Color::Blue, 1)
                } else {
                    opponents::greedy_move(board, Color::Blue, &mut rng)
                }
            });
            learn_and_check_closed(&mut knowledge, &mut lost, game, round)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// The promise holds for the sharp computer as for the 2012 one: it
    /// learns the same way, and its threat-reading moves are free moves.
    /// Against players that beat it (the threat player, which reads the
    /// same threats and moves first, and a noisy searcher), every lost
    /// game stays closed and none comes back move for move.
    #[test]
    fn the_sharp_computer_never_loses_the_same_game_twice(seed in any::<u64>()) {
        let mut knowledge = Knowledge::new("p");
        let mut rng = rng_from_seed(seed);
        let mut lost: Vec<Game> = Vec::new();
        for round in 0..40u64 {
            let game = play_out_in(Style::Sharp, &knowledge, seed ^ (round % 5), |board| {
                if round % 2 == 0 {
                    match5_five::threats::threat_move(board, Color::Blue, &mut rng)
                } else {
                    opponents::noisy_search_move(board, Color::Blue, 1, &mut rng)
                }
            });
            learn_and_check_closed(&mut knowledge, &mut lost, game, round)?;
        }
        // It must have lost some: else this proves nothing.
        prop_assert!(!lost.is_empty(), "the sharp computer lost no game of 40");
    }
}
