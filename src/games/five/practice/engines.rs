//! The engines a person adds (kept in the settings' `[five]` table): how
//! a chosen file becomes a command that works in the Flatpak too, names,
//! and the limits on what the settings keep.

use std::io;
use std::path::{Path, PathBuf};

use crate::games::five::model::settings::EngineSetting;

/// The most engines kept.
pub const MOST_ENGINES: usize = 32;
/// The longest engine name, in characters.
pub const LONGEST_NAME: usize = 64;
/// The longest command, in bytes.
pub const LONGEST_COMMAND: usize = 4096;

/// Why a command cannot be an engine's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadCommand {
    Empty,
    TooLong,
    /// A line break or another control character.
    Control,
    /// [`MOST_ENGINES`] engines are there already.
    TooMany,
}

/// Checks a command typed by the person before it is run.
pub fn check_command(command: &str, engines: &[EngineSetting]) -> Result<String, BadCommand> {
    let command = command.trim();
    if command.is_empty() {
        return Err(BadCommand::Empty);
    }
    if command.len() > LONGEST_COMMAND {
        return Err(BadCommand::TooLong);
    }
    if command.chars().any(char::is_control) {
        return Err(BadCommand::Control);
    }
    if engines.len() >= MOST_ENGINES {
        return Err(BadCommand::TooMany);
    }
    Ok(command.to_string())
}

/// `path` as one word for `sh -c`.
pub fn shell_quoted(path: &Path) -> String {
    format!("'{}'", path.to_string_lossy().replace('\'', r"'\''"))
}

/// Where chosen engine files are kept: `$XDG_DATA_HOME/match5/engines`,
/// inside the Flatpak's sandbox, where they may run.
pub fn folder() -> Option<PathBuf> {
    match5_common::disk::data_dir().map(|d| d.join("engines"))
}

/// Copies the chosen file into [`folder`] and makes it executable; its
/// path, and whether the copy is new (a check that fails removes only a
/// new one). A file chosen through the portal in the Flatpak cannot run
/// where it is, and the copy keeps working when the original moves.
///
/// Another engine's copy of the same file name is never replaced (two
/// builds of one engine, chosen by file, replaced each other, and a
/// failed check deleted the first one's copy): this one takes `name-2`,
/// `name-3`…. The same file chosen again is the same copy.
pub fn install(chosen: &Path) -> io::Result<(PathBuf, bool)> {
    let folder = folder().ok_or_else(|| io::Error::other("no data folder"))?;
    install_into(&folder, chosen)
}

/// [`install`] into `folder`.
fn install_into(folder: &Path, chosen: &Path) -> io::Result<(PathBuf, bool)> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(folder)?;
    let name = chosen
        .file_name()
        .ok_or_else(|| io::Error::other("not a file"))?;
    let executable =
        |target: &Path| std::fs::set_permissions(target, std::fs::Permissions::from_mode(0o755));
    let first = folder.join(name);
    if first == chosen {
        executable(&first)?;
        return Ok((first, false));
    }
    let bytes = std::fs::read(chosen)?;
    for n in 1..=match5_common::disk::MOST_COPIES {
        let target = if n == 1 {
            first.clone()
        } else {
            let mut numbered = name.to_os_string();
            numbered.push(format!("-{n}"));
            folder.join(numbered)
        };
        match std::fs::read(&target) {
            Ok(existing) if existing == bytes => {
                executable(&target)?;
                return Ok((target, false));
            }
            Ok(_) => continue,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Taken first, so that a second app choosing at the same
                // time takes another name.
                match std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&target)
                {
                    Ok(_) => {}
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                    Err(e) => return Err(e),
                }
                match5_common::disk::atomic_write(&target, &bytes)?;
                executable(&target)?;
                return Ok((target, true));
            }
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "too many engines of that file name",
    ))
}

