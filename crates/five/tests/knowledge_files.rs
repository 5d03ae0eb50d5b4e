//! `.fivo` files, passwords, ownership, atomic saves and the hall of fame.

use std::fs;
use std::io::Write;

use match5_common::disk::atomic_write_with;
use match5_five::files::{self, FileError, Saved, Store, player_file_name};
use match5_five::{Knowledge, Pattern, Status, fivo};

fn pat(level: u32, rows: &[&str]) -> Pattern {
    Pattern::from_rows(level, rows).unwrap()
}

fn sample(player: &str) -> Knowledge {
    Knowledge::with_patterns(
        player,
        vec![
            pat(1, &["BBBBX"]),
            pat(2, &[".BBBX."]),
            pat(
                3,
                &["-.----", "-B----", "-B----", ".XBB..", "-.----", "-.----"],
            ),
        ],
    )
}

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
fn every_broken_file_is_refused_with_file_and_line() {
    const HEAD: &str = "format = \"match5-knowledge\"\nversion = 1\nplayer = \"Anna\"\n";
    let cases: Vec<(String, usize, &str)> = vec![
        ("this is not [toml".into(), 1, "not a valid TOML file"),
        (
            "format = \"other\"\nversion = 1\nplayer = \"A\"\n".into(),
            1,
            "not a Match5 knowledge file",
        ),
        (
            "format = \"match5-knowledge\"\nversion = 2\nplayer = \"A\"\n".into(),
            2,
            "newer Match5",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBB\", \"BX\"]\n"),
            7,
            "ragged rows",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBQBX\"]\n"),
            7,
            "unknown field 'Q'",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBBB.\"]\n"),
            7,
            "no response field",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"XBBBX\"]\n"),
            7,
            "2 response fields",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBBBBBBBBX\"]\n"),
            7,
            "larger than the 9x9",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\n  \"-----\",\n  \"BBBBX\",\n]\n"),
            7,
            "not left-top aligned",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 0\nrows = [\"BBBBX\"]\n"),
            6,
            "level 0: a level is a number from 1 to 4294967295",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 4294967296\nrows = [\"BBBBX\"]\n"),
            6,
            "level 4294967296: a level is a number from 1 to 4294967295",
        ),
        (
            format!("{HEAD}\n[[lost_line]]\nboard = [\"........\"]\navoid = [\"4,4\"]\n"),
            6,
            "lost line: the board has 1 rows, not 9",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = [\"4,4\"]\n"
            ),
            7,
            "lost line: \"4,4\" is not an empty field",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = [\"9,0\"]\n"
            ),
            7,
            "is not an empty field x,y (0 to 8)",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = []\n"
            ),
            7,
            "lost line: no field to avoid",
        ),
        (
            format!(
                "{HEAD}\n[history]\ngames = [\n  \"1 won 0 2026-11-22\",\n  \"2 tied 0 2026-11-22\",\n]\n"
            ),
            8,
            "history: result \"tied\" is not won, lost or drawn",
        ),
        (
            format!(
                "{HEAD}\n[history]\ngames = [\"2 won 0 2026-11-22\", \"1 won 0 2026-11-22\"]\n"
            ),
            6,
            "history: game 1 comes after game 2",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\ngame = 0\nrows = [\"BBBBX\"]\n"),
            7,
            "pattern 1: game 0: a game number from 1",
        ),
        (
            format!("{HEAD}password = \"geheim\"\n"),
            4,
            "not an Argon2id hash",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2id$v=19$m=268435455,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "asks for memory (KiB) 268435455; at most 262144",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2id$v=19$m=19456,t=4294967295,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "asks for passes 4294967295",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "argon2i hash; Match5 uses only Argon2id",
        ),
        (
            "format = \"match5-knowledge\"\nversion = 1\nplayer = \"A\\u001b]0;pwned\\u0007\"\n"
                .into(),
            3,
            "the player name holds a control character",
        ),
        (
            format!(
                "format = \"match5-knowledge\"\nversion = 1\nplayer = \"{}\"\n",
                "x".repeat(65)
            ),
            3,
            "longer than 64 characters",
        ),
        (
            format!("{HEAD}[stats]\nwon = -3\n"),
            5,
            "won = -3: a number of games from 0 to",
        ),
        (
            format!("{HEAD}[stats]\nwon = 1\nlost = 4294967296000000\n"),
            6,
            "lost = 4294967296000000: a number of games",
        ),
        (
            format!("{HEAD}notes = {}1\n", "a.".repeat(100_000)),
            4,
            "lines may be at most 16384",
        ),
        (
            format!(
                "{HEAD}deep = {}{}\n",
                "[\n".repeat(5_000),
                "]\n".repeat(5_000)
            ),
            84, // where the nesting passes the limit
            "nested too deeply",
        ),
        (
            format!("{HEAD}{}a = 1\n", "a.".repeat(7_000)),
            4,
            "nested too deeply",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, line, why)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("case{i}.fivo"));
        fs::write(&path, text).unwrap();
        let err = files::load_knowledge(&path).unwrap_err().to_string();
        let name = path.display().to_string();
        assert!(
            err.starts_with(&format!("{name}: line {line}: ")),
            "case {i}: {err}"
        );
        assert!(err.contains(why), "case {i}: {err}");
    }
    let mut bytes = HEAD.as_bytes().to_vec();
    bytes.extend_from_slice(b"notes = \"caf\xE9\"\n");
    let path = dir.path().join("latin1.fivo");
    fs::write(&path, bytes).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.ends_with("latin1.fivo: line 4: column 13: byte 0xE9 is not UTF-8 text"),
        "{err}"
    );
    let missing = files::load_knowledge(&dir.path().join("nope.fivo")).unwrap_err();
    assert!(missing.to_string().contains("nope.fivo"));
}

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
    // A game the player wins on a diagonal (a pattern the sample does not
    // hold: the computer learns it) and one between people.
    let mut game = Game::new(Mode::VsComputer, Color::Blue);
    for i in 0..5 {
        game.play_as(Color::Blue, Cell::new(i, i).unwrap()).unwrap();
        if i < 4 {
            game.play_as(Color::Red, Cell::new(i + 4, 8).unwrap())
                .unwrap();
        }
    }
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

