//! Opening and saving the knowledge file a command works on.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use match5_common::names::check_name;
use match5_five::files::{FileError, SaveReport, Store};
use match5_five::{Knowledge, Status, files};

use crate::output::printable;

/// The environment variable that holds the password of a protected file.
pub const PASSWORD_VAR: &str = "MATCH5_PASSWORD";

/// Opens `path`, or starts new knowledge of `player` (default: the file
/// name) when it does not exist. A protected file is unlocked with
/// `$MATCH5_PASSWORD`; `must_own` refuses a file we could not save back.
pub fn open(path: &Path, player: Option<&str>, must_own: bool) -> Result<Knowledge> {
    if let Some(name) = player {
        check_name(name).map_err(|e| anyhow!("--player: {e}"))?;
    }
    if !path.exists() {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = check_name(player.unwrap_or(&stem)).map_err(|e| {
            anyhow!(
                "{}: {e}: give the new knowledge a player name with --player",
                match5_common::text::quote_path(path)
            )
        })?;
        let mut k = Knowledge::new(name);
        k.set_source(Some(path.to_path_buf()));
        return Ok(k);
    }
    let mut k = files::load_knowledge(path)?;
    if k.status() == Status::User {
        if let Ok(pw) = std::env::var(PASSWORD_VAR) {
            if !k.unlock(&pw) {
                bail!(
                    "{}: wrong password in ${PASSWORD_VAR}",
                    match5_common::text::quote_path(path)
                );
            }
        } else if must_own {
            bail!(
                "{}: the knowledge of {} is protected by a password; set ${PASSWORD_VAR} to save to it",
                match5_common::text::quote_path(path),
                k.player()
            );
        }
    }
    Ok(k)
}

/// `--start-from NAME`: new knowledge becomes a copy of a trained computer
/// (its player name and file kept); knowledge that has played or learned
/// is refused, so no one's record is replaced.
pub fn start_from(mut k: Knowledge, name: &str) -> Result<Knowledge> {
    let trained = match5_five::ladder::start_from(k.player(), name)
        .map_err(|e| anyhow!("--start-from: {e}"))?;
    k.start_from(trained)
        .map_err(|e| anyhow!("--start-from: {e}"))?;
    Ok(k)
}

fn store() -> Result<Store> {
    Store::from_env()
        .context("cannot find the data folder for the hall of fame: set XDG_DATA_HOME or HOME")
}

/// Is there room to save `knowledge` at `path` as it grows? A probe of its
/// size now and a margin (a quarter more, at least 64 KiB) is written and
/// synced first, so that training on a full disk stops before the first
/// game instead of losing every game at the end.
pub fn check_room(path: &Path, knowledge: &Knowledge) -> Result<()> {
    store()?;
    let size = match5_five::fivo::write(&match5_five::fivo::Contents::of(knowledge)).len() as u64;
    let needed = size + (size / 4).max(64 * 1024);
    match5_common::disk::check_room(path, needed).with_context(|| {
        format!(
            "{}: there is no room to save the knowledge there ({} KiB are needed); nothing was played",
            match5_common::text::quote_path(path),
            needed / 1024
        )
    })
}

/// Saves `knowledge` to `path` and updates the hall of fame; says on
/// standard error what a merge brought in and what became of the hall of
/// fame. When another program made the file someone else's since it was
/// read, the knowledge is saved beside it instead, and that is an error.
pub fn save(knowledge: &mut Knowledge, path: &Path) -> Result<SaveReport> {
    let store = store()?;
    let report = match store.save(knowledge, Some(path)) {
        Err(conflict @ FileError::Conflict { .. }) => {
            let aside = beside(path);
            let mut copy = knowledge.clone();
            copy.set_source(None);
            return match store.save(&mut copy, Some(&aside)) {
                Ok(_) => Err(anyhow!(
                    "{conflict}; the knowledge was saved to {} instead",
                    match5_common::text::quote_path(&aside)
                )),
                Err(e) => Err(anyhow!(
                    "{conflict}; saving it to {} failed too: {e}",
                    match5_common::text::quote_path(&aside)
                )),
            };
        }
        other => other?,
    };
    if let Some(m) = report.merged {
        eprintln!(
            "match5-cli: {} was changed by another program: merged {} of its patterns and {} of its games",
            match5_common::text::quote_path(path),
            m.patterns,
            m.games
        );
    }
    match &report.hall_of_fame {
        Ok(None) => {}
        Ok(Some(aside)) => eprintln!(
            "match5-cli: the hall of fame was damaged: moved to {} and started anew",
            match5_common::text::quote_path(aside)
        ),
        Err(e) => eprintln!(
            "match5-cli: warning: the hall of fame was not updated: {}",
            printable(&e.to_string())
        ),
    }
    Ok(report)
}

/// `Anna.fivo` -> `Anna.conflict-<date>.fivo` in the same folder.
fn beside(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(
        "{stem}.conflict-{}.fivo",
        match5_common::disk::utc_stamp()
    ))
}
