//! The settings.toml of older versions (`$XDG_CONFIG_HOME/match5/`):
//! read once to be carried over into GSettings ([`super::carry_over`]),
//! and moved aside, whole and with a message, where it is damaged.

use std::path::{Path, PathBuf};

/// Where older versions kept the settings.
pub fn path() -> PathBuf {
    gtk::glib::user_config_dir()
        .join("match5")
        .join("settings.toml")
}

/// The table in the settings file at `path`: none where there is no file,
/// or where it is damaged (then with a message, the file moved aside).
pub fn read_file(path: &Path) -> (Option<toml::Table>, Option<String>) {
    // A pipe or a huge file is no settings file and never holds the
    // start up; everything the app itself wrote fits (see LARGEST).
    let read = match5_common::disk::read_text(path, LARGEST);
    let why = match read {
        Err(e) if e.is_not_found() => return (None, None),
        Err(e) => e.to_string(),
        Ok(text) => match toml::from_str::<toml::Table>(&text) {
            Ok(table) => return (Some(table), None),
            Err(e) => {
                let line = e
                    .span()
                    .map_or(1, |at| text[..at.start].matches('\n').count() + 1);
                format!("{}, line {line}: {}", path.display(), e.message().trim())
            }
        },
    };
    (None, Some(set_aside(path, &why)))
}

/// The largest settings file read. The app writes at most 32 engines
/// (`MOST_ENGINES`) with commands of 4,096 bytes (`LONGEST_COMMAND`); even
/// with every character written as a six-byte TOML escape that is under
/// 800 KiB, so all the app allows is read back (a test holds this).
pub const LARGEST: usize = 1024 * 1024;

/// Moves a damaged settings file aside and says what happened, where the
/// file went and why.
fn set_aside(path: &Path, why: &str) -> String {
    match match5_common::disk::move_aside(path) {
        Ok(aside) => crate::i18n::gettext_f(
            "Your settings could not be read ({why}). The file was kept as {aside}, and Match5 starts with its default settings.",
            &[("why", why), ("aside", &aside.display().to_string())],
        ),
        Err(e) => crate::i18n::gettext_f(
            "Your settings could not be read ({why}), and the file could not be moved aside ({error}). Match5 starts with its default settings.",
            &[("why", why), ("error", &e.to_string())],
        ),
    }
}
