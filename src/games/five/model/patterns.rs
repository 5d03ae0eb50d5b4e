//! The model's stored patterns as the viewer, Show Why and the sidebar
//! read them: each pattern, where it came from, the game that taught it.

use match5_five::Learned;

use super::{FiveGame, taught};

impl FiveGame {
    /// A pattern of the knowledge, for the viewer.
    pub fn pattern(&self, index: usize) -> Option<match5_five::Pattern> {
        self.with(|s| s.knowledge().patterns().get(index).cloned())
    }

    /// The game in which the pattern at `index` was learned, if known.
    pub fn learned_in(&self, index: usize) -> Option<u64> {
        self.with(|s| s.knowledge().learned_in(index))
    }

    /// Where the pattern at `index` came from.
    pub fn origin(&self, index: usize) -> Origin {
        self.with(|s| {
            let k = s.knowledge();
            match k.learned(index) {
                Learned::InGame(game) => Origin::Taught(Some(game)),
                Learned::Hinted(game) => Origin::Hinted(game),
                Learned::Practice => Origin::Practice,
                Learned::Unrecorded if k.start().is_some() => Origin::Trained,
                Learned::Unrecorded => Origin::Taught(None),
            }
        })
    }

    /// The trained computer the knowledge started from, if any.
    pub fn start(&self) -> Option<String> {
        self.with(|s| s.knowledge().start().map(str::to_string))
    }

    /// The id of what the computer started from: a trained rung's, or
    /// [`match5_five::ladder::NOTHING`].
    pub fn start_id(&self) -> String {
        self.start()
            .unwrap_or_else(|| match5_five::ladder::NOTHING.to_string())
    }

    /// Whether the player may still choose what the computer starts from:
    /// no game played, not opened as a user, and the knowledge started or
    /// empty. It changes with the properties of [`START_CHOICE_FOLLOWS`].
    pub fn may_choose_start(&self) -> bool {
        self.won() + self.lost() + self.drawn() == 0
            && self.status() != match5_five::Status::User
            && (self.start().is_some() || self.patterns() == 0)
    }

    /// The game that taught the pattern at `index`, if the history keeps it.
    pub fn taught(&self, index: usize) -> Option<taught::Taught> {
        self.with(|s| taught::Taught::of(s.knowledge(), index))
    }
}

/// The properties on whose change [`FiveGame::may_choose_start`] (and what
/// the computer started from) may change.
pub const START_CHOICE_FOLLOWS: [&str; 6] = [
    "won",
    "lost",
    "drawn",
    "patterns",
    "knowledge-status",
    "player",
];

/// Where a stored pattern came from, as a person is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The player taught it by winning, in this game if the file says.
    Taught(Option<u64>),
    /// The player won this game with hints: it teaches, but not the level.
    Hinted(u64),
    /// The computer learned it in practice, against another opponent.
    Practice,
    /// It came with the trained computer the knowledge started from.
    Trained,
}

impl Origin {
    /// Every kind, with the longest game number a text shows: what the
    /// places that say an origin keep their height for.
    pub const SAMPLES: [Origin; 5] = [
        Origin::Taught(Some(99_999)),
        Origin::Taught(None),
        Origin::Hinted(99_999),
        Origin::Practice,
        Origin::Trained,
    ];

    /// The player's game that taught it, where it is known.
    pub fn game(self) -> Option<u64> {
        match self {
            Origin::Taught(game) => game,
            Origin::Hinted(game) => Some(game),
            Origin::Practice | Origin::Trained => None,
        }
    }
}
