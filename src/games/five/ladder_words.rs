//! The trained computers a player may start from, for people: a name and
//! one sentence each, with the figures `tools/ladder-strength` measured
//! (`crates/five/ladder/strength.toml`).

use match5_five::Knowledge;
use match5_five::history::GameResult;
use match5_five::ladder;

use crate::i18n::{gettext, ngettext_f};

/// The name of a start (`nothing` or a rung), as the sidebar lists it.
pub fn title(id: &str) -> String {
    match id {
        ladder::NOTHING => gettext("Nothing: It Learns Only From You"),
        "greedy" => gettext("Trained Against a Greedy Player"),
        "self-play" => gettext("Trained by Self-Play and Search"),
        "curriculum" => gettext("The Full Curriculum"),
        other => other.to_string(),
    }
}

/// What a start knows and can do, in one sentence.
pub fn description(id: &str) -> String {
    let Some(s) = ladder::strength(id) else {
        return String::new();
    };
    if id == ladder::NOTHING {
        return gettext(
            "It knows nothing, not even to finish its own open four, and learns only from the games you win.",
        );
    }
    ngettext_f(
        "{patterns} pattern from training; learning nothing, it lost {lost2} of {games} games to a player looking two moves ahead and {lost3} to one looking three.",
        "{patterns} patterns from training; learning nothing, it lost {lost2} of {games} games to a player looking two moves ahead and {lost3} to one looking three.",
        s.patterns,
        &[
            ("patterns", &s.patterns.to_string()),
            ("lost2", &s.lost_to_search2.to_string()),
            ("lost3", &s.lost_to_search3.to_string()),
            ("games", &s.games.to_string()),
        ],
    )
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
    if unbeaten > 0 {
        let n = u32::try_from(unbeaten).unwrap_or(u32::MAX);
        // The history keeps the latest 10,000 games: "at least" beyond.
        facts.push(ngettext_f(
            "It has not lost in its last {count} game against you.",
            "It has not lost in its last {count} games against you.",
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
        };
        *k.history_mut() =
            History::from_entries(vec![e(1, GameResult::Won), e(2, GameResult::Lost)]).unwrap();
        k.record(Some(match5_five::Color::Blue));
        let text = record(&k);
        assert!(
            text.contains("It has not lost in its last 1 game against you."),
            "{text}"
        );
        assert!(text.contains("It learned from 1 win of yours."), "{text}");
        k.history_mut().push(e(3, GameResult::Drawn));
        assert!(record(&k).contains("its last 2 games"), "{}", record(&k));
        k.history_mut().push(e(4, GameResult::Won));
        assert!(record(&k).contains("You won the last game."));
    }

    /// Help states the measured figures in words: they must be the ones
    /// `tools/ladder-strength` wrote.
    #[test]
    fn help_says_the_figures_that_were_measured() {
        let help = include_str!("help.ui");
        for id in ids().into_iter().skip(1) {
            let s = ladder::strength(id).unwrap();
            assert!(
                help.contains(&format!(
                    "{} patterns; it lost {}",
                    s.patterns, s.lost_to_search2
                )),
                "{id}: help names {} patterns and {} losses",
                s.patterns,
                s.lost_to_search2
            );
            assert!(
                help.contains(&format!("{} to the three-move one.", s.lost_to_search3))
                    || help.contains(&format!("and {}.", s.lost_to_search3)),
                "{id}: {} losses to search:3",
                s.lost_to_search3
            );
            assert!(help.contains(&format!("in {} games against", s.games)));
        }
    }

    #[test]
    fn every_start_has_a_name_and_a_measured_sentence() {
        for id in ids() {
            assert_ne!(title(id), id, "{id} has a name for people");
            let d = description(id);
            assert!(d.ends_with('.'), "{id}: {d}");
            if id != ladder::NOTHING {
                let s = ladder::strength(id).unwrap();
                assert!(d.contains(&s.lost_to_search3.to_string()), "{d}");
            }
        }
    }
}
