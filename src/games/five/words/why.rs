//! Show Why's sentence about the pattern behind the computer's move: what
//! it does (blocks or attacks) and where the pattern came from.

use crate::games::five::model::patterns::Origin;
use crate::i18n::gettext_f;

/// Where the pattern behind a move came from, for Show Why's sentence.
pub struct Lesson {
    /// It blocks the person's pattern (else it attacks with its own).
    pub blocks: bool,
    pub origin: Origin,
}

impl Lesson {
    /// "Why E5: it blocks a pattern of depth 3 you taught it in game 4
    /// (number 2)".
    pub fn why(&self, field: &str, depth: u64, number: u64) -> String {
        let game = self
            .origin
            .game()
            .map(|g| g.to_string())
            .unwrap_or_default();
        let (depth, number) = (depth.to_string(), number.to_string());
        let args = [
            ("field", field),
            ("depth", depth.as_str()),
            ("number", number.as_str()),
            ("game", game.as_str()),
        ];
        match (self.blocks, self.origin) {
            (true, Origin::Taught(Some(_))) => gettext_f(
                "Why {field}: it blocks a pattern of depth {depth} you taught it in game {game} (number {number})",
                &args,
            ),
            (true, Origin::Taught(None)) => gettext_f(
                "Why {field}: it blocks a pattern of depth {depth} you taught it (number {number})",
                &args,
            ),
            (true, Origin::Hinted(_)) => gettext_f(
                "Why {field}: it blocks a pattern of depth {depth} it learned from your game {game}, won with hints (number {number})",
                &args,
            ),
            (true, Origin::Practice) => gettext_f(
                "Why {field}: it blocks a pattern of depth {depth} it learned in practice (number {number})",
                &args,
            ),
            (true, Origin::Trained) => gettext_f(
                "Why {field}: it blocks a pattern of depth {depth} it knew from its training (number {number})",
                &args,
            ),
            (false, Origin::Taught(Some(_))) => gettext_f(
                "Why {field}: it attacks with a pattern of depth {depth} you taught it in game {game} (number {number}), in its own colour",
                &args,
            ),
            (false, Origin::Taught(None)) => gettext_f(
                "Why {field}: it attacks with a pattern of depth {depth} you taught it (number {number}), in its own colour",
                &args,
            ),
            (false, Origin::Hinted(_)) => gettext_f(
                "Why {field}: it attacks with a pattern of depth {depth} it learned from your game {game}, won with hints (number {number}), in its own colour",
                &args,
            ),
            (false, Origin::Practice) => gettext_f(
                "Why {field}: it attacks with a pattern of depth {depth} it learned in practice (number {number}), in its own colour",
                &args,
            ),
            (false, Origin::Trained) => gettext_f(
                "Why {field}: it attacks with a pattern of depth {depth} it knew from its training (number {number}), in its own colour",
                &args,
            ),
        }
    }
}
