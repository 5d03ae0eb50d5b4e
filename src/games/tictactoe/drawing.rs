//! Where the tic-tac-toe board is drawn (Cairo): the 3×3 fields, X (the
//! person, blue) and O (the computer, red), the winning line, the keyboard
//! cursor and, when asked, the preference the computer saw for each field
//! at its last move. Also the small boards of the learned positions. Light
//! and dark.

use gtk::cairo;
use match5_tictactoe::{Board, Mark};

use crate::widgets::shapes::rounded_rect;

/// What the computer saw for a field at its last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub preference: i32,
}

/// Everything on the board picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub board: Board,
    /// Per field, what the computer saw there at its last move.
    pub seen: [Option<Seen>; 9],
    /// Show [`Scene::seen`].
    pub show_preferences: bool,
    pub winning: Option<[usize; 3]>,
    /// The keyboard's field, when the board has the focus.
    pub cursor: Option<usize>,
}

/// The board's square in a `w` × `h` area: left, top, side.
pub fn square(w: f64, h: f64) -> (f64, f64, f64) {
    let side = (w.min(h) - 8.0).max(30.0);
    ((w - side) / 2.0, (h - side) / 2.0, side)
}

/// The field (0 to 8) under a point, if any.
pub fn field_at(w: f64, h: f64, x: f64, y: f64) -> Option<usize> {
    let (left, top, side) = square(w, h);
    let (cx, cy) = ((x - left) / side * 3.0, (y - top) / side * 3.0);
    if !(0.0..3.0).contains(&cx) || !(0.0..3.0).contains(&cy) {
        return None;
    }
    Some(cy as usize * 3 + cx as usize)
}

struct Colours {
    board: (f64, f64, f64),
    line: (f64, f64, f64, f64),
    x: (f64, f64, f64),
    o: (f64, f64, f64),
    win: (f64, f64, f64),
    accent: (f64, f64, f64),
    text: (f64, f64, f64),
}

fn colours(dark: bool) -> Colours {
    if dark {
        Colours {
            board: (0.20, 0.20, 0.22),
            line: (1.0, 1.0, 1.0, 0.22),
            x: (0.47, 0.68, 0.93),
            o: (0.96, 0.42, 0.38),
            win: (0.97, 0.83, 0.18),
            accent: crate::widgets::palette::accent(true),
            text: (1.0, 1.0, 1.0),
        }
    } else {
        Colours {
            board: (1.0, 1.0, 1.0),
            line: (0.0, 0.0, 0.0, 0.18),
            x: (0.11, 0.44, 0.85),
            o: (0.88, 0.11, 0.14),
            win: (0.90, 0.65, 0.04),
            accent: crate::widgets::palette::accent(false),
            text: (0.0, 0.0, 0.0),
        }
    }
}

/// An X or an O filling a field of `cell` at (`x`, `y`).
fn mark(cr: &cairo::Context, m: Mark, x: f64, y: f64, cell: f64, c: &Colours) {
    let inset = cell * 0.24;
    cr.set_line_width((cell * 0.1).max(1.5));
    cr.set_line_cap(cairo::LineCap::Round);
    match m {
        Mark::X => {
            cr.set_source_rgb(c.x.0, c.x.1, c.x.2);
            cr.move_to(x + inset, y + inset);
            cr.line_to(x + cell - inset, y + cell - inset);
            cr.move_to(x + cell - inset, y + inset);
            cr.line_to(x + inset, y + cell - inset);
        }
        Mark::O => {
            cr.set_source_rgb(c.o.0, c.o.1, c.o.2);
            cr.new_sub_path();
            cr.arc(
                x + cell / 2.0,
                y + cell / 2.0,
                cell / 2.0 - inset,
                0.0,
                std::f64::consts::TAU,
            );
        }
    }
    let _ = cr.stroke();
}

