//! The origin of one stored pattern, and the counts of them.

/// Where a stored pattern came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Learned {
    /// Not recorded: in knowledge without a start, the player taught it
    /// (the seed's files keep no games); in started knowledge, it came with
    /// the trained computer.
    #[default]
    Unrecorded,
    /// The player taught it by winning this game.
    InGame(u64),
    /// The player won this game with hints: the computer learned from it,
    /// but a win with help is not counted in the player's level.
    Hinted(u64),
    /// The computer learned it in practice, against an opponent that is not
    /// the player: its own, never counted in the player's level.
    Practice,
}

impl Learned {
    /// The game that taught it, if recorded.
    pub fn game(self) -> Option<u64> {
        match self {
            Learned::InGame(g) | Learned::Hinted(g) => Some(g),
            _ => None,
        }
    }
}

/// How many stored patterns came from where (see
/// [`Knowledge::origin_counts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OriginCounts {
    /// Taught by the player: the level.
    pub level: usize,
    /// Copied from the trained computer the knowledge started from.
    pub trained: usize,
    /// Learned by the computer in practice.
    pub practised: usize,
    /// Learned from games the player won with hints.
    pub hinted: usize,
}
