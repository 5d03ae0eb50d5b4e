//! The five-in-a-row game as a GObject: the GTK-free [`Session`] behind
//! properties that the page, the secondary windows and the D-Bus bridge bind
//! to or listen on.
//!
//! Every change goes through a method here; afterwards the properties are
//! compared with what they were and only those that changed are notified.
//! "Unsaved" has one source: the session; the `unsaved` property mirrors it.
//!
//! Signals: `pattern-added (index, level)` and `pattern-removed (index,
//! level)` when the computer learns or forgets a pattern while playing;
//! `line-varied (x, y)` when a loss taught no new pattern and the computer
//! will play otherwise than (x, y) where it lost with it; `knowledge-changed` whenever the patterns change or other knowledge is
//! used (learned, deleted, opened, another player).

use std::cell::{Cell as StdCell, OnceCell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use gtk::glib;
use gtk::glib::prelude::*;
use gtk::glib::subclass::Signal;
use gtk::subclass::prelude::*;
use match5_five::files::FileError;
use match5_five::game::MoveError;
use match5_five::knowledge::KnowledgeError;
use match5_five::{Cell, Change, Knowledge, Reason, SaveReport, Status, Store};

use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::session::{Session, Turn};
use crate::games::five::model::state::{ComputerStyle, GameMode, GameState, KnowledgeState};
use crate::widgets::put;

mod imp {
    use super::*;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::FiveGame)]
    pub struct FiveGame {
        pub session: RefCell<Option<Session>>,
        pub store: OnceCell<Store>,
        /// The player whose knowledge the computer uses.
        #[property(get)]
        pub player: RefCell<String>,
        /// The number of patterns the player taught (their level).
        #[property(get)]
        pub level: StdCell<u32>,
        /// Patterns of the trained computer the knowledge started from.
        #[property(get)]
        pub trained: StdCell<u32>,
        /// Patterns the computer learned in practice: its own, never the
        /// player's level.
        #[property(get)]
        pub practised: StdCell<u32>,
        /// Patterns learned from the player's wins with hints: never the
        /// player's level either.
        #[property(get)]
        pub hinted: StdCell<u32>,
        /// Every stored pattern: `level`, `trained`, `practised` and
        /// `hinted` together.
        #[property(get)]
        pub patterns: StdCell<u32>,
        /// The knowledge's file, wherever it is ("" while it has none).
        #[property(get)]
        pub file: RefCell<String>,
        /// New, the owner's or a user's.
        #[property(get, builder(KnowledgeState::default()))]
        pub knowledge_status: StdCell<KnowledgeState>,
        #[property(get, builder(GameMode::default()))]
        pub mode: StdCell<GameMode>,
        #[property(get, builder(GameState::default()))]
        pub state: StdCell<GameState>,
        /// The board as nine lines of `.`, `B` and `R`.
        #[property(get)]
        pub board: RefCell<String>,
        /// Moves made in this game (changes with every move and undo).
        #[property(get)]
        pub moves: StdCell<u32>,
        #[property(get)]
        pub over: StdCell<bool>,
        /// Learned or deleted patterns are not saved yet.
        #[property(get)]
        pub unsaved: StdCell<bool>,
        #[property(get)]
        pub can_undo: StdCell<bool>,
        /// The knowledge may be saved to its file (owner or new).
        #[property(get)]
        pub may_save: StdCell<bool>,
        #[property(get)]
        pub computer_starts: StdCell<bool>,
        /// How the computer plays where no pattern tells it.
        #[property(get, builder(ComputerStyle::default()))]
        pub style: StdCell<ComputerStyle>,
        #[property(get)]
        pub won: StdCell<u64>,
        #[property(get)]
        pub lost: StdCell<u64>,
        #[property(get)]
        pub drawn: StdCell<u64>,
        /// A practice run holds the computer's knowledge: moves and other
        /// knowledge wait until it ends.
        #[property(get)]
        pub practising: StdCell<bool>,
        /// The practice run's stop flag, while one runs.
        pub practice_stop: RefCell<Option<Arc<AtomicBool>>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FiveGame {
        const NAME: &'static str = "Match5FiveGame";
        type Type = super::FiveGame;
    }

    #[glib::derived_properties]
    impl ObjectImpl for FiveGame {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("pattern-added")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                    Signal::builder("pattern-removed")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                    Signal::builder("line-varied")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                    Signal::builder("knowledge-changed").build(),
                    Signal::builder("practice-reported")
                        .param_types([String::static_type()])
                        .build(),
                ]
            })
        }
    }
}

