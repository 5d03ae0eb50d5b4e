//! The tic-tac-toe game as a GObject: the GTK-free [`Session`] behind
//! properties the page listens to, each notified only when it changed.
//!
//! Properties: `moves` (marks on the board), `state` (whose turn, or how
//! the game ended), `positions` and `games` (what the computer knows).
//! Signal: `knowledge-changed` whenever the knowledge changes (learned,
//! forgotten, trained), rewards included.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;

use gtk::glib;
use gtk::glib::prelude::*;
use gtk::glib::subclass::Signal;
use gtk::subclass::prelude::*;
use match5_tictactoe::store::{KnowledgeFile, Saved, StoreError};
use match5_tictactoe::{Game, Knowledge, Mark, Outcome, Refusal};

use super::session::Session;

/// Whose turn it is, or how the game ended.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, glib::Enum)]
#[enum_type(name = "Match5TicTacToeState")]
pub enum GameState {
    /// No mark yet: the person begins.
    #[default]
    Start,
    YourTurn,
    /// The computer's O comes.
    Thinking,
    YouWon,
    ComputerWon,
    Drawn,
}

impl GameState {
    pub fn of(game: &Game) -> Self {
        match game.outcome() {
            None if game.moves().is_empty() => GameState::Start,
            None if game.to_move() == Some(Mark::O) => GameState::Thinking,
            None => GameState::YourTurn,
            Some(Outcome::Lost) => GameState::YouWon,
            Some(Outcome::Won) => GameState::ComputerWon,
            Some(Outcome::Drawn) => GameState::Drawn,
        }
    }

    pub fn is_over(self) -> bool {
        matches!(
            self,
            GameState::YouWon | GameState::ComputerWon | GameState::Drawn
        )
    }
}

mod imp {
    use super::*;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::TicTacToeGame)]
    pub struct TicTacToeGame {
        pub session: RefCell<Option<Session>>,
        #[property(get)]
        pub moves: Cell<u32>,
        #[property(get, builder(GameState::default()))]
        pub state: Cell<GameState>,
        #[property(get)]
        pub positions: Cell<u32>,
        #[property(get)]
        pub games: Cell<u64>,
        /// A training (the window's or a script's) holds the computer and
        /// its file: nothing else may learn or save meanwhile.
        #[property(get, set)]
        pub training: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TicTacToeGame {
        const NAME: &'static str = "Match5TicTacToeGame";
        type Type = super::TicTacToeGame;
    }

    #[glib::derived_properties]
    impl ObjectImpl for TicTacToeGame {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder("knowledge-changed").build()])
        }
    }
}

/// The computer to train: its knowledge and file (`None`: not saved).
pub struct Trainee {
    pub path: Option<std::path::PathBuf>,
    pub knowledge: Knowledge,
}

glib::wrapper! {
    pub struct TicTacToeGame(ObjectSubclass<imp::TicTacToeGame>);
}

impl TicTacToeGame {
    pub fn new(session: Session) -> Self {
        let obj: Self = glib::Object::new();
        obj.imp().session.replace(Some(session));
        obj.sync();
        obj
    }

    /// Reads the session.
    pub fn with<R>(&self, f: impl FnOnce(&Session) -> R) -> R {
        f(self.imp().session.borrow().as_ref().expect("made with one"))
    }

    /// Changes the session, then notifies what changed.
    fn change<R>(&self, f: impl FnOnce(&mut Session) -> R) -> R {
        let r = f(self
            .imp()
            .session
            .borrow_mut()
            .as_mut()
            .expect("made with one"));
        self.sync();
        r
    }

    fn sync(&self) {
        let imp = self.imp();
        let _batch = self.freeze_notify();
        let (moves, state, positions, games) = self.with(|s| {
            (
                s.game.moves().len() as u32,
                GameState::of(&s.game),
                s.knowledge.len() as u32,
                s.knowledge.games(),
            )
        });
        if imp.moves.replace(moves) != moves {
            self.notify_moves();
        }
        if imp.state.replace(state) != state {
            self.notify_state();
        }
        if imp.positions.replace(positions) != positions {
            self.notify_positions();
        }
        if imp.games.replace(games) != games {
            self.notify_games();
        }
    }

