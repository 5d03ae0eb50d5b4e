//! What is not saved yet, named, for the question before it would be lost
//! (closing, quitting, opening other knowledge) and a script's refusal.

use crate::i18n::{gettext_f, ngettext_f};

/// "The computer learned 2 patterns in practice and 1 from Anna’s games
/// since the knowledge was last saved. Unsaved, they are lost.": each kind
/// of pattern learned since the last save (taught, from practice, from
/// wins with hints), or that the knowledge changed (patterns deleted or
/// replaced).
pub fn unsaved(player: &str, [taught, practised, hinted]: [usize; 3]) -> String {
    let n = |count: usize| u32::try_from(count).unwrap_or(u32::MAX);
    let mut parts = Vec::new();
    if taught > 0 {
        parts.push(ngettext_f(
            "{n} pattern from {player}’s games",
            "{n} patterns from {player}’s games",
            n(taught),
            &[("n", &taught.to_string()), ("player", player)],
        ));
    }
    if hinted > 0 {
        parts.push(ngettext_f(
            "{n} pattern from wins with hints",
            "{n} patterns from wins with hints",
            n(hinted),
            &[("n", &hinted.to_string())],
        ));
    }
    if practised > 0 {
        parts.push(ngettext_f(
            "{n} pattern in practice",
            "{n} patterns in practice",
            n(practised),
            &[("n", &practised.to_string())],
        ));
    }
    let total = taught + hinted + practised;
    match parts.len() {
        0 => gettext_f(
            "{player}’s knowledge changed since it was last saved: patterns were deleted or replaced. Unsaved, the changes are lost.",
            &[("player", player)],
        ),
        _ => ngettext_f(
            "The computer learned {what} since {player}’s knowledge was last saved. Unsaved, it is lost.",
            "The computer learned {what} since {player}’s knowledge was last saved. Unsaved, they are lost.",
            n(total),
            &[("what", &crate::i18n::and_list(&parts)), ("player", player)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_names_each_kind_learned_and_only_those() {
        assert_eq!(
            unsaved("Anna", [0, 2, 0]),
            "The computer learned 2 patterns in practice since Anna’s knowledge was last saved. Unsaved, they are lost."
        );
        assert_eq!(
            unsaved("Anna", [1, 3, 1]),
            "The computer learned 1 pattern from Anna’s games, 1 pattern from wins with hints and 3 patterns in practice since Anna’s knowledge was last saved. Unsaved, they are lost."
        );
        assert!(unsaved("Anna", [0, 0, 0]).contains("deleted or replaced"));
    }
}
