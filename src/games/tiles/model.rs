//! The tile game as a GObject: the game (`match5-tiles`), who plays each
//! side, and the computer's moves and hints worked out off the main loop.
//!
//! Properties the page binds to: `moves` (moves played; it changes with
//! every move, taken back or played), `over`, `thinking`. Signals:
//! `hinted (bowl, colour, score, exact, depth)`, `refused (message)`.
//!
//! The computer and the hint think within [`BUDGET`]: about 2 seconds and
//! 64 MiB whatever the game's size; a search that does not finish in time
//! answers with the best move it found (the hint says it is not proven).

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use gtk::glib::prelude::*;
use gtk::glib::subclass::Signal;
use gtk::subclass::prelude::*;
use gtk::{gio, glib};
use match5_common::random::rng_from_entropy;
use match5_tiles::players::{good_move_until, random_move};
use match5_tiles::{Budget, Colour, Game, Move, Sizes, best_score_within};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    #[default]
    Person,
    /// The exact search.
    Best,
    /// The seed's Monte Carlo good move.
    Good,
    /// The row made fullest.
    Greedy,
    Random,
}

impl Player {
    pub const ALL: [Player; 5] = [
        Player::Person,
        Player::Best,
        Player::Good,
        Player::Greedy,
        Player::Random,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Player::Person => "person",
            Player::Best => "best",
            Player::Good => "good",
            Player::Greedy => "greedy",
            Player::Random => "random",
        }
    }

    pub fn from_id(id: &str) -> Player {
        Player::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .unwrap_or_default()
    }
}

/// Random games per move of the good player.
pub const SIMULATIONS: usize = 300;

/// What the computer may use for a move or a hint: 2 seconds, 64 MiB.
pub const BUDGET: Budget = Budget {
    time: Some(std::time::Duration::from_secs(2)),
    memory: Budget::MEMORY,
};

/// The best move within [`BUDGET`]; it stops at once, with nothing, when
/// `cancelled` is set (the position it was asked about is gone).
fn best_move(game: &Game, cancelled: &AtomicBool) -> Option<match5_tiles::Best> {
    best_score_within(
        game,
        BUDGET,
        &|| cancelled.load(Ordering::Relaxed),
        &mut |_| {},
    )
}

/// The computer's move for `game`.
fn computer_move(game: &Game, player: Player, cancelled: &AtomicBool) -> Option<Move> {
    let mut rng = rng_from_entropy();
    match player {
        Player::Person => None,
        Player::Best => best_move(game, cancelled).and_then(|b| b.best),
        Player::Good => good_move_until(
            game,
            SIMULATIONS,
            BUDGET.time,
            &|| cancelled.load(Ordering::Relaxed),
            &mut rng,
        )
        .map(|g| g.best),
        Player::Greedy => game.greedy_move(),
        Player::Random => random_move(game, &mut rng),
    }
}

mod imp {
    use super::*;

    #[derive(glib::Properties)]
    #[properties(wrapper_type = super::TilesGame)]
    pub struct TilesGame {
        #[property(get)]
        pub moves: Cell<u32>,
        #[property(get)]
        pub over: Cell<bool>,
        /// The computer is working out a move or a hint.
        #[property(get)]
        pub thinking: Cell<bool>,
        pub game: RefCell<Game>,
        /// The game as it was set up (New Game starts it again).
        pub start: RefCell<Game>,
        pub players: Cell<[Player; 2]>,
        /// Rises with every change, so that a late answer from the other
        /// thread about an older position is dropped.
        pub generation: Cell<u64>,
        /// Set when the position changes: the searches about the old one
        /// stop at once, so only the search about this one runs.
        pub cancel: RefCell<Arc<AtomicBool>>,
        /// Searches still running (cancelled ones finish their step).
        pub searching: Cell<u32>,
    }

    impl Default for TilesGame {
        fn default() -> Self {
            let game = fresh_deal(FRESH_SIZES, FRESH_POT);
            TilesGame {
                moves: Cell::default(),
                over: Cell::default(),
                thinking: Cell::default(),
                game: RefCell::new(game.clone()),
                start: RefCell::new(game),
                players: Cell::new([Player::Person, Player::Best]),
                generation: Cell::default(),
                cancel: RefCell::default(),
                searching: Cell::default(),
            }
        }
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TilesGame {
        const NAME: &'static str = "Match5TilesGame";
        type Type = super::TilesGame;
    }

    #[glib::derived_properties]
    impl ObjectImpl for TilesGame {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("hinted")
                        .param_types([
                            u32::static_type(),
                            u32::static_type(),
                            i32::static_type(),
                            bool::static_type(),
                            u32::static_type(),
                        ])
                        .build(),
                    Signal::builder("refused")
                        .param_types([String::static_type()])
                        .build(),
                ]
            })
        }
    }
}

