//! What the learning charts share (tic-tac-toe's training, five in a
//! row's practice): a frame over the games played, grid lines at 0, 50 and
//! 100, and lines with their legend.

use gtk::cairo;

pub type Rgb = (f64, f64, f64);

/// Where the plot lies in the drawing, and the games it spans.
pub struct Frame {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    /// The last game: the right edge.
    pub last: f64,
}

impl Frame {
    pub fn x(&self, game: u64) -> f64 {
        self.left + game as f64 / self.last.max(1.0) * (self.right - self.left)
    }

    /// A share from 0 (bottom) to 1 (top).
    pub fn y(&self, share: f64) -> f64 {
        self.bottom - share * (self.bottom - self.top)
    }
}

/// Grid lines at 0, half of `top` and `top` with their numbers (`unit`
/// after them) on the left, and the games from 0 to the last along the
/// bottom of a drawing `height` high.
pub fn axes(cr: &cairo::Context, f: &Frame, height: f64, text: Rgb, (top, unit): (u64, &str)) {
    cr.set_font_size(10.0);
    cr.set_line_width(1.0);
    for (value, share) in [(0, 0.0), (top / 2, 0.5), (top, 1.0)] {
        let yy = f.y(share).round() + 0.5;
        cr.set_source_rgba(text.0, text.1, text.2, 0.12);
        cr.move_to(f.left, yy);
        cr.line_to(f.right, yy);
        let _ = cr.stroke();
        cr.set_source_rgba(text.0, text.1, text.2, 0.7);
        cr.move_to(4.0, yy + 3.0);
        let _ = cr.show_text(&format!("{value}{unit}"));
    }
    cr.move_to(f.left, height - 6.0);
    let _ = cr.show_text("0");
    let end = (f.last as u64).to_string();
    if let Ok(ext) = cr.text_extents(&end) {
        cr.move_to(f.right - ext.width(), height - 6.0);
        let _ = cr.show_text(&end);
    }
}

/// A line through `points` (game, share), in `colour`, and its legend at
/// `legend_x` along the top; returns where the next legend goes.
pub fn line(
    cr: &cairo::Context,
    f: &Frame,
    points: impl IntoIterator<Item = (u64, f64)>,
    (colour, word): (Rgb, &str),
    legend_x: f64,
    text: Rgb,
) -> f64 {
    cr.set_source_rgb(colour.0, colour.1, colour.2);
    cr.set_line_width(2.0);
    for (k, (game, share)) in points.into_iter().enumerate() {
        if k == 0 {
            cr.move_to(f.x(game), f.y(share));
        } else {
            cr.line_to(f.x(game), f.y(share));
        }
    }
    let _ = cr.stroke();
    cr.rectangle(legend_x, 6.0, 10.0, 10.0);
    let _ = cr.fill();
    cr.set_source_rgba(text.0, text.1, text.2, 0.85);
    cr.move_to(legend_x + 14.0, 15.0);
    let _ = cr.show_text(word);
    legend_x + 24.0 + cr.text_extents(word).map_or(40.0, |e| e.x_advance())
}
