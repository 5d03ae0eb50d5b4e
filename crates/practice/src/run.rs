//! A practice run: the computer (red) plays game after game against an
//! opponent (blue) and learns from each game it loses, one game per call
//! of [`Practice::play`], so that the caller decides when to save, show or
//! stop.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use match5_common::random::{GameRng, rng_from_entropy, rng_from_seed};
use match5_five::knowledge::Change;
use match5_five::{Cell, Color, Game, Knowledge, Mode, Style, opponents};
use rand::Rng;

use crate::engine::{Engine, EngineError, Info};
use crate::opponent::Opponent;

/// Who makes the first move of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    Computer,
    Opponent,
    /// By turns, the first game as said.
    Alternate {
        computer_first: bool,
    },
}

impl Starts {
    /// The colour that starts game `n` (0-based): red is the computer.
    pub fn first(self, n: u64) -> Color {
        let computer = match self {
            Starts::Computer => true,
            Starts::Opponent => false,
            Starts::Alternate { computer_first } => computer_first == n.is_multiple_of(2),
        };
        if computer { Color::Red } else { Color::Blue }
    }
}

/// What the computer keeps of a game it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learning {
    /// As a game against the knowledge's player: counted in their
    /// statistics and history, the pattern theirs (`match5-cli train`,
    /// which builds trained computers).
    Counted,
    /// As the computer's own practice: the pattern is learned but never
    /// raises the player's level, and the games are not the player's.
    Practice,
    /// Nothing: the computer only plays (measuring).
    Frozen,
}

/// What a run plays.
#[derive(Clone, Debug)]
pub struct Setup {
    pub opponent: Opponent,
    /// How the computer plays where no pattern tells it (a copy of it,
    /// `self`, plays the same way).
    pub style: Style,
    pub starts: Starts,
    pub learning: Learning,
    /// Seeds every random choice; `None`: fresh each run.
    pub seed: Option<u64>,
    /// Every game starts both sides' random choices from the same seeds,
    /// so a game differs from the one before only by what was learned.
    pub same_start: bool,
    /// How long an engine may take for each answer.
    pub timeout: Duration,
    /// `INFO` settings for an engine.
    pub engine_info: Vec<Info>,
}

impl Setup {
    /// Practice against `opponent`: the computer starts, learns as its own
    /// practice; an engine gets a second a move.
    pub fn new(opponent: Opponent) -> Setup {
        Setup {
            opponent,
            style: Style::Classic,
            starts: Starts::Computer,
            learning: Learning::Practice,
            seed: None,
            same_start: false,
            timeout: Duration::from_secs(2),
            engine_info: Vec::new(),
        }
    }
}

/// The games of a run so far, from the computer's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub played: u64,
    pub computer_won: u64,
    pub computer_lost: u64,
    pub drawn: u64,
    /// Patterns learned.
    pub learned: u64,
    /// Patterns removed as junk.
    pub junk: u64,
    /// Losses that taught no new pattern: their lines are remembered.
    pub varied: u64,
}

/// Why a run cannot go on.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum PracticeError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A move the rules refused, by a player that is not an engine (a bug).
    #[error("{0}")]
    Move(String),
}

/// A run that could not start (its engine did not), with the knowledge it
/// was given, handed back untouched: a caller keeps what the computer knew
/// without copying it first.
#[derive(Debug)]
pub struct NotStarted {
    pub error: PracticeError,
    pub knowledge: Knowledge,
}

/// One finished game and what it taught.
pub struct Played {
    pub game: Game,
    pub changes: Vec<Change>,
}

/// The blue side of a game.
enum Blue {
    BuiltIn(Opponent, Box<GameRng>),
    External(Box<Engine>),
    /// A copy of the computer's knowledge, playing blue: it sees the game
    /// with the colours swapped (`mirror`), so it plays and learns as red.
    SelfCopy {
        knowledge: Box<Knowledge>,
        rng: Box<GameRng>,
        mirror: Game,
        /// Some moves at random (`noisy-self`).
        noisy: bool,
        style: Style,
    },
}

/// A run in progress.
pub struct Practice {
    knowledge: Knowledge,
    setup: Setup,
    blue: Blue,
    computer_rng: GameRng,
    computer_seed: u64,
    blue_seed: u64,
    tally: Tally,
}

