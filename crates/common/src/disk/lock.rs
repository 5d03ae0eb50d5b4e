//! The advisory lock a save holds on a file, beside the name it uses.

use std::fs::{self, File};
use std::io;
use std::path::Path;

/// Holds an advisory lock (`flock`) on `.<name>.lock` beside a file while
/// it lives, so that two programs never read-modify-write one file at the
/// same time. The lock file stays: removing it would race with a waiter.
///
/// Not in the document portal (a file a person chose or opened in the
/// Flatpak, under `$XDG_RUNTIME_DIR/doc`): its file system answers `flock`
/// with ENOSYS, so no such file could ever be saved, and each new file
/// beside it is left in the person's folder as a hidden `.xdp-…` file.
/// There only Match5 itself (one instance) writes the file: no lock.
pub struct FileLock {
    _file: Option<File>,
}

impl FileLock {
    /// Waits until no other program holds the lock of `target` (the file
    /// as the caller names it), then holds it.
    pub fn acquire(target: &Path) -> io::Result<FileLock> {
        use std::os::unix::fs::OpenOptionsExt;
        if in_document_portal(target) {
            return Ok(FileLock { _file: None });
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        fs::create_dir_all(dir)?;
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        // A link planted in the lock's place is not followed (ELOOP).
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
            .open(dir.join(format!(".{name}.lock")))?;
        file.lock()?;
        Ok(FileLock { _file: Some(file) })
    }
}

/// Is `path` inside the document portal's folder, where the Flatpak sees
/// the files a person chose (`$XDG_RUNTIME_DIR/doc`)?
fn in_document_portal(path: &Path) -> bool {
    std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|run| {
        Path::new(&run).is_absolute() && path.starts_with(Path::new(&run).join("doc"))
    })
}
