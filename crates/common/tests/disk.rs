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
