//! One game: the board, the movetable, the error pattern being built, the
//! outcome, and exact undo.

use crate::board::{Board, CELLS, Cell, Color};
use match5_common::random::GameRng;

use crate::computer::{self, Choice, Reason};
use crate::knowledge::Knowledge;
use crate::learning::ErrorPattern;
use crate::pattern::{Pattern, PatternCell};
use crate::style::Style;

/// Against the computer (red), or two people at one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    VsComputer,
    TwoPlayers,
}

pub use crate::moves::{Move, MoveKind};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Five or more in a row: the winner and every winning run.
    Won { winner: Color, runs: Vec<Vec<Cell>> },
    /// The board is full without five in a row.
    Draw,
}

impl Outcome {
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Won { winner, .. } => Some(*winner),
            Outcome::Draw => None,
        }
    }
}

/// Why a move cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("field {0} is taken")]
    Occupied(Cell),
    #[error("it is the computer's turn")]
    ComputersTurn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    mode: Mode,
    first: Color,
    board: Board,
    moves: Vec<Move>,
    ep: ErrorPattern,
    /// EP as it was before each move, for exact undo.
    ep_before: Vec<ErrorPattern>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game; `first` moves first (blue unless the computer starts).
    pub fn new(mode: Mode, first: Color) -> Game {
        Game {
            mode,
            first,
            board: Board::new(),
            moves: Vec::new(),
            ep: ErrorPattern::default(),
            ep_before: Vec::new(),
            outcome: None,
        }
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn first(&self) -> Color {
        self.first
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The movetable, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn error_pattern(&self) -> &ErrorPattern {
        &self.ep
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The colour to move next.
    pub fn to_move(&self) -> Color {
        self.moves
            .last()
            .map_or(self.first, |m| m.kind.color().other())
    }

    /// In a game against the computer: is it the computer's turn?
    pub fn computers_turn(&self) -> bool {
        self.mode == Mode::VsComputer && !self.is_over() && self.to_move() == Color::Red
    }

    /// A person's move for the side to move.
    pub fn play(&mut self, cell: Cell) -> Result<Option<&Outcome>, MoveError> {
        let color = self.to_move();
        self.play_as(color, cell)
    }

    /// A plain (not forced) stone of `color`, whoever is to move: for setting
    /// up a position, as a Gomocup `BOARD` command does.
    pub fn play_as(&mut self, color: Color, cell: Cell) -> Result<Option<&Outcome>, MoveError> {
        let kind = match color {
            Color::Blue => MoveKind::Blue,
            Color::Red => MoveKind::Red,
        };
        self.place(Move { cell, kind })?;
        if kind == MoveKind::Red {
            self.ep.clear();
        }
        Ok(self.outcome.as_ref())
    }

    /// The 2012 computer picks and plays its (red) move.
    pub fn computer_move(
        &mut self,
        knowledge: &Knowledge,
        rng: &mut GameRng,
    ) -> Result<Choice, MoveError> {
        self.computer_move_in(Style::Classic, knowledge, rng)
    }

    /// The computer picks and plays its (red) move in `style`. A move the
    /// sharp computer reads from the threats is a free move, as a random
    /// one is: only a move a blue pattern forced is in the chain a lesson
    /// walks back.
    pub fn computer_move_in(
        &mut self,
        style: Style,
        knowledge: &Knowledge,
        rng: &mut GameRng,
    ) -> Result<Choice, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let choice = computer::choose_move_in(style, knowledge, &self.board, rng)
            .ok_or(MoveError::GameOver)?;
        let kind = if choice.reason.is_forced() {
            MoveKind::RedForced
        } else {
            MoveKind::Red
        };
        self.place(Move {
            cell: choice.cell,
            kind,
        })?;
        match choice.reason {
            Reason::Forced(found) => self
                .ep
                .copy_match(&knowledge.patterns()[found.pattern], &found),
            Reason::Attack(_) | Reason::Free | Reason::Sharp { .. } | Reason::Varied { .. } => {
                self.ep.clear();
            }
        }
        Ok(choice)
    }

    fn place(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.board.is_empty_at(mv.cell) {
            return Err(MoveError::Occupied(mv.cell));
        }
        self.ep_before.push(self.ep);
        self.board.set(mv.cell, Some(mv.kind.color()));
        self.moves.push(mv);
        let runs = self.board.winning_runs(mv.cell);
        if !runs.is_empty() {
            self.outcome = Some(Outcome::Won {
                winner: mv.kind.color(),
                runs,
            });
        } else if self.board.is_full() {
            self.outcome = Some(Outcome::Draw);
        }
        Ok(())
    }

    /// Rebuilds a game from its movetable, as saved when the app closed.
    /// Forced moves are found again in `knowledge`, so the error pattern is
    /// rebuilt exactly; a forced move the knowledge no longer explains (a
    /// pattern was deleted meanwhile) counts as a plain move.
    pub fn replay(
        mode: Mode,
        first: Color,
        moves: &[Move],
        knowledge: &Knowledge,
    ) -> Result<Game, MoveError> {
        let mut game = Game::new(mode, first);
        for mv in moves {
            let found = (mv.kind == MoveKind::RedForced)
                .then(|| knowledge.index().find(&game.board))
                .flatten()
                .filter(|m| m.response == mv.cell && m.color == Color::Blue);
            match found {
                Some(m) => {
                    game.place(*mv)?;
                    game.ep.copy_match(&knowledge.patterns()[m.pattern], &m);
                }
                None => {
                    game.play_as(mv.kind.color(), mv.cell)?;
                }
            }
        }
        Ok(game)
    }

    /// Takes the last move back: board, movetable, EP and outcome return to
    /// what they were before it.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.board.set(mv.cell, None);
        self.ep = self.ep_before.pop().expect("an EP for every move");
        self.outcome = None;
        Some(mv)
    }

    /// After blue has beaten the computer: the error pattern to learn.
    /// Two-player games never teach the computer anything.
    pub fn lesson(&self) -> Option<Pattern> {
        if self.mode != Mode::VsComputer || self.outcome.as_ref()?.winner() != Some(Color::Blue) {
            return None;
        }
        self.ep.lesson(&self.board, &self.moves)
    }

    /// [`Game::lesson`] where it lies on the board: for each field its
    /// pattern cell (`-` outside the pattern), to mark it on the board.
    pub fn lesson_on_board(&self) -> Option<[PatternCell; CELLS]> {
        self.lesson()?;
        let (ep, _) = self.ep.lesson_on_board(&self.board, &self.moves)?;
        Some(std::array::from_fn(|i| ep.get(Cell::from_index(i))))
    }
}
