//! What the tic-tac-toe page holds, free of widgets: the game on the
//! board, the computer's knowledge, and its file in the data folder, saved
//! after every game. The computer picks its move in
//! `crates/tictactoe/src/knowledge.rs` (`Knowledge::consider`).

use std::path::{Path, PathBuf};

use match5_tictactoe::file::FILE_NAME;
use match5_tictactoe::store::{KnowledgeFile, Saved, StoreError};
use match5_tictactoe::{Game, Knowledge, Refusal, Rewards};

/// How the knowledge file was found at the start.
#[derive(Debug)]
pub enum Opened {
    /// Read, or not there yet.
    Fine,
    /// Damaged: moved aside to this path; the computer starts anew.
    SetAside { aside: PathBuf, error: StoreError },
    /// Not read and not saved: written by a newer Match5, unreadable, or
    /// the damaged file could not be moved. The computer learns without
    /// saving.
    NotSaved(StoreError),
}

/// The game, the knowledge and where it is saved.
pub struct Session {
    pub game: Game,
    pub knowledge: Knowledge,
    /// `None`: the knowledge is not saved (see [`Opened::NotSaved`]).
    pub file: Option<KnowledgeFile>,
    /// How many positions the computer knew when the game began: those
    /// met after are the game's own (see [`Session::resume`]).
    pub began_with: usize,
}

/// The knowledge file of the app: `$XDG_DATA_HOME/match5/tic-tac-toe.toml`.
pub fn default_path() -> PathBuf {
    gtk::glib::user_data_dir().join("match5").join(FILE_NAME)
}

impl Session {
    /// Reads the knowledge at `path`; a damaged file is moved aside and the
    /// computer starts anew, a newer one is left alone and not saved over.
    pub fn open(path: &Path) -> (Session, Opened) {
        let (file, knowledge, opened) = match KnowledgeFile::load(path, Rewards::default()) {
            Ok((file, k)) => (Some(file), k, Opened::Fine),
            Err(error) if error.is_damaged() => match KnowledgeFile::set_aside(path) {
                Ok(aside) => match KnowledgeFile::load(path, Rewards::default()) {
                    Ok((file, k)) => (Some(file), k, Opened::SetAside { aside, error }),
                    Err(e) => (None, Knowledge::default(), Opened::NotSaved(e)),
                },
                Err(_) => (None, Knowledge::default(), Opened::NotSaved(error)),
            },
            Err(error) => (None, Knowledge::default(), Opened::NotSaved(error)),
        };
        (
            Session {
                game: Game::new(),
                began_with: knowledge.len(),
                knowledge,
                file,
            },
            opened,
        )
    }

    /// Brings back the game of `moves` (fields, X first), kept when the
    /// app ended when the computer knew `began_with` positions at its
    /// start; the computer answers if it is its turn. False, and a new
    /// game, when the moves are not a game.
    ///
    /// The positions the game met first were saved with the knowledge when
    /// the app ended; played again against the knowledge of its start, the
    /// game meets them first again, and each answer says so as it did.
    pub fn resume(&mut self, moves: &[usize], began_with: Option<usize>) -> bool {
        let at_start = began_with
            .filter(|&n| n <= self.knowledge.len())
            .and_then(|n| {
                let mut known = self.knowledge.clone();
                known.truncate(n);
                let game = Game::replay(moves, &mut known)?;
                // Only when that is all it learned since (no training between).
                (known == self.knowledge).then_some((game, n))
            });
        let replayed = at_start.or_else(|| {
            let game = Game::replay(moves, &mut self.knowledge)?;
            Some((game, self.knowledge.len()))
        });
        match replayed {
            Some((game, n)) if !game.is_over() => {
                self.game = game;
                self.began_with = n;
                self.answer();
                true
            }
            _ => false,
        }
    }

    pub fn new_game(&mut self) {
        self.game = Game::new();
        self.began_with = self.knowledge.len();
    }

    /// The person's X on `field`; then it is the computer's turn, unless
    /// the game is over.
    pub fn play(&mut self, field: usize) -> Result<(), Refusal> {
        self.game.play(field)
    }

    /// Takes back the person's last X and the computer's answer.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// The computer's O, if it is its turn.
    pub fn answer(&mut self) {
        self.game.answer(&mut self.knowledge);
    }

    /// After the game's end: the computer learns from it and saves. `None`
    /// when the knowledge is not saved.
    pub fn learn(&mut self) -> Option<Result<Saved, StoreError>> {
        let lesson = self.game.lesson()?;
        self.knowledge.learn(&lesson.made, lesson.outcome);
        let file = self.file.as_mut()?;
        Some(file.save_game(&mut self.knowledge, &lesson))
    }

