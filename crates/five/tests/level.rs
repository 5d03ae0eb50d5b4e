//! The player's level counts only what the player taught: patterns copied
//! from a trained computer at the start do not count, in memory, in files
//! (also those written before the level was told apart) and in the hall of
//! fame (also one written by Match5 0.2.0).

use std::fs;

use match5_common::random::rng_from_seed;
use match5_five::board::{Board, Cell, Color};
use match5_five::files::{self, Store};
use match5_five::{Game, Knowledge, Mode, Pattern, fivo, ladder, opponents, threats};
use proptest::prelude::*;

/// A game the computer loses: blue makes five in row 0 while red plays
/// where `knowledge` tells it.
fn won_by_blue(knowledge: &Knowledge, seed: u64, row: usize) -> Game {
    let mut rng = rng_from_seed(seed);
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    let mut x = 0;
    while !game.is_over() {
        if game.to_move() == Color::Blue {
            // The next free field of the row, else any.
            let cell = (x..9)
                .filter_map(|x| Cell::new(x, row))
                .find(|c| game.board().is_empty_at(*c))
                .or_else(|| Cell::all().find(|c| game.board().is_empty_at(*c)))
                .unwrap();
            x = cell.x() + 1;
            game.play(cell).unwrap();
        } else {
            game.computer_move(knowledge, &mut rng).unwrap();
        }
    }
    game
}

fn blue_wins(game: &Game) -> bool {
    game.outcome().and_then(|o| o.winner()) == Some(Color::Blue)
}

#[test]
fn knowledge_without_a_start_counts_every_pattern_as_the_seed_does() {
    let mut k = Knowledge::new("Anna");
    let game = won_by_blue(&k, 1, 0);
    assert!(blue_wins(&game));
    match5_five::finish_game(&mut k, &game);
    assert_eq!((k.level(), k.trained(), k.pattern_count()), (1, 0, 1));
    assert!(k.is_taught(0));
    // Patterns without a game (a file from before games were kept) count.
    let k = Knowledge::with_patterns("Bert", vec![Pattern::from_rows(1, &["BBBBX"]).unwrap()]);
    assert_eq!((k.level(), k.trained()), (1, 0));
}

#[test]
fn what_the_computer_learns_in_practice_is_its_own_in_memory_in_files_and_the_hall_of_fame() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = Knowledge::new("Anna");
    // Anna teaches one pattern.
    let taught = won_by_blue(&k, 1, 0);
    match5_five::finish_game(&mut k, &taught);
    assert_eq!(k.level(), 1);
    let stats = k.stats();
    let history = k.history().len();
    // A practice opponent wins another way: the computer learns, Anna does not.
    let practice = won_by_blue(&k, 2, 8);
    assert!(blue_wins(&practice));
    let changes = match5_five::finish_practice_game(&mut k, &practice);
    assert!(
        changes
            .iter()
            .any(|c| matches!(c, match5_five::Change::Added { .. })),
        "the loss taught a pattern"
    );
    assert_eq!((k.level(), k.practised(), k.trained()), (1, 1, 0));
    assert_eq!(k.pattern_count(), 2);
    assert_eq!(k.stats(), stats, "practice is not Anna's record");
    assert_eq!(k.history().len(), history, "nor her history");
    let at = (0..2).find(|i| !k.is_taught(*i)).unwrap();
    assert_eq!(k.learned(at), match5_five::Learned::Practice);
    assert_eq!(k.learned_in(at), None);
    // The computer now avoids that loss too: the promise holds in practice.
    let again = won_by_blue(&k, 2, 8);
    assert_ne!(again.moves(), practice.moves());
    // Saved and read back, the pattern stays the computer's own.
    store.save(&mut k, None).unwrap();
    let path = store.knowledge_path("Anna").unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("practice = true").count(), 1, "{text}");
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!((opened.level(), opened.practised()), (1, 1));
    let hof = store.hall_of_fame().unwrap();
    assert_eq!(
        hof.entries()[0].level,
        1,
        "the hall of fame ranks what Anna taught"
    );
    // A file may not claim both.
    let both = text.replacen("practice = true", "practice = true\ngame = 1", 1);
    let err = fivo::parse(&both).unwrap_err();
    assert!(
        err.message.contains("learned in practice has no game"),
        "{err:?}"
    );
}

