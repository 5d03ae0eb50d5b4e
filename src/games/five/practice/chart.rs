//! The practice chart: per block of games, the losses per 100 games (red,
//! on the left scale) and the patterns the computer knows (the accent
//! colour, on the right scale), over the games played.

use gtk::cairo;

use super::runner::Block;
use crate::widgets::chart::{self, Frame};

/// Its colours and words.
pub struct Look {
    pub dark: bool,
    pub text: (f64, f64, f64),
    pub accent: (f64, f64, f64),
    /// The legend: "lost per 100 games", "patterns".
    pub words: [String; 2],
}

pub fn draw(cr: &cairo::Context, w: f64, h: f64, blocks: &[Block], look: &Look) {
    if blocks.is_empty() {
        return;
    }
    let text = look.text;
    let most_patterns = blocks.iter().map(|b| b.patterns).max().unwrap_or(0).max(1) as f64;
    let right_label = most_patterns.to_string();
    cr.set_font_size(10.0);
    let label_width = cr.text_extents(&right_label).map_or(30.0, |e| e.width());
    let f = Frame {
        left: 40.0,
        right: w - label_width - 10.0,
        top: 26.0,
        bottom: h - 22.0,
        last: blocks.last().map_or(1, |b| b.games) as f64,
    };
    chart::axes(cr, &f, h, text, "");
    // The patterns' scale, on the right.
    cr.set_source_rgba(text.0, text.1, text.2, 0.7);
    for (label, share) in [(right_label.as_str(), 1.0), ("0", 0.0)] {
        cr.move_to(f.right + 4.0, f.y(share) + 3.0);
        let _ = cr.show_text(label);
    }
    let red = if look.dark {
        (0.96, 0.42, 0.38)
    } else {
        (0.88, 0.11, 0.14)
    };
    // Losses per 100 games, in the middle of each block.
    let mut from = 0;
    let losses = blocks.iter().map(|b| {
        let at = (from + b.games) / 2;
        from = b.games;
        (at, b.loss_rate() / 100.0)
    });
    let next = chart::line(cr, &f, losses, (red, &look.words[0]), f.left, text);
    let patterns = blocks
        .iter()
        .map(|b| (b.games, b.patterns as f64 / most_patterns));
    chart::line(cr, &f, patterns, (look.accent, &look.words[1]), next, text);
}
