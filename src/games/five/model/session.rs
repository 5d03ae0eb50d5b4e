//! The five-in-a-row game as the page plays it, without any GTK: whose
//! knowledge, which game, who plays red, the computer's replies, learning,
//! undo and what is unsaved. The GObject [`crate::games::five::model::FiveGame`] wraps it for the UI.

use match5_common::random::{GameRng, rng_from_entropy};
use match5_five::computer::{Choice, Reason};
use match5_five::game::MoveError;
use match5_five::{Cell, Change, Color, Game, Knowledge, Mode, Outcome, Status, Style};

/// What one click on the board led to.
#[derive(Debug, Default)]
pub struct Turn {
    /// The computer's reply, if it made one.
    pub reply: Option<Choice>,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// What the knowledge learned from it.
    pub changes: Vec<Change>,
}

use super::opponent::Opponent;

pub struct Session {
    knowledge: Knowledge,
    game: Game,
    /// The engine that plays red, when one does.
    engine: Option<String>,
    computer_starts: bool,
    /// How the computer plays where no pattern tells it, from its next
    /// move on.
    style: Style,
    rng: GameRng,
    /// Knowledge changes since it was last saved or opened.
    unsaved: bool,
    /// The patterns of each kind then: taught, from practice, from wins
    /// with hints.
    saved_counts: [usize; 3],
    /// Why the computer made its last move, and how many moves the game had
    /// after it (an undo or a new game makes it stale).
    last_choice: Option<(usize, Reason)>,
    /// Hints the person took in this game.
    hints: u32,
    /// The last hint taken, for the position it was taken in.
    hint: Option<Hint>,
}

/// A hint taken: for the position after `moves` moves, the field for
/// `color` and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub moves: usize,
    pub cell: Cell,
    pub color: Color,
    pub reason: match5_five::threats::Reason,
}

impl Session {
    pub fn new(knowledge: Knowledge, opponent: &Opponent, computer_starts: bool) -> Session {
        Session::new_in(Style::Classic, knowledge, opponent, computer_starts)
    }

    /// A new session whose computer plays in `style` (its first move too,
    /// when it starts).
    pub fn new_in(
        style: Style,
        knowledge: Knowledge,
        opponent: &Opponent,
        computer_starts: bool,
    ) -> Session {
        let game = Game::new(opponent.mode(), Color::Blue);
        let mut s = Session::restored(knowledge, game, None, computer_starts);
        s.style = style;
        s.new_game(opponent, computer_starts);
        s
    }

    /// Continues a saved game (against `engine`, when one played red).
    pub fn restored(
        knowledge: Knowledge,
        game: Game,
        engine: Option<String>,
        computer_starts: bool,
    ) -> Session {
        Session {
            saved_counts: counts(&knowledge),
            knowledge,
            engine: engine.filter(|_| game.mode() == Mode::TwoPlayers),
            game,
            computer_starts,
            style: Style::Classic,
            rng: rng_from_entropy(),
            unsaved: false,
            last_choice: None,
            hints: 0,
            hint: None,
        }
    }