/// The computer's last move, and why it played there.
#[derive(Debug, Clone, Copy)]
pub struct ComputersMove {
    pub cell: Cell,
    pub reason: Reason,
}

glib::wrapper! {
    pub struct FiveGame(ObjectSubclass<imp::FiveGame>);
}

fn put_copy<T: PartialEq + Copy>(cell: &StdCell<T>, new: T) -> bool {
    cell.replace(new) != new
}

impl FiveGame {
    pub fn new(store: Store, session: Session) -> Self {
        let obj: Self = glib::Object::new();
        let _ = obj.imp().store.set(store);
        obj.imp().session.replace(Some(session));
        obj.sync();
        obj
    }

    /// Where knowledge files and the hall of fame are.
    pub fn store(&self) -> &Store {
        self.imp().store.get().expect("made with a store")
    }

    /// Reads the session.
    pub fn with<R>(&self, f: impl FnOnce(&Session) -> R) -> R {
        f(self
            .imp()
            .session
            .borrow()
            .as_ref()
            .expect("made with a session"))
    }

    /// A hint for the side to move, counted in the game's record.
    pub fn hint(&self) -> Option<session::Hint> {
        self.change(|s| s.hint())
    }

    /// Changes the session, then notifies what changed.
    fn change<R>(&self, f: impl FnOnce(&mut Session) -> R) -> R {
        let r = f(self
            .imp()
            .session
            .borrow_mut()
            .as_mut()
            .expect("made with a session"));
        self.sync();
        r
    }

    /// Brings the properties up to date; notifies only those that changed,
    /// all at once when every one of them holds its new value.
    fn sync(&self) {
        let imp = self.imp();
        let _batch = self.freeze_notify();
        let guard = imp.session.borrow();
        let s = guard.as_ref().expect("made with a session");
        let k = s.knowledge();
        let game = s.game();
        if put(&imp.player, k.player().to_string()) {
            self.notify_player();
        }
        // Where the patterns came from, counted in one pass.
        let counts = k.origin_counts();
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        if put_copy(&imp.level, count(counts.level)) {
            self.notify_level();
        }
        if put_copy(&imp.trained, count(counts.trained)) {
            self.notify_trained();
        }
        if put_copy(&imp.practised, count(counts.practised)) {
            self.notify_practised();
        }
        if put_copy(&imp.hinted, count(counts.hinted)) {
            self.notify_hinted();
        }
        if put_copy(
            &imp.patterns,
            u32::try_from(k.pattern_count()).unwrap_or(u32::MAX),
        ) {
            self.notify_patterns();
        }
        if put_copy(&imp.knowledge_status, k.status().into()) {
            self.notify_knowledge_status();
        }
        let file = k.source().filter(|_| k.status() != Status::New);
        if put(
            &imp.file,
            file.map_or_else(String::new, |p| p.display().to_string()),
        ) {
            self.notify_file();
        }
        if put_copy(&imp.mode, GameMode::of(&s.opponent())) {
            self.notify_mode();
        }
        if put_copy(&imp.state, GameState::of(game)) {
            self.notify_state();
        }
        if put(&imp.board, game.board().to_text()) {
            self.notify_board();
        }
        if put_copy(&imp.moves, game.moves().len() as u32) {
            self.notify_moves();
        }
        if put_copy(&imp.over, game.is_over()) {
            self.notify_over();
        }
        if put_copy(&imp.unsaved, s.has_unsaved_knowledge()) {
            self.notify_unsaved();
        }
        if put_copy(&imp.can_undo, s.can_undo()) {
            self.notify_can_undo();
        }
        if put_copy(&imp.may_save, k.may_overwrite()) {
            self.notify_may_save();
        }
        if put_copy(&imp.computer_starts, s.computer_starts()) {
            self.notify_computer_starts();
        }
        if put_copy(&imp.style, ComputerStyle::of(s.style())) {
            self.notify_style();
        }
        let stats = k.stats();
        if put_copy(&imp.won, stats.won) {
            self.notify_won();
        }
        if put_copy(&imp.lost, stats.lost) {
            self.notify_lost();
        }
        if put_copy(&imp.drawn, stats.drawn) {
            self.notify_drawn();
        }
    }

