//! What a name, a count or a file on disk can do to a save: never make a
//! file the program then refuses, never a path, never a write where the
//! user did not allow one.

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};

use match5_common::disk::Refusal;
use match5_five::files::{MAX_STEM_BYTES, Store, player_file_name};
use match5_five::history::{Entry, GameResult};
use match5_five::knowledge::{MAX_GAMES, Stats};
use match5_five::{Color, FileError, Knowledge, Pattern, fivo};
use proptest::prelude::*;

fn knowledge(player: &str, stats: Stats) -> Knowledge {
    Knowledge::opened(
        player.to_string(),
        None,
        stats,
        vec![Pattern::from_rows(1, &["BBBBX"]).unwrap()],
        None,
    )
}

fn extreme() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0),
        Just(1),
        Just(MAX_GAMES - 1),
        Just(MAX_GAMES),
        0..=MAX_GAMES
    ]
}

proptest! {
    /// A count at the top of the range stays there: one more game, or a
    /// merge, writes a file that reads back (it wrote i64::MAX + 1 before).
    #[test]
    fn counts_at_the_extremes_read_back(
        won in extreme(),
        lost in extreme(),
        drawn in extreme(),
        winner in 0..3u8,
    ) {
        let mut k = knowledge("Anna", Stats { won, lost, drawn });
        let winner = [Some(Color::Blue), Some(Color::Red), None][usize::from(winner)];
        k.record(winner);
        let game = k.stats().games();
        prop_assert!(game <= MAX_GAMES);
        k.history_mut().push(Entry {
            game,
            result: GameResult::Won,
            level: 1,
            date: "2026-11-23".to_string(),
            moves: None,
            hints: 0,
        });
        let text = fivo::write(&fivo::Contents::of(&k));
        let back = fivo::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back.stats, k.stats());
        prop_assert!(back.stats.won <= MAX_GAMES && back.stats.lost <= MAX_GAMES);
    }

    /// Any name a player may have gives one file name, short enough for
    /// every name a save makes beside it, never a path, never hidden.
    #[test]
    fn every_name_gives_a_short_plain_file_name(name in "\\PC{1,64}") {
        if let Ok(file) = player_file_name(&name) {
            prop_assert!(file.len() <= MAX_STEM_BYTES + ".fivo".len(), "{}", file);
            prop_assert!(!file.contains('/') && !file.starts_with('.'), "{}", file);
            prop_assert!(file.ends_with(".fivo"));
        }
    }
}

#[test]
fn long_names_of_wide_characters_can_be_saved() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    // 64 characters of 4 bytes: 256 bytes, more than a file name may have.
    let wide = "𝄞".repeat(64);
    let other = format!("{}𝄢", "𝄞".repeat(63));
    for name in [&wide, &other, &"/".repeat(64)] {
        let mut k = knowledge(name, Stats::default());
        store.save(&mut k, None).expect("saved");
        let path = store.knowledge_path(name).unwrap();
        assert_eq!(
            match5_five::files::load_knowledge(&path).unwrap().player(),
            name
        );
    }
    // Two names that differ only past the cut get two files.
    assert_ne!(
        player_file_name(&wide).unwrap(),
        player_file_name(&other).unwrap()
    );
    assert!(player_file_name(&wide).unwrap().contains('~'));
    assert_eq!(
        fs::read_dir(dir.path().join("knowledge"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".fivo")
            })
            .count(),
        3
    );
    assert_eq!(store.hall_of_fame().unwrap().entries().len(), 3);
}

#[test]
fn invisible_and_direction_characters_are_no_names() {
    for name in [
        "Anna\u{200f}",
        "\u{61c}Bob",
        "\u{feff}Cleo",
        "Da\u{200b}an",
        "E\u{2067}va",
    ] {
        assert!(player_file_name(name).is_err(), "{name:?}");
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("x.fivo"),
            format!("format = \"match5-knowledge\"\nversion = 1\nplayer = \"{name}\"\n"),
        )
        .unwrap();
        let err = match5_five::files::load_knowledge(&dir.path().join("x.fivo")).unwrap_err();
        assert!(err.to_string().contains("line 3"), "{err}");
    }
}

fn saved_over(path: &std::path::Path) -> Result<(), FileError> {
    let dir = path.parent().unwrap().parent().unwrap();
    let mut k = knowledge("Anna", Stats::default());
    Store::at(dir).save(&mut k, Some(path)).map(|_| ())
}

fn refusal(e: FileError) -> Option<Refusal> {
    match e {
        FileError::Io { error, .. } => Refusal::of(&error),
        _ => None,
    }
}

#[test]
fn a_read_only_file_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("knowledge/Anna.fivo");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut first = knowledge("Anna", Stats::default());
    Store::at(dir.path()).save(&mut first, None).unwrap();
    let before = fs::read(&path).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let err = saved_over(&path).unwrap_err();
    assert!(err.to_string().contains("read-only"), "{err}");
    assert_eq!(refusal(err), Some(Refusal::ReadOnly));
    assert_eq!(fs::read(&path).unwrap(), before);
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o444
    );
}

#[test]
fn nothing_is_created_through_a_dangling_link() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("evil.desktop");
    let link = dir.path().join("knowledge/Anna.fivo");
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    symlink(&target, &link).unwrap();
    let err = saved_over(&link).unwrap_err();
    assert_eq!(refusal(err), Some(Refusal::DanglingLink));
    assert!(!target.exists());
    assert_eq!(
        fs::read_dir(elsewhere.path()).unwrap().count(),
        0,
        "no lock file either"
    );
    // A link to a file that exists is still followed and the file updated.
    let real = elsewhere.path().join("Anna.fivo");
    let mut k = knowledge("Anna", Stats::default());
    Store::at(elsewhere.path())
        .save(&mut k, Some(&real))
        .unwrap();
    fs::remove_file(&link).unwrap();
    symlink(&real, &link).unwrap();
    saved_over(&link).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_planted_link_in_the_locks_place_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let path = dir.path().join("knowledge/Anna.fivo");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let victim = elsewhere.path().join("victim");
    symlink(&victim, dir.path().join("knowledge/.Anna.fivo.lock")).unwrap();
    assert!(saved_over(&path).is_err());
    assert!(!victim.exists());
}

/// Root saving over another user's file keeps that user's ownership (a
/// rename would have made the file root's). Meaningful when the tests run
/// as root, as CI does; anyone else cannot make such a file.
#[test]
fn ownership_is_never_changed_silently() {
    use std::os::unix::fs::MetadataExt;
    if rustix::process::geteuid().as_raw() != 0 {
        eprintln!("not root: another user's file cannot be made here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("knowledge/Anna.fivo");
    let mut first = knowledge("Anna", Stats::default());
    Store::at(dir.path()).save(&mut first, None).unwrap();
    std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
    saved_over(&path).unwrap();
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
}
