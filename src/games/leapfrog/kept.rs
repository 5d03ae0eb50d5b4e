//! The puzzle left unfinished, kept as it is played and played again
//! from its start when the page is next made (`games::kept_game`).

use serde::{Deserialize, Serialize};

use super::model::LeapfrogGame;
use crate::games::kept_game::KeptGame;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Kept {
    /// Frogs of each kind.
    frogs: u32,
    /// The field each frog left, in the order played.
    moves: Vec<u32>,
}

fn file() -> KeptGame {
    KeptGame::named("leapfrog-game.toml")
}

/// Keeps the puzzle played on `model` if it has begun and is not solved
/// (the computer's replay aside: the person's own moves are kept).
pub fn keep(model: &LeapfrogGame) -> std::io::Result<()> {
    let moves = model.played();
    let unfinished = !moves.is_empty() && !model.position_played().is_goal();
    file().keep(
        unfinished
            .then(|| Kept {
                frogs: model.frogs(),
                moves,
            })
            .as_ref(),
    )
}

/// Brings back the puzzle kept at the last end onto `model`, and `page`
/// says so when it is first shown; true when one came back.
pub fn bring_back(model: &LeapfrogGame, page: &impl gtk::prelude::IsA<gtk::Widget>) -> bool {
    let Some(kept) = file().take::<Kept>() else {
        return false;
    };
    let k = kept.frogs as usize;
    let back = (match5_leapfrog::MIN_FROGS..=match5_leapfrog::MAX_FROGS).contains(&k)
        && model.play_from_start(k, &kept.moves);
    crate::games::kept_game::said_back(back, page)
}