    pub fn status(&self) -> Status {
        self.with(|s| s.knowledge().status())
    }

    /// The computer's last move and why it played there, while it is the
    /// last move of the game.
    pub fn last_reason(&self) -> Option<ComputersMove> {
        self.with(|s| {
            let reason = s.last_reason()?;
            let cell = s.game().moves().last()?.cell;
            Some(ComputersMove { cell, reason })
        })
    }

    /// A person plays `cell` for the side to move; against the computer it
    /// answers at once, and a game it lost is learned from.
    pub fn play(&self, cell: Cell) -> Result<Turn, MoveError> {
        if self.practising() {
            return Err(MoveError::ComputersTurn);
        }
        let turn = self.change(|s| s.play(cell))?;
        for change in &turn.changes {
            let (name, index, pattern) = match change {
                Change::Added { index, pattern } => ("pattern-added", index, pattern),
                Change::Removed { index, pattern } => ("pattern-removed", index, pattern),
                Change::Varied { cell } => {
                    let (x, y) = (cell.x() as u32, cell.y() as u32);
                    self.emit_by_name::<()>("line-varied", &[&x, &y]);
                    continue;
                }
            };
            self.emit_by_name::<()>(name, &[&(*index as u32), &{ pattern.level() }]);
        }
        if !turn.changes.is_empty() {
            self.emit_knowledge_changed();
        }
        Ok(turn)
    }

    /// Takes back the last turn; false when there is none to take back.
    pub fn undo(&self) -> bool {
        self.change(Session::undo)
    }

    /// A new game against `opponent`; when the computer starts, it has
    /// made its first move.
    pub fn new_game(&self, opponent: &Opponent, computer_starts: bool) {
        self.change(|s| s.new_game(opponent, computer_starts));
    }

    /// The computer plays in `style` from its next move on.
    pub fn choose_style(&self, style: ComputerStyle) {
        self.change(|s| s.set_style(style.style()));
    }

    /// Who plays red in this game.
    pub fn opponent(&self) -> Opponent {
        self.with(Session::opponent)
    }

    /// The engine's move, when it is its turn (`../engine_opponent.rs`).
    pub fn engine_play(&self, cell: Cell) -> Result<(), MoveError> {
        self.change(|s| s.engine_play(cell)).map(drop)
    }

    /// Uses `knowledge` (opened, or another player's) for a new game.
    pub fn use_knowledge(&self, knowledge: Knowledge) {
        self.change(|s| {
            let (opponent, starts) = (s.opponent(), s.computer_starts());
            s.set_knowledge(knowledge);
            s.new_game(&opponent, starts);
        });
        self.emit_knowledge_changed();
    }

    /// Forgets that the knowledge has unsaved changes (the person chose to
    /// discard them; the next knowledge replaces it).
    pub fn discard_unsaved(&self) {
        self.change(Session::mark_saved);
    }

    /// Forgets pattern `index` (0-based); saving makes it final.
    pub fn delete_pattern(&self, index: usize) -> Result<(), KnowledgeError> {
        let r = self.change(|s| {
            let r = s.knowledge_mut().delete(index).map(drop);
            if r.is_ok() {
                s.mark_changed();
            }
            r
        });
        if r.is_ok() {
            self.emit_knowledge_changed();
        }
        r
    }

    /// Forgets every pattern; saving then removes the file.
    pub fn delete_all(&self) -> Result<(), KnowledgeError> {
        let r = self.change(|s| {
            let r = s.knowledge_mut().delete_all().map(drop);
            if r.is_ok() {
                s.mark_changed();
            }
            r
        });
        if r.is_ok() {
            self.emit_knowledge_changed();
        }
        r
    }