#[test]
fn a_started_computer_counts_only_what_the_player_taught() {
    let mut k = ladder::start_from("Anna", "curriculum").unwrap();
    let copied = k.pattern_count();
    assert!(copied > 100);
    assert_eq!((k.level(), k.trained()), (0, copied), "nothing taught yet");
    // The threat player wins until the computer learns something (it
    // knows a lot already).
    let mut taught_games = 0;
    let mut blue = rng_from_seed(9);
    for seed in 0..200 {
        let mut red = rng_from_seed(seed);
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        while !game.is_over() {
            if game.to_move() == Color::Blue {
                let cell = threats::threat_move(game.board(), Color::Blue, &mut blue);
                game.play(cell.unwrap()).unwrap();
            } else {
                game.computer_move(&k, &mut red).unwrap();
            }
        }
        if !blue_wins(&game) {
            match5_five::finish_game(&mut k, &game);
            continue;
        }
        let before = k.pattern_count();
        let changes = match5_five::finish_game(&mut k, &game);
        let added = changes
            .iter()
            .filter(|c| matches!(c, match5_five::Change::Added { .. }))
            .count();
        taught_games += added;
        assert!(k.pattern_count() <= before + added);
        if taught_games > 0 {
            break;
        }
    }
    assert!(taught_games > 0, "a lesson was learned");
    assert_eq!(k.level(), taught_games, "the level is what Anna taught");
    assert_eq!(k.level() + k.trained(), k.pattern_count());
    // The counts in one pass (what the app asks after every move) are the
    // same as each on its own.
    assert_eq!(
        k.origin_counts(),
        match5_five::OriginCounts {
            level: k.level(),
            trained: k.trained(),
            practised: k.practised(),
            hinted: k.hinted(),
        }
    );
    let taught: Vec<usize> = (0..k.pattern_count()).filter(|i| k.is_taught(*i)).collect();
    assert_eq!(taught.len(), k.level());
    assert!(taught.iter().all(|i| k.learned_in(*i).is_some()));
    // The history's level after the game is the taught level too.
    assert_eq!(k.history().last().unwrap().level as usize, k.level());
}

#[test]
fn a_started_file_keeps_its_level_and_one_written_before_reads_right() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = ladder::start_from("Anna", "greedy").unwrap();
    let game = won_by_blue(&Knowledge::new("x"), 3, 8);
    // Learn a lesson the greedy computer does not know: from empty
    // knowledge's lost game (the pattern is the game's, not the knowledge's).
    let lesson = game.lesson().unwrap();
    k.record(Some(Color::Blue));
    k.learn(lesson);
    let (level, trained) = (k.level(), k.trained());
    assert_eq!(level, 1);
    store.save(&mut k, None).unwrap();
    let path = store.knowledge_path("Anna").unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("start = \"greedy\""), "{text}");
    assert!(
        text.contains("the player's level counts only the 1 with a game"),
        "the file says its level: {text}"
    );
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!((opened.level(), opened.trained()), (level, trained));
    // A file as 0.2.0 wrote it: no comment, the same keys; a started
    // knowledge's copied patterns have no game, a taught one has.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let parsed = fivo::parse(&old).unwrap();
    assert_eq!(
        parsed.learned.iter().filter(|l| l.game().is_some()).count(),
        1
    );
    fs::write(&path, old).unwrap();
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!((opened.level(), opened.trained()), (1, trained));
    // The hall of fame ranks Anna at what she taught, and says the start.
    let hof = store.hall_of_fame().unwrap();
    let e = &hof.entries()[0];
    assert_eq!((e.player.as_str(), e.level), ("Anna", 1));
    assert_eq!(
        (e.start.as_deref(), e.trained),
        (Some("greedy"), Some(trained))
    );
}

#[test]
fn deleting_a_taught_pattern_lowers_the_level_a_copied_one_does_not() {
    let mut k = ladder::start_from("Anna", "greedy").unwrap();
    let game = won_by_blue(&Knowledge::new("x"), 3, 8);
    k.record(Some(Color::Blue));
    k.learn(game.lesson().unwrap());
    let (level, trained) = (k.level(), k.trained());
    let copied = (0..k.pattern_count()).find(|i| !k.is_taught(*i)).unwrap();
    k.delete(copied).unwrap();
    assert_eq!((k.level(), k.trained()), (level, trained - 1));
    let taught = (0..k.pattern_count()).find(|i| k.is_taught(*i)).unwrap();
    k.delete(taught).unwrap();
    assert_eq!((k.level(), k.trained()), (level - 1, trained - 1));
}

