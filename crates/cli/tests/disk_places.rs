//! Places on disk a user may point the CLI at: pipes, folders and devices
//! are refused at once, and a save keeps the file's permissions, group,
//! owner and symbolic links. Every case on the real `match5-cli`.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

#[allow(dead_code)]
mod common;

use common::{cli, fails_saying, run, text, within};

/// A named pipe in a file's place used to block every command for good;
/// a folder or a device is no file either. All are refused at once.
#[test]
fn pipes_folders_and_devices_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let f = fifo.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["tiles", "best", f],
        vec!["tiles", "best", "/dev/zero"],
        vec!["show", f],
        vec!["show", "/dev/zero"],
        vec!["show", folder],
        vec![
            "tictactoe",
            "train",
            "--opponent",
            "random",
            "--games",
            "1",
            "--knowledge",
            f,
        ],
        vec!["pbrain", "--knowledge", f],
        vec![
            "train",
            "--knowledge",
            f,
            "--games",
            "1",
            "--opponent",
            "random",
        ],
    ];
    for args in cases {
        let out = within(
            {
                let mut c = cli(dir.path());
                c.args(&args);
                c
            },
            Duration::from_secs(20),
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains("not a regular file"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // A log in a pipe's place, too (it would wait for a reader).
    let k = dir.path().join("k.fivo");
    let out = run(
        dir.path(),
        &[
            "train",
            "--knowledge",
            k.to_str().unwrap(),
            "--games",
            "1",
            "--opponent",
            "random",
            "--log",
            f,
        ],
    );
    fails_saying(&out, "not a regular file");
}

fn train_into(dir: &Path, file: &Path) -> Output {
    run(
        dir,
        &[
            "train",
            "--knowledge",
            file.to_str().unwrap(),
            "--games",
            "30",
            "--opponent",
            "greedy",
            "--seed",
            "1",
        ],
    )
}

/// A save respects what the user set: a read-only file stays, nothing is
/// made where a dangling link points, and an owner stays the owner.
#[test]
fn saving_respects_permissions_links_and_owners() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("Anna.fivo");
    assert!(train_into(dir.path(), &file).status.success());
    let before = fs::read(&file).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let out = train_into(dir.path(), &file);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("read-only: save as another name"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(fs::read(&file).unwrap(), before);
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();

    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("evil.desktop");
    let link = dir.path().join("Link.fivo");
    symlink(&target, &link).unwrap();
    let out = train_into(dir.path(), &link);
    fails_saying(&out, "link to a file that does not exist");
    assert_eq!(
        fs::read_dir(elsewhere.path()).unwrap().count(),
        0,
        "nothing made there"
    );

    // A link to a file that is there is followed, and stays a link.
    let real = elsewhere.path().join("Real.fivo");
    fs::copy(&file, &real).unwrap();
    let good_link = dir.path().join("Good.fivo");
    symlink(&real, &good_link).unwrap();
    assert!(train_into(dir.path(), &good_link).status.success());
    assert!(
        fs::symlink_metadata(&good_link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_ne!(fs::read(&real).unwrap(), before);

    if rustix::process::geteuid().as_raw() == 0 {
        // Root training another user's file keeps that user the owner.
        std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
        assert!(train_into(dir.path(), &file).status.success());
        let meta = fs::metadata(&file).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    }
}
