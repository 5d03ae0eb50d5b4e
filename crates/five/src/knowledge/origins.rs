//! Where each stored pattern came from: taught by the player, learned from
//! a game the player won with hints, copied from the trained computer the
//! knowledge started from, or learned by the computer in practice; and the
//! counts that follow from it (the player's level counts only what the
//! player taught alone).

use super::{Knowledge, Learned, OriginCounts};

impl Knowledge {
    /// The same knowledge, with where each pattern came from (in knowledge
    /// order) as read from its file.
    pub fn with_learned(mut self, learned: Vec<Learned>) -> Knowledge {
        if learned.len() == self.patterns.len() {
            self.learned = learned;
        }
        self
    }

    /// Files written before Match5 told a hinted win's pattern apart kept
    /// it as practice (`practice = true`); their history still holds the
    /// game, its hints and its moves. A practice pattern that is the lesson
    /// of such a game is marked as learned from it again
    /// ([`Learned::Hinted`]).
    pub fn with_hinted_origins_found(mut self) -> Knowledge {
        use crate::board::Color;
        use crate::game::{Game, Mode};
        use crate::history::GameResult;
        let games: Vec<_> = (self.history().entries())
            .filter(|e| e.result == GameResult::Won && e.hints > 0)
            .filter_map(|e| Some((e.game, e.moves.clone()?)))
            .collect();
        for (game, moves) in games {
            let first = moves.first().map_or(Color::Blue, |m| m.kind.color());
            let lesson = Game::replay(Mode::VsComputer, first, &moves, &self)
                .ok()
                .and_then(|g| g.lesson());
            let Some(lesson) = lesson else {
                continue;
            };
            let found = (0..self.patterns.len())
                .find(|&i| self.learned(i) == Learned::Practice && self.patterns[i] == lesson);
            if let Some(i) = found {
                self.learned[i] = Learned::Hinted(game);
            }
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

    /// The patterns learned from games the player won with hints, still
    /// stored.
    pub fn hinted(&self) -> usize {
        (self.learned.iter())
            .filter(|l| matches!(l, Learned::Hinted(_)))
            .count()
    }

    fn count(&self, kind: Learned) -> usize {
        self.learned.iter().filter(|l| **l == kind).count()
    }

    /// The four counts of where the stored patterns came from, in one pass
    /// (the app asks for them after every move): each as
    /// [`Knowledge::level`], [`Knowledge::trained`],
    /// [`Knowledge::practised`] and [`Knowledge::hinted`] count it.
    pub fn origin_counts(&self) -> OriginCounts {
        let mut counts = OriginCounts::default();
        for i in 0..self.patterns.len() {
            match self.learned(i) {
                Learned::InGame(_) => counts.level += 1,
                Learned::Practice => counts.practised += 1,
                Learned::Hinted(_) => counts.hinted += 1,
                Learned::Unrecorded if self.start.is_none() => counts.level += 1,
                Learned::Unrecorded => counts.trained += 1,
            }
        }
        counts
    }

    /// Was the pattern at `index` taught by this player (not copied from
    /// the trained computer the knowledge started from, not learned in
    /// practice)?
    pub fn is_taught(&self, index: usize) -> bool {
        match self.learned(index) {
            Learned::InGame(_) => true,
            Learned::Practice | Learned::Hinted(_) => false,
            Learned::Unrecorded => self.start.is_none(),
        }
    }
}
