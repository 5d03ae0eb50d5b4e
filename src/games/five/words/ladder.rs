//! The trained computers a player may start from, for people: a name and
//! one sentence each, with the figures `tools/ladder-strength` measured
//! (`crates/five/ladder/strength.toml`).

use match5_five::Knowledge;
use match5_five::history::GameResult;
use match5_five::ladder;

use crate::i18n::{gettext, gettext_f, ngettext_f};

/// The short name of a start (`nothing` or a rung), as the sidebar shows
/// it chosen.
pub fn title(id: &str) -> String {
    match id {
        ladder::NOTHING => gettext("Nothing"),
        "greedy" => gettext("Greedy Training"),
        "self-play" => gettext("Self-Play"),
        "curriculum" => gettext("Full Curriculum"),
        other => other.to_string(),
    }
}

/// What a start is, in a few words, under its name in the list.
pub fn detail(id: &str) -> String {
    match id {
        ladder::NOTHING => gettext("It learns only from you"),
        "greedy" => gettext("Trained against a greedy player"),
        "self-play" => gettext("Trained by self-play and search"),
        "curriculum" => gettext("Every lesson, from greedy to search"),
        _ => String::new(),
    }
}

/// The start of a computer that has `patterns` patterns now: a computer
/// that started from nothing and has learned since says so rather than
/// "it knows nothing"; a trained start is described as it came.
pub fn started_from(id: &str, patterns: u32) -> String {
    if id == ladder::NOTHING && patterns > 0 {
        return ngettext_f(
            "It started knowing nothing and has learned {patterns} pattern since.",
            "It started knowing nothing and has learned {patterns} patterns since.",
            patterns,
            &[("patterns", &patterns.to_string())],
        );
    }
    description(id)
}