#[test]
fn patterns_out_of_level_order_are_sorted_on_opening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.fivo");
    fs::write(
        &path,
        "format = \"match5-knowledge\"\nversion = 1\nplayer = \"A\"\n\
         [[pattern]]\nlevel = 2\nrows = [\".BBBX.\"]\n[[pattern]]\nlevel = 1\nrows = [\"BBBBX\"]\n",
    )
    .unwrap();
    let k = files::load_knowledge(&path).unwrap();
    assert_eq!(k.patterns()[0].level(), 1);
}

/// Two programs had the same file open; both learned and saved. The second
/// save merges: nothing either learned is lost, both games are counted, and
/// what the second one removed stays removed.
#[test]
fn a_file_changed_since_it_was_read_is_merged_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = store.knowledge_path("Anna").unwrap();
    store.save(&mut sample("Anna"), None).unwrap();
    let mut first = files::load_knowledge(&path).unwrap();
    let mut second = files::load_knowledge(&path).unwrap();

    let learned_first = pat(4, &["B.B.BX"]);
    first.learn(learned_first.clone());
    first.record(None);
    assert_eq!(store.save(&mut first, None).unwrap().merged, None);

    let learned_second = pat(5, &["BB.BX"]);
    second.learn(learned_second.clone());
    let gone = second.patterns()[0].clone();
    second.delete(0).unwrap();
    second.record(None);
    second.record(None);
    let report = store.save(&mut second, None).unwrap();
    assert_eq!(
        report.merged,
        Some(match5_five::Merged {
            patterns: 1,
            games: 1
        })
    );
    let on_disk = files::load_knowledge(&path).unwrap();
    assert!(on_disk.patterns().contains(&learned_first));
    assert!(on_disk.patterns().contains(&learned_second));
    assert!(!on_disk.patterns().contains(&gone), "a deletion is kept");
    assert_eq!(on_disk.level(), 4);
    assert_eq!(on_disk.stats().drawn, 3);
    assert_eq!(
        second.patterns(),
        on_disk.patterns(),
        "memory holds the merge"
    );
    // Saved again without changes elsewhere: no merge.
    assert_eq!(store.save(&mut second, None).unwrap().merged, None);
}

#[test]
fn new_knowledge_merges_with_a_file_of_the_same_player_that_appeared_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut early = Knowledge::with_patterns("Anna", vec![pat(1, &["BBBBX"])]);
    store.save(&mut sample("Anna"), None).unwrap();
    let report = store.save(&mut early, None).unwrap();
    assert_eq!(report.merged.map(|m| m.patterns), Some(2));
    assert_eq!(
        files::load_knowledge(&store.knowledge_path("Anna").unwrap())
            .unwrap()
            .level(),
        3
    );
}

