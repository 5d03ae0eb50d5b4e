//! `match5-cli leapfrog`: the leap-frog puzzle's first solution in the
//! seed's order, and its figures (reachable positions, dead ends,
//! solutions), as text or JSON.

use match5_leapfrog::{Position, first_solution, stats};
use serde::Serialize;

use crate::output::print;

#[derive(Serialize)]
struct Step {
    from: usize,
    to: usize,
    position: String,
}

#[derive(Serialize)]
struct Solution {
    frogs: usize,
    moves: Vec<Step>,
}

/// The first solution for `k` frogs: moves `from->to` (field numbers) and
/// the position after each.
pub fn solve(k: usize, json: bool) -> anyhow::Result<()> {
    let moves = first_solution(k)?;
    let mut position = Position::start(k)?;
    let mut steps = Vec::new();
    for mv in moves {
        position = position.after(mv);
        let (from, to) = mv.field_numbers();
        steps.push(Step {
            from,
            to,
            position: position.to_string(),
        });
    }
    let text = if json {
        serde_json::to_string(&Solution {
            frogs: k,
            moves: steps,
        })? + "\n"
    } else {
        let mut text = format!("     {}\n", Position::start(k)?);
        for (n, s) in steps.iter().enumerate() {
            text += &format!("{:>3}. {:>2}->{:<2} {}\n", n + 1, s.from, s.to, s.position);
        }
        text
    };
    print(&text)?;
    Ok(())
}

#[derive(Serialize)]
struct Figures {
    frogs: usize,
    fields: usize,
    reachable: u64,
    dead_ends: u64,
    solutions: u64,
    moves: usize,
}

/// Reachable positions, dead ends, solutions and their length for `k` frogs.
pub fn figures(k: usize, json: bool) -> anyhow::Result<()> {
    let s = stats(k)?;
    let f = Figures {
        frogs: s.frogs,
        fields: s.fields,
        reachable: s.reachable,
        dead_ends: s.dead_ends,
        solutions: s.solutions,
        moves: s.moves,
    };
    let text = if json {
        serde_json::to_string(&f)? + "\n"
    } else {
        format!(
            "{} frogs of each kind on {} fields: {} positions reachable from the start, {} of them dead ends; {} solutions of {} moves\n",
            f.frogs, f.fields, f.reachable, f.dead_ends, f.solutions, f.moves
        )
    };
    print(&text)?;
    Ok(())
}