/// What a start knows and can do: what trained it, and what it lost,
/// frozen, to players it never met (the held-out figures of
/// `tools/ladder-strength`).
pub fn description(id: &str) -> String {
    let Some(s) = ladder::strength(id) else {
        return String::new();
    };
    if id == ladder::NOTHING {
        return gettext(
            "It knows nothing, not even to finish its own open four, and learns only from the games you win.",
        );
    }
    let measured = ladder::measured();
    let trained = ngettext_f(
        "{patterns} pattern, learned against {opponents}.",
        "{patterns} patterns, learned against {opponents}.",
        s.patterns,
        &[
            ("patterns", &s.patterns.to_string()),
            ("opponents", &trainers(id)),
        ],
    );
    let figures = |lost: &std::collections::BTreeMap<String, u32>| -> String {
        measured
            .opponent
            .iter()
            .map(|o| {
                ngettext_f(
                    "{lost} of {games} game to {opponent}",
                    "{lost} of {games} games to {opponent}",
                    measured.games,
                    &[
                        (
                            "lost",
                            &lost.get(&o.id).copied().unwrap_or_default().to_string(),
                        ),
                        ("games", &measured.games.to_string()),
                        ("opponent", &stranger(o)),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let classic = gettext_f(
        "Against players it never met, learning nothing and starting every other game, it lost {figures}.",
        &[("figures", &figures(&s.lost))],
    );
    match &s.sharp {
        Some(sharp) => format!(
            "{trained} {classic} {}",
            gettext_f(
                "Playing sharp, it lost {figures}.",
                &[("figures", &figures(&sharp.lost))]
            )
        ),
        None => format!("{trained} {classic}"),
    }
}

/// A held-out opponent's name for people.
pub fn stranger(o: &ladder::Stranger) -> String {
    match o.id.as_str() {
        "threat" => gettext("Threats, the built-in player of fours and open threes"),
        _ if o.id.starts_with("rapfi") => gettext_f(
            "Rapfi, an open engine searching {depth} moves deep",
            &[("depth", o.id.trim_start_matches("rapfi-"))],
        ),
        _ => o.name.clone(),
    }
}

/// The opponents that trained rung `id`, for people: "a greedy player,
/// itself, players looking 2 or 3 moves ahead".
pub fn trainers(id: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut depths: Vec<&str> = Vec::new();
    // The tactical players are named apart: they also play their wins by
    // fours, which is what made them the hardest of the family.
    let mut tactical: Vec<&str> = Vec::new();
    let trained = ladder::trained_against(id);
    for (opponent, _) in &trained {
        let word = match opponent.split_once(':') {
            Some((kind @ ("search" | "noisy" | "tactical"), d)) => {
                let list = if kind == "tactical" {
                    &mut tactical
                } else {
                    &mut depths
                };
                if !list.contains(&d) {
                    list.push(d);
                }
                continue;
            }
            _ => match opponent.as_str() {
                "greedy" => gettext("a greedy player"),
                "random" => gettext("a random player"),
                "self" | "noisy-self" => gettext("itself"),
                other => other.to_string(),
            },
        };
        if !words.contains(&word) {
            words.push(word);
        }
    }
    if !depths.is_empty() {
        words.push(gettext_f(
            "players looking {depths} moves ahead",
            &[("depths", &either(depths))],
        ));
    }
    if !tactical.is_empty() {
        words.push(gettext_f(
            "players looking {depths} moves ahead that play their wins by fours",
            &[("depths", &either(tactical))],
        ));
    }
    words.join(", ")
}

/// Depths for people, smallest first: "1 or 2".
fn either(mut depths: Vec<&str>) -> String {
    depths.sort_unstable();
    depths.join(gettext(" or ").as_str())
}

/// The computer's record against the player, as facts: how many games in
/// a row it has not lost, and from how many of the player's wins it
/// learned. (That a new computer knows nothing is said under the board and
/// by the start it has.)
pub fn record(k: &Knowledge) -> String {
    let mut facts = Vec::new();
    let unbeaten = k
        .history()
        .entries()
        .rev()
        .take_while(|e| e.result != GameResult::Won)
        .count();
    if unbeaten == 1 {
        facts.push(gettext("It did not lose the last game you played."));
    } else if unbeaten > 1 {
        let n = u32::try_from(unbeaten).unwrap_or(u32::MAX);
        // The history keeps the latest 10,000 games: "at least" beyond.
        facts.push(ngettext_f(
            "It has not lost any of the last {count} game you played.",
            "It has not lost any of the last {count} games you played.",
            n,
            &[("count", &unbeaten.to_string())],
        ));
    } else if k.history().last().is_some() {
        facts.push(gettext("You won the last game."));
    }
    let won = k.stats().won;
    if won > 0 {
        facts.push(ngettext_f(
            "It learned from {count} win of yours.",
            "It learned from {count} wins of yours.",
            u32::try_from(won).unwrap_or(u32::MAX),
            &[("count", &won.to_string())],
        ));
    }
    if facts.is_empty() {
        facts.push(gettext("No games yet."));
    }
    facts.join("\n")
}

/// Every start, in ladder order.
pub fn ids() -> Vec<&'static str> {
    ladder::names().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_says_facts_and_counts_in_the_singular_and_plural() {
        use match5_five::history::{Entry, History};
        let mut k = Knowledge::new("Anna");
        assert_eq!(record(&k), "No games yet.");
        let e = |game, result| Entry {
            game,
            result,
            level: 1,
            date: "2026-11-24".to_string(),
            moves: None,
            hints: 0,
        };
        *k.history_mut() =
            History::from_entries(vec![e(1, GameResult::Won), e(2, GameResult::Lost)]).unwrap();
        k.record(Some(match5_five::Color::Blue));
        let text = record(&k);
        assert!(
            text.contains("It did not lose the last game you played."),
            "{text}"
        );
        assert!(text.contains("It learned from 1 win of yours."), "{text}");
        k.history_mut().push(e(3, GameResult::Drawn));
        assert!(
            record(&k).contains("It has not lost any of the last 2 games you played."),
            "{}",
            record(&k)
        );
        k.history_mut().push(e(4, GameResult::Won));
        assert!(record(&k).contains("You won the last game."));
    }

    /// Help states the held-out figures in words: they must be the ones
    /// `tools/ladder-strength` wrote.
    #[test]
    fn help_says_the_figures_that_were_measured() {
        let help = include_str!("../help.ui");
        let measured = ladder::measured();
        let ids: Vec<&str> = measured.opponent.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(ids, ["threat", "rapfi-3"], "help names these two");
        assert!(help.contains(&format!("in {} games against", measured.games)));
        assert!(help.contains(&format!("Lost of {}, as the 2012 computer", measured.games)));
        let sharp = |s: &ladder::Strength| s.sharp.clone().expect("measured sharp too");
        let nothing = sharp(&ladder::strength(ladder::NOTHING).unwrap());
        assert!(
            help.contains(&format!("seed {}", measured.seed)),
            "help says the seed"
        );
        let sentence = format!(
            "sharp, it lost {} to Threats and {} to Rapfi ({} and {} in the games it started).",
            nothing.lost["threat"],
            nothing.lost["rapfi-3"],
            nothing.lost_starting["threat"],
            nothing.lost_starting["rapfi-3"]
        );
        assert!(help.contains(&sentence), "nothing: help says {sentence:?}");
        for id in self::ids().into_iter().skip(1) {
            let s = ladder::strength(id).unwrap();
            let sh = sharp(&s);
            let sentence = format!(
                "{} patterns; it lost {} to Threats and {} to Rapfi ({} and {} in the games it started), sharp {} and {} ({} and {}).",
                s.patterns,
                s.lost["threat"],
                s.lost["rapfi-3"],
                s.lost_starting["threat"],
                s.lost_starting["rapfi-3"],
                sh.lost["threat"],
                sh.lost["rapfi-3"],
                sh.lost_starting["threat"],
                sh.lost_starting["rapfi-3"]
            );
            assert!(help.contains(&sentence), "{id}: help says {sentence:?}");
        }
    }

    /// The curriculum ends against the tactical players (schedule.toml):
    /// a person reads that it met players who play their wins by fours,
    /// apart from the plain searchers.
    #[test]
    fn the_tactical_players_are_named_apart() {
        let words = trainers("curriculum");
        assert!(
            words.contains("players looking 1 or 2 moves ahead,"),
            "{words}"
        );
        assert!(
            words.ends_with("players looking 3 moves ahead that play their wins by fours"),
            "{words}"
        );
    }

    #[test]
    fn every_start_has_a_name_and_a_measured_sentence() {
        for id in ids() {
            assert_ne!(title(id), id, "{id} has a name for people");
            let d = description(id);
            assert!(d.ends_with('.'), "{id}: {d}");
            if id != ladder::NOTHING {
                let s = ladder::strength(id).unwrap();
                for (o, lost) in &s.lost {
                    assert!(d.contains(&format!("{lost} of ")), "{o}: {d}");
                }
                assert!(!trainers(id).is_empty());
            }
        }
    }
}