/// "+3", "0", "−2".
pub fn signed(v: i32) -> String {
    match v {
        v if v > 0 => format!("+{v}"),
        v if v < 0 => format!("\u{2212}{}", v.unsigned_abs()),
        _ => "0".to_string(),
    }
}

/// A preference on a badge (the board's and the Positions window's):
/// always signed ("±0"), so that it never reads as an O.
pub fn badge_text(v: i32) -> String {
    if v == 0 {
        "\u{b1}0".to_string()
    } else {
        signed(v)
    }
}

/// `text` on a small rounded badge whose right edge is at `right`, top at
/// `top`, in `fill` with `ink` letters.
fn badge(
    cr: &cairo::Context,
    text: &str,
    (right, top, height): (f64, f64, f64),
    fill: (f64, f64, f64, f64),
    ink: (f64, f64, f64),
) {
    cr.set_font_size((height * 0.75).max(crate::widgets::palette::text_px(9.0)));
    let width = cr.text_extents(text).map_or(height, |e| e.x_advance()) + height * 0.6;
    let left = right - width;
    cr.set_source_rgba(fill.0, fill.1, fill.2, fill.3);
    rounded_rect(cr, left, top, width, height, height / 2.0);
    let _ = cr.fill();
    cr.set_source_rgb(ink.0, ink.1, ink.2);
    centred_text(cr, text, left + width / 2.0, top + height * 0.74);
}

fn centred_text(cr: &cairo::Context, text: &str, x: f64, y: f64) {
    if let Ok(ext) = cr.text_extents(text) {
        cr.move_to(x - ext.width() / 2.0 - ext.x_bearing(), y);
        let _ = cr.show_text(text);
    }
}

/// The board of `scene` in a `w` × `h` area.
pub fn draw(cr: &cairo::Context, w: f64, h: f64, scene: &Scene, dark: bool) {
    let c = colours(dark);
    let (left, top, side) = square(w, h);
    let cell = side / 3.0;
    cr.set_source_rgb(c.board.0, c.board.1, c.board.2);
    rounded_rect(cr, left, top, side, side, cell * 0.12);
    let _ = cr.fill_preserve();
    cr.set_source_rgba(c.line.0, c.line.1, c.line.2, c.line.3 * 0.5);
    cr.set_line_width(1.0);
    let _ = cr.stroke();

    // The winning line's fields, lit.
    if let Some(line) = scene.winning {
        cr.set_source_rgba(c.win.0, c.win.1, c.win.2, 0.35);
        for f in line {
            let (x, y) = (left + (f % 3) as f64 * cell, top + (f / 3) as f64 * cell);
            rounded_rect(cr, x + 4.0, y + 4.0, cell - 8.0, cell - 8.0, cell * 0.1);
            let _ = cr.fill();
        }
    }

    cr.set_source_rgba(c.line.0, c.line.1, c.line.2, c.line.3);
    cr.set_line_width((cell * 0.04).max(1.0));
    cr.set_line_cap(cairo::LineCap::Round);
    for i in 1..3 {
        let d = i as f64 * cell;
        cr.move_to(left + d, top + cell * 0.08);
        cr.line_to(left + d, top + side - cell * 0.08);
        cr.move_to(left + cell * 0.08, top + d);
        cr.line_to(left + side - cell * 0.08, top + d);
    }
    let _ = cr.stroke();

    for f in 0..9 {
        let (x, y) = (left + (f % 3) as f64 * cell, top + (f / 3) as f64 * cell);
        if let Some(m) = scene.board.get(f) {
            mark(cr, m, x, y, cell, &c);
        }
        // The field's number (the keys 1 to 9 and the texts use it).
        cr.set_source_rgba(
            c.text.0,
            c.text.1,
            c.text.2,
            crate::widgets::palette::dim_alpha(),
        );
        cr.set_font_size(crate::widgets::palette::text_px((cell * 0.13).max(9.0)).min(cell * 0.3));
        centred_text(cr, &(f + 1).to_string(), x + cell * 0.13, y + cell * 0.2);
        // Badges only while the game runs (never over the win line), and
        // none on a field the person's X took since.
        let seen = scene.seen[f].filter(|_| {
            scene.show_preferences && scene.winning.is_none() && scene.board.get(f) != Some(Mark::X)
        });
        if let Some(seen) = seen {
            let taken = scene.board.get(f).is_some();
            let text = badge_text(seen.preference);
            let height = (cell * 0.2).max(14.0);
            if taken {
                // The computer's own field: its preference on a red badge
                // in the top corner.
                let place = (x + cell - cell * 0.05, y + cell * 0.05, height);
                badge(
                    cr,
                    &text,
                    place,
                    (c.o.0, c.o.1, c.o.2, 0.9),
                    (1.0, 1.0, 1.0),
                );
            } else {
                // An open field: a grey badge in the bottom corner.
                let place = (
                    x + cell - cell * 0.06,
                    y + cell - height - cell * 0.06,
                    height,
                );
                let fill = (c.text.0, c.text.1, c.text.2, 0.12);
                badge(cr, &text, place, fill, c.text);
            }
        }
        if scene.cursor == Some(f) {
            cr.set_source_rgb(c.accent.0, c.accent.1, c.accent.2);
            cr.set_line_width(3.0);
            rounded_rect(cr, x + 3.0, y + 3.0, cell - 6.0, cell - 6.0, cell * 0.1);
            let _ = cr.stroke();
        }
    }
    // The winning line struck through, readable light and dark.
    if let Some(line) = scene.winning {
        let centre = |f: usize| {
            (
                left + (f % 3) as f64 * cell + cell / 2.0,
                top + (f / 3) as f64 * cell + cell / 2.0,
            )
        };
        let (a, b) = (centre(line[0]), centre(line[2]));
        cr.set_source_rgba(c.win.0, c.win.1, c.win.2, 0.85);
        cr.set_line_width((cell * 0.08).max(3.0));
        cr.set_line_cap(cairo::LineCap::Round);
        cr.move_to(a.0, a.1);
        cr.line_to(b.0, b.1);
        let _ = cr.stroke();
    }
}

