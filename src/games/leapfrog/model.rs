//! The leap-frog puzzle as a GObject: the moves played, the computer's
//! solution and where its replay is, with properties the page binds to.
//! The rules and the search are in `match5-leapfrog`.
//!
//! Signals: `moved (from, to)` for every frog that moves (played, taken
//! back, hinted or replayed; fields from 0), `cannot-move (field)` when a
//! frog that cannot move is chosen.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::OnceLock;

use gtk::glib;
use gtk::glib::prelude::*;
use gtk::glib::subclass::Signal;
use gtk::subclass::prelude::*;
use match5_leapfrog::solver::{Search, search};
use match5_leapfrog::{Analysis, Move, Position, Stats};

mod imp {
    use super::*;

    #[derive(glib::Properties)]
    #[properties(wrapper_type = super::LeapfrogGame)]
    pub struct LeapfrogGame {
        /// Frogs of each kind, 1 to 10.
        #[property(get)]
        pub frogs: Cell<u32>,
        /// The position shown, like `XXX-YYY`.
        #[property(get)]
        pub position: RefCell<String>,
        /// Moves played (in the replay: moves of the solution shown).
        #[property(get)]
        pub moves: Cell<u32>,
        /// The goal can still be reached from the position played.
        #[property(get)]
        pub solvable: Cell<bool>,
        /// Moves to take back to have a solution again.
        #[property(get)]
        pub undo_needed: Cell<u32>,
        #[property(get)]
        pub solved: Cell<bool>,
        /// The computer's solution is being replayed.
        #[property(get)]
        pub replaying: Cell<bool>,
        /// Moves of the computer's solution (0 before it searched).
        #[property(get)]
        pub solution_length: Cell<u32>,
        pub history: RefCell<Vec<Position>>,
        pub analysis: RefCell<Option<Rc<Analysis>>>,
        pub search: RefCell<Option<Search>>,
    }

    impl Default for LeapfrogGame {
        fn default() -> Self {
            LeapfrogGame {
                frogs: Cell::new(3),
                position: RefCell::default(),
                moves: Cell::default(),
                solvable: Cell::new(true),
                undo_needed: Cell::default(),
                solved: Cell::default(),
                replaying: Cell::default(),
                solution_length: Cell::default(),
                history: RefCell::default(),
                analysis: RefCell::default(),
                search: RefCell::default(),
            }
        }
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LeapfrogGame {
        const NAME: &'static str = "Match5LeapfrogGame";
        type Type = super::LeapfrogGame;
    }

    #[glib::derived_properties]
    impl ObjectImpl for LeapfrogGame {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("moved")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                    Signal::builder("cannot-move")
                        .param_types([u32::static_type()])
                        .build(),
                ]
            })
        }
    }
}

glib::wrapper! {
    pub struct LeapfrogGame(ObjectSubclass<imp::LeapfrogGame>);
}

impl Default for LeapfrogGame {
    fn default() -> Self {
        Self::new(3)
    }
}

impl LeapfrogGame {
    /// A new puzzle with `k` frogs of each kind (kept within 1…10).
    pub fn new(k: usize) -> Self {
        let obj: Self = glib::Object::new();
        obj.set_frogs(k);
        obj
    }

    /// Starts over with `k` frogs of each kind.
    pub fn set_frogs(&self, k: usize) {
        let k = k.clamp(match5_leapfrog::MIN_FROGS, match5_leapfrog::MAX_FROGS);
        let imp = self.imp();
        imp.frogs.set(k as u32);
        imp.analysis.replace(Some(Rc::new(
            Analysis::new(k).expect("k is within the limits"),
        )));
        imp.search.replace(None);
        imp.history
            .replace(vec![Position::start(k).expect("k is within the limits")]);
        imp.replaying.set(false);
        self.sync();
        self.notify_frogs();
    }

    fn analysis(&self) -> Rc<Analysis> {
        self.imp().analysis.borrow().clone().expect("set up")
    }

    /// The figures for the current number of frogs.
    pub fn stats(&self) -> Stats {
        self.analysis().stats()
    }

    /// The position shown.
    pub fn shown(&self) -> Position {
        let imp = self.imp();
        if imp.replaying.get() {
            let search = imp.search.borrow();
            let moves = &search.as_ref().expect("replaying a solution").moves;
            let mut p = Position::start(self.frogs() as usize).expect("valid k");
            for m in &moves[..imp.moves.get() as usize] {
                p = p.after(*m);
            }
            p
        } else {
            self.position_played()
        }
    }

