//! Opening and saving the knowledge file a command works on.

use std::path::Path;

use anyhow::{Context, Result, bail};
use match5_engine::files::{self, Saved, Store};
use match5_engine::{Knowledge, Status};

/// The environment variable that holds the password of a protected file.
pub const PASSWORD_VAR: &str = "MATCH5_PASSWORD";

/// Opens `path`, or starts new knowledge of `player` (default: the file
/// name) when it does not exist. A protected file is unlocked with
/// `$MATCH5_PASSWORD`; `must_own` refuses a file we could not save back.
pub fn open(path: &Path, player: Option<&str>, must_own: bool) -> Result<Knowledge> {
    if !path.exists() {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = player.unwrap_or(&stem);
        if name.trim().is_empty() {
            bail!(
                "{}: give the new knowledge a player name with --player",
                path.display()
            );
        }
        let mut k = Knowledge::new(name);
        k.set_source(Some(path.to_path_buf()));
        return Ok(k);
    }
    let mut k = files::load_knowledge(path)?;
    if k.status() == Status::User {
        if let Ok(pw) = std::env::var(PASSWORD_VAR) {
            if !k.unlock(&pw) {
                bail!("{}: wrong password in ${PASSWORD_VAR}", path.display());
            }
        } else if must_own {
            bail!(
                "{}: the knowledge of {} is protected by a password; set ${PASSWORD_VAR} to save to it",
                path.display(),
                k.player()
            );
        }
    }
    Ok(k)
}

/// Saves `knowledge` to `path` and updates the hall of fame.
pub fn save(knowledge: &mut Knowledge, path: &Path) -> Result<Saved> {
    let store = Store::from_env()
        .context("cannot find the data folder for the hall of fame: set XDG_DATA_HOME or HOME")?;
    let (saved, hof_error) = store.save(knowledge, Some(path))?;
    if let Some(e) = hof_error {
        eprintln!("match5-cli: warning: the hall of fame was not updated: {e}");
    }
    Ok(saved)
}
