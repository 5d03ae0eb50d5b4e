//! `.fivo` files, passwords, ownership, atomic saves and the hall of fame.

use std::fs;
use std::io::Write;

use match5_engine::files::{self, FileError, Saved, Store, atomic_write_with, player_file_name};
use match5_engine::{Knowledge, Pattern, Status};

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
    let (saved, hof_error) = store.save(&mut k, None).unwrap();
    assert!(hof_error.is_none());
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
    let (saved, _) = store.save(&mut k, None).unwrap();
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
fn a_damaged_hall_of_fame_does_not_stop_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    fs::create_dir_all(dir.path()).unwrap();
    fs::write(store.hall_of_fame_path(), "[[[ not toml").unwrap();
    let (saved, hof_error) = store.save(&mut sample("Anna"), None).unwrap();
    assert!(matches!(saved, Saved::Written(_)));
    let err = hof_error.expect("the damage is reported").to_string();
    assert!(err.contains("hall-of-fame.toml"), "{err}");
    assert_eq!(
        fs::read_to_string(store.hall_of_fame_path()).unwrap(),
        "[[[ not toml"
    );
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
            "levels start at 1",
        ),
        (
            format!("{HEAD}password = \"geheim\"\n"),
            4,
            "not an Argon2 hash",
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
    let missing = files::load_knowledge(&dir.path().join("nope.fivo")).unwrap_err();
    assert!(missing.to_string().contains("nope.fivo"));
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
