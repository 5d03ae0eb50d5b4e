//! The practice chart: per block of games, the losses per 100 games (red,
//! on the left scale) and the patterns the computer knows (the accent
//! colour, on the right scale), over the games played.

use gtk::cairo;

use super::runner::Block;

/// Its colours and words.
pub struct Look {
    pub dark: bool,
    pub text: (f64, f64, f64),
    pub accent: (f64, f64, f64),
    /// The legend: "lost per 100 games", "patterns".
    pub words: [String; 2],
}

type Rgb = (f64, f64, f64);
/// A line's value for a block.
type Measure = fn(&Block) -> f64;

pub fn draw(cr: &cairo::Context, w: f64, h: f64, blocks: &[Block], look: &Look) {
    if blocks.is_empty() {
        return;
    }
    let text = look.text;
    let most_patterns = blocks.iter().map(|b| b.patterns).max().unwrap_or(0).max(1) as f64;
    let (left, top, bottom) = (40.0, 26.0, h - 22.0);
    let right_label = most_patterns.to_string();
    cr.set_font_size(10.0);
    let label_width = cr.text_extents(&right_label).map_or(30.0, |e| e.width());
    let right = w - label_width - 10.0;
    let last = blocks.last().map_or(1, |b| b.games).max(1) as f64;
    let x = |n: u64| left + n as f64 / last * (right - left);
    let y = |share: f64| bottom - share * (bottom - top);
    cr.set_line_width(1.0);
    for pct in [0, 50, 100] {
        let yy = y(f64::from(pct) / 100.0).round() + 0.5;
        cr.set_source_rgba(text.0, text.1, text.2, 0.12);
        cr.move_to(left, yy);
        cr.line_to(right, yy);
        let _ = cr.stroke();
        cr.set_source_rgba(text.0, text.1, text.2, 0.7);
        cr.move_to(4.0, yy + 3.0);
        let _ = cr.show_text(&pct.to_string());
    }
    cr.move_to(right + 4.0, y(1.0) + 3.0);
    let _ = cr.show_text(&right_label);
    cr.move_to(right + 4.0, y(0.0) + 3.0);
    let _ = cr.show_text("0");
    cr.move_to(left, h - 6.0);
    let _ = cr.show_text("0");
    let end = (last as u64).to_string();
    if let Ok(ext) = cr.text_extents(&end) {
        cr.move_to(right - ext.width(), h - 6.0);
        let _ = cr.show_text(&end);
    }
    let red = if look.dark {
        (0.96, 0.42, 0.38)
    } else {
        (0.88, 0.11, 0.14)
    };
    let lines: [(Rgb, Measure); 2] = [
        (red, |b| b.loss_rate() / 100.0),
        (look.accent, |b| b.patterns as f64),
    ];
    let mut legend_x = left;
    for (k, ((colour, value), word)) in lines.iter().zip(&look.words).enumerate() {
        let scale = if k == 0 { 1.0 } else { most_patterns };
        cr.set_source_rgb(colour.0, colour.1, colour.2);
        cr.set_line_width(2.0);
        let mut from = 0u64;
        for (i, b) in blocks.iter().enumerate() {
            let at = if k == 0 { (from + b.games) / 2 } else { b.games };
            let v = y(value(b) / scale);
            if i == 0 {
                cr.move_to(x(at), v);
            } else {
                cr.line_to(x(at), v);
            }
            from = b.games;
        }
        let _ = cr.stroke();
        cr.rectangle(legend_x, 6.0, 10.0, 10.0);
        let _ = cr.fill();
        cr.set_source_rgba(text.0, text.1, text.2, 0.85);
        cr.move_to(legend_x + 14.0, 15.0);
        let _ = cr.show_text(word);
        legend_x += 24.0 + cr.text_extents(word).map_or(40.0, |e| e.x_advance());
    }
}
