//! What the computer knows: the positions it has met, in the order it met
//! them (the listing's array FF), each with a preference value (array GG).

use std::collections::HashMap;

use crate::board::{Board, Mark};

/// The most games a file counts: the largest number its TOML can hold
/// (`i64::MAX`). The count stays there, so what is written reads back.
pub const MAX_GAMES: u64 = i64::MAX as u64;

/// What a finished game adds to the preference of every position the
/// computer made in it. The article: +1 won, 0 drawn, −1 lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rewards {
    pub win: i32,
    pub draw: i32,
    pub loss: i32,
}

impl Default for Rewards {
    fn default() -> Self {
        Rewards {
            win: 1,
            draw: 0,
            loss: -1,
        }
    }
}

impl Rewards {
    /// MENACE's beads (Michie, 1961): +3 won, +1 drawn, −1 lost.
    pub const MENACE: Rewards = Rewards {
        win: 3,
        draw: 1,
        loss: -1,
    };
}

/// How a game ended for the player who learns from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Drawn,
    Lost,
}

/// Why the computer played a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The field played, 0 to 8 (the article's field 1 to 9).
    pub field: usize,
    /// The position after the move, as its lowest image.
    pub position: u32,
    pub preference: i32,
    /// The position was in the list before this move.
    pub known: bool,
}

/// The highest preference of `options`, the first of equal ones.
pub fn best_of(options: &[Choice]) -> Option<Choice> {
    options.iter().copied().reduce(|best, c| {
        if c.preference > best.preference {
            c
        } else {
            best
        }
    })
}

/// What one game taught the computer: the positions it looked at while
/// choosing (in order), those it made, and how the game ended for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub seen: Vec<u32>,
    pub made: Vec<u32>,
    pub outcome: Outcome,
}

/// The list of positions and preferences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knowledge {
    rewards: Rewards,
    positions: Vec<u32>,
    preferences: Vec<i32>,
    index: HashMap<u32, usize>,
    /// Games learned from.
    games: u64,
}

impl Knowledge {
    pub fn new(rewards: Rewards) -> Knowledge {
        Knowledge {
            rewards,
            ..Knowledge::default()
        }
    }

    /// Knowledge holding `entries` (position, preference) in this order.
    pub fn with_entries(
        rewards: Rewards,
        entries: impl IntoIterator<Item = (u32, i32)>,
    ) -> Knowledge {
        let mut k = Knowledge::new(rewards);
        for (position, preference) in entries {
            let at = k.find_or_add(position);
            k.preferences[at] = preference;
        }
        k
    }

    pub fn rewards(&self) -> Rewards {
        self.rewards
    }

    /// How many games it has learned from.
    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn set_games(&mut self, games: u64) {
        self.games = games.min(MAX_GAMES);
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Every stored position with its preference, in the order met.
    pub fn entries(&self) -> impl Iterator<Item = (u32, i32)> + '_ {
        self.positions
            .iter()
            .copied()
            .zip(self.preferences.iter().copied())
    }

    pub fn preference(&self, position: u32) -> Option<i32> {
        self.index.get(&position).map(|&at| self.preferences[at])
    }

    /// Only the first `len` positions met, each with its preference: what
    /// the computer knew before it met the rest.
    pub fn truncate(&mut self, len: usize) {
        for position in self.positions.drain(len.min(self.positions.len())..) {
            self.index.remove(&position);
        }
        self.preferences.truncate(len);
    }

    fn find_or_add(&mut self, position: u32) -> usize {
        if let Some(&at) = self.index.get(&position) {
            return at;
        }
        self.positions.push(position);
        self.preferences.push(0);
        self.index.insert(position, self.positions.len() - 1);
        self.positions.len() - 1
    }

    /// What the computer weighs for its move as `me`: every empty field in
    /// order 1 to 9, the position after `me` there reduced to its lowest
    /// image and looked up. A position not in the list yet is added with
    /// preference 0 (the article's way). Empty on a full board.
    pub fn consider(&mut self, board: &Board, me: Mark) -> Vec<Choice> {
        let fields: Vec<usize> = board.empty_fields().collect();
        fields
            .into_iter()
            .map(|field| {
                let mut after = *board;
                after.set(field, Some(me));
                let position = after.lowest();
                let known = self.index.contains_key(&position);
                let at = self.find_or_add(position);
                Choice {
                    field,
                    position,
                    preference: self.preferences[at],
                    known,
                }
            })
            .collect()
    }

    /// The article's move for `me`: of the fields [`consider`]ed, the one
    /// of the highest preference, and of equal ones the first. It does not
    /// look ahead. `None` on a full board.
    ///
    /// [`consider`]: Knowledge::consider
    pub fn choose(&mut self, board: &Board, me: Mark) -> Option<Choice> {
        best_of(&self.consider(board, me))
    }

    /// After a game: each position the player made in it (`made`) gets the
    /// reward of `outcome` added to its preference.
    pub fn learn(&mut self, made: &[u32], outcome: Outcome) {
        let reward = match outcome {
            Outcome::Won => self.rewards.win,
            Outcome::Drawn => self.rewards.draw,
            Outcome::Lost => self.rewards.loss,
        };
        self.games = self.games.saturating_add(1).min(MAX_GAMES);
        for &position in made {
            let at = self.find_or_add(position);
            self.preferences[at] = self.preferences[at].saturating_add(reward);
        }
    }

    /// A game played against another copy of this knowledge, played again
    /// here: the positions it looked at are added in the same order, then
    /// the lesson is learned.
    pub fn apply(&mut self, lesson: &Lesson) {
        for &position in &lesson.seen {
            self.find_or_add(position);
        }
        self.learn(&lesson.made, lesson.outcome);
    }

    /// Forgets everything (the rewards stay).
    pub fn forget(&mut self) {
        *self = Knowledge::new(self.rewards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unseen_positions_are_added_and_ties_go_to_the_first_field() {
        let mut k = Knowledge::default();
        let mut board = Board::default();
        board.set(4, Some(Mark::X));
        let choice = k.choose(&board, Mark::O).unwrap();
        // Around a centre X there are two kinds of fields: corners and
        // edges; both are new with preference 0, so field 1 (a corner).
        assert_eq!(
            (choice.field, choice.preference, choice.known),
            (0, 0, false)
        );
        assert_eq!(k.len(), 2);
        // A lost game makes the corner worse: next time an edge (field 2).
        k.learn(&[choice.position], Outcome::Lost);
        let again = k.choose(&board, Mark::O).unwrap();
        assert_eq!((again.field, again.preference, again.known), (1, 0, true));
        assert_eq!(k.preference(choice.position), Some(-1));
    }

    #[test]
    fn rewards_are_settings() {
        let mut k = Knowledge::new(Rewards::MENACE);
        k.learn(&[5, 7], Outcome::Won);
        k.learn(&[5], Outcome::Drawn);
        assert_eq!(k.entries().collect::<Vec<_>>(), vec![(5, 4), (7, 3)]);
    }
}
