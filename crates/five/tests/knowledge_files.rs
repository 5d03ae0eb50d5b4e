//! `.fivo` files, passwords, ownership, atomic saves and the hall of fame.

use std::fs;
use std::io::Write;

use match5_common::disk::atomic_write_with;
use match5_five::files::{self, FileError, Saved, Store, player_file_name};
use match5_five::{Knowledge, Status};

mod common;

use common::{pat, sample};

#[test]
fn save_and_open_round_trip_with_the_documented_layout() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    assert_eq!(k.status(), Status::New);
    let report = store.save(&mut k, None).unwrap();
    assert_eq!(report.hall_of_fame.unwrap(), None);
    assert_eq!(report.merged, None);
    let saved = report.saved;
    assert_eq!(
        k.status(),
        Status::Owner,
        "saved knowledge belongs to its player"
    );
    let path = dir.path().join("knowledge/Anna.fivo");
    assert_eq!(saved, Saved::Written(path.clone()));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("format = \"match5-knowledge\"\nversion = 1\nplayer = \"Anna\"\n"));
    assert!(text.contains("[[pattern]]\nlevel = 2\nrows = [\".BBBX.\"]\n"));
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!(opened.patterns(), k.patterns());
    assert_eq!(
        opened.status(),
        Status::Owner,
        "no password always verifies"
    );
    assert_eq!(store.hall_of_fame().unwrap().rank("Anna"), Some(1));
}

#[test]
fn a_password_is_stored_as_a_hash_and_decides_owner_or_user() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    k.set_password(Some("geheim")).unwrap();
    store.save(&mut k, None).unwrap();
    let path = store.knowledge_path("Anna").unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(!text.contains("geheim"));
    assert!(text.contains("password = \"$argon2id$"));

    let mut opened = files::load_knowledge(&path).unwrap();
    assert_eq!(opened.status(), Status::User);
    // A user plays and learns in memory but changes nothing on disk.
    opened.learn(pat(1, &["BB.BBX"]));
    assert!(opened.delete(0).is_err());
    assert!(opened.delete_all().is_err());
    let err = store.save(&mut opened, None).unwrap_err();
    assert!(
        err.to_string().contains("opened without the password"),
        "{err}"
    );
    assert_eq!(files::load_knowledge(&path).unwrap().level(), 3);
    assert!(
        opened.take_over("Anna", None).is_err(),
        "not under the owner's name"
    );
    assert!(!opened.unlock("wrong"));
    assert_eq!(opened.status(), Status::User);
    assert!(opened.unlock("geheim"));
    assert_eq!(opened.status(), Status::Owner);
    store.save(&mut opened, None).unwrap();
    assert_eq!(files::load_knowledge(&path).unwrap().level(), 4);
}

#[test]
fn a_user_saves_under_another_name_and_becomes_its_owner() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    k.set_password(Some("geheim")).unwrap();
    store.save(&mut k, None).unwrap();
    let mut opened = files::load_knowledge(&store.knowledge_path("Anna").unwrap()).unwrap();
    opened.take_over("Bert", Some("bert")).unwrap();
    assert_eq!(opened.status(), Status::Owner);
    store.save(&mut opened, None).unwrap();
    let mut bert = files::load_knowledge(&store.knowledge_path("Bert").unwrap()).unwrap();
    assert_eq!(bert.level(), 3);
    assert!(bert.unlock("bert"));
    // New knowledge cannot overwrite someone's protected file either.
    let mut fresh = sample("Anna");
    let err = store.save(&mut fresh, None).unwrap_err();
    assert!(matches!(err, FileError::Protected { .. }), "{err}");
}

#[test]
fn saving_empty_knowledge_as_owner_erases_the_file_and_the_hall_of_fame_entry() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    store.save(&mut k, None).unwrap();
    let path = store.knowledge_path("Anna").unwrap();
    let mut k = files::load_knowledge(&path).unwrap();
    assert_eq!(k.delete_all().unwrap().len(), 3);
    let saved = store.save(&mut k, None).unwrap().saved;
    assert_eq!(saved, Saved::Erased(path.clone()));
    assert!(!path.exists());
    assert_eq!(k.status(), Status::New, "erased knowledge has no file");
    assert_eq!(store.hall_of_fame().unwrap().rank("Anna"), None);
}

#[test]
fn a_failed_save_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Anna.fivo");
    fs::write(&path, "old contents").unwrap();
    let result = atomic_write_with(&path, |f| {
        f.write_all(b"half a new fi")?;
        Err(std::io::Error::other("disk full"))
    });
    assert!(result.is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), "old contents");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec!["Anna.fivo"]);
}

#[test]
fn a_file_that_is_not_knowledge_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = dir.path().join("notes.fivo");
    fs::write(&path, "my notes").unwrap();
    let err = store.save(&mut sample("Anna"), Some(&path)).unwrap_err();
    assert!(err.to_string().contains("not Match5 knowledge"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "my notes");
}