    /// Unlocks a user's knowledge with its password; did it match?
    pub fn unlock(&self, password: &str) -> bool {
        self.change(|s| s.knowledge_mut().unlock(password))
    }

    /// Sets (or with `None` removes) the owner's password, stored at the
    /// next save.
    pub fn set_password(&self, password: Option<&str>) -> Result<(), KnowledgeError> {
        self.change(|s| {
            let r = s.knowledge_mut().set_password(password);
            if r.is_ok() {
                s.mark_changed();
            }
            r
        })
    }

    /// Makes `name` the owner, with `password`, saving to that player's
    /// file from now on.
    pub fn take_over(&self, name: &str, password: Option<&str>) -> Result<(), KnowledgeError> {
        let target = self.store().knowledge_path(name).ok();
        self.change(|s| {
            s.knowledge_mut().take_over(name, password)?;
            s.knowledge_mut().set_source(target);
            Ok(())
        })
    }

    /// Saves to the file the knowledge came from (or the player's own).
    pub fn save(&self) -> Result<SaveReport, FileError> {
        let store = self.store().clone();
        let r = self.change(|s| {
            let path: Option<PathBuf> = s.knowledge().source().map(Path::to_path_buf);
            let r = store.save(s.knowledge_mut(), path.as_deref());
            if r.is_ok() {
                s.mark_saved();
            }
            r
        });
        if r.as_ref().is_ok_and(|report| report.merged.is_some()) {
            self.emit_knowledge_changed();
        }
        r
    }

    /// Starts the player's knowledge, which has played no game, from the
    /// trained computer `id` (or from nothing), and a new game with it.
    pub fn start_from(&self, id: &str) -> Result<(), KnowledgeError> {
        let trained = match5_five::ladder::start_from(&self.player(), id)?;
        let r = self.change(|s| {
            let r = s.knowledge_mut().start_from(trained).map(drop);
            if r.is_ok() {
                s.mark_changed();
                let (opponent, starts) = (s.opponent(), s.computer_starts());
                s.new_game(&opponent, starts);
            }
            r
        });
        if r.is_ok() {
            self.emit_knowledge_changed();
        }
        r
    }

    fn emit_knowledge_changed(&self) {
        self.emit_by_name::<()>("knowledge-changed", &[]);
    }

    pub fn connect_knowledge_changed<F: Fn(&Self) + 'static>(&self, f: F) -> glib::SignalHandlerId {
        self.connect_closure(
            "knowledge-changed",
            false,
            glib::closure_local!(move |obj: Self| f(&obj)),
        )
    }

    /// `f(model, cell)` when a loss taught no new pattern and the computer
    /// will play otherwise than `cell` where it lost with it.
    pub fn connect_line_varied<F: Fn(&Self, Cell) + 'static>(&self, f: F) {
        self.connect_closure(
            "line-varied",
            false,
            glib::closure_local!(move |obj: Self, x: u32, y: u32| {
                if let Some(cell) = Cell::new(x as usize, y as usize) {
                    f(&obj, cell);
                }
            }),
        );
    }

    /// `f(model, added, index, level)` for every pattern learned (`added`)
    /// or removed as junk while playing.
    pub fn connect_pattern_changed<F: Fn(&Self, bool, usize, usize) + 'static>(&self, f: F) {
        let f = std::rc::Rc::new(f);
        for (name, added) in [("pattern-added", true), ("pattern-removed", false)] {
            let f = f.clone();
            self.connect_closure(
                name,
                false,
                glib::closure_local!(move |obj: Self, index: u32, level: u32| {
                    f(&obj, added, index as usize, level as usize);
                }),
            );
        }
    }
}

pub mod engine_seat;
pub mod opponent;
pub mod patterns;
mod practice;
pub mod saved_game;
pub mod session;
pub mod settings;
pub mod starting;
pub mod state;
pub mod taught;
#[cfg(test)]
mod tests;