/// A name for a new engine: the one it gave (`ABOUT`), else the command's
/// program, cut to [`LONGEST_NAME`], and made unlike the names there are.
pub fn new_name(command: &str, about: Option<&str>, engines: &[EngineSetting]) -> String {
    // The first word; a path chosen by file is one quoted word.
    let first = match command.trim().strip_prefix('\'') {
        Some(quoted) => quoted.split('\'').next(),
        None => command.split_whitespace().next(),
    };
    let program = first
        .and_then(|w| Path::new(w).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = clean_name(about.unwrap_or(&program));
    let base = if base.is_empty() {
        "engine".to_string()
    } else {
        base
    };
    let taken = |n: &str| engines.iter().any(|e| e.name == n);
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|k| format!("{base} ({k})"))
        .find(|n| !taken(n))
        .expect("a free name")
}

/// A name as kept: trimmed, without control characters, at most
/// [`LONGEST_NAME`] characters.
pub fn clean_name(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(LONGEST_NAME)
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_engines_of_one_file_name_keep_two_copies() {
        let dir = tempfile::tempdir().unwrap();
        let engines = dir.path().join("engines");
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(a.join("pbrain-x"), "build one").unwrap();
        std::fs::write(b.join("pbrain-x"), "build two").unwrap();
        let (first, new) = install_into(&engines, &a.join("pbrain-x")).unwrap();
        assert!(new);
        let (second, new) = install_into(&engines, &b.join("pbrain-x")).unwrap();
        assert!(new);
        assert_ne!(first, second, "the second build does not replace the first");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "build one");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "build two");
        // The same file again is the same copy, not a new one (a failed
        // check removes only a new copy).
        assert_eq!(
            install_into(&engines, &a.join("pbrain-x")).unwrap(),
            (first, false)
        );
    }

    /// The most the Engines dialog allows, each character of the worst
    /// kind for TOML (a control character, written as a six-byte escape):
    /// the settings file that holds it is read back whole.
    #[test]
    fn the_most_engines_the_dialog_allows_are_read_back() {
        use crate::games::five::model::settings::FiveSettings;
        use crate::settings::Settings;
        use crate::settings::older_file::LARGEST;
        let worst = |n: usize| "\u{1}".repeat(n);
        let five = FiveSettings {
            engines: (0..MOST_ENGINES)
                .map(|i| EngineSetting {
                    name: format!("{i}{}", worst(LONGEST_NAME - 2)),
                    command: worst(LONGEST_COMMAND),
                })
                .collect(),
            ..FiveSettings::default()
        };
        let mut settings = Settings::default();
        settings.set_page(&five);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        settings.save(&path).unwrap();
        let size = std::fs::metadata(&path).unwrap().len() as usize;
        assert!(size > 700 * 1024 && size < LARGEST, "{size} bytes");
        let (back, warning) = Settings::load(&path);
        assert_eq!(warning, None);
        assert_eq!(back.page::<FiveSettings>().engines, five.engines);
    }

    fn engine(name: &str) -> EngineSetting {
        EngineSetting {
            name: name.to_string(),
            command: "x".to_string(),
        }
    }

    #[test]
    fn names_come_from_about_or_the_program_and_never_twice() {
        assert_eq!(new_name("/opt/pela -x", Some("Pela"), &[]), "Pela");
        assert_eq!(new_name("'/my dir/embryo' 9", None, &[]), "embryo");
        let there = [engine("Pela"), engine("Pela (2)")];
        assert_eq!(new_name("pela", Some("Pela"), &there), "Pela (3)");
        assert_eq!(new_name("", Some("\n\t"), &[]), "engine");
        assert_eq!(clean_name(&"x".repeat(100)).len(), LONGEST_NAME);
    }

    #[test]
    fn commands_are_checked_and_paths_quoted_for_the_shell() {
        assert_eq!(check_command("  ", &[]), Err(BadCommand::Empty));
        assert_eq!(check_command("a\nb", &[]), Err(BadCommand::Control));
        assert_eq!(
            check_command(&"a".repeat(LONGEST_COMMAND + 1), &[]),
            Err(BadCommand::TooLong)
        );
        let full = vec![engine("e"); MOST_ENGINES];
        assert_eq!(check_command("pela", &full), Err(BadCommand::TooMany));
        assert_eq!(check_command(" pela 9 ", &[]).unwrap(), "pela 9");
        assert_eq!(shell_quoted(Path::new("/a b/it's")), r"'/a b/it'\''s'");
    }
}