impl Practice {
    /// Ready to play `setup` with `knowledge`; an engine is started (and
    /// checked) now. A set `stop` ends any wait for an engine. When the
    /// engine does not start, the knowledge comes back with the error.
    pub fn new(
        knowledge: Knowledge,
        setup: Setup,
        stop: Arc<AtomicBool>,
    ) -> Result<Practice, Box<NotStarted>> {
        let mut seeds = setup.seed.map_or_else(rng_from_entropy, rng_from_seed);
        let computer_seed: u64 = seeds.random();
        let blue = match &setup.opponent {
            Opponent::Pbrain(cmd) => {
                match Engine::start(cmd, setup.timeout, &setup.engine_info, stop) {
                    Ok(engine) => Blue::External(Box::new(engine)),
                    Err(error) => {
                        return Err(Box::new(NotStarted {
                            error: error.into(),
                            knowledge,
                        }));
                    }
                }
            }
            Opponent::SelfCopy | Opponent::NoisySelf => Blue::SelfCopy {
                knowledge: Box::new(knowledge.clone()),
                rng: Box::new(rng_from_seed(seeds.random())),
                mirror: Game::new(Mode::VsComputer, Color::Red),
                noisy: matches!(setup.opponent, Opponent::NoisySelf),
                style: setup.style,
            },
            builtin => Blue::BuiltIn(builtin.clone(), Box::new(rng_from_seed(seeds.random()))),
        };
        let blue_seed = seeds.random();
        Ok(Practice {
            knowledge,
            setup,
            blue,
            computer_rng: rng_from_seed(computer_seed),
            computer_seed,
            blue_seed,
            tally: Tally::default(),
        })
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    pub fn knowledge_mut(&mut self) -> &mut Knowledge {
        &mut self.knowledge
    }

    pub fn tally(&self) -> Tally {
        self.tally
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Plays the next game. `watch` sees the game after every move and may
    /// end it early by answering `false`: then `Ok(None)`, and the game
    /// counts for nothing. A finished game is learned from as the setup
    /// says.
    pub fn play(
        &mut self,
        watch: &mut dyn FnMut(&Game) -> bool,
    ) -> Result<Option<Played>, PracticeError> {
        let n = self.tally.played;
        if self.setup.same_start {
            self.computer_rng = rng_from_seed(self.computer_seed);
            if let Blue::BuiltIn(_, rng) | Blue::SelfCopy { rng, .. } = &mut self.blue {
                **rng = rng_from_seed(self.blue_seed);
            }
        }
        if let Blue::External(engine) = &mut self.blue
            && n > 0
        {
            engine.restart()?;
        }
        let mut game = Game::new(Mode::VsComputer, self.setup.starts.first(n));
        let mut last_red = None;
        while !game.is_over() {
            if game.to_move() == Color::Blue {
                let cell = self.blue.reply(&game, last_red)?;
                if let Err(e) = game.play(cell) {
                    return Err(match &self.blue {
                        Blue::External(engine) => engine.illegal(cell, e.to_string()).into(),
                        _ => PracticeError::Move(format!("the opponent played {cell}: {e}")),
                    });
                }
            } else {
                let reply = game
                    .computer_move_in(self.setup.style, &self.knowledge, &mut self.computer_rng)
                    .map_err(|e| PracticeError::Move(e.to_string()))?;
                last_red = Some(reply.cell);
            }
            if !watch(&game) {
                return Ok(None);
            }
        }
        let changes = match self.setup.learning {
            Learning::Frozen => Vec::new(),
            Learning::Counted => match5_five::finish_game(&mut self.knowledge, &game),
            Learning::Practice => match5_five::finish_practice_game(&mut self.knowledge, &game),
        };
        self.blue.finished(&game)?;
        self.count(&game, &changes);
        Ok(Some(Played { game, changes }))
    }

    fn count(&mut self, game: &Game, changes: &[Change]) {
        let t = &mut self.tally;
        t.played += 1;
        match game.outcome().and_then(|o| o.winner()) {
            Some(Color::Red) => t.computer_won += 1,
            Some(Color::Blue) => {
                t.computer_lost += 1;
                for change in changes {
                    match change {
                        Change::Added { .. } => t.learned += 1,
                        Change::Removed { .. } => t.junk += 1,
                        Change::Varied { .. } => t.varied += 1,
                    }
                }
            }
            None => t.drawn += 1,
        }
    }

    /// Ends the run: an engine is told END and stopped. The knowledge
    /// with what it learned.
    pub fn finish(self) -> Knowledge {
        if let Blue::External(engine) = self.blue {
            engine.end();
        }
        self.knowledge
    }
}

impl Blue {
    /// Blue's move, given red's last move (none when blue begins).
    fn reply(&mut self, game: &Game, red: Option<Cell>) -> Result<Cell, PracticeError> {
        let moved = |e: match5_five::game::MoveError| PracticeError::Move(e.to_string());
        match self {
            Blue::BuiltIn(opponent, rng) => Ok(opponent
                .builtin_move(game.board(), Color::Blue, rng)
                .expect("a move on a board that is not full")),
            Blue::External(engine) => Ok(match red {
                None => engine.begin()?,
                Some(cell) => engine.turn(cell)?,
            }),
            Blue::SelfCopy {
                knowledge,
                rng,
                mirror,
                noisy,
                style,
            } => {
                if game.moves().len() <= 1 {
                    let first = game.moves().first().map_or(Color::Blue, |m| m.kind.color());
                    *mirror = Game::new(Mode::VsComputer, first.other());
                }
                if let Some(cell) = red {
                    mirror.play_as(Color::Blue, cell).map_err(moved)?;
                }
                let own = mirror
                    .moves()
                    .iter()
                    .filter(|m| m.kind.color() == Color::Red)
                    .count();
                if *noisy
                    && (own < opponents::NOISY_OPENING
                        || (!opponents::urgent(mirror.board(), Color::Red)
                            && rng.random_range(0..100) < opponents::NOISE_PERCENT))
                    && let Some(cell) = match5_five::computer::free_move(mirror.board(), rng)
                {
                    // Played as the copy's own move (red in its mirror).
                    mirror.play_as(Color::Red, cell).map_err(moved)?;
                    return Ok(cell);
                }
                Ok(mirror
                    .computer_move_in(*style, knowledge, rng)
                    .map_err(|e| PracticeError::Move(e.to_string()))?
                    .cell)
            }
        }
    }

    /// After a game: the copy learns from it too.
    fn finished(&mut self, game: &Game) -> Result<(), PracticeError> {
        if let Blue::SelfCopy {
            knowledge, mirror, ..
        } = self
        {
            if let Some(last) = game.moves().last()
                && mirror.moves().len() < game.moves().len()
            {
                mirror
                    .play_as(Color::Blue, last.cell)
                    .map_err(|e| PracticeError::Move(e.to_string()))?;
            }
            match5_five::finish_game(knowledge, mirror);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(setup: Setup, games: u64) -> (Practice, Vec<Played>) {
        let stop = Arc::new(AtomicBool::new(false));
        let mut p = Practice::new(Knowledge::new("Anna"), setup, stop).unwrap();
        let played = (0..games)
            .map(|_| p.play(&mut |_| true).unwrap().unwrap())
            .collect();
        (p, played)
    }

    #[test]
    fn practice_teaches_the_computer_and_not_the_player() {
        let mut setup = Setup::new(Opponent::Greedy);
        setup.seed = Some(7);
        setup.starts = Starts::Alternate {
            computer_first: false,
        };
        let (p, played) = run(setup, 40);
        let t = p.tally();
        assert_eq!(t.played, 40);
        assert_eq!(t.computer_won + t.computer_lost + t.drawn, 40);
        assert!(t.learned > 0, "greedy wins some games early: {t:?}");
        let k = p.knowledge();
        assert_eq!(k.level(), 0, "nothing the player taught");
        assert_eq!(k.practised(), k.pattern_count());
        assert_eq!(k.stats().games(), 0, "no game of the player's");
        // Who started alternates, the opponent first.
        let firsts: Vec<Color> = played
            .iter()
            .take(4)
            .map(|g| g.game.moves()[0].kind.color())
            .collect();
        assert_eq!(firsts, [Color::Blue, Color::Red, Color::Blue, Color::Red]);
    }

    #[test]
    fn frozen_practice_changes_nothing_and_counted_is_the_players() {
        let mut setup = Setup::new(Opponent::Random);
        setup.seed = Some(3);
        setup.learning = Learning::Frozen;
        let (p, _) = run(setup.clone(), 20);
        assert_eq!(p.knowledge().pattern_count(), 0);
        assert_eq!(p.tally().played, 20);
        setup.learning = Learning::Counted;
        setup.opponent = Opponent::Greedy;
        let (p, _) = run(setup, 20);
        assert_eq!(p.knowledge().stats().games(), 20);
        assert_eq!(p.knowledge().level(), p.knowledge().pattern_count());
    }

    #[test]
    fn a_watcher_that_says_stop_ends_the_game_uncounted() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut p =
            Practice::new(Knowledge::new("Anna"), Setup::new(Opponent::Random), stop).unwrap();
        let mut moves = 0;
        let r = p
            .play(&mut |_| {
                moves += 1;
                moves < 3
            })
            .unwrap();
        assert!(r.is_none());
        assert_eq!((moves, p.tally().played), (3, 0));
    }
}