#[test]
fn a_damaged_hall_of_fame_is_moved_aside_once_and_a_new_one_started() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    fs::create_dir_all(dir.path()).unwrap();
    fs::write(store.hall_of_fame_path(), "[[[ not toml").unwrap();
    let report = store.save(&mut sample("Anna"), None).unwrap();
    assert!(matches!(report.saved, Saved::Written(_)));
    let aside = report.hall_of_fame.unwrap().expect("the move is reported");
    let name = aside.file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.starts_with("hall-of-fame.toml.damaged-20"), "{name}");
    assert_eq!(fs::read_to_string(&aside).unwrap(), "[[[ not toml");
    assert_eq!(store.hall_of_fame().unwrap().rank("Anna"), Some(1));
    // Said once: the next save finds a good hall of fame.
    let report = store.save(&mut sample("Bert"), None).unwrap();
    assert_eq!(report.hall_of_fame.unwrap(), None);
    assert_eq!(store.hall_of_fame().unwrap().entries().len(), 2);
}

#[test]
fn a_newer_hall_of_fame_is_never_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let newer = "format = \"match5-hall-of-fame\"\nversion = 99\nnew-key = 1\n\n[[player]]\nplayer = \"Zoë\"\nlevel = 7\nstars = 3\n";
    fs::write(store.hall_of_fame_path(), newer).unwrap();
    let report = store.save(&mut sample("Anna"), None).unwrap();
    assert!(
        matches!(report.saved, Saved::Written(_)),
        "the knowledge is saved"
    );
    let err = report.hall_of_fame.unwrap_err().to_string();
    assert!(
        err.contains("version 99") && err.contains("newer Match5"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(store.hall_of_fame_path()).unwrap(),
        newer
    );
}

#[test]
fn a_huge_or_hostile_hall_of_fame_is_damaged_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut huge = String::from("format = \"match5-hall-of-fame\"\nversion = 1\n");
    for i in 0..20_000 {
        huge.push_str(&format!("[[player]]\nplayer = \"p{i}\"\nlevel = {i}\n"));
    }
    fs::write(store.hall_of_fame_path(), &huge).unwrap();
    let err = store.hall_of_fame().unwrap_err().to_string();
    assert!(err.contains("larger than 256 KiB"), "{err}");
    let escape = "format = \"match5-hall-of-fame\"\nversion = 1\n[[player]]\nplayer = \"x\\u001b]0;pwned\\u0007\"\nlevel = 3\n";
    fs::write(store.hall_of_fame_path(), escape).unwrap();
    let err = store.hall_of_fame().unwrap_err().to_string();
    assert!(err.contains("is not a name"), "{err}");
    let report = store.save(&mut sample("Anna"), None).unwrap();
    assert!(report.hall_of_fame.unwrap().is_some(), "moved aside");
    assert_eq!(store.hall_of_fame().unwrap().entries().len(), 1);
}

#[test]
fn player_names_never_become_paths() {
    assert_eq!(player_file_name("Anna").unwrap(), "Anna.fivo");
    assert_eq!(
        player_file_name(" Jan de Vries ").unwrap(),
        "Jan de Vries.fivo"
    );
    assert_eq!(
        player_file_name("../etc/passwd").unwrap(),
        "%2E.%2Fetc%2Fpasswd.fivo"
    );
    assert_eq!(player_file_name("a\\b:c%").unwrap(), "a%5Cb%3Ac%25.fivo");
    assert!(player_file_name("  ").is_err());
    assert!(player_file_name("tab\there").is_err());
    assert!(player_file_name(&"x".repeat(65)).is_err());
    let dir = tempfile::tempdir().unwrap();
    let path = Store::at(dir.path()).knowledge_path("../../x").unwrap();
    assert_eq!(path.parent().unwrap(), dir.path().join("knowledge"));
}

