//! What five in a row's D-Bus properties say: the [`Snapshot`] the window
//! publishes, the computer's last reason as a dictionary, and which
//! properties changed between two snapshots.

use std::collections::HashMap;

use zbus::zvariant::OwnedValue;

use crate::games::five::model::state::{GameMode, GameState, KnowledgeState};

/// What the properties say, as the window last published it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub player: String,
    pub level: u32,
    pub trained_patterns: u32,
    pub practised_patterns: u32,
    pub hinted_patterns: u32,
    /// The knowledge's file on the person's disk ("" while it has none).
    pub knowledge_file: String,
    pub training: bool,
    pub knowledge_status: KnowledgeState,
    pub mode: GameMode,
    pub state: GameState,
    pub board: String,
    /// `classic` or `sharp`.
    pub style: &'static str,
    pub last_reason: LastReason,
}

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

/// The properties that differ between two snapshots, as the bus shows
/// them.
pub fn diff(old: &Snapshot, new: &Snapshot) -> Vec<crate::games::requests::Changed> {
    let mut changed = Vec::new();
    let mut put = |name, value: zbus::zvariant::Value<'_>| {
        if let Ok(value) = value.try_into_owned() {
            changed.push((name, value));
        }
    };
    if old.player != new.player {
        put("Player", new.player.clone().into());
    }
    if old.level != new.level {
        put("Level", new.level.into());
    }
    if old.trained_patterns != new.trained_patterns {
        put("TrainedPatterns", new.trained_patterns.into());
    }
    if old.practised_patterns != new.practised_patterns {
        put("PractisedPatterns", new.practised_patterns.into());
    }
    if old.hinted_patterns != new.hinted_patterns {
        put("HintedPatterns", new.hinted_patterns.into());
    }
    if old.knowledge_file != new.knowledge_file {
        put("KnowledgeFile", new.knowledge_file.clone().into());
    }
    if old.training != new.training {
        put("Training", new.training.into());
    }
    if old.knowledge_status != new.knowledge_status {
        put("KnowledgeStatus", new.knowledge_status.wire().into());
    }
    if old.mode != new.mode {
        put("Mode", new.mode.wire().into());
    }
    if old.state != new.state {
        put("State", new.state.wire().into());
    }
    if old.board != new.board {
        put("Board", new.board.clone().into());
    }
    if old.style != new.style {
        put("Style", new.style.into());
    }
    if old.last_reason != new.last_reason {
        put("LastReason", new.last_reason.to_dict().into());
    }
    changed
}
