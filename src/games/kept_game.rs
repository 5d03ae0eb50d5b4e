//! A page's unfinished game, on disk as it is played and brought back when
//! the page is next made: a small TOML file per page in
//! `$XDG_DATA_HOME/match5/`. Each page says what its game is (the moves
//! from a start it can make again); five in a row keeps its own, beside
//! the player's knowledge (`five/model/saved_game.rs`).
//!
//! The file is written (atomically) after every change of the game
//! ([`keep_as_played`]) and again when the app ends, so that whatever ends
//! the app, a crash or a SIGKILL too, the next start finds the last game.
//! Bringing a game back reads the file and leaves it: it goes only when
//! the game ends. An instance removes only a file that holds what it took
//! or wrote itself: two instances sharing one data folder (two log-ins)
//! never remove each other's game.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Mutex;

use gtk::glib;
use gtk::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A kept game is a few moves: a file larger than this is not one.
const MOST_BYTES: usize = 64 * 1024;

/// What this instance last took from or wrote to each kept game's file:
/// the file is its own to remove while it still holds that.
static OURS: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);

fn ours(path: &Path) -> Option<String> {
    OURS.lock().ok()?.as_ref()?.get(path).cloned()
}

fn set_ours(path: &Path, text: Option<String>) {
    if let Ok(mut known) = OURS.lock() {
        let known = known.get_or_insert_with(HashMap::new);
        match text {
            Some(text) => known.insert(path.to_path_buf(), text),
            None => known.remove(path),
        };
    }
}

/// Where a page keeps its unfinished game.
#[derive(Clone, Debug)]
pub struct KeptGame {
    path: PathBuf,
}