#[test]
fn an_old_hall_of_fame_is_corrected_from_the_knowledge_or_by_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    // Anna's knowledge is here: 1 taught on top of the greedy computer.
    let mut anna = ladder::start_from("Anna", "greedy").unwrap();
    anna.record(Some(Color::Blue));
    anna.learn(won_by_blue(&Knowledge::new("x"), 3, 8).lesson().unwrap());
    let anna_trained = anna.trained();
    store.save(&mut anna, None).unwrap();
    // A hall of fame as 0.2.0 wrote it: levels counted every pattern.
    fs::write(
        store.hall_of_fame_path(),
        format!(
            "format = \"match5-hall-of-fame\"\nversion = 1\n\n\
             [[player]]\nplayer = \"Cas\"\nlevel = 2080\nstart = \"curriculum\"\n\n\
             [[player]]\nplayer = \"Anna\"\nlevel = {}\nstart = \"greedy\"\n\n\
             [[player]]\nplayer = \"Dirk\"\nlevel = 9\n\n\
             [[player]]\nplayer = \"Eva\"\nlevel = 50\nstart = \"greedy\"\n",
            anna_trained + 1
        ),
    )
    .unwrap();
    // Read without anyone's knowledge (as a save does before the upgrade,
    // on the main thread): corrected by the trained computers' sizes.
    let cheap = store.hall_of_fame().unwrap();
    assert!(cheap.was_older());
    assert_eq!(cheap.rank("Dirk"), Some(1));
    // A save before the upgrade records its player and leaves the file old.
    store
        .update_hall_of_fame("Fred", 3, Some(("greedy", 90)))
        .unwrap();
    let text = fs::read_to_string(store.hall_of_fame_path()).unwrap();
    assert!(text.contains("version = 1"), "{text}");
    // Upgraded once (off the main thread at start), from the knowledge
    // where it is here.
    assert!(store.upgrade_hall_of_fame().unwrap());
    assert!(!store.upgrade_hall_of_fame().unwrap(), "once");
    let text = fs::read_to_string(store.hall_of_fame_path()).unwrap();
    assert!(text.contains("version = 2"), "{text}");
    let hof = store.hall_of_fame().unwrap();
    assert!(!hof.was_older());
    let ranked: Vec<(&str, usize)> = hof
        .entries()
        .iter()
        .map(|e| (e.player.as_str(), e.level))
        .collect();
    // Dirk taught 9; Cas at most 5 (2080 less the 2075 of the curriculum
    // computer of 0.2.0); Anna exactly 1, read from her file; Eva taught
    // nothing that can be told apart from the greedy computer's 92.
    assert_eq!(ranked, [("Dirk", 9), ("Cas", 5), ("Fred", 3), ("Anna", 1)]);
    assert_eq!(hof.entries()[3].trained, Some(anna_trained));
    assert_eq!(hof.entries()[1].trained, None, "not known without the file");
    store.update_hall_of_fame("Dirk", 10, None).unwrap();
    let text = fs::read_to_string(store.hall_of_fame_path()).unwrap();
    assert!(text.contains("version = 2"), "{text}");
    assert!(!text.contains("Eva"));
    assert_eq!(store.hall_of_fame().unwrap().rank("Cas"), Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Whatever is played against a started computer, its level is the
    /// number of patterns that have their game, never more than the games
    /// the player won, and the rung's patterns are never counted.
    #[test]
    fn the_level_is_what_was_taught_whatever_is_played(
        rung in 0usize..3, seed in any::<u64>(),
    ) {
        let id = ladder::RUNGS[rung].id;
        let mut k = ladder::start_from("Anna", id).unwrap();
        let copied = k.pattern_count();
        let mut rng = rng_from_seed(seed);
        for round in 0..30u64 {
            let mut red = rng_from_seed(seed ^ round);
            let mut game = Game::new(Mode::VsComputer, Color::Blue);
            while !game.is_over() {
                if game.to_move() == Color::Blue {
                    let board: &Board = game.board();
                    let cell = if round % 2 == 0 {
                        opponents::greedy_move(board, Color::Blue, &mut rng)
                    } else {
                        opponents::random_move(board, &mut rng)
                    };
                    game.play(cell.unwrap()).unwrap();
                } else {
                    game.computer_move(&k, &mut red).unwrap();
                }
            }
            match5_five::finish_game(&mut k, &game);
            let with_game = (0..k.pattern_count()).filter(|i| k.learned_in(*i).is_some()).count();
            prop_assert_eq!(k.level(), with_game);
            prop_assert!(k.level() as u64 <= k.stats().won);
            prop_assert!(k.trained() <= copied);
            prop_assert_eq!(k.level() + k.trained(), k.pattern_count());
        }
    }
}
