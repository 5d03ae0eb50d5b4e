//! The game that taught a pattern: its moves from the history, the board
//! after each of them, and the pattern it left marked at the end. The
//! replay window (`dialogs/replay.rs`) shows it step by step.

use match5_five::board::CELLS;
use match5_five::pattern::PatternCell;
use match5_five::{Board, Color, Game, Knowledge, Mode, Move, MoveKind};

use crate::games::five::board::drawing::{Field, Scene};
use crate::games::five::board::view::cell_name;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// A lost game of the computer that the history still keeps.
#[derive(Clone, Debug)]
pub struct Taught {
    /// The pattern it taught (0-based).
    pub pattern: usize,
    /// Its number among the player's games (or in a practice run).
    pub game: u64,
    /// A game of the computer's practice, not one a person played.
    pub practice: bool,
    pub moves: Vec<Move>,
    /// The lesson where it lies on the board at the end.
    marks: [Option<PatternCell>; CELLS],
    /// The fields of the winning row(s).
    winning: u128,
}

impl Taught {
    /// The game that taught `knowledge`'s pattern `pattern`, if the file
    /// says which game it was and still keeps its moves, and the moves are
    /// a game blue won (a crafted list is not shown).
    pub fn of(knowledge: &Knowledge, pattern: usize) -> Option<Taught> {
        let game = knowledge.learned_in(pattern)?;
        let moves = knowledge.history().moves_of(game)?.to_vec();
        let first = moves.first()?.kind.color();
        let replayed = Game::replay(Mode::VsComputer, first, &moves, knowledge).ok()?;
        Taught::played(pattern, game, &replayed, false)
    }

    /// Game `number` of a practice run, as it was played.
    pub fn of_practice(number: u64, game: &Game) -> Option<Taught> {
        Taught::played(0, number, game, true)
    }

    fn played(pattern: usize, game: u64, replayed: &Game, practice: bool) -> Option<Taught> {
        let moves = replayed.moves().to_vec();
        let outcome = replayed.outcome()?;
        if outcome.winner() != Some(Color::Blue) {
            return None;
        }
        let marks = replayed
            .lesson_on_board()
            .map_or([None; CELLS], |ep| ep.map(Some));
        let winning = match outcome {
            match5_five::Outcome::Won { runs, .. } => {
                runs.iter().flatten().fold(0, |acc, c| acc | c.bit())
            }
            match5_five::Outcome::Draw => 0,
        };
        Some(Taught {
            pattern,
            game,
            practice,
            moves,
            marks,
            winning,
        })
    }

    /// The last step: every move played.
    pub fn last_step(&self) -> usize {
        self.moves.len()
    }

    /// The stones after the first `step` moves.
    pub fn board(&self, step: usize) -> Board {
        let mut board = Board::default();
        for m in &self.moves[..step.min(self.last_step())] {
            board.set(m.cell, Some(m.kind.color()));
        }
        board
    }

    /// The board after the first `step` moves; at the last step the winning
    /// row and the pattern the game left are marked.
    pub fn scene(&self, step: usize) -> Scene {
        let step = step.min(self.last_step());
        let mut scene = Scene::default();
        let board = self.board(step);
        for cell in match5_five::Cell::all() {
            if let Some(color) = board.get(cell) {
                scene.fields[cell.index()] = Field::Stone(color);
            }
        }
        scene.last_move = step.checked_sub(1).map(|i| self.moves[i].cell);
        if step == self.last_step() {
            scene.winning = self.winning;
            scene.why = Some(self.marks);
        }
        scene
    }

    /// What the step shows, in one sentence.
    pub fn describe(&self, step: usize) -> String {
        let n = self.last_step();
        let step = step.min(n);
        let count = u32::try_from(n).unwrap_or(u32::MAX);
        if step == 0 {
            return ngettext_f(
                "The empty board. {count} move follows.",
                "The empty board. {count} moves follow.",
                count,
                &[("count", &n.to_string())],
            );
        }
        let m = self.moves[step - 1];
        let args = [
            ("number", step.to_string()),
            ("count", n.to_string()),
            ("field", cell_name(m.cell)),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let said = match m.kind {
            MoveKind::Blue => gettext_f("Move {number} of {count}: blue on {field}.", &args),
            MoveKind::Red => gettext_f(
                "Move {number} of {count}: red on {field}, a free move.",
                &args,
            ),
            MoveKind::RedForced => gettext_f(
                "Move {number} of {count}: red on {field}, forced: it blocked a pattern it knew.",
                &args,
            ),
        };
        if step < n {
            return said;
        }
        format!(
            "{said} {}",
            gettext(
                "Blue has five in a row. Marked: the pattern the computer learned from this game."
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_five::history::{Entry, GameResult, History};
    use match5_five::{Cell, finish_game};

    fn c(x: usize, y: usize) -> Cell {
        Cell::new(x, y).unwrap()
    }

    /// Blue wins on a row against a computer that answers far away.
    fn taught_knowledge() -> Knowledge {
        let mut k = Knowledge::new("Anna");
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        for i in 0..5 {
            game.play_as(Color::Blue, c(i, 2)).unwrap();
            if i < 4 {
                game.play_as(Color::Red, c(i, 7)).unwrap();
            }
        }
        finish_game(&mut k, &game);
        k
    }

    #[test]
    fn the_replay_goes_move_by_move_and_marks_the_lesson_at_the_end() {
        let k = taught_knowledge();
        let t = Taught::of(&k, 0).expect("the game is kept");
        assert_eq!((t.game, t.last_step()), (1, 9));
        let empty = t.scene(0);
        assert!(empty.fields.iter().all(|f| *f == Field::Empty));
        assert_eq!(empty.last_move, None);
        let two = t.scene(2);
        assert_eq!(two.fields[c(0, 2).index()], Field::Stone(Color::Blue));
        assert_eq!(two.fields[c(0, 7).index()], Field::Stone(Color::Red));
        assert_eq!(two.last_move, Some(c(0, 7)));
        assert!(two.why.is_none(), "the lesson shows only at the end");
        let end = t.scene(9);
        let marks = end.why.expect("the lesson is marked");
        // The lesson of a plain win: four blue stones and the answer field.
        assert_eq!(marks[c(4, 2).index()], Some(PatternCell::Response));
        assert_eq!(marks[c(0, 2).index()], Some(PatternCell::Stone));
        assert_ne!(end.winning & c(2, 2).bit(), 0);
        assert!(t.describe(0).contains('9'), "{}", t.describe(0));
        assert!(t.describe(2).contains("A8"), "{}", t.describe(2));
        assert!(t.describe(9).contains("E3"), "{}", t.describe(9));
    }

    #[test]
    fn without_the_moves_or_with_a_crafted_game_there_is_nothing_to_replay() {
        let k = taught_knowledge();
        // A file from before the moves were kept.
        let mut old = k.clone();
        let entries: Vec<Entry> = k
            .history()
            .entries()
            .map(|e| Entry {
                moves: None,
                hints: 0,
                ..e.clone()
            })
            .collect();
        *old.history_mut() = History::from_entries(entries).unwrap();
        assert!(Taught::of(&old, 0).is_none());
        // Moves that do not end in a blue win.
        let mut crafted = k.clone();
        let mut e = k.history().last().unwrap().clone();
        e.moves.as_mut().unwrap().truncate(4);
        *crafted.history_mut() = History::from_entries(vec![e]).unwrap();
        assert!(Taught::of(&crafted, 0).is_none());
        assert_eq!(
            crafted.history().last().unwrap().result,
            GameResult::Won,
            "the entry itself is kept"
        );
    }
}
