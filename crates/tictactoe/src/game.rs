//! One game of the person (X, who begins) against the computer (O): the
//! rules, the computer's reasons for its moves, and what it learns from the
//! game. Free of any user interface.

use crate::board::{Board, Mark};
use crate::knowledge::{Choice, Knowledge, Lesson, Outcome, best_of};

/// Why the computer played where it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deliberation {
    /// Every empty field it weighed, in order 1 to 9.
    pub options: Vec<Choice>,
    pub chosen: Choice,
}

impl Deliberation {
    /// How many fields shared the chosen preference (it takes the first).
    pub fn equals(&self) -> usize {
        self.options
            .iter()
            .filter(|c| c.preference == self.chosen.preference)
            .count()
    }

    /// The option of `field`, if it was empty.
    pub fn option(&self, field: usize) -> Option<&Choice> {
        self.options.iter().find(|c| c.field == field)
    }
}

/// A move the rules do not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    Over,
    #[error("field {} is taken", .0 + 1)]
    Taken(usize),
    #[error("there is no field {}", .0 + 1)]
    NoField(usize),
    #[error("it is not X's turn")]
    NotYourTurn,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    board: Board,
    /// Fields in the order played, X first.
    moves: Vec<usize>,
    seen: Vec<u32>,
    /// How many positions were seen before each of the computer's moves.
    seen_before: Vec<usize>,
    made: Vec<u32>,
    last: Option<Deliberation>,
}