impl KeptGame {
    /// The file `name` in the app's data folder.
    pub fn named(name: &str) -> KeptGame {
        KeptGame::at(&glib::user_data_dir().join("match5"), name)
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
    /// or never began), makes sure the game this instance kept or took
    /// does not come back (another instance's stays). A game as it was
    /// last written is not written again. On an error the file is as it
    /// was: the game kept before stays.
    pub fn keep<T: Serialize>(&self, game: Option<&T>) -> io::Result<()> {
        let mine = ours(&self.path);
        let Some(game) = game else {
            let Some(mine) = mine else {
                return Ok(());
            };
            let on_disk = match5_common::disk::read_text(&self.path, MOST_BYTES).ok();
            if on_disk.as_deref() == Some(mine.as_str()) {
                match std::fs::remove_file(&self.path) {
                    Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                    _ => {}
                }
            }
            set_ours(&self.path, None);
            return Ok(());
        };
        let text = toml::to_string(game).map_err(io::Error::other)?;
        if mine.as_deref() == Some(text.as_str()) {
            return Ok(());
        }
        match5_common::disk::atomic_write(&self.path, text.as_bytes())?;
        set_ours(&self.path, Some(text));
        Ok(())
    }

    /// The game kept at the last end, read and left on the disk (it goes
    /// when the game ends: a crash right after the start loses nothing).
    /// A file that does not read as one (damaged, too large, another
    /// version's) gives none and is removed: it is a convenience, never
    /// worth a message.
    pub fn take<T: DeserializeOwned>(&self) -> Option<T> {
        let text = match5_common::disk::read_text(&self.path, MOST_BYTES).ok()?;
        match toml::from_str(&text) {
            Ok(game) => {
                set_ours(&self.path, Some(text));
                Some(game)
            }
            Err(_) => {
                let _ = std::fs::remove_file(&self.path);
                None
            }
        }
    }
}

/// Keeps `page`'s game as it is played: `keep` runs once the change under
/// way is done after any change of `model` (one write for a burst of
/// notifications). When the game cannot be kept (a full disk), a message
/// that stays says so, once, and goes when the game is kept again.
pub fn keep_as_played(
    page: &impl IsA<gtk::Widget>,
    model: &impl IsA<glib::Object>,
    keep: impl Fn() -> io::Result<()> + 'static,
) {
    let keep = Rc::new(keep);
    let pending = Rc::new(Cell::new(false));
    let told: Rc<RefCell<Option<adw::Toast>>> = Rc::default();
    let page = page.upcast_ref::<gtk::Widget>().downgrade();
    model.connect_notify_local(None, move |_, _| {
        if pending.replace(true) {
            return;
        }
        let (keep, pending, told, page) =
            (keep.clone(), pending.clone(), told.clone(), page.clone());
        // At the default priority: before the next frame is drawn and
        // before any later request (a signal's too) is carried out.
        glib::idle_add_local_full(glib::Priority::DEFAULT, move || {
            pending.set(false);
            match keep() {
                Ok(()) => {
                    if let Some(toast) = told.take() {
                        toast.dismiss();
                    }
                }
                Err(e) => {
                    eprintln!("match5: the unfinished game was not kept: {e}");
                    let Some(page) = page.upgrade() else {
                        return glib::ControlFlow::Break;
                    };
                    if told.borrow().is_some() {
                        return glib::ControlFlow::Break;
                    }
                    let toast = crate::widgets::lasting_toast(&not_kept(&e));
                    told.replace(Some(toast.clone()));
                    crate::widgets::show_toast(&page, toast);
                }
            }
            glib::ControlFlow::Break
        });
    });
}

/// Why the game could not be kept, and what comes back if the app ends.
fn not_kept(error: &io::Error) -> String {
    crate::i18n::gettext_f(
        "Your unfinished game cannot be kept: {reason}. Should Match5 end now, the game kept before comes back.",
        &[("reason", &crate::errors::io_reason(error))],
    )
}

/// Keeps the game when the app ends: an error is only printed (the game
/// kept at the last move stays, and the person was told then).
pub fn keep_at_end(kept: io::Result<()>) {
    if let Err(e) = kept {
        eprintln!("match5: the unfinished game was not kept: {e}");
    }
}

/// Tells the person that `page`'s unfinished game came back, when they
/// first see the page: the same words on every page.
pub fn say_it_is_back(page: &impl IsA<gtk::Widget>) {
    crate::widgets::show_toast_when_shown(
        page,
        crate::widgets::wrapped_toast(&crate::i18n::gettext("Your unfinished game is back")),
    );
}

/// A page's `bring_back`: says so when the game came `back`, and passes
/// that on.
pub fn said_back(back: bool, page: &impl IsA<gtk::Widget>) -> bool {
    if back {
        say_it_is_back(page);
    }
    back
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Moves {
        moves: Vec<u32>,
    }

    #[test]
    fn a_kept_game_stays_until_it_ends_and_a_bad_file_gives_none() {
        let dir = tempfile::tempdir().unwrap();
        let kept = KeptGame::at(dir.path(), "game.toml");
        assert_eq!(kept.take::<Moves>(), None, "nothing kept yet");
        kept.keep(Some(&Moves { moves: vec![1, 2] })).unwrap();
        assert_eq!(kept.take(), Some(Moves { moves: vec![1, 2] }));
        assert_eq!(
            kept.take(),
            Some(Moves { moves: vec![1, 2] }),
            "a crash after the start finds it again"
        );
        kept.keep(Some(&Moves { moves: vec![3] })).unwrap();
        kept.keep(None::<&Moves>).unwrap();
        assert!(!kept.path().exists(), "an ended game is not kept");
        std::fs::write(kept.path(), "moves = \"no\"").unwrap();
        assert_eq!(kept.take::<Moves>(), None);
        assert!(!kept.path().exists(), "a bad file is not read again");
    }

    #[test]
    fn an_instance_removes_only_the_game_it_took_or_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let kept = KeptGame::at(dir.path(), "other.toml");
        // Another instance wrote it; this one never took it.
        std::fs::write(kept.path(), "moves = [4]\n").unwrap();
        kept.keep(None::<&Moves>).unwrap();
        assert!(kept.path().exists(), "another instance's game stays");
        // Taken here, then written anew by the other instance.
        assert_eq!(kept.take(), Some(Moves { moves: vec![4] }));
        std::fs::write(kept.path(), "moves = [4, 5]\n").unwrap();
        kept.keep(None::<&Moves>).unwrap();
        assert_eq!(
            std::fs::read_to_string(kept.path()).unwrap(),
            "moves = [4, 5]\n",
            "the other instance's newer game stays"
        );
    }
}
