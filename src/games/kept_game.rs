//! A page's unfinished game, kept when the app ends (closing the window,
//! Ctrl+Q, a signal: [`super::GamePage::closing`]) and brought back when
//! the page is next made: a small TOML file per page in
//! `$XDG_DATA_HOME/match5/`. Each page says what its game is (the moves
//! from a start it can make again); five in a row keeps its own, beside
//! the player's knowledge (`five/model/saved_game.rs`).

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A kept game is a few moves: a file larger than this is not one.
const MOST_BYTES: usize = 64 * 1024;

/// Where a page keeps its unfinished game.
#[derive(Clone, Debug)]
pub struct KeptGame {
    path: PathBuf,
}

impl KeptGame {
    /// The file `name` in the app's data folder.
    pub fn named(name: &str) -> KeptGame {
        KeptGame::at(&gtk::glib::user_data_dir().join("match5"), name)
    }

    /// The file `name` in `dir`.
    pub fn at(dir: &Path, name: &str) -> KeptGame {
        KeptGame {
            path: dir.join(name),
        }
    }

    #[cfg(test)]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keeps `game` for the next start, or, with `None` (the game is over
    /// or never began), makes sure none comes back.
    pub fn keep<T: Serialize>(&self, game: Option<&T>) {
        let Some(game) = game else {
            match std::fs::remove_file(&self.path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    eprintln!("match5: {} could not be removed: {e}", self.path.display());
                }
                _ => {}
            }
            return;
        };
        let text = match toml::to_string(game) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("match5: the unfinished game was not kept: {e}");
                return;
            }
        };
        if let Some(dir) = self.path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Err(e) = match5_common::disk::atomic_write(&self.path, text.as_bytes()) {
            eprintln!("match5: the unfinished game was not kept: {e}");
        }
    }

    /// The game kept at the last end, taken off the disk (it is kept
    /// again when the app ends while it is unfinished). A file that does
    /// not read as one (damaged, too large, another version's) gives none:
    /// it is a convenience, never worth a message.
    pub fn take<T: DeserializeOwned>(&self) -> Option<T> {
        let text = match5_common::disk::read_text(&self.path, MOST_BYTES).ok();
        let _ = std::fs::remove_file(&self.path);
        toml::from_str(&text?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Moves {
        moves: Vec<u32>,
    }

    #[test]
    fn a_kept_game_comes_back_once_and_a_bad_file_gives_none() {
        let dir = tempfile::tempdir().unwrap();
        let kept = KeptGame::at(dir.path(), "game.toml");
        assert_eq!(kept.take::<Moves>(), None, "nothing kept yet");
        kept.keep(Some(&Moves { moves: vec![1, 2] }));
        assert_eq!(kept.take(), Some(Moves { moves: vec![1, 2] }));
        assert_eq!(kept.take::<Moves>(), None, "taken once");
        kept.keep(Some(&Moves { moves: vec![3] }));
        kept.keep(None::<&Moves>);
        assert!(!kept.path().exists(), "an ended game is not kept");
        std::fs::write(kept.path(), "moves = \"no\"").unwrap();
        assert_eq!(kept.take::<Moves>(), None);
        assert!(!kept.path().exists(), "a bad file is not read again");
    }
}
