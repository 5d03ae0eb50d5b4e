//! How five in a row's D-Bus properties go on the bus where they are not
//! sent as they are kept: the game's states as their words, and the
//! computer's last reason as a dictionary.

use std::collections::HashMap;

use zbus::zvariant::OwnedValue;

use crate::control::object::OnBus;
use crate::games::five::model::state::{ComputerStyle, GameMode, GameState, KnowledgeState};

/// Why the computer made the last move of the game (empty when the last
/// move is not the computer's, or came back from disk).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastReason {
    /// `forced`, `attack`, `free`, `sharp` or `varied`; empty for none.
    pub kind: &'static str,
    /// Sharp: what it read on the board (`stop-five`, `win-by-fours`,
    /// `shape`, …) and whether its searches ended with their budget.
    pub sharp: Option<(&'static str, bool)>,
    /// The field played.
    pub x: u32,
    pub y: u32,
    /// Forced and attack: the pattern that matched.
    pub pattern: Option<PatternUse>,
    /// Varied: the field it once lost with here.
    pub instead: Option<(u32, u32)>,
    /// The game the pattern was learned in, where known.
    pub learned_in: Option<u64>,
}

/// A pattern as the computer used it for its last move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternUse {
    /// Its number, 1-based.
    pub number: u32,
    pub level: u32,
    /// The colour it matched in: `red` (a block) or `blue` (an attack).
    pub color: &'static str,
    /// Which of its 8 turns and mirrors matched (0 to 7).
    pub symmetry: u32,
    /// Where its left top lies on the board.
    pub offset_x: u32,
    pub offset_y: u32,
}

impl LastReason {
    /// As the `LastReason` property: a{sv}.
    pub fn to_dict(&self) -> HashMap<String, OwnedValue> {
        let mut d = HashMap::new();
        if self.kind.is_empty() {
            return d;
        }
        let mut put = |k: &str, v: zbus::zvariant::Value<'_>| {
            if let Ok(v) = OwnedValue::try_from(v) {
                d.insert(k.to_string(), v);
            }
        };
        put("kind", self.kind.into());
        put("x", self.x.into());
        put("y", self.y.into());
        if let Some(p) = &self.pattern {
            put("pattern", p.number.into());
            put("level", p.level.into());
            put("color", p.color.into());
            put("symmetry", p.symmetry.into());
            put("offset-x", p.offset_x.into());
            put("offset-y", p.offset_y.into());
        }
        if let Some((why, budget_ended)) = self.sharp {
            put("why", why.into());
            put("budget-ended", budget_ended.into());
        }
        if let Some(game) = self.learned_in {
            put("learned-in", game.into());
        }
        if let Some((ix, iy)) = self.instead {
            put("instead-x", ix.into());
            put("instead-y", iy.into());
        }
        d
    }
}

/// A state goes as its word (`KnowledgeStatus`, `Mode`, `State`, `Style`).
macro_rules! sent_as_words {
    ($($t:ty),*) => {
        $(impl OnBus for $t {
            type Wire = String;
            fn on_bus(&self) -> String {
                self.wire().to_string()
            }
        })*
    };
}

sent_as_words!(KnowledgeState, GameMode, GameState, ComputerStyle);

/// The reason goes as a dictionary (`LastReason`).
impl OnBus for LastReason {
    type Wire = HashMap<String, OwnedValue>;
    fn on_bus(&self) -> Self::Wire {
        self.to_dict()
    }
}
