//! What five in a row's D-Bus properties say: the [`Snapshot`] made from
//! the model, again whenever it notifies a change.

use std::path::Path;
use std::rc::Rc;

use gtk::prelude::*;
use match5_five::{Color, Reason};

use super::interface::Snapshot;
use super::wire::{LastReason, PatternUse};
use crate::games::five::model::{ComputersMove, FiveGame};

/// What the D-Bus properties say now.
pub fn snapshot(model: &FiveGame) -> Snapshot {
    Snapshot {
        player: model.player(),
        level: model.level(),
        trained_patterns: model.trained(),
        practised_patterns: model.practised(),
        hinted_patterns: model.hinted(),
        // "" stays "": no file has no place.
        knowledge_file: crate::places::host_path(Path::new(&model.file()))
            .display()
            .to_string(),
        training: model.practising(),
        knowledge_status: model.knowledge_status(),
        mode: model.mode(),
        state: model.state(),
        board: model.board(),
        style: model.style(),
        last_reason: last_reason(model),
    }
}

fn last_reason(model: &FiveGame) -> LastReason {
    let Some(ComputersMove { cell, reason }) = model.last_reason() else {
        return LastReason::default();
    };
    let (kind, instead) = match reason {
        Reason::Forced(_) => ("forced", None),
        Reason::Attack(_) => ("attack", None),
        Reason::Free => ("free", None),
        Reason::Sharp { .. } => ("sharp", None),
        Reason::Varied { instead } => ("varied", Some((instead.x() as u32, instead.y() as u32))),
    };
    let sharp = match reason {
        Reason::Sharp { why, budget_ended } => Some((why.key(), budget_ended)),
        _ => None,
    };
    LastReason {
        kind,
        sharp,
        x: cell.x() as u32,
        y: cell.y() as u32,
        pattern: reason.matched().map(|m| PatternUse {
            number: m.pattern as u32 + 1,
            level: m.level,
            color: match m.color {
                Color::Red => "red",
                Color::Blue => "blue",
            },
            symmetry: u32::from(m.symmetry.number()),
            offset_x: m.offset.x() as u32,
            offset_y: m.offset.y() as u32,
        }),
        instead,
        learned_in: reason.matched().and_then(|m| model.learned_in(m.pattern)),
    }
}

/// Calls `publish(snapshot, knowledge_changed)` whenever the model notifies
/// a change: the same notifications the page listens to feed D-Bus.
pub fn watch(model: &FiveGame, publish: impl Fn(Snapshot, bool) + 'static) {
    let publish = Rc::new(publish);
    let p = publish.clone();
    model.connect_notify_local(None, move |m, _| p(snapshot(m), false));
    model.connect_knowledge_changed(move |m| publish(snapshot(m), true));
}
