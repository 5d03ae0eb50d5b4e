//! The practice chart, in two parts over the games played: above, the
//! losses per 100 of the latest games (red, 0 to 100); below, the
//! patterns the computer knows (the accent colour, on a scale of its own).

use gtk::cairo;

use super::runner::Block;
use crate::widgets::chart::{self, Frame};

/// Its colours and words.
pub struct Look {
    pub dark: bool,
    pub text: (f64, f64, f64),
    pub accent: (f64, f64, f64),
    /// The legends: "lost per 100 of the last 20 games", "patterns known".
    pub words: [String; 2],
}

/// The space between the two parts.
const GAP: f64 = 8.0;

pub fn draw(cr: &cairo::Context, w: f64, h: f64, blocks: &[Block], look: &Look) {
    if blocks.is_empty() {
        return;
    }
    let text = look.text;
    let last = blocks.last().map_or(1, |b| b.games) as f64;
    let half = (h - GAP) / 2.0;
    let frame = |height: f64| Frame {
        left: 40.0,
        right: w - 10.0,
        top: 22.0,
        bottom: height - 18.0,
        last,
    };
    let red = if look.dark {
        (0.96, 0.42, 0.38)
    } else {
        (0.88, 0.11, 0.14)
    };
    // Losses per 100 of the latest games, at the end of each block.
    let f = frame(half);
    chart::axes(cr, &f, half, text, (100, ""));
    let losses = blocks.iter().map(|b| (b.games, b.loss_rate() / 100.0));
    chart::line(cr, &f, losses, (red, &look.words[0]), f.left, text);
    // The patterns, below, from 0 to the most it knew.
    let most = blocks.iter().map(|b| b.patterns).max().unwrap_or(0).max(2) as u64;
    let most = most.next_multiple_of(2);
    cr.save().ok();
    cr.translate(0.0, half + GAP);
    let f = frame(half);
    chart::axes(cr, &f, half, text, (most, ""));
    let patterns = blocks
        .iter()
        .map(|b| (b.games, b.patterns as f64 / most as f64));
    chart::line(
        cr,
        &f,
        patterns,
        (look.accent, &look.words[1]),
        f.left,
        text,
    );
    cr.restore().ok();
}
