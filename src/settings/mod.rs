//! Preferences of the window and every game page, kept in GSettings
//! ([`store`]) and shared through [`SharedSettings`]. Older versions kept
//! them in `$XDG_CONFIG_HOME/match5/settings.toml`: the first start carries
//! that file over ([`carry_over`]) and keeps it beside, renamed.

pub mod carry_over;
pub mod older_file;
pub mod store;

use std::cell::RefCell;
#[cfg(test)]
use std::path::Path;
use std::rc::Rc;

use gtk::gio;
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
    /// the page's table now. Only a settings.toml being carried over has
    /// them (GSettings has no key for them), and a version wrote either
    /// the flat key or the table, never both: the flat key's value is read
    /// over what GSettings holds, which is the default then.
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
            if let Some(v) = self.pages.get(*old) {
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

    /// The settings at `path`. A damaged file gives the defaults and a
    /// message: the file is moved aside (`settings.toml.damaged-<time>`)
    /// first, so that the next save never writes over it.
    #[cfg(test)]
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        let (table, warning) = older_file::read_file(path);
        (table.map(Settings::from_table).unwrap_or_default(), warning)
    }

    /// The settings a table holds (defaults for what it lacks, or for all
    /// where a window key has the wrong type).
    pub fn from_table(table: toml::Table) -> Settings {
        Settings::deserialize(toml::Value::Table(table)).unwrap_or_default()
    }

    /// The settings as one table: the window's keys and each page's table.
    pub fn to_table(&self) -> toml::Table {
        match toml::Value::try_from(self) {
            Ok(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        }
    }

    /// Writes the settings as the settings.toml of older versions (the
    /// tests make such files to carry over).
    #[cfg(test)]
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).expect("settings serialize");
        match5_common::disk::atomic_write(path, text.as_bytes())
    }
}

/// The settings of this run, shared by the window and its pages; every
/// change is kept in GSettings at once. The app writes only what it
/// changes itself, so a key set outside while it runs (`gsettings set`)
/// keeps that value; this run goes on with what it read at its start.
#[derive(Clone, Debug)]
pub struct SharedSettings(Rc<Shared>);

#[derive(Debug)]
struct Shared {
    now: RefCell<Settings>,
    store: gio::Settings,
}

impl SharedSettings {
    /// The settings kept in `store`, with `settings` as they are now.
    pub fn new(settings: Settings, store: gio::Settings) -> Self {
        SharedSettings(Rc::new(Shared {
            now: RefCell::new(settings),
            store,
        }))
    }

    /// This run's settings: GSettings', after carrying over the
    /// settings.toml of an older version where there is one; with a
    /// message where that file was damaged (it is kept beside).
    pub fn open() -> (Self, Option<String>) {
        let store = store::open(&store::schema(), None);
        let (older, warning) = carry_over::carry_over(&older_file::path(), &store);
        (SharedSettings::new(this_run(&store, older), store), warning)
    }

    /// A copy of the settings now.
    pub fn get(&self) -> Settings {
        self.0.now.borrow().clone()
    }

    /// Changes the settings and keeps them (GSettings writes them out on
    /// its own). What the schema has no key for is left out: the keys of
    /// an older version, which wait in memory for their page (see
    /// [`SharedSettings::page`]); a test holds that every field the pages
    /// keep has its key.
    ///
    /// Only what `change` changed is written: a key someone else set
    /// meanwhile keeps their value.
    pub fn update(&self, change: impl FnOnce(&mut Settings)) {
        let before = self.0.now.borrow().to_table();
        change(&mut self.0.now.borrow_mut());
        let after = self.0.now.borrow().to_table();
        store::write(&self.0.store, &changed_fields(&before, &after));
    }

    /// The settings of page `P` now. Values of an older version's keys
    /// (carried over from its file) are kept in the page's own keys here.
    pub fn page<P: PageSettings>(&self) -> P {
        let page = self.0.now.borrow().page::<P>();
        let older = {
            let now = self.0.now.borrow();
            P::OLDER.iter().any(|(old, _)| now.pages.contains_key(*old))
        };
        if older {
            self.update(|s| s.set_page(&page));
        }
        page
    }

    /// Changes the settings of page `P` and keeps them.
    pub fn update_page<P: PageSettings>(&self, change: impl FnOnce(&mut P)) {
        self.update(|s| {
            let mut page = s.page::<P>();
            change(&mut page);
            s.set_page(&page);
        });
    }
}

/// This run's settings: all that `store` keeps, and the `older` keys a
/// carried-over file held that wait for their page.
fn this_run(store: &gio::Settings, older: toml::Table) -> Settings {
    let mut settings = Settings::from_table(store::read(store));
    settings.pages.extend(older);
    settings
}

/// The fields of `after` that differ from `before`, tables field by field.
fn changed_fields(before: &toml::Table, after: &toml::Table) -> toml::Table {
    let mut changed = toml::Table::new();
    for (field, value) in after {
        match (before.get(field), value) {
            (Some(old), new) if old == new => {}
            (Some(toml::Value::Table(old)), toml::Value::Table(new)) => {
                let inner = changed_fields(old, new);
                if !inner.is_empty() {
                    changed.insert(field.clone(), toml::Value::Table(inner));
                }
            }
            _ => {
                changed.insert(field.clone(), value.clone());
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::older_file::LARGEST;
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

    /// A person's `gsettings set` while the app runs is kept: the app's
    /// next change writes only what it changed, never an older value over
    /// theirs.
    #[test]
    fn a_change_made_outside_is_kept() {
        use gtk::gio::prelude::*;
        let schema = store::schema();
        let backend = gio::memory_settings_backend_new();
        let ours = store::open(&schema, Some(&backend));
        let theirs = store::open(&schema, Some(&backend));
        let shared = SharedSettings::new(this_run(&ours, toml::Table::new()), ours);
        theirs.set_int("window-height", 500).unwrap();
        shared.update(|s| s.window_width = 700);
        assert_eq!(
            (theirs.int("window-width"), theirs.int("window-height")),
            (700, 500),
            "only the app's own change written"
        );
    }
}