glib::wrapper! {
    pub struct TilesGame(ObjectSubclass<imp::TilesGame>);
}

impl Default for TilesGame {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl TilesGame {
    /// The game now (a copy).
    pub fn game(&self) -> Game {
        self.imp().game.borrow().clone()
    }

    pub fn players(&self) -> [Player; 2] {
        self.imp().players.get()
    }

    /// Who plays each side; the computer moves at once if it is its turn.
    pub fn set_players(&self, players: [Player; 2]) {
        self.imp().players.set(players);
        self.changed();
    }

    /// Starts `game` (from a file, the example, a random pot).
    pub fn set_game(&self, game: Game) {
        self.imp().start.replace(game.clone());
        self.imp().game.replace(game);
        self.changed();
    }

    /// The game as it was set up: where Start Over goes back to.
    pub fn start(&self) -> Game {
        self.imp().start.borrow().clone()
    }

    /// Brings a game back: set up as `start`, `played` from there, with
    /// `players` on its sides. False, and nothing changed, when a move
    /// cannot be played.
    pub fn resume(&self, start: Game, played: &[Move], players: [Player; 2]) -> bool {
        let mut game = start.clone();
        if played.iter().any(|&mv| game.play(mv).is_err()) {
            return false;
        }
        let imp = self.imp();
        imp.start.replace(start);
        imp.game.replace(game);
        imp.players.set(players);
        self.changed();
        true
    }

    /// A fresh random deal of the same sizes and pot length.
    pub fn deal(&self) {
        let start = self.imp().start.borrow().clone();
        self.set_game(fresh_deal(start.sizes(), start.pot().len()));
    }

    /// The game as it was set up, from its start.
    pub fn restart(&self) {
        let start = self.imp().start.borrow().clone();
        self.imp().game.replace(start);
        self.changed();
    }

    /// A person's move; refused (with the reason) when not allowed or not
    /// the person's turn.
    pub fn play(&self, mv: Move) {
        if let Err(Refused::NotYourTurn(message) | Refused::NotAllowed(message)) = self.try_play(mv)
        {
            self.emit_by_name::<()>("refused", &[&message]);
        }
    }

    /// A person's move, or why not, in the words the page shows.
    pub fn try_play(&self, mv: Move) -> Result<(), Refused> {
        let (me, over) = {
            let game = self.imp().game.borrow();
            (game.to_move(), game.is_over())
        };
        if !over && (self.players()[me] != Player::Person || self.thinking()) {
            return Err(Refused::NotYourTurn(crate::i18n::gettext(
                "Wait for the computer’s move.",
            )));
        }
        let result = self.imp().game.borrow_mut().play(mv);
        match result {
            Ok(()) => {
                self.changed();
                Ok(())
            }
            Err(e) => Err(Refused::NotAllowed(refusal(&e))),
        }
    }

    /// The game as it was at the last turn of a person before now, if a
    /// person has moved: what Undo goes back to.
    fn last_person_turn(&self) -> Option<Game> {
        let players = self.players();
        let mut game = self.game();
        while game.undo() {
            if players[game.to_move()] == Player::Person {
                return Some(game);
            }
        }
        None
    }

    /// Can Undo take a person's move back?
    pub fn can_undo(&self) -> bool {
        self.last_person_turn().is_some()
    }

    /// Takes back moves, the computer's answers included, to the last turn
    /// of a person; false when no person has moved.
    pub fn undo(&self) -> bool {
        let Some(before) = self.last_person_turn() else {
            return false;
        };
        self.imp().game.replace(before);
        self.changed();
        true
    }

    /// Works out the best move for the player to move; `hinted` tells it.
    pub fn hint(&self) {
        if !self.imp().game.borrow().is_over() {
            glib::spawn_future_local(self.best());
        }
    }

    /// The best move for the player to move, worked out off the main loop
    /// within [`BUDGET`]; `hinted` tells it. `None` when the game changed
    /// before the search ended.
    pub fn best(&self) -> impl Future<Output = Option<match5_tiles::Best>> + 'static {
        let game = self.game();
        let generation = self.imp().generation.get();
        self.set_thinking(true);
        let model = self.downgrade();
        let search = self.search();
        async move {
            let cancelled = search.clone();
            let best = gio::spawn_blocking(move || best_move(&game, &cancelled))
                .await
                .ok()
                .flatten();
            let model = model.upgrade()?;
            model.search_ended();
            // The game changed meanwhile: what was found is about a position
            // that is gone (a stopped search ends with its best so far), and
            // whether the computer thinks now is the new position's business.
            if model.imp().generation.get() != generation {
                return None;
            }
            model.set_thinking(false);
            if let Some(found) = &best
                && let Some(mv) = found.best
            {
                model.emit_by_name::<()>(
                    "hinted",
                    &[
                        &(mv.bowl as u32),
                        &(mv.colour.index() as u32),
                        &found.score,
                        &found.exact,
                        &found.depth,
                    ],
                );
            }
            best
        }
    }

