//! Writing a `.fivo` file: the knowledge as TOML text, in the order and
//! with the comments `docs/fivo-format.md` describes.

use super::contents::{Contents, FORMAT, HINTS_VERSION, PLAIN_VERSION, VERSION};
use crate::board::{Cell, Color, SIZE};
use crate::knowledge::Learned;

fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The file's text.
pub fn write(contents: &Contents) -> String {
    let mut out = String::new();
    out.push_str("# Match5 knowledge: the error patterns the computer learned from its losses.\n");
    let hinted_patterns = (contents.learned.iter()).any(|l| matches!(l, Learned::Hinted(_)));
    let hinted = contents.history.entries().any(|e| e.hints > 0);
    out.push_str(&format!(
        "format = {}\nversion = {}\n",
        quoted(FORMAT),
        if hinted_patterns {
            VERSION
        } else if hinted {
            HINTS_VERSION
        } else {
            PLAIN_VERSION
        }
    ));
    out.push_str(&format!("player = {}\n", quoted(&contents.player)));
    if let Some(p) = &contents.password {
        out.push_str(&format!("password = {}\n", quoted(p)));
    }
    if let Some(s) = &contents.start {
        let taught = (contents.learned.iter())
            .filter(|l| matches!(l, Learned::InGame(_)))
            .count();
        let trained = (contents.learned.iter())
            .filter(|l| **l == Learned::Unrecorded)
            .count();
        out.push_str(&format!(
            "# The trained computer this knowledge started from. Its patterns have\n# no game; the player's level counts only the {taught} with a game and\n# no hints, the patterns this player taught ({trained} came with the\n# trained computer).\nstart = {}\n",
            quoted(s)
        ));
    }
    let s = contents.stats;
    out.push_str(&format!(
        "\n[stats]\nwon = {}\nlost = {}\ndrawn = {}\n",
        s.won, s.lost, s.drawn
    ));
    for (i, p) in contents.patterns.iter().enumerate() {
        out.push_str(&format!("\n[[pattern]]\nlevel = {}\n", p.level()));
        match contents.learned.get(i).copied().unwrap_or_default() {
            Learned::InGame(game) => out.push_str(&format!("game = {game}\n")),
            // Taught in a game won with hints: never the player's level.
            Learned::Hinted(game) => out.push_str(&format!("game = {game}\nhinted = true\n")),
            // Learned by the computer against another opponent: never the
            // player's level.
            Learned::Practice => out.push_str("practice = true\n"),
            Learned::Unrecorded => {}
        }
        let rows: Vec<String> = p.rows().iter().map(|r| quoted(r)).collect();
        if rows.len() == 1 {
            out.push_str(&format!("rows = [{}]\n", rows[0]));
        } else {
            out.push_str("rows = [\n");
            for r in rows {
                out.push_str(&format!("    {r},\n"));
            }
            out.push_str("]\n");
        }
    }
    if !contents.history.is_empty() {
        out.push_str(
            "\n[history]\n# game, result (won: the player won), level after it, date, the moves of a won game\ngames = [\n",
        );
        for e in contents.history.entries() {
            out.push_str(&format!("    {},\n", quoted(&e.to_line())));
        }
        out.push_str("]\n");
    }
    for (board, cells) in contents.lost_lines.entries() {
        out.push_str("\n[[lost_line]]\nboard = [\n");
        for y in 0..SIZE {
            let row: String = (0..SIZE)
                .map(
                    |x| match board.get(Cell::new(x, y).expect("on the board")) {
                        None => '.',
                        Some(Color::Red) => 'R',
                        Some(Color::Blue) => 'B',
                    },
                )
                .collect();
            out.push_str(&format!("    {},\n", quoted(&row)));
        }
        let cells: Vec<String> = cells.iter().map(|c| quoted(&c.to_string())).collect();
        out.push_str(&format!("]\navoid = [{}]\n", cells.join(", ")));
    }
    out
}
