//! What the game just ended taught the computer ("show mutations"): the
//! pattern it learned, the patterns it dropped as junk, or that it will
//! vary a reply it lost with before. Said under the board, beside a button
//! to view the new pattern, until the next game starts (`status.rs`).

use std::cell::Cell;

/// The page's record of it, while the ended game is shown.
#[derive(Debug, Default)]
pub struct Lesson {
    learned: Cell<Option<usize>>,
    dropped: Cell<u32>,
    varied: Cell<bool>,
}

/// What there is to say: the pattern learned (its index), how many were
/// dropped, and whether it varies a reply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Told {
    pub learned: Option<usize>,
    pub dropped: u32,
    pub varied: bool,
}

impl Told {
    /// Anything at all to say.
    pub fn any(&self) -> bool {
        self.learned.is_some() || self.dropped > 0 || self.varied
    }
}

impl Lesson {
    /// It learned pattern `index` from the game.
    pub fn learned_pattern(&self, index: usize) {
        self.learned.set(Some(index));
    }

    /// It dropped a pattern the new one covers.
    pub fn dropped_pattern(&self) {
        self.dropped.set(self.dropped.get() + 1);
    }

    /// It lost a way it had lost before: it varies its reply.
    pub fn varies_reply(&self) {
        self.varied.set(true);
    }

    /// What is said now. A game that is not `over` has nothing to say, and
    /// the last game's lesson is forgotten with it.
    pub fn told(&self, over: bool) -> Told {
        if !over {
            self.learned.set(None);
            self.dropped.set(0);
            self.varied.set(false);
        }
        Told {
            learned: self.learned.get(),
            dropped: self.dropped.get(),
            varied: self.varied.get(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ended_game_says_its_lesson_until_the_next_game() {
        let lesson = Lesson::default();
        lesson.learned_pattern(3);
        lesson.dropped_pattern();
        lesson.dropped_pattern();
        let told = lesson.told(true);
        assert_eq!(
            (told.learned, told.dropped, told.varied),
            (Some(3), 2, false)
        );
        assert!(told.any());
        assert_eq!(lesson.told(true), told, "said again while it is shown");
        assert!(!lesson.told(false).any(), "a new game has nothing to say");
        assert!(!lesson.told(true).any(), "and the old lesson is gone");
        lesson.varies_reply();
        assert!(lesson.told(true).varied);
    }
}