#[test]
fn a_changed_owner_or_password_is_a_conflict_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = store.knowledge_path("Anna").unwrap();
    store.save(&mut sample("Anna"), None).unwrap();
    let mut mine = files::load_knowledge(&path).unwrap();
    let mut theirs = files::load_knowledge(&path).unwrap();
    theirs.set_password(Some("theirs")).unwrap();
    store.save(&mut theirs, None).unwrap();
    let before = fs::read_to_string(&path).unwrap();
    mine.learn(pat(4, &["B.B.BX"]));
    let err = store.save(&mut mine, None).unwrap_err();
    assert!(matches!(err, FileError::Conflict { .. }), "{err}");
    assert!(err.to_string().contains("changed its password"), "{err}");
    assert!(
        err.to_string().contains("save it under another name"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), before);
    assert_eq!(mine.level(), 4, "the unsaved knowledge is kept");
    // Save As under another name works.
    mine.take_over("Anna 2", None).unwrap();
    store.save(&mut mine, None).unwrap();
    assert_eq!(
        files::load_knowledge(&store.knowledge_path("Anna 2").unwrap())
            .unwrap()
            .level(),
        4
    );

    // Another player's knowledge put in its place is never merged into.
    let other = dir.path().join("other.fivo");
    store.save(&mut sample("Bert"), Some(&other)).unwrap();
    let mut bert = files::load_knowledge(&other).unwrap();
    let mut carl = sample("Carl");
    store
        .save(&mut carl, Some(&dir.path().join("carl.fivo")))
        .unwrap();
    fs::copy(dir.path().join("carl.fivo"), &other).unwrap();
    let err = store.save(&mut bert, Some(&other)).unwrap_err().to_string();
    assert!(err.contains("saved the knowledge of Carl there"), "{err}");
}

#[test]
fn saves_keep_permissions_and_group_and_follow_symbolic_links() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = store.knowledge_path("Anna").unwrap();
    let mut k = sample("Anna");
    store.save(&mut k, None).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o664)).unwrap();
    let gid = fs::metadata(&path).unwrap().gid();
    k.learn(pat(4, &["B.B.BX"]));
    store.save(&mut k, None).unwrap();
    let meta = fs::metadata(&path).unwrap();
    assert_eq!(meta.mode() & 0o7777, 0o664);
    assert_eq!(meta.gid(), gid);

    // A link in the knowledge folder to a file in a shared folder: the
    // shared file is updated, the link stays a link.
    let shared = dir.path().join("shared");
    fs::create_dir(&shared).unwrap();
    let target = shared.join("Team.fivo");
    store.save(&mut sample("Team"), Some(&target)).unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o660)).unwrap();
    let link = store.knowledge_path("Team").unwrap();
    std::os::unix::fs::symlink("../shared/Team.fivo", &link).unwrap();
    let mut team = files::load_knowledge(&link).unwrap();
    team.learn(pat(4, &["B.B.BX"]));
    let report = store.save(&mut team, None).unwrap();
    assert_eq!(report.merged, None, "the link and its target are one file");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(files::load_knowledge(&target).unwrap().level(), 4);
    assert_eq!(fs::metadata(&target).unwrap().mode() & 0o7777, 0o660);
    let names: Vec<String> = fs::read_dir(&shared)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    assert_eq!(names, vec!["Team.fivo"], "no temporary file stays behind");
}

#[test]
fn temporary_files_left_by_a_crash_are_removed_by_the_next_save() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let folder = store.knowledge_dir();
    fs::create_dir_all(&folder).unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let stale = [
        ".Anna.fivo.0123456789abcdef.match5-tmp",
        ".match5-Ab12Cd.tmp",
    ];
    for name in stale {
        let f = fs::File::create(folder.join(name)).unwrap();
        f.set_modified(old).unwrap();
    }
    // One being written right now by another save stays.
    fs::write(folder.join(".Anna.fivo.fedcba9876543210.match5-tmp"), "").unwrap();
    // Other people's files stay whatever their age.
    let f = fs::File::create(folder.join(".notes.tmp")).unwrap();
    f.set_modified(old).unwrap();
    store.save(&mut sample("Anna"), None).unwrap();
    let mut names: Vec<String> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            ".Anna.fivo.fedcba9876543210.match5-tmp",
            ".Anna.fivo.lock",
            ".notes.tmp",
            "Anna.fivo"
        ]
    );
}

#[test]
fn oversized_knowledge_is_refused_with_the_limit_before_it_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let head = "format = \"match5-knowledge\"\nversion = 1\nplayer = \"Big\"\n";
    let path = dir.path().join("huge.fivo");
    let mut text = String::from(head);
    text.push_str(&"# padding\n".repeat(fivo::MAX_FILE_BYTES / 10 + 1));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains("knowledge files may have at most 33554432 (32 MiB)"),
        "{err}"
    );

    let mut text = String::from(head);
    text.push_str(&"[[pattern]]\n".repeat(fivo::MAX_PATTERNS + 1));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains("250001 patterns; a knowledge file may hold at most 250000"),
        "{err}"
    );

    // Dense 9x9 patterns: the index would hold every field eight times.
    let dense = "[[pattern]]\nlevel = 1\nrows = [\"X........\", \"B........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\"]\n";
    let mut text = String::from(head);
    text.push_str(&dense.repeat(fivo::MAX_FIELDS / 81 + 1));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains("more than 3000000 fields other than '-'"),
        "{err}"
    );
    let rows_line = 3 + 3 * (fivo::MAX_FIELDS / 81 + 1);
    assert!(
        err.contains(&format!("line {rows_line}: pattern 37038:")),
        "{err}"
    );
}
