//! Drawing a 9x9 board with Cairo: the game board and the pattern viewer use
//! the same code.

use gtk::cairo;
use match5_five::board::{CELLS, SIZE};
use match5_five::pattern::PatternCell;
use match5_five::{Cell, Color};

/// What one field shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Empty,
    Stone(Color),
    /// A pattern's `.`: a field that must be empty, outlined.
    MustBeEmpty,
    /// A pattern's `X`: where the computer answers.
    Response,
    /// A pattern's `-`, or outside its rectangle: greyed.
    DoesNotMatter,
}

/// Everything on a board picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub fields: [Field; CELLS],
    pub last_move: Option<Cell>,
    /// Fields of the winning row(s), as a bitboard.
    pub winning: u128,
    /// The field under the pointer, and the colour a stone there would have.
    pub hover: Option<(Cell, Color)>,
    /// The keyboard cursor.
    pub cursor: Option<Cell>,
    /// A hint: the field, marked by a pale stone of the side to move in a
    /// dashed ring (a shape, not only a colour).
    pub hint: Option<(Cell, Color)>,
    /// "Why there?": the fields of the pattern behind the computer's last
    /// move (`B`, `.`, `X`); every other field is dimmed.
    pub why: Option<[Option<PatternCell>; CELLS]>,
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            fields: [Field::Empty; CELLS],
            last_move: None,
            winning: 0,
            hover: None,
            cursor: None,
            hint: None,
            why: None,
        }
    }
}

/// Colours of the light or dark style, and of high contrast.
pub struct Palette {
    board: (f64, f64, f64),
    line: (f64, f64, f64, f64),
    greyed: (f64, f64, f64, f64),
    accent: (f64, f64, f64),
    win: (f64, f64, f64),
    /// The mark of the computer's answer.
    response: (f64, f64, f64),
    dark: bool,
    /// High contrast: stones outlined in the text colour, wells drawn.
    high_contrast: bool,
}

impl Palette {
    pub fn new(dark: bool) -> Palette {
        let high_contrast = crate::widgets::palette::look().high_contrast;
        let accent = crate::widgets::palette::accent(dark);
        match (dark, high_contrast) {
            (true, hc) => Palette {
                board: if hc {
                    (0.0, 0.0, 0.0)
                } else {
                    (0.20, 0.20, 0.22)
                },
                line: (1.0, 1.0, 1.0, if hc { 0.5 } else { 0.16 }),
                greyed: (0.0, 0.0, 0.0, 0.35),
                accent,
                win: (0.97, 0.83, 0.18),
                response: stone_colors(Color::Red, true).0,
                dark,
                high_contrast: hc,
            },
            (false, hc) => Palette {
                board: if hc {
                    (1.0, 1.0, 1.0)
                } else {
                    (0.98, 0.98, 0.97)
                },
                line: (0.0, 0.0, 0.0, if hc { 0.5 } else { 0.14 }),
                greyed: (0.0, 0.0, 0.0, 0.12),
                accent,
                // A deep gold: 3:1 and more on the light board's fields
                // (deeper on high contrast's darker fields).
                win: if hc {
                    (0.55, 0.34, 0.0)
                } else {
                    (0.70, 0.44, 0.0)
                },
                response: stone_colors(Color::Red, false).1,
                dark,
                high_contrast: hc,
            },
        }
    }
}

/// Red and blue of the GNOME palette: light and dark tone of each ball,
/// lighter on the dark board so both reach 3:1 against it.
fn stone_colors(color: Color, dark: bool) -> ((f64, f64, f64), (f64, f64, f64)) {
    match (color, dark) {
        (Color::Red, false) => ((0.96, 0.38, 0.32), (0.65, 0.11, 0.18)),
        (Color::Blue, false) => ((0.38, 0.63, 0.96), (0.10, 0.27, 0.58)),
        (Color::Red, true) => ((1.0, 0.66, 0.62), (0.93, 0.36, 0.36)),
        (Color::Blue, true) => ((0.70, 0.84, 1.0), (0.38, 0.60, 0.96)),
    }
}

/// The rounded square of a field, `inset` and corner `radius` in units.
fn field_rect(cr: &cairo::Context, cell: Cell, unit: f64, inset: f64, radius: f64) {
    let (x, y) = (cell.x() as f64 * unit, cell.y() as f64 * unit);
    let inset = unit * inset;
    crate::widgets::shapes::rounded_rect(
        cr,
        x + inset,
        y + inset,
        unit - 2.0 * inset,
        unit - 2.0 * inset,
        unit * radius,
    );
}