    /// Writes what the computer knows when an earlier save could not (see
    /// `KnowledgeFile::save_if_behind`); `None` when it is not saved.
    pub fn save_if_behind(&mut self) -> Option<Result<bool, StoreError>> {
        Some(self.file.as_mut()?.save_if_behind(&self.knowledge))
    }

    /// Forgets everything learned (the rewards stay) and starts a new game.
    /// The forgetting is saved first: when that fails (a full disk), the
    /// computer keeps what it knew, as its file does. `None` when the
    /// knowledge is not saved.
    pub fn forget(&mut self) -> Option<Result<(), StoreError>> {
        let forgotten = Knowledge::new(self.knowledge.rewards());
        let saved = self.file.as_mut().map(|file| file.save(&forgotten));
        if let Some(Err(e)) = saved {
            return Some(Err(e));
        }
        self.knowledge = forgotten;
        self.game = Game::new();
        self.began_with = 0;
        saved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use match5_tictactoe::Outcome;

    #[test]
    fn a_game_brought_back_meets_its_positions_first_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.toml");
        let (mut first, _) = Session::open(&path);
        first.play(4).unwrap();
        first.answer();
        let said = first.game.last_deliberation().unwrap().clone();
        assert!(
            !said.chosen.known,
            "a new computer meets the position first"
        );
        // The app ends: the knowledge is saved with what the game met.
        assert!(first.save_if_behind().unwrap().unwrap());
        let moves = first.game.moves().to_vec();

        let (mut again, _) = Session::open(&path);
        assert_eq!(again.knowledge, first.knowledge);
        assert!(again.resume(&moves, Some(first.began_with)));
        assert_eq!(
            again.game.last_deliberation(),
            Some(&said),
            "said as it was"
        );
        assert_eq!(again.knowledge, first.knowledge, "knowing what it knew");
        // A game kept by 0.2.0, without the count, comes back too.
        let (mut old, _) = Session::open(&path);
        assert!(old.resume(&moves, None));
        assert!(old.game.last_deliberation().unwrap().chosen.known);
    }

    #[test]
    fn a_damaged_file_is_moved_aside_and_a_newer_one_is_not_saved_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(
            &path,
            "format = \"match5-tictactoe\"\nversion = 1\n[rewards\n",
        )
        .unwrap();
        let (mut s, opened) = Session::open(&path);
        let Opened::SetAside { aside, .. } = opened else {
            panic!("{opened:?}");
        };
        assert!(
            std::fs::read_to_string(aside)
                .unwrap()
                .contains("[rewards\n")
        );
        for f in [4, 2, 6] {
            s.play(f).unwrap();
            s.answer();
        }
        assert_eq!(s.game.outcome(), Some(Outcome::Lost));
        assert!(matches!(s.learn(), Some(Ok(Saved::Plain))));
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("games = 1\n")
        );

        let newer = "format = \"match5-tictactoe\"\nversion = 7\n";
        std::fs::write(&path, newer).unwrap();
        let (mut s, opened) = Session::open(&path);
        assert!(matches!(opened, Opened::NotSaved(_)), "{opened:?}");
        for f in [4, 2, 6] {
            s.play(f).unwrap();
            s.answer();
        }
        assert!(s.learn().is_none());
        assert_eq!(s.knowledge.games(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
    }

    #[test]
    fn forgetting_that_cannot_be_saved_keeps_what_the_computer_knew() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let (mut s, _) = Session::open(&path);
        for f in [4, 2, 6] {
            s.play(f).unwrap();
            s.answer();
        }
        assert!(matches!(s.learn(), Some(Ok(Saved::Plain))));
        let saved = std::fs::read(&path).unwrap();
        // The file cannot be replaced now: a folder stands where the save
        // puts its new copy beside it.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), b"x").unwrap();
        let known = s.knowledge.clone();
        assert!(matches!(s.forget(), Some(Err(_))));
        assert_eq!(
            s.knowledge, known,
            "nothing is forgotten that the file still holds"
        );
        std::fs::remove_dir_all(&path).unwrap();
        std::fs::write(&path, &saved).unwrap();
        assert!(matches!(s.forget(), Some(Ok(()))));
        assert_eq!(s.knowledge.games(), 0);
        assert!(
            !std::fs::read_to_string(&path)
                .unwrap()
                .contains("games = 1\n")
        );
    }
}
