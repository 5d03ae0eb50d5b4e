//! Preferences, in `$XDG_CONFIG_HOME/match5/settings.toml`: one file for
//! the window and every game page, shared through [`SharedSettings`].

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

/// The window's settings, and every page's own table (named by the
/// page's id) which only that page reads and writes (see
/// [`PageSettings`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub window_width: i32,
    pub window_height: i32,
    pub window_maximized: bool,
    /// The game page shown last (its id).
    pub last_page: String,
    /// Each page's table by its id, and keys of older versions, which
    /// kept the pages' settings at the top (read once, then dropped).
    #[serde(flatten)]
    pub pages: toml::Table,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            window_width: 900,
            window_height: 680,
            window_maximized: false,
            last_page: String::new(),
            pages: toml::Table::new(),
        }
    }
}

/// A page's own settings: a table named by the page's id.
pub trait PageSettings: Default + Serialize + for<'de> Deserialize<'de> {
    /// The page's id, the name of its table.
    const ID: &'static str;
    /// Keys of older versions at the top of the file, each with its name in
    /// the page's table now: read when the table does not have it yet.
    const OLDER: &'static [(&'static str, &'static str)] = &[];
}

impl Settings {
    /// The settings of page `P` (their defaults where the file has none).
    pub fn page<P: PageSettings>(&self) -> P {
        let mut table = match self.pages.get(P::ID) {
            Some(toml::Value::Table(t)) => t.clone(),
            _ => toml::Table::new(),
        };
        for (old, new) in P::OLDER {
            if let Some(v) = self.pages.get(*old)
                && !table.contains_key(*new)
            {
                table.insert((*new).to_string(), v.clone());
            }
        }
        // A value of the wrong type gives the page's defaults for all.
        P::deserialize(toml::Value::Table(table)).unwrap_or_default()
    }

    /// Stores the settings of page `P` in its table (older keys go).
    pub fn set_page<P: PageSettings>(&mut self, settings: &P) {
        if let Ok(toml::Value::Table(t)) = toml::Value::try_from(settings) {
            self.pages.insert(P::ID.to_string(), toml::Value::Table(t));
        }
        for (old, _) in P::OLDER {
            self.pages.remove(*old);
        }
    }

    pub fn path() -> PathBuf {
        gtk::glib::user_config_dir()
            .join("match5")
            .join("settings.toml")
    }

    /// The settings at `path`. A damaged file gives the defaults and a
    /// message: the file is moved aside (`settings.toml.damaged-<time>`)
    /// first, so that the next save never writes over it.
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        // A pipe or a huge file is no settings file and never holds the
        // start up; everything the app itself writes fits (see LARGEST).
        let read = match5_common::disk::read_text(path, LARGEST);
        let why = match read {
            Err(e) if e.is_not_found() => return (Settings::default(), None),
            Err(e) => e.to_string(),
            Ok(text) => match toml::from_str(&text) {
                Ok(s) => return (s, None),
                Err(e) => {
                    let line = e
                        .span()
                        .map_or(1, |at| text[..at.start].matches('\n').count() + 1);
                    format!("{}, line {line}: {}", path.display(), e.message().trim())
                }
            },
        };
        (Settings::default(), Some(set_aside(path, &why)))
    }

    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).expect("settings serialize");
        match5_common::disk::atomic_write(path, text.as_bytes())
    }
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

/// The settings of this run, shared by the window and its pages; every
/// change is saved at once.
#[derive(Clone, Debug, Default)]
pub struct SharedSettings(Rc<RefCell<Settings>>);

impl SharedSettings {
    pub fn new(settings: Settings) -> Self {
        SharedSettings(Rc::new(RefCell::new(settings)))
    }

    /// A copy of the settings now.
    pub fn get(&self) -> Settings {
        self.0.borrow().clone()
    }

    /// Changes the settings and saves them (a failed save is reported on
    /// standard error: the game goes on with the changed settings).
    pub fn update(&self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.0.borrow_mut());
        if let Err(e) = self.0.borrow().save(&Settings::path()) {
            eprintln!("match5: the settings were not saved: {e}");
        }
    }

    /// The settings of page `P` now.
    pub fn page<P: PageSettings>(&self) -> P {
        self.0.borrow().page()
    }

    /// Changes the settings of page `P` and saves them.
    pub fn update_page<P: PageSettings>(&self, change: impl FnOnce(&mut P)) {
        self.update(|s| {
            let mut page = s.page::<P>();
            change(&mut page);
            s.set_page(&page);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Demo {
        count: u32,
        flag: bool,
    }

    impl PageSettings for Demo {
        const ID: &'static str = "demo";
        const OLDER: &'static [(&'static str, &'static str)] = &[("demo_count", "count")];
    }

    #[test]
    fn a_settings_file_too_large_is_moved_aside_whole_not_cut() {
        // Valid TOML just over the limit: reading only its first LARGEST
        // bytes gave a cut file that the next save wrote back.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let mut text = String::from("window_width = 700\n");
        while text.len() <= LARGEST {
            text.push_str("# a comment line that makes the file large\n");
        }
        std::fs::write(&path, &text).unwrap();
        let (s, msg) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        assert!(msg.unwrap().contains("larger than 1024 KiB"));
        assert!(
            !path.exists(),
            "moved aside, so that a save never writes over it"
        );
        let aside: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(
            std::fs::read_to_string(aside[0].path()).unwrap(),
            text,
            "kept whole"
        );
    }

    #[test]
    fn damaged_settings_give_defaults_and_a_message() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        assert_eq!(Settings::load(&path), (Settings::default(), None));
        let damaged = "window_width = \"very\"\n[[[";
        std::fs::write(&path, damaged).unwrap();
        let (s, msg) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = msg.unwrap();
        assert!(msg.contains("settings.toml"));
        // Moved aside, kept as it was, and named in the message.
        assert!(
            !path.exists(),
            "the damaged file is not where a save would write"
        );
        let aside: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert_eq!(aside.len(), 1);
        assert!(msg.contains(&aside[0].display().to_string()), "{msg}");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), damaged);
        std::fs::remove_file(&aside[0]).unwrap();
        let mut s = Settings {
            window_width: 500,
            ..Default::default()
        };
        s.set_page(&Demo {
            count: 7,
            flag: true,
        });
        s.save(&path).unwrap();
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("[demo]\ncount = 7\n")
        );
        assert_eq!(Settings::load(&path).0, s);
        // Unknown or missing keys are fine; a page's table of the wrong
        // shape gives that page its defaults.
        std::fs::write(&path, "window_width = 600\nfuture_key = 1\ndemo = 3\n").unwrap();
        let s = Settings::load(&path).0;
        assert_eq!((s.window_width, s.page::<Demo>()), (600, Demo::default()));
    }

    /// A file of an older version kept the pages' settings at the top: they
    /// are read into the page's table, and go from the top when it saves.
    #[test]
    fn older_keys_move_into_the_pages_table() {
        let text = "last_page = \"demo\"\ndemo_count = 5\n";
        let mut s: Settings = toml::from_str(text).unwrap();
        assert_eq!(
            s.page::<Demo>(),
            Demo {
                count: 5,
                flag: false
            }
        );
        let mut demo = s.page::<Demo>();
        demo.flag = true;
        s.set_page(&demo);
        let saved = toml::to_string(&s).unwrap();
        assert!(!saved.contains("demo_count"), "{saved}");
        let again: Settings = toml::from_str(&saved).unwrap();
        assert_eq!(
            again.page::<Demo>(),
            Demo {
                count: 5,
                flag: true
            }
        );
    }
}
