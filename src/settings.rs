//! Preferences, in `$XDG_CONFIG_HOME/match5/settings.toml`: one file for
//! the window and every game page, shared through [`SharedSettings`].

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Show every knowledge change during play.
    pub show_mutations: bool,
    /// Show why the computer played its last move (the pattern on the board).
    pub show_why: bool,
    /// The computer moves first.
    pub computer_starts: bool,
    /// Two people at one board instead of against the computer.
    pub two_players: bool,
    /// The player who played last.
    pub last_player: String,
    pub window_width: i32,
    pub window_height: i32,
    pub window_maximized: bool,
    /// The game page shown last (its id, like `five`).
    pub last_page: String,
    /// Leap-frog: frogs of each kind.
    pub leapfrog_frogs: u32,
    /// Leap-frog: goats instead of frogs.
    pub leapfrog_goats: bool,
    /// Tic-tac-toe: show the preference the computer saw for each field.
    pub tictactoe_preferences: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            show_mutations: true,
            show_why: false,
            computer_starts: false,
            two_players: false,
            last_player: String::new(),
            window_width: 900,
            window_height: 680,
            window_maximized: false,
            last_page: String::new(),
            leapfrog_frogs: 3,
            leapfrog_goats: false,
            tictactoe_preferences: true,
        }
    }
}

impl Settings {
    pub fn path() -> PathBuf {
        gtk::glib::user_config_dir()
            .join("match5")
            .join("settings.toml")
    }

    /// The settings at `path`; a damaged file gives the defaults and a
    /// message saying so (it is replaced at the next save).
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        // Settings are a few hundred bytes; a pipe or a huge file is no
        // settings file and never holds the start up.
        let read = match5_common::disk::read_bounded(path, 64 * 1024).and_then(|bytes| {
            String::from_utf8(bytes).map_err(|_| match5_common::disk::ReadError {
                path: path.to_path_buf(),
                error: std::io::ErrorKind::InvalidData.into(),
            })
        });
        match read {
            Err(e) if e.is_not_found() => (Settings::default(), None),
            Err(e) => (Settings::default(), Some(e.to_string())),
            Ok(text) => match toml::from_str(&text) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!("{}: {}", path.display(), e.message())),
                ),
            },
        }
    }

    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).expect("settings serialize");
        match5_common::disk::atomic_write(path, text.as_bytes())
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_settings_give_defaults_and_a_message() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        assert_eq!(Settings::load(&path), (Settings::default(), None));
        std::fs::write(&path, "show_mutations = \"very\"\n[[[").unwrap();
        let (s, msg) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        assert!(msg.unwrap().contains("settings.toml"));
        let s = Settings {
            last_player: "Anna".into(),
            window_width: 500,
            ..Default::default()
        };
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path).0, s);
        // Unknown or missing keys are fine.
        std::fs::write(&path, "computer_starts = true\nfuture_key = 1\n").unwrap();
        assert!(Settings::load(&path).0.computer_starts);
    }
}
