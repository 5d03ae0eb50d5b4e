//! `match5-cli move`: the field a built-in player would play.

use anyhow::{Result, bail};
use match5_common::random::{rng_from_entropy, rng_from_seed};
use match5_five::{Board, Color};
use match5_practice::Opponent;

use crate::output::{self, printable};

/// Prints the field `player` would play on `board` as `x,y`.
pub fn suggest(player: &Opponent, board: &str, color: &str, seed: Option<u64>) -> Result<()> {
    let Some(board) = Board::from_text(board) else {
        bail!("a board is 81 fields: . for empty, B for blue, R for red");
    };
    let color = match color {
        "blue" => Color::Blue,
        "red" => Color::Red,
        other => bail!("{}: the colour is blue or red", printable(other)),
    };
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    if !player.is_builtin() {
        bail!("{} is not a built-in player", printable(&player.name()));
    }
    if let Some(cell) = player.builtin_move(&board, color, &mut rng) {
        output::print(&format!("{},{}\n", cell.x(), cell.y()))?;
    }
    Ok(())
}