    /// The flag that stops a search about the position now, counted as
    /// running until [`Self::search_ended`].
    fn search(&self) -> Arc<AtomicBool> {
        let imp = self.imp();
        imp.searching.set(imp.searching.get() + 1);
        imp.cancel.borrow().clone()
    }

    /// A search ended; once none runs, the memory the searches used goes
    /// back to the system (the allocator keeps it otherwise).
    fn search_ended(&self) {
        let imp = self.imp();
        imp.searching.set(imp.searching.get().saturating_sub(1));
        if imp.searching.get() == 0 {
            match5_common::memory::give_back();
        }
    }

    fn set_thinking(&self, on: bool) {
        if self.imp().thinking.replace(on) != on {
            self.notify_thinking();
        }
    }

    /// After every change: the properties, and the computer's move when
    /// it is its turn.
    fn changed(&self) {
        let imp = self.imp();
        imp.generation.set(imp.generation.get() + 1);
        // The searches about the position before stop now.
        imp.cancel
            .replace(Arc::default())
            .store(true, Ordering::Relaxed);
        let (moves, over, to_move) = {
            let game = imp.game.borrow();
            (game.moves_played() as u32, game.is_over(), game.to_move())
        };
        imp.over.set(over);
        imp.moves.set(moves);
        self.notify_over();
        self.notify_moves();
        let player = self.players()[to_move];
        if over || player == Player::Person {
            self.set_thinking(false);
            return;
        }
        let generation = imp.generation.get();
        let game = self.game();
        self.set_thinking(true);
        let search = self.search();
        glib::spawn_future_local(glib::clone!(
            #[weak(rename_to = model)]
            self,
            async move {
                let started = std::time::Instant::now();
                let mv = gio::spawn_blocking(move || computer_move(&game, player, &search)).await;
                model.search_ended();
                // A computer that answers at once still seems to think.
                let pause = std::time::Duration::from_millis(350).saturating_sub(started.elapsed());
                glib::timeout_future(pause).await;
                if model.imp().generation.get() != generation {
                    return;
                }
                if let Ok(Some(mv)) = mv {
                    let played = model.imp().game.borrow_mut().play(mv);
                    if played.is_ok() {
                        model.changed();
                        return;
                    }
                }
                model.set_thinking(false);
            }
        ));
    }
}

/// The sizes a fresh page deals (and "Other Game" offers first).
pub const FRESH_SIZES: Sizes = Sizes {
    bowls: 3,
    bowl_size: 4,
    rows: 5,
    row_length: 5,
};
pub const FRESH_POT: usize = 30;

/// A random game of `sizes` with a pot of `pot` tiles.
pub fn fresh_deal(sizes: Sizes, pot: usize) -> Game {
    Game::random(sizes, pot, &mut rng_from_entropy())
}

/// Why a person's move was not played, in the page's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The computer plays this side, or is still thinking.
    NotYourTurn(String),
    /// The rules do not allow it.
    NotAllowed(String),
}

/// A refused move, said for people.
fn refusal(e: &match5_tiles::MoveError) -> String {
    use crate::i18n::gettext_f;
    use match5_tiles::MoveError;
    match e {
        MoveError::Over => crate::i18n::gettext("The game is over."),
        MoveError::NoBowl(_) | MoveError::NoTiles { .. } => {
            crate::i18n::gettext("That bowl holds no tiles of that colour.")
        }
        MoveError::NoRow { colour, bowl, .. } => gettext_f(
            "No row has room for the {tiles} of bowl {bowl}: a row takes one colour, and all of them must fit.",
            &[
                ("tiles", &tiles_name(*colour)),
                ("bowl", &(bowl + 1).to_string()),
            ],
        ),
    }
}

/// "yellow tiles" or "blue tiles", translated (an adjective may change
/// before a noun).
pub fn tiles_name(colour: Colour) -> String {
    match colour {
        Colour::Yellow => crate::i18n::gettext("yellow tiles"),
        Colour::Blue => crate::i18n::gettext("blue tiles"),
    }
}

/// "yellow" or "blue", translated.
pub fn colour_name(colour: Colour) -> String {
    match colour {
        Colour::Yellow => crate::i18n::gettext("yellow"),
        Colour::Blue => crate::i18n::gettext("blue"),
    }
}