impl Game {
    pub fn new() -> Game {
        Game::default()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// Who moves next; `None` once the game is over.
    pub fn to_move(&self) -> Option<Mark> {
        if self.board.is_over() {
            None
        } else if self.moves.len().is_multiple_of(2) {
            Some(Mark::X)
        } else {
            Some(Mark::O)
        }
    }

    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// How the game ended for the computer, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.board.winner() {
            Some(Mark::O) => Some(Outcome::Won),
            Some(Mark::X) => Some(Outcome::Lost),
            None if self.board.is_full() => Some(Outcome::Drawn),
            None => None,
        }
    }

    /// The three fields in a line of the winner.
    pub fn winning_line(&self) -> Option<[usize; 3]> {
        let w = self.board.winner()?;
        crate::board::LINES
            .iter()
            .copied()
            .find(|l| l.iter().all(|&f| self.board.get(f) == Some(w)))
    }

    /// The person's X on `field` (0 to 8).
    pub fn play(&mut self, field: usize) -> Result<(), Refusal> {
        match self.to_move() {
            None => return Err(Refusal::Over),
            Some(Mark::O) => return Err(Refusal::NotYourTurn),
            Some(Mark::X) => {}
        }
        if field >= 9 {
            return Err(Refusal::NoField(field));
        }
        if self.board.get(field).is_some() {
            return Err(Refusal::Taken(field));
        }
        self.board.set(field, Some(Mark::X));
        self.moves.push(field);
        Ok(())
    }

    /// The computer's O, chosen by `knowledge` (which stores every position
    /// it looks at), if it is its turn.
    pub fn answer(&mut self, knowledge: &mut Knowledge) -> Option<&Deliberation> {
        self.answer_with(knowledge, best_of)
    }

    /// The game of `moves` (fields, X first, each O an answer of the
    /// computer) played again against `knowledge`, which weighs each O as
    /// it did then (and learns from it at the end): a game kept when the
    /// app ended. `None` when a move cannot be played.
    pub fn replay(moves: &[usize], knowledge: &mut Knowledge) -> Option<Game> {
        let mut game = Game::new();
        for &field in moves {
            if game.to_move() == Some(Mark::X) {
                game.play(field).ok()?;
            } else {
                game.answer_with(knowledge, |options| {
                    options.iter().copied().find(|c| c.field == field)
                })?;
            }
        }
        Some(game)
    }

    /// The computer's O where `pick` chooses among the options weighed.
    fn answer_with(
        &mut self,
        knowledge: &mut Knowledge,
        pick: impl FnOnce(&[Choice]) -> Option<Choice>,
    ) -> Option<&Deliberation> {
        if self.to_move() != Some(Mark::O) {
            return None;
        }
        let options = knowledge.consider(&self.board, Mark::O);
        let chosen = pick(&options)?;
        self.seen_before.push(self.seen.len());
        self.seen.extend(options.iter().map(|c| c.position));
        self.made.push(chosen.position);
        self.board.set(chosen.field, Some(Mark::O));
        self.moves.push(chosen.field);
        self.last = Some(Deliberation { options, chosen });
        self.last.as_ref()
    }

    /// Takes back the person's last X and the computer's answer to it,
    /// while the game runs (a finished game has taught its lesson). The
    /// positions the computer looked at stay known, as in the original.
    pub fn undo(&mut self) -> bool {
        if self.is_over() || self.moves.len() < 2 || !self.moves.len().is_multiple_of(2) {
            return false;
        }
        for _ in 0..2 {
            let field = self.moves.pop().expect("two moves");
            self.board.set(field, None);
        }
        self.made.pop();
        if let Some(n) = self.seen_before.pop() {
            self.seen.truncate(n);
        }
        self.last = None;
        true
    }

    /// Can [`Game::undo`] take a move back?
    pub fn can_undo(&self) -> bool {
        !self.is_over() && self.moves.len() >= 2 && self.moves.len().is_multiple_of(2)
    }

    /// Why the computer made its latest move.
    pub fn last_deliberation(&self) -> Option<&Deliberation> {
        self.last.as_ref()
    }

    /// What the finished game teaches the computer; `None` before the end.
    pub fn lesson(&self) -> Option<Lesson> {
        Some(Lesson {
            seen: self.seen.clone(),
            made: self.made.clone(),
            outcome: self.outcome()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_played_again_from_its_moves_is_the_same_game() {
        let mut k = Knowledge::default();
        let before = k.clone();
        let mut g = Game::new();
        for field in [4, 8] {
            g.play(field).unwrap();
            g.answer(&mut k).unwrap();
        }
        // The knowledge as saved before the game (the app saves after a
        // game's end) weighs every O again as it did.
        let mut again_k = before;
        let again = Game::replay(g.moves(), &mut again_k).unwrap();
        assert_eq!(again, g);
        assert_eq!(again_k, k);
        // An O the rules refuse (a taken field) is no game.
        assert!(Game::replay(&[4, 4], &mut k).is_none());
        assert!(Game::replay(&[4, 9], &mut k).is_none());
    }

    #[test]
    fn undo_takes_back_the_x_and_its_answer_and_the_lesson_forgets_them() {
        let mut k = Knowledge::default();
        let mut g = Game::new();
        assert!(!g.undo(), "nothing to take back");
        g.play(4).unwrap();
        assert!(!g.can_undo(), "the answer is not there yet");
        g.answer(&mut k).unwrap();
        let once = g.clone();
        let free = |g: &Game| (0..9).find(|&f| g.board().get(f).is_none()).unwrap();
        g.play(free(&g)).unwrap();
        g.answer(&mut k).unwrap();
        assert!(g.undo());
        assert_eq!(g.board(), once.board());
        assert_eq!(g.moves(), once.moves());
        assert_eq!(g.made, once.made, "the undone answer teaches nothing");
        assert_eq!(g.seen, once.seen);
        assert!(g.last_deliberation().is_none());
        // A finished game keeps its end.
        while !g.is_over() {
            g.play(free(&g)).unwrap();
            g.answer(&mut k);
        }
        assert!(!g.can_undo());
        assert!(!g.undo());
    }

    #[test]
    fn a_game_refuses_what_the_rules_forbid_and_teaches_its_end() {
        let mut k = Knowledge::default();
        let mut g = Game::new();
        assert!(g.answer(&mut k).is_none(), "X begins");
        g.play(4).unwrap();
        assert_eq!(g.play(0), Err(Refusal::NotYourTurn));
        let d = g.answer(&mut k).unwrap().clone();
        assert_eq!(d.chosen.field, 0, "all new at 0: the first field");
        assert_eq!(d.options.len(), 8);
        assert_eq!(d.equals(), 8);
        assert_eq!(g.play(0), Err(Refusal::Taken(0)));
        assert_eq!(g.play(9), Err(Refusal::NoField(9)));
        assert!(g.lesson().is_none());
        // X: 4, 2, 6 wins on the diagonal; O answers at the first free field.
        g.play(2).unwrap();
        g.answer(&mut k).unwrap();
        g.play(6).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Lost));
        assert_eq!(g.winning_line(), Some([2, 4, 6]));
        assert_eq!(g.play(8), Err(Refusal::Over));
        let lesson = g.lesson().unwrap();
        assert_eq!(lesson.made.len(), 2);
        assert_eq!(lesson.seen.len(), 8 + 6);
        let mut again = Knowledge::default();
        again.apply(&lesson);
        assert_eq!(again.len(), k.len());
        k.learn(&lesson.made, lesson.outcome);
        assert_eq!(
            again.entries().collect::<Vec<_>>(),
            k.entries().collect::<Vec<_>>()
        );
    }
}