    /// Brings the properties up to date and notifies what changed.
    fn sync(&self) {
        let imp = self.imp();
        let _batch = self.freeze_notify();
        let replaying = imp.replaying.get();
        if !replaying {
            let history = imp.history.borrow();
            let moves = (history.len() - 1) as u32;
            if imp.moves.replace(moves) != moves {
                self.notify_moves();
            }
            let a = self.analysis();
            let now = *history.last().expect("the start at least");
            let solvable = a.is_solvable(&now);
            if imp.solvable.replace(solvable) != solvable {
                self.notify_solvable();
            }
            let undo = a.undo_needed(&history) as u32;
            if imp.undo_needed.replace(undo) != undo {
                self.notify_undo_needed();
            }
        }
        let shown = self.shown();
        let text = shown.to_string();
        if *imp.position.borrow() != text {
            imp.position.replace(text);
            self.notify_position();
        }
        let solved = shown.is_goal();
        if imp.solved.replace(solved) != solved {
            self.notify_solved();
        }
        let length = imp
            .search
            .borrow()
            .as_ref()
            .map_or(0, |s| s.moves.len() as u32);
        if imp.solution_length.replace(length) != length {
            self.notify_solution_length();
        }
    }

    fn emit_moved(&self, from: usize, to: usize) {
        self.emit_by_name::<()>("moved", &[&(from as u32), &(to as u32)]);
    }

    /// Moves the frog on `field` (0-based) if it can; else `cannot-move`.
    pub fn play(&self, field: usize) -> Option<Move> {
        if self.replaying() {
            return None;
        }
        let mut now = self.shown();
        match now.play(field) {
            Ok(mv) => {
                self.imp().history.borrow_mut().push(now);
                self.sync();
                self.emit_moved(mv.from.into(), mv.to.into());
                Some(mv)
            }
            Err(_) => {
                self.emit_by_name::<()>("cannot-move", &[&(field as u32)]);
                None
            }
        }
    }

    /// Takes the last move back ("jump back").
    pub fn undo(&self) -> bool {
        let imp = self.imp();
        if imp.replaying.get() || imp.history.borrow().len() < 2 {
            return false;
        }
        let after = imp.history.borrow_mut().pop().expect("two or more");
        let before = *imp.history.borrow().last().expect("the start at least");
        self.sync();
        // The frog goes back: from where it is now to the field now empty.
        self.emit_moved(before.empty(), after.empty());
        true
    }

    /// The field each frog left, one per move played from the start: the
    /// puzzle as it is kept when the app ends.
    pub fn played(&self) -> Vec<u32> {
        let history = self.imp().history.borrow();
        history.iter().skip(1).map(|p| p.empty() as u32).collect()
    }

    /// The last move played: the field the frog left and the one it took.
    pub fn last_move(&self) -> Option<(usize, usize)> {
        let history = self.imp().history.borrow();
        match history.as_slice() {
            [.., before, after] => Some((after.empty(), before.empty())),
            _ => None,
        }
    }

    /// The position the moves played reached (a replay of the computer's
    /// solution may be shown over it).
    pub fn position_played(&self) -> Position {
        *self
            .imp()
            .history
            .borrow()
            .last()
            .expect("the start at least")
    }

    /// Plays the frogs on `fields` in turn from the start of a puzzle with
    /// `k` frogs of each kind; when one cannot move, the puzzle is left at
    /// its start and false returned.
    pub fn play_from_start(&self, k: usize, fields: &[u32]) -> bool {
        self.set_frogs(k);
        let mut now = self.shown();
        let mut history = vec![now];
        for &field in fields {
            if now.play(field as usize).is_err() {
                return false;
            }
            history.push(now);
        }
        self.imp().history.replace(history);
        self.sync();
        true
    }

    /// Back to the start (the seed's Clear); leaves the replay.
    pub fn clear(&self) {
        let k = self.frogs() as usize;
        let imp = self.imp();
        imp.history
            .replace(vec![Position::start(k).expect("valid k")]);
        imp.replaying.set(false);
        self.notify_replaying();
        self.sync();
    }

    /// Plays the next move of a solution from here, if there is one.
    pub fn hint(&self) -> Option<Move> {
        if self.replaying() {
            return None;
        }
        let mv = self.analysis().hint(&self.shown())?;
        self.play(mv.from.into())
    }

