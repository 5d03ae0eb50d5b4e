//! `match5-cli tiles play`: a game of tiles in the terminal, each side a
//! person at the keyboard or one of the computer's players.

use std::io::BufRead;
use std::path::Path;

use anyhow::{Result, bail};
use match5_common::random::{rng_from_entropy, rng_from_seed};
use match5_tiles::players::{good_move_within, random_move};
use match5_tiles::search::Budget;
use match5_tiles::{Colour, Game, Move};

use super::{describe, player_name, read, search};
use crate::output::print;

/// Who plays a side in `tiles play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Human,
    Best,
    Good,
    Greedy,
    Random,
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s {
            "human" => Ok(Side::Human),
            "best" => Ok(Side::Best),
            "good" => Ok(Side::Good),
            "greedy" => Ok(Side::Greedy),
            "random" => Ok(Side::Random),
            other => Err(format!(
                "'{}' is not a player: human, best, good, greedy or random",
                match5_common::text::quote(other)
            )),
        }
    }
}

/// The position as text: the pot's next tiles, the bowls, both boards.
pub fn render(game: &Game) -> String {
    let sizes = game.sizes();
    let pot: String = game.pot_left().iter().map(|c| c.letter()).collect();
    let mut text = format!(
        "Pot ({} left, next first): {}\n",
        pot.len(),
        if pot.is_empty() { "empty" } else { &pot }
    );
    for bowl in 0..sizes.bowls {
        let y = game.bowl(bowl, Colour::Yellow).into();
        let b = game.bowl(bowl, Colour::Blue).into();
        let tiles = "g".repeat(y) + &"b".repeat(b);
        text += &format!(
            "Bowl {bowl}: {}\n",
            if tiles.is_empty() { "empty" } else { &tiles }
        );
    }
    for player in 0..2 {
        let mark = if player == game.to_move() {
            " (to move)"
        } else {
            ""
        };
        text += &format!(
            "{}{mark}: {} full\n",
            player_name(player),
            game.full_rows(player)
        );
        for row in game.board(player) {
            let letter = row.colour().map_or('.', |c| c.letter());
            let filled: String = std::iter::repeat_n(letter, row.tiles().into()).collect();
            let empty = ".".repeat(sizes.row_length - usize::from(row.tiles()));
            text += &format!("  {filled}{empty}\n");
        }
    }
    text
}

/// A game in the terminal: each side human or a computer player. A human
/// types a bowl and a colour (`0 g`, `1b`).
/// The computer players think within `budget` a move.
pub fn play(
    path: &Path,
    sides: [Side; 2],
    simulations: usize,
    budget: Budget,
    seed: Option<u64>,
) -> Result<()> {
    let mut game = read(path)?;
    let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !game.is_over() {
        print(&render(&game))?;
        let me = game.to_move();
        let mv = match sides[me] {
            Side::Human => loop {
                print(&format!(
                    "{}, your move (bowl and g or b): ",
                    player_name(me)
                ))?;
                let Some(line) = lines.next() else {
                    bail!("the input ended before the game did");
                };
                match parse_move(&line?)
                    .and_then(|m| game.check(m).map(|_| m).map_err(|e| e.to_string()))
                {
                    Ok(m) => break m,
                    Err(e) => print(&format!("Not allowed: {e}\n"))?,
                }
            },
            Side::Best => search(&game, budget).best.expect("a move"),
            Side::Good => {
                good_move_within(&game, simulations, budget.time, &mut rng)
                    .expect("a move")
                    .best
            }
            Side::Greedy => game.greedy_move().expect("a move"),
            Side::Random => random_move(&game, &mut rng).expect("a move"),
        };
        print(&format!("{} plays {}\n\n", player_name(me), describe(mv)))?;
        game.play(mv)?;
    }
    print(&render(&game))?;
    let score = game.score(0);
    let verdict = match score.signum() {
        1 => format!("{} wins", player_name(0)),
        -1 => format!("{} wins", player_name(1)),
        _ => "A draw".to_string(),
    };
    print(&format!(
        "Game over: {verdict}, {} to {} full rows.\n",
        game.full_rows(0),
        game.full_rows(1)
    ))?;
    Ok(())
}

/// `0 g`, `0g`, `1 b`: a bowl and a colour.
fn parse_move(text: &str) -> Result<Move, String> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(last) = text.chars().last() else {
        return Err("type a bowl number and g or b, as 0 g".into());
    };
    let colour = Colour::from_letter(last.to_ascii_lowercase())
        .ok_or_else(|| "the colour is g (yellow) or b (blue)".to_string())?;
    let bowl = text[..text.len() - last.len_utf8()]
        .parse()
        .map_err(|_| "the bowl is a number, from 0".to_string())?;
    Ok(Move { bowl, colour })
}