    /// Makes the computer's free moves repeatable (tests).
    #[cfg(test)]
    pub fn set_rng(&mut self, rng: GameRng) {
        self.rng = rng;
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    pub fn knowledge_mut(&mut self) -> &mut Knowledge {
        &mut self.knowledge
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn mode(&self) -> Mode {
        self.game.mode()
    }

    /// Who plays red in this game.
    pub fn opponent(&self) -> Opponent {
        match &self.engine {
            Some(name) => Opponent::Engine(name.clone()),
            None => Opponent::of_mode(self.game.mode()),
        }
    }

    /// The engine's name, when it plays red and it is its move: the moves
    /// so far, for it to answer.
    pub fn engine_to_move(&self) -> Option<(&str, Vec<Cell>)> {
        let name = self.engine.as_deref()?;
        (!self.game.is_over() && self.game.to_move() == Color::Red)
            .then(|| (name, self.game.moves().iter().map(|m| m.cell).collect()))
    }

    pub fn computer_starts(&self) -> bool {
        self.computer_starts
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// The computer plays in `style` from its next move on (in this game
    /// too: the person chose it, and the board shows what it did before).
    pub fn set_style(&mut self, style: Style) {
        self.style = style;
    }

    /// Are there learned (or deleted) patterns not yet saved?
    pub fn has_unsaved_knowledge(&self) -> bool {
        self.unsaved
    }

    pub fn mark_saved(&mut self) {
        self.unsaved = false;
        self.saved_counts = counts(&self.knowledge);
    }

    /// The patterns learned since the knowledge was last saved or opened,
    /// of each kind: taught by the player, from practice, from wins with
    /// hints (0 where none was added; patterns deleted or replaced are
    /// changes too, without a count).
    pub fn unsaved_counts(&self) -> [usize; 3] {
        let now = counts(&self.knowledge);
        std::array::from_fn(|i| now[i].saturating_sub(self.saved_counts[i]))
    }

    pub fn mark_changed(&mut self) {
        self.unsaved = true;
    }

    /// Replaces the knowledge (opened, or another player's).
    pub fn set_knowledge(&mut self, knowledge: Knowledge) {
        self.knowledge = knowledge;
        self.unsaved = false;
        self.saved_counts = counts(&self.knowledge);
    }

    /// A new game; when the computer starts, its first move is made (an
    /// engine that starts is asked for its move by the page).
    pub fn new_game(&mut self, opponent: &Opponent, computer_starts: bool) -> Option<Choice> {
        self.computer_starts = computer_starts;
        let first = if *opponent != Opponent::Person && computer_starts {
            Color::Red
        } else {
            Color::Blue
        };
        self.engine = opponent.engine().map(str::to_string);
        self.game = Game::new(opponent.mode(), first);
        // Why the computer played in the last game says nothing of this one.
        self.last_choice = None;
        self.hints = 0;
        self.hint = None;
        if self.game.computers_turn() {
            let choice = self
                .game
                .computer_move_in(self.style, &self.knowledge, &mut self.rng)
                .ok();
            self.remember(choice);
            choice
        } else {
            None
        }
    }

    fn remember(&mut self, choice: Option<Choice>) {
        if let Some(c) = choice {
            self.last_choice = Some((self.game.moves().len(), c.reason));
        }
    }

    /// Why the computer played the last move of the game, when it did
    /// (not after an undo, nor for a game that came back from disk).
    pub fn last_reason(&self) -> Option<Reason> {
        let (moves, reason) = self.last_choice?;
        let last_is_red = self
            .game
            .moves()
            .last()
            .is_some_and(|m| m.kind.color() == Color::Red);
        (moves == self.game.moves().len() && last_is_red).then_some(reason)
    }

    /// A hint for the side to move, as the threat player would play it,
    /// and why; counted in the game's record. `None` when it is not a
    /// person's move.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.game.is_over() || self.game.computers_turn() || self.engine_to_move().is_some() {
            return None;
        }
        let color = self.game.to_move();
        let (cell, reason) =
            match5_five::threats::threat_reasoned(self.game.board(), color, &mut self.rng)?;
        self.hints += 1;
        self.hint = Some(Hint {
            moves: self.game.moves().len(),
            cell,
            color,
            reason,
        });
        self.hint
    }

    /// The hint taken for the position on the board, if any (a move, an
    /// undo or a new game makes it stale).
    pub fn shown_hint(&self) -> Option<Hint> {
        self.hint
            .filter(|h| h.moves == self.game.moves().len() && !self.game.is_over())
    }

    /// Hints taken in this game.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The hints a game that comes back had taken.
    pub fn set_hints(&mut self, hints: u32) {
        self.hints = hints;
    }

    /// Is there a game with moves that is not over?
    pub fn in_progress(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.is_over()
    }

    /// A person plays `cell`; against the computer, it answers at once.
    pub fn play(&mut self, cell: Cell) -> Result<Turn, MoveError> {
        if self.game.computers_turn() || self.engine_to_move().is_some() {
            return Err(MoveError::ComputersTurn);
        }
        self.game.play(cell)?;
        let mut turn = Turn::default();
        if self.game.computers_turn() {
            turn.reply = Some(self.game.computer_move_in(
                self.style,
                &self.knowledge,
                &mut self.rng,
            )?);
            self.remember(turn.reply);
        }
        if let Some(outcome) = self.game.outcome().cloned() {
            if self.game.mode() == Mode::VsComputer {
                turn.changes =
                    match5_five::finish_hinted_game(&mut self.knowledge, &self.game, self.hints);
                self.unsaved = true;
            }
            turn.outcome = Some(outcome);
        }
        Ok(turn)
    }

    /// The engine's move, when it is its turn.
    pub fn engine_play(&mut self, cell: Cell) -> Result<Option<Outcome>, MoveError> {
        if self.engine_to_move().is_none() {
            return Err(MoveError::GameOver);
        }
        Ok(self.game.play(cell)?.cloned())
    }

    /// Does a person's move answer a computer's, whose reply an undo takes
    /// back with it?
    fn answered(&self) -> bool {
        self.game.mode() == Mode::VsComputer || self.engine.is_some()
    }

    /// Can the last turn be taken back? Not once the game is over (its
    /// lesson is learned and counted), nor while an engine thinks.
    pub fn can_undo(&self) -> bool {
        !self.game.is_over()
            && self.engine_to_move().is_none()
            && match self.answered() {
                false => !self.game.moves().is_empty(),
                true => self
                    .game
                    .moves()
                    .iter()
                    .any(|m| m.kind.color() == Color::Blue),
            }
    }

    /// Takes back the player's last move and the computer's reply (or, with
    /// two players, the last move). Board, movetable and EP go back exactly.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        match self.answered() {
            false => {
                self.game.undo();
            }
            true => {
                while let Some(mv) = self.game.undo() {
                    if mv.kind.color() == Color::Blue {
                        break;
                    }
                }
            }
        }
        true
    }

    /// The line under the window title: "Anna · level 12 · owner".
    pub fn status_line(
        &self,
        status_name: impl Fn(Status) -> String,
        level_text: impl Fn(usize) -> String,
    ) -> String {
        format!(
            "{} · {} · {}",
            self.knowledge.player(),
            level_text(self.knowledge.level()),
            status_name(self.knowledge.status())
        )
    }
}