    fn knowledge_changed(&self) {
        self.emit_by_name::<()>("knowledge-changed", &[]);
    }

    pub fn connect_knowledge_changed<F: Fn(&Self) + 'static>(&self, f: F) {
        self.connect_closure(
            "knowledge-changed",
            false,
            glib::closure_local!(move |obj: Self| f(&obj)),
        );
    }

    pub fn new_game(&self) {
        self.change(Session::new_game);
    }

    /// Takes back the person's last X and the computer's answer.
    pub fn undo(&self) -> bool {
        self.change(Session::undo)
    }

    /// Can a move be taken back (a game under way, an answer made)?
    pub fn can_undo(&self) -> bool {
        self.with(|s| s.game.can_undo())
    }

    /// The person's X on `field`.
    pub fn play(&self, field: usize) -> Result<(), Refusal> {
        self.change(|s| s.play(field))
    }

    /// The computer's O, if it is its turn.
    pub fn answer(&self) {
        self.change(Session::answer);
    }

    /// After the game's end: the computer learns from it and saves.
    pub fn learn(&self) -> Option<Result<Saved, StoreError>> {
        let r = self.change(Session::learn);
        self.knowledge_changed();
        r
    }

    /// Writes what the computer knows when an earlier save could not (the
    /// app closes).
    pub fn save_if_behind(&self) -> Option<Result<bool, StoreError>> {
        self.change(Session::save_if_behind)
    }

    /// Forgets everything learned and starts a new game.
    pub fn forget(&self) -> Option<Result<(), StoreError>> {
        let r = self.change(Session::forget);
        self.knowledge_changed();
        r
    }

    /// What a training starts from: the computer's knowledge and file.
    pub fn trainee(&self) -> Trainee {
        self.with(|s| Trainee {
            path: s.file.as_ref().map(|f| f.path().to_path_buf()),
            knowledge: s.knowledge.clone(),
        })
    }

    /// What training taught, and its file when training made one.
    pub fn trained(&self, file: Option<KnowledgeFile>, knowledge: Knowledge) {
        self.change(|s| {
            s.knowledge = knowledge;
            if file.is_some() {
                s.file = file;
            }
        });
        self.knowledge_changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn a_move_notifies_the_game_and_the_end_the_knowledge() {
        let dir = tempfile::tempdir().unwrap();
        let (session, _) = Session::open(&dir.path().join("t.toml"));
        let model = TicTacToeGame::new(session);
        let seen = Rc::new(RefCell::new(Vec::<String>::new()));
        let s = seen.clone();
        model.connect_notify_local(None, move |_, p| s.borrow_mut().push(p.name().into()));
        let learned = Rc::new(Cell::new(0));
        let l = learned.clone();
        model.connect_knowledge_changed(move |_| l.set(l.get() + 1));
        model.play(4).unwrap();
        seen.borrow_mut().sort();
        assert_eq!(*seen.borrow(), ["moves", "state"], "and not what it knows");
        assert_eq!(model.state(), GameState::Thinking);
        model.answer();
        assert_eq!(model.state(), GameState::YourTurn);
        assert_eq!(learned.get(), 0, "no lesson before the end");
        for f in [2, 6] {
            if model.play(f).is_ok() && !model.state().is_over() {
                model.answer();
            }
        }
        while !model.state().is_over() {
            let free = model.with(|s| (0..9).find(|&f| s.game.board().get(f).is_none()));
            model.play(free.unwrap()).unwrap();
            if !model.state().is_over() {
                model.answer();
            }
        }
        seen.borrow_mut().clear();
        model.learn();
        assert_eq!(learned.get(), 1);
        assert_eq!(model.games(), 1);
        assert!(
            seen.borrow().iter().any(|p| p == "games"),
            "{:?}",
            seen.borrow()
        );
        assert!(model.positions() > 0);
    }
}