/// Each broken file is refused with its file name, the line, and why, and
/// what was loaded before stays as it was.
#[test]
fn a_lost_line_is_saved_and_opened_with_the_knowledge() {
    use match5_five::{Board, Cell, Color};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    let mut board = Board::new();
    board.set(Cell::centre(), Some(Color::Red));
    board.set(Cell::new(4, 5).unwrap(), Some(Color::Blue));
    k.lost_lines_mut().add(&board, Cell::new(3, 3).unwrap());
    store.save(&mut k, None).unwrap();
    let path = dir.path().join("knowledge/Anna.fivo");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\n[[lost_line]]\nboard = [\n"), "{text}");
    assert!(
        text.contains("    \"....R....\",\n    \"....B....\",\n"),
        "{text}"
    );
    assert!(text.contains("avoid = [\"3,3\"]\n"), "{text}");
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!(opened.lost_lines(), k.lost_lines());
    assert_eq!(
        opened.lost_lines().avoided(&board),
        Cell::new(3, 3).unwrap().bit()
    );
}

#[test]
fn the_history_of_games_is_saved_and_opened_with_the_knowledge() {
    use match5_five::{Cell, Color, Game, Mode};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = sample("Anna");
    // A game the player wins on a diagonal and one between people.
    let game = diagonal_win();
    match5_five::finish_game(&mut k, &game);
    let mut two = Game::new(Mode::TwoPlayers, Color::Blue);
    for i in 0..5 {
        two.play(Cell::new(i, 0).unwrap()).unwrap();
        if i < 4 {
            two.play(Cell::new(i, 8).unwrap()).unwrap();
        }
    }
    match5_five::finish_game(&mut k, &two);
    assert_eq!(k.history().len(), 1, "only games against the computer");
    let e = k.history().last().unwrap().clone();
    assert_eq!((e.game, e.result.as_str()), (1, "won"));
    assert_eq!(e.level as usize, k.level(), "the level after the game");
    let learned = (0..k.level()).find(|i| k.learned_in(*i) == Some(1));
    assert!(
        learned.is_some(),
        "the pattern knows it was learned in game 1"
    );
    store.save(&mut k, None).unwrap();
    let path = dir.path().join("knowledge/Anna.fivo");
    let text = fs::read_to_string(&path).unwrap();
    // With the moves of the game that taught it: B00 R48 B11 R58 …
    assert!(text.contains(&format!("\n[history]\n# game, result (won: the player won), level after it, date, the moves of a won game\ngames = [\n    \"1 won {} {} B00R48B11R58B22R68B33R78B44\",\n]\n", e.level, e.date)), "{text}");
    assert_eq!(k.history().moves_of(1), Some(game.moves()));
    assert!(text.contains("\ngame = 1\nrows = "), "{text}");
    let opened = files::load_knowledge(&path).unwrap();
    assert_eq!(opened.history(), k.history());
    let games = |k: &Knowledge| (0..k.level()).map(|i| k.learned_in(i)).collect::<Vec<_>>();
    assert_eq!(games(&opened), games(&k));
}

/// A game against the computer the player wins on a diagonal: a pattern
/// the sample does not hold, so the computer learns it.
fn diagonal_win() -> match5_five::Game {
    use match5_five::{Cell, Color, Game, Mode};
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    for i in 0..5 {
        game.play_as(Color::Blue, Cell::new(i, i).unwrap()).unwrap();
        if i < 4 {
            game.play_as(Color::Red, Cell::new(i + 4, 8).unwrap())
                .unwrap();
        }
    }
    game
}

/// Knowledge that won that game, saved as `player`'s.
fn played(store: &Store, player: &str) -> Knowledge {
    let mut k = sample(player);
    match5_five::finish_game(&mut k, &diagonal_win());
    store.save(&mut k, None).unwrap();
    k
}

#[test]
fn save_as_under_another_name_keeps_the_record_the_history_and_the_origins() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut k = played(&store, "Dana");
    let (stats, history) = (k.stats(), k.history().clone());
    assert_eq!((stats.won, history.len()), (1, 1));
    let origins = |k: &Knowledge| {
        (0..k.pattern_count())
            .map(|i| k.learned_in(i))
            .collect::<Vec<_>>()
    };
    let before = origins(&k);
    assert!(before.contains(&Some(1)), "a pattern of game 1");
    k.take_over("Anna", None).unwrap();
    assert_eq!(k.source(), None, "another name is another file");
    store.save(&mut k, None).unwrap();
    let anna = files::load_knowledge(&store.knowledge_path("Anna").unwrap()).unwrap();
    assert_eq!(anna.player(), "Anna");
    assert_eq!(anna.stats(), stats, "won, lost and drawn are kept");
    assert_eq!(anna.history(), &history, "the history is kept");
    assert_eq!(origins(&anna), before, "each pattern knows its game");
    assert_eq!(
        anna.history().moves_of(1).map(<[_]>::len),
        Some(9),
        "the game that taught it replays"
    );
    // Dana's file is as it was.
    let dana = files::load_knowledge(&store.knowledge_path("Dana").unwrap()).unwrap();
    assert_eq!((dana.player(), dana.stats()), ("Dana", stats));
}

#[test]
fn a_copy_saved_where_the_person_chooses_is_whole_and_leaves_the_file_played() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().join("data"));
    let mut k = played(&store, "Dana");
    k.set_password(Some("geheim")).unwrap();
    let own = store.knowledge_path("Dana").unwrap();
    let documents = dir.path().join("Documents");
    fs::create_dir_all(&documents).unwrap();
    let copy = documents.join("Dana for Bert.fivo");
    fs::write(&copy, "an older file the file chooser asked to replace").unwrap();
    store.save_copy(&k, &copy).unwrap();
    assert_eq!(
        k.source(),
        Some(own.as_path()),
        "the knowledge keeps its own file"
    );
    let mut opened = files::load_knowledge(&copy).unwrap();
    assert_eq!(opened.player(), "Dana");
    assert_eq!(opened.patterns(), k.patterns());
    assert_eq!(opened.stats(), k.stats());
    assert_eq!(opened.history(), k.history());
    assert_eq!(opened.status(), Status::User, "the password goes with it");
    assert!(opened.unlock("geheim"));
    assert_eq!(
        store.hall_of_fame().unwrap().rank("Dana"),
        Some(1),
        "one entry: a copy is not a player"
    );
    assert_eq!(store.hall_of_fame().unwrap().entries().len(), 1);
    // Nothing else appears beside the copy.
    let names: Vec<_> = fs::read_dir(&documents)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("Dana for Bert.fivo")]);
}