/// A learned position as a small board at (`x`, `y`).
pub fn draw_small(cr: &cairo::Context, x: f64, y: f64, side: f64, board: &Board, dark: bool) {
    let c = colours(dark);
    let cell = side / 3.0;
    cr.set_source_rgb(c.board.0, c.board.1, c.board.2);
    rounded_rect(cr, x, y, side, side, 4.0);
    let _ = cr.fill();
    cr.set_source_rgba(c.line.0, c.line.1, c.line.2, c.line.3);
    cr.set_line_width(1.0);
    for i in 1..3 {
        let d = (i as f64 * cell).round() + 0.5;
        cr.move_to(x + d, y + 2.0);
        cr.line_to(x + d, y + side - 2.0);
        cr.move_to(x + 2.0, y + d);
        cr.line_to(x + side - 2.0, y + d);
    }
    let _ = cr.stroke();
    for f in 0..9 {
        if let Some(m) = board.get(f) {
            mark(
                cr,
                m,
                x + (f % 3) as f64 * cell,
                y + (f / 3) as f64 * cell,
                cell,
                &c,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_of_a_field_finds_it() {
        let (w, h) = (400.0, 300.0);
        let (left, top, side) = square(w, h);
        let cell = side / 3.0;
        for f in 0..9 {
            let x = left + (f % 3) as f64 * cell + cell / 2.0;
            let y = top + (f / 3) as f64 * cell + cell / 2.0;
            assert_eq!(field_at(w, h, x, y), Some(f));
        }
        assert_eq!(field_at(w, h, left - 1.0, top + 5.0), None);
        assert_eq!(field_at(w, h, left + 5.0, top + side + 1.0), None);
    }

    #[test]
    fn preferences_have_a_sign() {
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(-2), "\u{2212}2");
        assert_eq!(badge_text(0), "\u{b1}0");
        assert_eq!(badge_text(3), "+3");
    }
}