/// The patterns of `knowledge` of each kind: taught, from practice, from
/// wins with hints.
fn counts(knowledge: &Knowledge) -> [usize; 3] {
    [knowledge.level(), knowledge.practised(), knowledge.hinted()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;
    use match5_five::Pattern;

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn the_computer_answers_every_move_and_learns_when_beaten() {
        let mut s = Session::new(Knowledge::new("Anna"), &Opponent::Computer, false);
        s.set_rng(rng_from_seed(3));
        let mut x = 0;
        let mut turn = Turn::default();
        // Blue plays a column; with empty knowledge the computer only makes
        // free moves, so find a free column to finish five in.
        'cols: for col in 0..9 {
            for row in 0..5 {
                if !s.game().board().is_empty_at(c(col, row)) {
                    continue 'cols;
                }
            }
            x = col;
            break;
        }
        for row in 0..5 {
            if !s.game().board().is_empty_at(c(x, row)) {
                return; // a free move blocked the column: nothing to check here
            }
            turn = s.play(c(x, row)).unwrap();
            if row < 4 {
                assert!(turn.reply.is_some(), "the computer replies at once");
            }
            if turn.outcome.is_some() {
                break;
            }
        }
        if let Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) = turn.outcome
        {
            assert_eq!(s.knowledge().level(), 1);
            assert!(s.has_unsaved_knowledge());
            assert_eq!(s.knowledge().stats().won, 1);
            assert!(!s.can_undo(), "a finished game is not undone");
        }
    }

    #[test]
    fn undo_takes_back_the_players_move_and_the_reply() {
        let k = Knowledge::with_patterns("A", vec![Pattern::from_rows(1, &["BBBBX"]).unwrap()]);
        let mut s = Session::new(k, &Opponent::Computer, false);
        let before = s.game().clone();
        s.play(c(4, 4)).unwrap();
        assert_eq!(s.game().moves().len(), 2);
        assert!(s.undo());
        assert_eq!(s.game(), &before);
        assert!(!s.undo());
    }

    #[test]
    fn computer_starts_and_two_player_mode() {
        let mut s = Session::new(Knowledge::new("A"), &Opponent::Computer, true);
        assert_eq!(s.game().moves().len(), 1, "the computer opened");
        assert_eq!(s.game().board().get(Cell::centre()), Some(Color::Red));
        s.new_game(&Opponent::Person, false);
        let turn = s.play(c(0, 0)).unwrap();
        assert!(turn.reply.is_none());
        assert_eq!(s.game().to_move(), Color::Red);
        s.play(c(1, 1)).unwrap();
        assert!(s.undo());
        assert_eq!(s.game().moves().len(), 1);
    }

    #[test]
    fn an_engine_plays_red_learns_nothing_and_undo_takes_back_its_reply() {
        let mut s = Session::new(Knowledge::new("A"), &Opponent::Engine("Fake".into()), true);
        assert_eq!(
            s.game().moves().len(),
            0,
            "an engine is asked, not played for"
        );
        assert_eq!(s.engine_to_move(), Some(("Fake", vec![])));
        assert_eq!(s.play(c(0, 0)).unwrap_err(), MoveError::ComputersTurn);
        assert!(!s.can_undo());
        s.engine_play(Cell::centre()).unwrap();
        assert!(s.engine_to_move().is_none() && !s.can_undo());
        for y in 0..4 {
            s.play(c(8, y)).unwrap();
            assert_eq!(s.engine_to_move().map(|e| e.1.len()), Some(2 + 2 * y));
            assert!(!s.can_undo(), "not while the engine thinks");
            s.engine_play(c(y, 0)).unwrap();
        }
        assert!(s.can_undo());
        assert!(s.undo());
        assert_eq!(s.game().moves().len(), 7, "the person's move and the reply");
        s.play(c(8, 3)).unwrap();
        s.engine_play(c(3, 0)).unwrap();
        let turn = s.play(c(8, 4)).unwrap();
        assert!(matches!(
            turn.outcome,
            Some(Outcome::Won {
                winner: Color::Blue,
                ..
            })
        ));
        assert!(turn.changes.is_empty() && !s.has_unsaved_knowledge());
        assert_eq!(s.knowledge().level(), 0);
        assert_eq!(s.knowledge().stats().games(), 0, "not the player's record");
        assert_eq!(s.engine_play(c(7, 7)).unwrap_err(), MoveError::GameOver);
        s.new_game(&Opponent::Person, false);
        assert_eq!(s.opponent(), Opponent::Person);
        assert!(s.engine_to_move().is_none());
    }

    #[test]
    fn status_line_names_player_level_and_status() {
        let s = Session::new(Knowledge::new("Anna"), &Opponent::Computer, false);
        let line = s.status_line(|st| st.as_str().to_string(), |l| format!("level {l}"));
        assert_eq!(line, "Anna · level 0 · new");
    }
}
