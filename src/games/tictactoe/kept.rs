//! The tic-tac-toe game left unfinished, kept as it is played and
//! played again when the page is next made (`games::kept_game`).

use serde::{Deserialize, Serialize};

use super::model::TicTacToeGame;
use super::session::Session;
use crate::games::kept_game::KeptGame;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Kept {
    /// The fields played (0 to 8), X first.
    moves: Vec<usize>,
    /// How many positions the computer knew when the game began (absent
    /// in games kept by Match5 0.2.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    began_with: Option<usize>,
}

fn file() -> KeptGame {
    KeptGame::named("tic-tac-toe-game.toml")
}

/// Keeps the game on `model` if it has begun and is not over.
pub fn keep(model: &TicTacToeGame) -> std::io::Result<()> {
    let kept = model.with(|s| {
        (!s.game.is_over() && !s.game.moves().is_empty()).then(|| Kept {
            moves: s.game.moves().to_vec(),
            began_with: Some(s.began_with),
        })
    });
    file().keep(kept.as_ref())
}

/// Brings back the game kept at the last end into `session`, and `page`
/// says so when it is first shown; true when one came back.
pub fn bring_back(session: &mut Session, page: &impl gtk::prelude::IsA<gtk::Widget>) -> bool {
    let back = file()
        .take::<Kept>()
        .is_some_and(|kept| session.resume(&kept.moves, kept.began_with));
    crate::games::kept_game::said_back(back, page)
}
