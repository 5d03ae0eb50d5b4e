//! Where each stored pattern came from: taught by the player, copied from
//! the trained computer the knowledge started from, or learned by the
//! computer in practice; and the counts that follow from it (the player's
//! level counts only what the player taught).

use super::{Knowledge, Learned};

impl Knowledge {
    /// The same knowledge, with where each pattern came from (in knowledge
    /// order) as read from its file.
    pub fn with_learned(mut self, learned: Vec<Learned>) -> Knowledge {
        if learned.len() == self.patterns.len() {
            self.learned = learned;
        }
        self
    }

    /// The game in which the pattern at `index` was learned, if known.
    pub fn learned_in(&self, index: usize) -> Option<u64> {
        self.learned(index).game()
    }

    /// Where the pattern at `index` came from.
    pub fn learned(&self, index: usize) -> Learned {
        self.learned.get(index).copied().unwrap_or_default()
    }

    /// The player's level: the number of stored patterns this player
    /// taught, the seed's "roughly the number of times the player has won
    /// from the computer". Patterns copied from the trained computer the
    /// knowledge started from (see [`Knowledge::trained`]) are not theirs
    /// and do not count; without a start every pattern counts, as in the
    /// seed. Patterns the computer learned in practice
    /// ([`Knowledge::practised`]) are its own and do not count either. Junk
    /// removal that deletes a taught pattern lowers it.
    pub fn level(&self) -> usize {
        (0..self.patterns.len())
            .filter(|&i| self.is_taught(i))
            .count()
    }

    /// The patterns that came with the trained computer this knowledge
    /// started from and are still stored: in started knowledge, a pattern
    /// without the game that taught it. 0 without a start.
    pub fn trained(&self) -> usize {
        match self.start {
            None => 0,
            Some(_) => self.count(Learned::Unrecorded),
        }
    }

    /// The patterns the computer learned in practice and still stores.
    pub fn practised(&self) -> usize {
        self.count(Learned::Practice)
    }

    fn count(&self, kind: Learned) -> usize {
        self.learned.iter().filter(|l| **l == kind).count()
    }

    /// Was the pattern at `index` taught by this player (not copied from
    /// the trained computer the knowledge started from, not learned in
    /// practice)?
    pub fn is_taught(&self, index: usize) -> bool {
        match self.learned(index) {
            Learned::InGame(_) => true,
            Learned::Practice => false,
            Learned::Unrecorded => self.start.is_none(),
        }
    }
}
