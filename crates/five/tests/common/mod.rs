//! What the knowledge file tests share: patterns and sample knowledge.

use match5_five::{Knowledge, Pattern};

pub fn pat(level: u32, rows: &[&str]) -> Pattern {
    Pattern::from_rows(level, rows).unwrap()
}

pub fn sample(player: &str) -> Knowledge {
    Knowledge::with_patterns(
        player,
        vec![
            pat(1, &["BBBBX"]),
            pat(2, &[".BBBX."]),
            pat(
                3,
                &["-.----", "-B----", "-B----", ".XBB..", "-.----", "-.----"],
            ),
        ],
    )
}
