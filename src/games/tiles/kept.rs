//! The tile game left unfinished, kept as it is played and played again
//! from its start when the page is next made (`games::kept_game`): the
//! start in the original's file format, the moves and who plays each side.

use match5_tiles::{Colour, Move};
use serde::{Deserialize, Serialize};

use super::model::{Player, TilesGame};
use crate::games::kept_game::KeptGame;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Kept {
    /// The game as it was set up, as a game file holds it.
    start: String,
    /// Each move: the bowl (from 1) and the colour's letter, "2b".
    moves: Vec<String>,
    /// Who plays each side: "person", "best", "good", "greedy", "random".
    players: [String; 2],
}

fn file() -> KeptGame {
    KeptGame::named("tiles-game.toml")
}

/// Keeps the game on `model` if it has begun and is not over (and its
/// start can be written as a game file).
pub fn keep(model: &TilesGame) -> std::io::Result<()> {
    let game = model.game();
    let kept = (game.moves_played() > 0 && !game.is_over())
        .then(|| match5_tiles::file::to_text(&model.start()))
        .flatten()
        .map(|start| Kept {
            start,
            moves: game
                .history()
                .map(|mv| format!("{}{}", mv.bowl + 1, mv.colour.letter()))
                .collect(),
            players: model.players().map(|p| p.id().to_string()),
        });
    file().keep(kept.as_ref())
}

/// Brings back the game kept at the last end onto `model`, and `page`
/// says so when it is first shown; true when one came back.
pub fn bring_back(model: &TilesGame, page: &impl gtk::prelude::IsA<gtk::Widget>) -> bool {
    let Some(kept) = file().take::<Kept>() else {
        return false;
    };
    let Ok(start) = match5_tiles::file::parse(&kept.start) else {
        return false;
    };
    let moves: Option<Vec<Move>> = kept.moves.iter().map(|m| parse_move(m)).collect();
    // A name of no player is no kept game (Player::from_id would make it
    // a person).
    let player = |id: &str| Player::ALL.into_iter().find(|p| p.id() == id);
    let (Some(moves), Some(first), Some(second)) =
        (moves, player(&kept.players[0]), player(&kept.players[1]))
    else {
        return false;
    };
    crate::games::kept_game::said_back(model.resume(start, &moves, [first, second]), page)
}

/// "2b": bowl 2 (from 1), blue.
fn parse_move(text: &str) -> Option<Move> {
    let colour = Colour::from_letter(text.chars().last()?)?;
    let bowl: usize = text[..text.len() - 1].parse().ok()?;
    Some(Move {
        bowl: bowl.checked_sub(1)?,
        colour,
    })
}
