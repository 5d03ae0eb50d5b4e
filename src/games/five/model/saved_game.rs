//! The game in progress, kept as it is played and restored at the next
//! start (`$XDG_DATA_HOME/match5/game-in-progress.toml`).

use std::path::{Path, PathBuf};

use crate::games::kept_game::KeptGame;

use match5_five::{Cell, Color, Game, Knowledge, Mode, Move, MoveKind};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub two_players: bool,
    /// The engine that played red, if one did (with `two_players`: its
    /// moves come from outside).
    #[serde(default)]
    pub engine: Option<String>,
    pub computer_starts: bool,
    pub player: String,
    /// The knowledge file the game was played against, if it had one.
    pub knowledge: Option<PathBuf>,
    /// The movetable: `B4,4` blue, `R3,3` red, `F5,4` a forced red move.
    pub moves: Vec<String>,
    /// Hints taken in the game so far: they come back with it, so that
    /// the game's record stays honest.
    #[serde(default)]
    pub hints: u32,
}

impl SavedGame {
    /// Keeps the model's game for the next start if it is unfinished and
    /// a person has played in it (a board with only the computer's opening
    /// stone is a new game, and nothing to greet anyone back to); else no
    /// game is kept.
    pub fn keep(model: &crate::games::five::model::FiveGame) -> std::io::Result<()> {
        let saved = model.with(|s| {
            let game = s.game();
            let person_moved = game.moves().iter().any(|m| {
                m.kind == MoveKind::Blue
                    || (game.mode() == Mode::TwoPlayers && m.kind == MoveKind::Red)
            });
            (s.in_progress() && person_moved)
                .then(|| SavedGame::of(s.game(), s.knowledge(), s.computer_starts()))
                .map(|saved| SavedGame {
                    engine: s.opponent().engine().map(str::to_string),
                    hints: s.hints(),
                    ..saved
                })
        });
        SavedGame::file(model.store().dir()).keep(saved.as_ref())
    }

    /// Where it is kept, in the folder of the players' knowledge.
    pub fn file(data_dir: &Path) -> KeptGame {
        KeptGame::at(data_dir, "game-in-progress.toml")
    }

    pub fn of(game: &Game, knowledge: &Knowledge, computer_starts: bool) -> SavedGame {
        SavedGame {
            two_players: game.mode() == Mode::TwoPlayers,
            engine: None,
            computer_starts,
            player: knowledge.player().to_string(),
            knowledge: knowledge.source().map(Path::to_path_buf),
            moves: game
                .moves()
                .iter()
                .map(|m| {
                    let k = match m.kind {
                        MoveKind::Blue => 'B',
                        MoveKind::Red => 'R',
                        MoveKind::RedForced => 'F',
                    };
                    format!("{k}{}", m.cell)
                })
                .collect(),
            hints: 0,
        }
    }

    /// The game again, its forced moves found in `knowledge`.
    pub fn game(&self, knowledge: &Knowledge) -> Option<Game> {
        let moves: Option<Vec<Move>> = self.moves.iter().map(|m| parse_move(m)).collect();
        let moves = moves?;
        let mode = if self.two_players {
            Mode::TwoPlayers
        } else {
            Mode::VsComputer
        };
        let first = moves.first().map_or(Color::Blue, |m| m.kind.color());
        let game = Game::replay(mode, first, &moves, knowledge).ok()?;
        (!game.is_over()).then_some(game)
    }
}

fn parse_move(text: &str) -> Option<Move> {
    let mut chars = text.chars();
    let kind = match chars.next()? {
        'B' => MoveKind::Blue,
        'R' => MoveKind::Red,
        'F' => MoveKind::RedForced,
        _ => return None,
    };
    let (x, y) = chars.as_str().split_once(',')?;
    let cell = Cell::new(x.parse().ok()?, y.parse().ok()?)?;
    Some(Move { cell, kind })
}

#[cfg(test)]
mod tests {
    use super::*;
    use match5_common::random::rng_from_seed;
    use match5_five::Pattern;

    #[test]
    fn a_game_with_a_forced_move_comes_back_exactly() {
        let k = Knowledge::with_patterns("A", vec![Pattern::from_rows(1, &["BBBBX"]).unwrap()]);
        let mut rng = rng_from_seed(2);
        let mut game = Game::new(Mode::VsComputer, Color::Blue);
        for (x, r) in [(1, (8, 8)), (2, (8, 6)), (3, (6, 8))] {
            game.play(Cell::new(x, 0).unwrap()).unwrap();
            game.play_as(Color::Red, Cell::new(r.0, r.1).unwrap())
                .unwrap();
        }
        game.play(Cell::new(4, 0).unwrap()).unwrap();
        game.computer_move(&k, &mut rng).unwrap();
        let saved = SavedGame::of(&game, &k, false);
        assert_eq!(saved.moves.last().unwrap(), "F5,0");
        let dir = tempfile::tempdir().unwrap();
        let file = SavedGame::file(dir.path());
        file.keep(Some(&saved)).unwrap();
        let back: SavedGame = file.take().unwrap();
        assert_eq!(back.game(&k).unwrap(), game);
        std::fs::write(file.path(), "moves = [\"Q9,9\"]").unwrap();
        assert!(file.take::<SavedGame>().and_then(|s| s.game(&k)).is_none());
    }
}