/// A ball of `color`. Blue balls carry a ring inside, so the two sides
/// differ by more than hue; in high contrast each ball is outlined in the
/// text colour.
fn ball(cr: &cairo::Context, cx: f64, cy: f64, radius: f64, color: Color, alpha: f64, p: &Palette) {
    let (light, dark) = stone_colors(color, p.dark);
    // A soft shadow, then the ball with a highlight up left.
    cr.arc(
        cx + radius * 0.06,
        cy + radius * 0.1,
        radius,
        0.0,
        std::f64::consts::TAU,
    );
    cr.set_source_rgba(0.0, 0.0, 0.0, 0.18 * alpha);
    let _ = cr.fill();
    let g = cairo::RadialGradient::new(
        cx - radius * 0.35,
        cy - radius * 0.4,
        radius * 0.1,
        cx,
        cy,
        radius,
    );
    g.add_color_stop_rgba(0.0, 1.0, 1.0, 1.0, 0.9 * alpha);
    g.add_color_stop_rgba(0.25, light.0, light.1, light.2, alpha);
    g.add_color_stop_rgba(1.0, dark.0, dark.1, dark.2, alpha);
    cr.arc(cx, cy, radius, 0.0, std::f64::consts::TAU);
    let _ = cr.set_source(&g);
    let _ = cr.fill();
    if color == Color::Blue {
        let ring = if p.dark {
            (0.05, 0.15, 0.40)
        } else {
            (1.0, 1.0, 1.0)
        };
        cr.arc(cx, cy, radius * 0.5, 0.0, std::f64::consts::TAU);
        cr.set_source_rgba(ring.0, ring.1, ring.2, 0.9 * alpha);
        cr.set_line_width(radius * 0.16);
        let _ = cr.stroke();
    }
    if p.high_contrast {
        let fg = crate::widgets::palette::foreground(p.dark);
        cr.arc(cx, cy, radius, 0.0, std::f64::consts::TAU);
        cr.set_source_rgba(fg.0, fg.1, fg.2, alpha);
        cr.set_line_width(radius * 0.1);
        let _ = cr.stroke();
    }
}

/// The pattern behind a move over the board: fields outside it dimmed, its
/// stones ringed, its empty fields outlined and its response field (where
/// the computer played) outlined boldly.
fn draw_why(
    cr: &cairo::Context,
    unit: f64,
    radius: f64,
    why: &[Option<PatternCell>; CELLS],
    palette: &Palette,
) {
    let a = palette.accent;
    for cell in Cell::all() {
        let (cx, cy) = (
            (cell.x() as f64 + 0.5) * unit,
            (cell.y() as f64 + 0.5) * unit,
        );
        match why[cell.index()] {
            None | Some(PatternCell::Any) => {
                field_rect(cr, cell, unit, 0.0, 0.0);
                let b = palette.board;
                cr.set_source_rgba(b.0, b.1, b.2, 0.62);
                let _ = cr.fill();
            }
            Some(PatternCell::Stone) => {
                cr.arc(cx, cy, radius * 1.12, 0.0, std::f64::consts::TAU);
                cr.set_source_rgba(a.0, a.1, a.2, 0.9);
                cr.set_line_width((unit * 0.05).max(1.5));
                let _ = cr.stroke();
            }
            Some(PatternCell::Empty) => {
                field_rect(cr, cell, unit, 0.1, 0.16);
                cr.set_source_rgba(a.0, a.1, a.2, 0.75);
                cr.set_line_width((unit * 0.03).max(1.0));
                cr.set_dash(&[unit * 0.08, unit * 0.06], 0.0);
                let _ = cr.stroke();
                cr.set_dash(&[], 0.0);
            }
            Some(PatternCell::Response) => {
                field_rect(cr, cell, unit, 0.03, 0.18);
                cr.set_source_rgba(a.0, a.1, a.2, 1.0);
                cr.set_line_width((unit * 0.08).max(2.5));
                let _ = cr.stroke();
            }
        }
    }
}

/// The names of the columns (A to I, above) and rows (1 to 9, left) in a
/// band of `band` around a board of `size` drawn at the origin of `cr`: the
/// texts name fields so ("Why D1").
pub fn draw_edge_labels(cr: &cairo::Context, size: f64, band: f64, dark: bool) {
    let unit = size / SIZE as f64;
    let fg = crate::widgets::palette::foreground(dark);
    cr.set_source_rgba(fg.0, fg.1, fg.2, crate::widgets::palette::dim_alpha());
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
    cr.set_font_size((band * 0.62).min(unit * 0.45));
    for i in 0..SIZE {
        let middle = (i as f64 + 0.5) * unit;
        let letter = ((b'A' + i as u8) as char).to_string();
        crate::widgets::shapes::centred_text(cr, &letter, middle, -band / 2.0);
        crate::widgets::shapes::centred_text(cr, &(i + 1).to_string(), -band / 2.0, middle);
    }
}