    /// The next move of a solution from here, without playing it.
    pub fn peek_hint(&self) -> Option<Move> {
        self.analysis().hint(&self.shown())
    }

    /// The seed's search for a solution; the replay starts at its first
    /// position.
    pub fn solve(&self) -> Search {
        let found = search(self.frogs() as usize, false).expect("valid k");
        let imp = self.imp();
        imp.search.replace(Some(found.clone()));
        imp.replaying.set(true);
        imp.moves.set(0);
        self.notify_moves();
        self.notify_replaying();
        self.sync();
        found
    }

    /// Replay: the next move of the solution.
    pub fn next(&self) -> Option<Move> {
        let imp = self.imp();
        if !imp.replaying.get() {
            return None;
        }
        let step = imp.moves.get() as usize;
        let mv = *imp.search.borrow().as_ref()?.moves.get(step)?;
        imp.moves.set(step as u32 + 1);
        self.notify_moves();
        self.sync();
        self.emit_moved(mv.from.into(), mv.to.into());
        Some(mv)
    }

    /// Replay: back one move.
    pub fn previous(&self) -> Option<Move> {
        let imp = self.imp();
        let step = imp.moves.get() as usize;
        if !imp.replaying.get() || step == 0 {
            return None;
        }
        let mv = imp.search.borrow().as_ref()?.moves[step - 1];
        imp.moves.set(step as u32 - 1);
        self.notify_moves();
        self.sync();
        self.emit_moved(mv.to.into(), mv.from.into());
        Some(mv)
    }

    /// Leaves the replay: back to the moves played.
    pub fn stop_replay(&self) {
        if self.replaying() {
            self.imp().replaying.set(false);
            self.notify_replaying();
            self.sync();
        }
    }

    /// The computer's search, once it searched.
    pub fn search(&self) -> Option<Search> {
        self.imp().search.borrow().clone()
    }

    /// How many moves the seed's search tried before it found the solution.
    pub fn tried(&self) -> Option<u64> {
        self.imp().search.borrow().as_ref().map(|s| s.tried)
    }

    pub fn connect_moved<F: Fn(&Self, usize, usize) + 'static>(&self, f: F) {
        self.connect_closure(
            "moved",
            false,
            glib::closure_local!(move |obj: Self, from: u32, to: u32| {
                f(&obj, from as usize, to as usize);
            }),
        );
    }

    pub fn connect_cannot_move<F: Fn(&Self, usize) + 'static>(&self, f: F) {
        self.connect_closure(
            "cannot-move",
            false,
            glib::closure_local!(move |obj: Self, field: u32| f(&obj, field as usize)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_solve_it_and_a_wrong_move_says_how_far_back() {
        let m = LeapfrogGame::new(3);
        assert_eq!(m.position(), "XXX-YYY");
        // X on field 2 jumps its own kind: a dead end at once.
        assert!(m.play(1).is_some());
        assert!(!m.solvable());
        assert_eq!(m.undo_needed(), 1);
        assert!(m.hint().is_none(), "no hint in a dead end");
        assert!(m.undo());
        assert!(m.solvable());
        while m.hint().is_some() {}
        assert!(m.solved());
        assert_eq!(m.moves(), 15);
        assert_eq!(m.position(), "YYY-XXX");
    }

    #[test]
    fn a_frog_that_cannot_move_is_said_and_nothing_changes() {
        let m = LeapfrogGame::new(2);
        let refused = Rc::new(Cell::new(None));
        let r = refused.clone();
        m.connect_cannot_move(move |_, f| r.set(Some(f)));
        m.play(1).unwrap();
        assert_eq!(m.position(), "X-XYY");
        assert!(m.play(2).is_none(), "an X frog does not go left");
        assert_eq!(refused.get(), Some(2));
        assert_eq!((m.moves(), m.position()), (1, "X-XYY".to_string()));
    }

    #[test]
    fn the_replay_steps_through_the_seeds_solution_and_back() {
        let m = LeapfrogGame::new(2);
        m.play(1);
        let found = m.solve();
        assert_eq!(found.moves.len(), 8);
        assert!(m.replaying());
        assert_eq!(m.position(), "XX-YY", "the replay starts at the start");
        while m.next().is_some() {}
        assert!(m.solved());
        assert_eq!(m.moves(), 8);
        assert!(m.previous().is_some());
        assert!(!m.solved());
        m.stop_replay();
        assert_eq!(
            (m.moves(), m.position()),
            (1, "X-XYY".to_string()),
            "the game played is back"
        );
    }
}
