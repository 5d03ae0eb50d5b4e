//! Saving safely: a file changed since it was read is merged, a changed
//! owner or password is a conflict with nothing lost, permissions, group
//! and links are kept, and a crash leaves nothing behind.

use std::fs;

use match5_five::Knowledge;
use match5_five::files::{self, FileError, Store};

mod common;

use common::{pat, sample};

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
fn a_kept_copy_opens_as_the_knowledge_and_leaves_the_players_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = store.knowledge_path("Anna/B").unwrap();
    let mut anna = sample("Anna/B");
    store.save(&mut anna, None).unwrap();
    let before = fs::read(&path).unwrap();
    anna.learn(pat(4, &["B.B.BX"]));
    let kept = store.keep_copy(&anna).unwrap();
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("Anna%2FB (kept "), "{name}");
    assert!(name.ends_with(".fivo"), "{name}");
    assert_eq!(kept.parent(), path.parent());
    assert_eq!(
        fs::read(&path).unwrap(),
        before,
        "the player's file is as it was"
    );
    let back = files::load_knowledge(&kept).unwrap();
    assert_eq!(back.patterns(), anna.patterns());
    assert_eq!(back.player(), "Anna/B");
}

#[test]
fn copies_kept_in_the_same_second_never_replace_each_other() {
    // Signals in quick succession each keep what the computer learned: six
    // copies in one second are six files (the second overwrote the first).
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let mut anna = sample("Anna");
    let mut kept = Vec::new();
    for i in 0..6 {
        anna.learn(pat(
            4,
            &[["B.B.BX", "BB.B.X", ".BBB.X", "B.BB.X", "BBB..X", "B..BBX"][i]],
        ));
        kept.push((store.keep_copy(&anna).unwrap(), anna.patterns().to_vec()));
    }
    let names: std::collections::BTreeSet<_> = kept.iter().map(|(p, _)| p).collect();
    assert_eq!(names.len(), 6, "{kept:?}");
    for (path, patterns) in &kept {
        let back = files::load_knowledge(path).unwrap();
        assert_eq!(
            back.patterns(),
            &patterns[..],
            "{path:?} holds what was kept then"
        );
    }
}