/// The field at widget coordinates `(x, y)` of a board drawn in a square of
/// `size` at `(left, top)`.
pub fn cell_at(left: f64, top: f64, size: f64, x: f64, y: f64) -> Option<Cell> {
    let unit = size / SIZE as f64;
    let (fx, fy) = ((x - left) / unit, (y - top) / unit);
    if fx < 0.0 || fy < 0.0 {
        return None;
    }
    Cell::new(fx as usize, fy as usize)
}

/// Draws `scene` in a `size` x `size` square at the origin of `cr`.
pub fn draw(cr: &cairo::Context, size: f64, scene: &Scene, palette: &Palette) {
    let unit = size / SIZE as f64;
    let radius = unit * 0.40;

    crate::widgets::shapes::rounded_rect(cr, 0.0, 0.0, size, size, unit * 0.22);
    cr.set_source_rgb(palette.board.0, palette.board.1, palette.board.2);
    let _ = cr.fill_preserve();
    cr.set_source_rgba(
        palette.line.0,
        palette.line.1,
        palette.line.2,
        palette.line.3,
    );
    cr.set_line_width(1.0);
    let _ = cr.stroke();

    // Fields as soft wells, so the board reads as 81 places to put a ball.
    for cell in Cell::all() {
        field_rect(cr, cell, unit, 0.06, 0.16);
        if scene.fields[cell.index()] == Field::DoesNotMatter {
            let g = palette.greyed;
            cr.set_source_rgba(g.0, g.1, g.2, g.3 * 2.2);
        } else {
            let l = palette.line;
            cr.set_source_rgba(l.0, l.1, l.2, l.3 * 0.45);
        }
        let _ = cr.fill();
    }

    for cell in Cell::all() {
        let (cx, cy) = (
            (cell.x() as f64 + 0.5) * unit,
            (cell.y() as f64 + 0.5) * unit,
        );
        match scene.fields[cell.index()] {
            Field::Stone(color) => {
                if scene.winning & cell.bit() != 0 {
                    cr.arc(cx, cy, radius * 1.16, 0.0, std::f64::consts::TAU);
                    cr.set_source_rgba(palette.win.0, palette.win.1, palette.win.2, 0.95);
                    let _ = cr.fill();
                }
                ball(cr, cx, cy, radius, color, 1.0, palette);
            }
            Field::Response => {
                // The computer's answer: a red ring with a cross, the light
                // red on the dark board (3:1 against it either way).
                let red = palette.response;
                cr.set_source_rgb(red.0, red.1, red.2);
                cr.set_line_width(unit * 0.07);
                cr.arc(cx, cy, radius * 0.85, 0.0, std::f64::consts::TAU);
                let _ = cr.stroke();
                let d = radius * 0.42;
                cr.move_to(cx - d, cy - d);
                cr.line_to(cx + d, cy + d);
                cr.move_to(cx + d, cy - d);
                cr.line_to(cx - d, cy + d);
                let _ = cr.stroke();
            }
            Field::MustBeEmpty => {
                // Dashed in the accent colour: set apart from the greyed
                // fields that do not matter, in light and dark.
                field_rect(cr, cell, unit, 0.1, 0.16);
                let a = palette.accent;
                cr.set_source_rgb(a.0, a.1, a.2);
                cr.set_line_width((unit * 0.04).max(1.5));
                cr.set_dash(&[unit * 0.08, unit * 0.06], 0.0);
                let _ = cr.stroke();
                cr.set_dash(&[], 0.0);
            }
            Field::Empty | Field::DoesNotMatter => {}
        }
    }

    if let Some(why) = &scene.why {
        draw_why(cr, unit, radius, why, palette);
    }

    if let Some(cell) = scene.last_move {
        let (cx, cy) = (
            (cell.x() as f64 + 0.5) * unit,
            (cell.y() as f64 + 0.5) * unit,
        );
        cr.arc(cx, cy, radius * 0.22, 0.0, std::f64::consts::TAU);
        cr.set_source_rgba(1.0, 1.0, 1.0, 0.92);
        let _ = cr.fill();
    }

    if let Some((cell, color)) = scene.hover
        && scene.fields[cell.index()] == Field::Empty
    {
        let (cx, cy) = (
            (cell.x() as f64 + 0.5) * unit,
            (cell.y() as f64 + 0.5) * unit,
        );
        ball(cr, cx, cy, radius, color, 0.35, palette);
    }

    if let Some((cell, color)) = scene.hint
        && scene.fields[cell.index()] == Field::Empty
    {
        let (cx, cy) = (
            (cell.x() as f64 + 0.5) * unit,
            (cell.y() as f64 + 0.5) * unit,
        );
        ball(cr, cx, cy, radius, color, 0.5, palette);
        cr.arc(cx, cy, radius * 1.15, 0.0, std::f64::consts::TAU);
        cr.set_source_rgb(palette.accent.0, palette.accent.1, palette.accent.2);
        cr.set_line_width((unit * 0.06).max(2.0));
        cr.set_dash(&[unit * 0.12, unit * 0.08], 0.0);
        let _ = cr.stroke();
        cr.set_dash(&[], 0.0);
    }

    if let Some(cell) = scene.cursor {
        field_rect(cr, cell, unit, 0.04, 0.18);
        cr.set_source_rgb(palette.accent.0, palette.accent.1, palette.accent.2);
        cr.set_line_width((unit * 0.07).max(2.0));
        let _ = cr.stroke();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_fields() {
        assert_eq!(cell_at(10.0, 10.0, 90.0, 15.0, 15.0), Cell::new(0, 0));
        assert_eq!(cell_at(10.0, 10.0, 90.0, 99.0, 99.0), Cell::new(8, 8));
        assert_eq!(cell_at(10.0, 10.0, 90.0, 5.0, 50.0), None);
        assert_eq!(cell_at(10.0, 10.0, 90.0, 101.0, 50.0), None);
    }

    #[test]
    fn drawing_puts_stones_where_they_belong() {
        let mut scene = Scene::default();
        scene.fields[Cell::new(0, 0).unwrap().index()] = Field::Stone(Color::Red);
        scene.fields[Cell::new(8, 8).unwrap().index()] = Field::Stone(Color::Blue);
        let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 90, 90).unwrap();
        {
            let cr = cairo::Context::new(&surface).unwrap();
            draw(&cr, 90.0, &scene, &Palette::new(false));
        }
        surface.flush();
        let stride = surface.stride() as usize;
        let data = surface.take_data().unwrap();
        let pixel = |x: usize, y: usize| {
            let i = y * stride + x * 4;
            (data[i + 2], data[i + 1], data[i]) // BGRx
        };
        let (r, _, b) = pixel(5, 6);
        assert!(r > b + 60, "red stone at the top left: {:?}", pixel(5, 6));
        let (r, _, b) = pixel(85, 86);
        assert!(
            b > r + 60,
            "blue stone at the bottom right: {:?}",
            pixel(85, 86)
        );
        let (r, g, b) = pixel(45, 45);
        assert!(
            r > 200 && g > 200 && b > 200,
            "empty centre is light: {:?}",
            pixel(45, 45)
        );
    }
}

