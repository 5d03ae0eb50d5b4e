//! The trained computers Match5 ships: a ladder of knowledge files, each
//! trained by the project's own CLI with fixed seeds (`tools/make-ladder`)
//! and measured (`tools/ladder-strength`, figures in `ladder/strength.toml`).
//! A new player may start from one: its patterns and lost lines are copied
//! into the player's own knowledge, which then learns on from the player.

use serde::Deserialize;

use crate::fivo;
use crate::knowledge::{Knowledge, KnowledgeError};

/// Empty knowledge: the computer learns only from the player.
pub const NOTHING: &str = "nothing";

/// One trained computer.
#[derive(Clone, Copy, Debug)]
pub struct Rung {
    /// Its name in files, on D-Bus and on the command line.
    pub id: &'static str,
    file: &'static str,
}

/// The trained computers, weakest first (after [`NOTHING`]).
pub const RUNGS: [Rung; 3] = [
    Rung {
        id: "greedy",
        file: include_str!("../ladder/greedy.fivo"),
    },
    Rung {
        id: "self-play",
        file: include_str!("../ladder/self-play.fivo"),
    },
    Rung {
        id: "curriculum",
        file: include_str!("../ladder/curriculum.fivo"),
    },
];

/// Every name a player may start from: [`NOTHING`], then the rungs.
pub fn names() -> impl Iterator<Item = &'static str> {
    std::iter::once(NOTHING).chain(RUNGS.iter().map(|r| r.id))
}

/// What a rung can do, as `tools/ladder-strength` measured it: games lost
/// out of `games` against players looking 2 and 3 moves ahead, learning
/// nothing while measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Strength {
    pub patterns: u32,
    pub games: u32,
    pub lost_to_search2: u32,
    pub lost_to_search3: u32,
}

/// The measured strength of `id` ([`NOTHING`] too), if measured.
pub fn strength(id: &str) -> Option<Strength> {
    let all: std::collections::BTreeMap<String, Strength> =
        toml::from_str(include_str!("../ladder/strength.toml")).ok()?;
    all.get(id).copied()
}

/// Knowledge of `player` that starts from the trained computer `id`: its
/// patterns and lost lines, none of its games (the player's record is their
/// own), and `start` set to `id`. [`NOTHING`] gives empty knowledge.
pub fn start_from(player: &str, id: &str) -> Result<Knowledge, KnowledgeError> {
    if id == NOTHING {
        return Ok(Knowledge::new(player));
    }
    let rung = RUNGS
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| KnowledgeError::NoSuchStart(id.to_string()))?;
    // The files are part of the build and read in its tests.
    let contents = fivo::parse(rung.file).expect("a shipped knowledge file reads");
    Ok(Knowledge::with_patterns(player, contents.patterns)
        .with_lost_lines(contents.lost_lines)
        .with_start(Some(id.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rung_reads_and_starts_a_new_players_own_knowledge() {
        let mut levels = Vec::new();
        for id in names() {
            let k = start_from("Anna", id).unwrap();
            assert_eq!(k.player(), "Anna");
            assert_eq!(k.stats().games(), 0, "{id}: the record is the player's own");
            assert!(k.history().is_empty());
            assert_eq!(k.start(), (id != NOTHING).then_some(id));
            let s = strength(id).unwrap_or_else(|| panic!("{id} is measured"));
            assert_eq!(s.patterns as usize, k.level(), "{id}: measured as shipped");
            levels.push(k.level());
        }
        assert_eq!(levels[0], 0);
        assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
        let err = start_from("Anna", "grandmaster").unwrap_err().to_string();
        assert!(
            err.contains("nothing, greedy, self-play and curriculum"),
            "{err}"
        );
        assert_eq!(
            names().collect::<Vec<_>>(),
            ["nothing", "greedy", "self-play", "curriculum"],
            "the names the error lists"
        );
    }
}
