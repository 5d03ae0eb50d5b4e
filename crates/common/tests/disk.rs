//! Files that are no files: refused at once, whatever reads them.

use match5_common::disk::{Refusal, read_bounded};

#[test]
fn only_regular_files_are_read_and_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.fivo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (path, what) in [
        (fifo.as_path(), "a named pipe"),
        (dir.path(), "a folder"),
        (std::path::Path::new("/dev/zero"), "a device"),
    ] {
        let error = read_bounded(path, 1000).unwrap_err().error;
        assert_eq!(
            Refusal::of(&error),
            Some(Refusal::NotRegular(what)),
            "{path:?}"
        );
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
}

#[test]
fn damaged_files_moved_aside_in_the_same_second_are_all_kept() {
    // Six damaged starts in quick succession: six copies, each whole (the
    // second one moved aside replaced the first).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    let mut aside = Vec::new();
    for i in 0..6 {
        std::fs::write(&path, format!("damaged {i}")).unwrap();
        aside.push(match5_common::disk::move_aside(&path).unwrap());
    }
    for (i, copy) in aside.iter().enumerate() {
        assert_eq!(
            std::fs::read_to_string(copy).unwrap(),
            format!("damaged {i}"),
            "{copy:?}"
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 6);
}

#[test]
fn a_lock_through_a_link_lies_beside_the_link_never_beside_its_target() {
    use match5_common::disk::FileLock;
    let mine = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("passwd");
    std::fs::write(&target, "root:x:0:0\n").unwrap();
    let link = mine.path().join("Ann.fivo");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (resolved, lock) = FileLock::on(&link).unwrap();
    assert_eq!(resolved, target);
    let beside_target: Vec<_> = std::fs::read_dir(elsewhere.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(beside_target, ["passwd"], "nothing made beside the target");
    assert!(mine.path().join(".Ann.fivo.lock").exists());
    drop(lock);
}