#[cfg(test)]
mod contrast {
    use super::*;

    /// Alpha `a` of `top` over `under`.
    fn over(top: (f64, f64, f64), a: f64, under: (f64, f64, f64)) -> (f64, f64, f64) {
        (
            top.0 * a + under.0 * (1.0 - a),
            top.1 * a + under.1 * (1.0 - a),
            top.2 * a + under.2 * (1.0 - a),
        )
    }

    #[test]
    fn the_pattern_marks_keep_3_to_1_against_their_field_light_and_dark() {
        for dark in [false, true] {
            let p = Palette::new(dark);
            // A mark is drawn on its own field (never a greyed one).
            let l = p.line;
            let field = over((l.0, l.1, l.2), l.3 * 0.45, p.board);
            for (what, mark) in [("answer", p.response), ("must be empty", p.accent)] {
                let c = crate::widgets::palette::contrast(mark, field);
                assert!(c >= 3.0, "{what}, dark {dark}: {c:.2}");
            }
        }
    }

    #[test]
    fn stones_and_the_winning_ring_keep_3_to_1_against_the_board() {
        for dark in [false, true] {
            let p = Palette::new(dark);
            for color in [Color::Red, Color::Blue] {
                // The ball's rim is its dark tone.
                let c = crate::widgets::palette::contrast(stone_colors(color, dark).1, p.board);
                assert!(c >= 3.0, "{color:?}, dark {dark}: {c:.2}");
            }
            let c = crate::widgets::palette::contrast(p.win, p.board);
            assert!(c >= 3.0, "the winning ring, dark {dark}: {c:.2}");
        }
    }
}
