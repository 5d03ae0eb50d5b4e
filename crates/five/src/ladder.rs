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

impl Rung {
    /// The size of its shipped `.fivo` file, in bytes.
    pub fn bytes(&self) -> usize {
        self.file.len()
    }
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

/// How `tools/make-ladder` trains each rung (`ladder/schedule.toml`).
#[derive(Clone, Debug, Deserialize)]
pub struct Schedule {
    pub rung: Vec<Planned>,
}

/// One rung's training: it starts from the rung `from` (or from nothing)
/// and plays its steps.
#[derive(Clone, Debug, Deserialize)]
pub struct Planned {
    pub id: String,
    #[serde(default)]
    pub from: Option<String>,
    pub steps: Vec<Step>,
}

/// Games against one opponent of the training family, from a fixed seed.
#[derive(Clone, Debug, Deserialize)]
pub struct Step {
    pub games: u32,
    /// As `match5-cli train --opponent` spells it.
    pub opponent: String,
    pub seed: u64,
}

/// The schedule the shipped rungs were made with.
pub fn schedule() -> Schedule {
    // Part of the build and read in its tests.
    toml::from_str(include_str!("../ladder/schedule.toml")).expect("the schedule reads")
}

/// Every opponent that trained the rung `id` (through the rungs it started
/// from), with its games, in the order they were played; empty for
/// [`NOTHING`].
pub fn trained_against(id: &str) -> Vec<(String, u32)> {
    let schedule = schedule();
    let Some(rung) = schedule.rung.iter().find(|r| r.id == id) else {
        return Vec::new();
    };
    let mut out = rung
        .from
        .as_deref()
        .map(trained_against)
        .unwrap_or_default();
    for step in &rung.steps {
        match out.iter_mut().find(|(o, _)| *o == step.opponent) {
            Some((_, games)) => *games += step.games,
            None => out.push((step.opponent.clone(), step.games)),
        }
    }
    out
}

/// What the rungs can do, as `tools/ladder-strength` measured it
/// (`ladder/strength.toml`): frozen (learning nothing), the rung starting
/// every other game, against opponents of the held-out family only.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Measured {
    /// Games against each opponent.
    pub games: u32,
    pub seed: u64,
    /// The held-out opponents, in the order they are shown.
    pub opponent: Vec<Stranger>,
    pub rung: std::collections::BTreeMap<String, Strength>,
}

/// An opponent the rungs never met while they learned.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Stranger {
    /// Its key in [`Strength::lost`]: `threat`, `rapfi-3`.
    pub id: String,
    /// What it is, for people (the built-in ones are translated by id).
    pub name: String,
    /// How it was played: `match5-cli train --opponent SPEC`, with
    /// `--engine-info` for each of `engine_info`.
    pub spec: String,
    #[serde(default)]
    pub engine_info: Vec<String>,
}

/// One rung's figures.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Strength {
    pub patterns: u32,
    /// What trained it, as tools/make-ladder's schedule says ("2000 games
    /// against greedy").
    #[serde(default)]
    pub trained_against: Vec<String>,
    /// Games lost to each opponent (by [`Stranger::id`]), by the 2012
    /// computer ([`crate::style::Style::Classic`]) with these patterns.
    pub lost: std::collections::BTreeMap<String, u32>,
    /// Games drawn against each opponent.
    pub drawn: std::collections::BTreeMap<String, u32>,
    /// Of `lost`, the games lost that the rung started (it started half).
    #[serde(default)]
    pub lost_starting: std::collections::BTreeMap<String, u32>,
    /// The same patterns played by the sharp computer
    /// ([`crate::style::Style::Sharp`]); none where not measured.
    #[serde(default)]
    pub sharp: Option<StyleFigures>,
}

/// A rung's figures in one style: lost, drawn, and lost of the games it
/// started, against each opponent.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct StyleFigures {
    pub lost: std::collections::BTreeMap<String, u32>,
    pub drawn: std::collections::BTreeMap<String, u32>,
    #[serde(default)]
    pub lost_starting: std::collections::BTreeMap<String, u32>,
}

/// The measured strength of every rung.
pub fn measured() -> Measured {
    // Part of the build and read in its tests.
    toml::from_str(include_str!("../ladder/strength.toml")).expect("the figures read")
}

/// The measured strength of `id` ([`NOTHING`] too), if measured.
pub fn strength(id: &str) -> Option<Strength> {
    measured().rung.remove(id)
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
            assert_eq!(
                s.patterns as usize,
                k.pattern_count(),
                "{id}: measured as shipped"
            );
            assert_eq!(k.level(), 0, "{id}: the player taught nothing yet");
            levels.push(k.pattern_count());
        }
        for rung in RUNGS {
            // A rung carries no one's record: no games, no history, no
            // game a pattern was learned in (it would count as taught).
            for part in ["[history]", "[stats]", "\ngame = "] {
                assert!(!rung.file.contains(part), "{}: {part}", rung.id);
            }
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

    /// The rungs Match5 ships learned only from the training family and
    /// are measured only against the held-out one.
    #[test]
    fn rungs_train_on_one_family_and_are_measured_on_the_other() {
        use crate::opponents::{Family, family};
        let schedule = schedule();
        let ids: Vec<&str> = schedule.rung.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, RUNGS.map(|r| r.id), "the schedule makes every rung");
        for rung in &schedule.rung {
            assert!(!rung.steps.is_empty());
            for step in &rung.steps {
                assert_eq!(
                    family(&step.opponent),
                    Some(Family::Training),
                    "{}: {} may not train a shipped rung",
                    rung.id,
                    step.opponent
                );
            }
        }
        let m = measured();
        assert!(
            m.opponent.len() >= 2,
            "the threat player and an external engine"
        );
        assert!(m.opponent.iter().any(|o| o.spec == "threat"));
        assert!(m.opponent.iter().any(|o| o.spec.starts_with("pbrain:")));
        for o in &m.opponent {
            assert_eq!(
                family(&o.spec),
                Some(Family::HeldOut),
                "{} measures only",
                o.id
            );
            for id in names() {
                let trained = trained_against(id);
                assert!(
                    trained.iter().all(|(t, _)| t != &o.spec),
                    "{id} met {}",
                    o.id
                );
                let s = strength(id).unwrap();
                assert!(s.lost.contains_key(&o.id) && s.drawn.contains_key(&o.id));
                assert!(s.lost[&o.id] + s.drawn[&o.id] <= m.games);
            }
        }
        let top = trained_against("curriculum");
        assert!(top.len() > trained_against("greedy").len(), "{top:?}");
        assert!(trained_against(NOTHING).is_empty());
    }
}
