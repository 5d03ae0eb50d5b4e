//! The opponents the computer practises against, by the names
//! `match5-cli train --opponent`, the app's settings and D-Bus take.

use std::str::FromStr;

use match5_common::random::GameRng;
use match5_five::{Board, Cell, Color, opponents, searcher, threats};

/// Who plays blue against the computer.
#[derive(Clone, Debug)]
pub enum Opponent {
    Random,
    Greedy,
    /// The deterministic searcher, looking this many plies ahead (1 to 4).
    Search(u32),
    /// The computer against a copy of its own knowledge; the copy learns
    /// too (in memory only).
    SelfCopy,
    /// The copy of itself with noise: its first moves and some later ones
    /// at random (see [`opponents::noisy_search_move`]).
    NoisySelf,
    /// The searcher with noise ([`opponents::noisy_search_move`]).
    Noisy(u32),
    /// The noisy searcher that reads wins by fours
    /// ([`opponents::tactical_move`]): of the training family.
    Tactical(u32),
    /// The threat player ([`match5_five::threats`]): held out, measures only.
    Threat,
    Pbrain(String),
}

impl Opponent {
    /// A player that moves on a board by itself (not a copy of the
    /// computer, not an external engine): what [`Opponent::builtin_move`]
    /// plays and `match5-cli move` accepts.
    pub fn is_builtin(&self) -> bool {
        !matches!(
            self,
            Opponent::SelfCopy | Opponent::NoisySelf | Opponent::Pbrain(_)
        )
    }

    /// The move of a built-in player for `color` on `board`; `None` for
    /// the players that are not built in and on a full board.
    pub fn builtin_move(&self, board: &Board, color: Color, rng: &mut GameRng) -> Option<Cell> {
        match self {
            Opponent::Random => opponents::random_move(board, rng),
            Opponent::Greedy => opponents::greedy_move(board, color, rng),
            Opponent::Search(depth) => searcher::search_move(board, color, *depth),
            Opponent::Noisy(depth) => opponents::noisy_search_move(board, color, *depth, rng),
            Opponent::Tactical(depth) => opponents::tactical_move(board, color, *depth, rng),
            Opponent::Threat => threats::threat_move(board, color, rng),
            Opponent::SelfCopy | Opponent::NoisySelf | Opponent::Pbrain(_) => None,
        }
    }

    /// The name `--opponent` takes.
    pub fn name(&self) -> String {
        match self {
            Opponent::SelfCopy => "self".to_string(),
            other => other.to_string(),
        }
    }
}

impl FromStr for Opponent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Opponent::Random),
            "greedy" => Ok(Opponent::Greedy),
            "self" => Ok(Opponent::SelfCopy),
            "noisy-self" => Ok(Opponent::NoisySelf),
            "threat" => Ok(Opponent::Threat),
            _ => {
                for (prefix, make) in [
                    ("search:", Opponent::Search as fn(u32) -> Opponent),
                    ("noisy:", Opponent::Noisy),
                    ("tactical:", Opponent::Tactical),
                ] {
                    if let Some(depth) = s.strip_prefix(prefix) {
                        return match depth.parse::<u32>() {
                            Ok(d @ 1..=4) => Ok(make(d)),
                            _ => Err(format!(
                                "{prefix}DEPTH needs a depth of 1 to 4, not {depth:?}"
                            )),
                        };
                    }
                }
                match s.strip_prefix("pbrain:") {
                    Some(cmd) if !cmd.trim().is_empty() => Ok(Opponent::Pbrain(cmd.to_string())),
                    _ => Err(
                        "expected random, greedy, self, noisy-self, search:DEPTH, noisy:DEPTH, tactical:DEPTH, threat or pbrain:\"COMMAND\""
                            .to_string(),
                    ),
                }
            }
        }
    }
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Random => write!(f, "random"),
            Opponent::Greedy => write!(f, "greedy"),
            Opponent::Search(d) => write!(f, "search:{d}"),
            Opponent::SelfCopy => write!(f, "a copy of itself"),
            Opponent::NoisySelf => write!(f, "noisy-self"),
            Opponent::Noisy(d) => write!(f, "noisy:{d}"),
            Opponent::Tactical(d) => write!(f, "tactical:{d}"),
            Opponent::Threat => write!(f, "threat"),
            Opponent::Pbrain(c) => write!(f, "pbrain:{c}"),
        }
    }
}

impl Opponent {
    /// Its family: built-in players of the training family may train a
    /// shipped computer; the threat player and engines only measure.
    pub fn family(&self) -> opponents::Family {
        opponents::family(&self.name()).unwrap_or(opponents::Family::HeldOut)
    }
}
