//! Where the leap-frog fields are drawn: a row of 2k + 1 fields with frogs
//! (or goats) on them, in the light or dark style, with the keyboard
//! cursor, a hint arrow, and a frog on its way between two fields.

use std::f64::consts::PI;

use gtk::cairo;
use match5_leapfrog::Frog;

use crate::widgets::shapes::rounded_rect;

/// Frogs, or the seed's author's goats ("bokkesprongen").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Animal {
    #[default]
    Frog,
    Goat,
}

/// Everything on the picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// Each field's frog, `None` for the empty one.
    pub fields: Vec<Option<Frog>>,
    pub animal: Animal,
    pub cursor: Option<usize>,
    /// A frog moving: from field, to field, how far (0 to 1).
    pub moving: Option<(usize, usize, f64)>,
    /// A frog that cannot move, shaking: its field and the offset.
    pub shaking: Option<(usize, f64)>,
    /// The goal reached: the fields get a green edge.
    pub solved: bool,
}

/// Room above the fields for a frog's jump, in fields.
const JUMP_ROOM: f64 = 0.8;
/// The heights of the picture, in fields: the jump's room, the field, the
/// field numbers below.
const HEIGHT: f64 = JUMP_ROOM + 1.0 + 0.3;

/// The size of a field in a `width` × `height` area.
pub fn field_size(width: f64, height: f64, fields: usize) -> f64 {
    (width / fields.max(1) as f64).min(height / HEIGHT).max(8.0)
}

/// The left and top edges of the row of fields (a jumping frog stays
/// inside the area).
pub fn origin(width: f64, height: f64, fields: usize) -> (f64, f64) {
    let size = field_size(width, height, fields);
    (
        (width - size * fields as f64) / 2.0,
        (height - size * HEIGHT) / 2.0 + size * JUMP_ROOM,
    )
}

/// The field under x (0-based), if any.
pub fn field_at(width: f64, height: f64, fields: usize, x: f64) -> Option<usize> {
    let size = field_size(width, height, fields);
    let (left, _) = origin(width, height, fields);
    let i = ((x - left) / size).floor();
    (i >= 0.0 && (i as usize) < fields).then_some(i as usize)
}

struct Palette {
    field: (f64, f64, f64),
    line: (f64, f64, f64, f64),
    x: (f64, f64, f64),
    y: (f64, f64, f64),
    eye: (f64, f64, f64),
    accent: (f64, f64, f64),
    solved: (f64, f64, f64),
    number: (f64, f64, f64),
}

impl Palette {
    fn new(dark: bool, animal: Animal) -> Palette {
        let (x, y) = match (animal, dark) {
            (Animal::Frog, false) => ((0.20, 0.63, 0.30), (0.90, 0.51, 0.13)),
            (Animal::Frog, true) => ((0.34, 0.77, 0.42), (0.98, 0.63, 0.27)),
            (Animal::Goat, false) => ((0.55, 0.55, 0.58), (0.55, 0.36, 0.20)),
            (Animal::Goat, true) => ((0.80, 0.80, 0.82), (0.75, 0.52, 0.33)),
        };
        if dark {
            Palette {
                field: (0.22, 0.22, 0.24),
                line: (1.0, 1.0, 1.0, 0.15),
                x,
                y,
                eye: (0.12, 0.12, 0.12),
                accent: crate::widgets::palette::accent(true),
                solved: (0.34, 0.77, 0.42),
                number: (0.85, 0.85, 0.85),
            }
        } else {
            Palette {
                field: (0.96, 0.96, 0.95),
                line: (0.0, 0.0, 0.0, 0.12),
                x,
                y,
                eye: (0.13, 0.13, 0.13),
                accent: crate::widgets::palette::accent(false),
                solved: (0.18, 0.55, 0.26),
                number: (0.25, 0.25, 0.25),
            }
        }
    }
}

/// Draws `scene` into a `width` × `height` area.
pub fn draw(cr: &cairo::Context, width: f64, height: f64, scene: &Scene, dark: bool) {
    let n = scene.fields.len();
    if n == 0 {
        return;
    }
    let p = Palette::new(dark, scene.animal);
    let size = field_size(width, height, n);
    let (left, top) = origin(width, height, n);
    let gap = (size * 0.06).max(1.0);
    for i in 0..n {
        let x = left + i as f64 * size;
        rounded_rect(
            cr,
            x + gap,
            top + gap,
            size - 2.0 * gap,
            size - 2.0 * gap,
            size * 0.12,
        );
        cr.set_source_rgb(p.field.0, p.field.1, p.field.2);
        let _ = cr.fill_preserve();
        if scene.solved {
            // The goal reached: a green edge, so the frogs stay readable.
            cr.set_source_rgb(p.solved.0, p.solved.1, p.solved.2);
            cr.set_line_width((size * 0.05).max(2.0));
        } else {
            cr.set_source_rgba(p.line.0, p.line.1, p.line.2, p.line.3);
            cr.set_line_width(1.0);
        }
        let _ = cr.stroke();
        // The field's number, small, under it.
        cr.set_source_rgba(
            p.number.0,
            p.number.1,
            p.number.2,
            crate::widgets::palette::dim_alpha(),
        );
        cr.set_font_size(
            crate::widgets::palette::text_px((size * 0.17).clamp(8.0, 16.0)).min(size * 0.4),
        );
        let label = (i + 1).to_string();
        if let Ok(ext) = cr.text_extents(&label) {
            cr.move_to(
                x + size / 2.0 - ext.width() / 2.0 - ext.x_bearing(),
                top + size + size * 0.06 - ext.y_bearing(),
            );
            let _ = cr.show_text(&label);
        }
    }
    for (i, field) in scene.fields.iter().enumerate() {
        let Some(frog) = field else { continue };
        let (mut cx, mut cy) = (left + (i as f64 + 0.5) * size, top + size / 2.0);
        if let Some((from, to, t)) = scene.moving
            && to == i
        {
            // On its way: from the old field, in an arc when jumping.
            let fx = left + (from as f64 + 0.5) * size;
            cx = fx + (cx - fx) * t;
            let lift = if from.abs_diff(to) == 2 { 0.9 } else { 0.35 };
            cy -= (t * PI).sin() * size * lift;
        }
        if let Some((f, dx)) = scene.shaking
            && f == i
        {
            cx += dx * size;
        }
        draw_animal(cr, cx, cy, size * 0.36, *frog, scene.animal, &p);
    }
    if let Some(c) = scene.cursor.filter(|c| *c < n) {
        let x = left + c as f64 * size;
        rounded_rect(
            cr,
            x + gap / 2.0,
            top + gap / 2.0,
            size - gap,
            size - gap,
            size * 0.14,
        );
        cr.set_source_rgb(p.accent.0, p.accent.1, p.accent.2);
        cr.set_line_width((size * 0.05).max(2.0));
        let _ = cr.stroke();
    }
}

/// A frog (round, two eyes on the side it faces) or a goat (two horns).
fn draw_animal(
    cr: &cairo::Context,
    cx: f64,
    cy: f64,
    r: f64,
    frog: Frog,
    animal: Animal,
    p: &Palette,
) {
    let (color, facing) = match frog {
        Frog::X => (p.x, 1.0),
        Frog::Y => (p.y, -1.0),
    };
    cr.set_source_rgb(color.0, color.1, color.2);
    match animal {
        Animal::Frog => {
            cr.save().ok();
            cr.translate(cx, cy);
            cr.scale(1.0, 0.82);
            cr.arc(0.0, 0.0, r, 0.0, 2.0 * PI);
            cr.restore().ok();
            let _ = cr.fill();
            // Eyes on top, towards where it goes.
            for dx in [0.15, 0.6] {
                let ex = cx + facing * dx * r;
                let ey = cy - 0.72 * r;
                cr.set_source_rgb(color.0, color.1, color.2);
                cr.arc(ex, ey, 0.28 * r, 0.0, 2.0 * PI);
                let _ = cr.fill();
                cr.set_source_rgb(1.0, 1.0, 1.0);
                cr.arc(ex, ey, 0.17 * r, 0.0, 2.0 * PI);
                let _ = cr.fill();
                cr.set_source_rgb(p.eye.0, p.eye.1, p.eye.2);
                cr.arc(ex + facing * 0.05 * r, ey, 0.08 * r, 0.0, 2.0 * PI);
                let _ = cr.fill();
            }
        }
        Animal::Goat => draw_goat(cr, cx, cy, r, color, facing, p),
    }
    // The letter the rules and the replay call it by.
    let letter = match frog {
        Frog::X => "X",
        Frog::Y => "Y",
    };
    cr.set_source_rgb(p.eye.0, p.eye.1, p.eye.2);
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(r * 0.9);
    let below = if animal == Animal::Goat {
        0.16 * r
    } else {
        0.08 * r
    };
    crate::widgets::shapes::centred_text(cr, letter, cx, cy + below);
}

/// A goat: horns, a round body, an eye and a muzzle on the side it faces.
fn draw_goat(
    cr: &cairo::Context,
    cx: f64,
    cy: f64,
    r: f64,
    color: (f64, f64, f64),
    facing: f64,
    p: &Palette,
) {
    // Smaller and lower than a frog, so the horns fit the field.
    let r = r * 0.82;
    let cy = cy + 0.2 * r;
    // Horns first, curving back from where it goes.
    cr.set_line_width(r * 0.16);
    cr.set_line_cap(cairo::LineCap::Round);
    for dx in [-0.25, 0.2] {
        let hx = cx + facing * dx * r;
        cr.move_to(hx, cy - 0.6 * r);
        cr.curve_to(
            hx - facing * 0.2 * r,
            cy - 1.2 * r,
            hx - facing * 0.7 * r,
            cy - 1.25 * r,
            hx - facing * 0.75 * r,
            cy - 0.85 * r,
        );
        cr.set_source_rgb(0.45, 0.40, 0.33);
        let _ = cr.stroke();
    }
    cr.set_source_rgb(color.0, color.1, color.2);
    cr.arc(cx, cy, r, 0.0, 2.0 * PI);
    let _ = cr.fill();
    // Eye and muzzle on the side it faces.
    cr.set_source_rgb(p.eye.0, p.eye.1, p.eye.2);
    cr.arc(cx + facing * 0.45 * r, cy - 0.2 * r, 0.1 * r, 0.0, 2.0 * PI);
    let _ = cr.fill();
    cr.set_source_rgba(0.0, 0.0, 0.0, 0.25);
    cr.arc(
        cx + facing * 0.75 * r,
        cy + 0.25 * r,
        0.2 * r,
        0.0,
        2.0 * PI,
    );
    let _ = cr.fill();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_fields_in_the_middle_row() {
        // 7 fields in a 700 × 300 area: 100 px each.
        assert_eq!(field_at(700.0, 300.0, 7, 50.0), Some(0));
        assert_eq!(field_at(700.0, 300.0, 7, 650.0), Some(6));
        // Wider than needed: centred, 100 px each at height 210 (a field,
        // its number and the room of a jump).
        assert!((field_size(2000.0, 210.0, 7) - 100.0).abs() < 1e-9);
        assert_eq!(field_at(2000.0, 210.0, 7, 100.0), None);
        assert_eq!(field_at(2000.0, 210.0, 7, 1000.0), Some(3));
    }

    #[test]
    fn frogs_are_drawn_in_their_colours() {
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 300, 100).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        let scene = Scene {
            fields: vec![Some(Frog::X), None, Some(Frog::Y)],
            ..Scene::default()
        };
        draw(&cr, 300.0, 100.0, &scene, false);
        drop(cr);
        let data = surface.data().unwrap();
        let px = |x: usize, y: usize| {
            let i = y * 300 * 4 + x * 4;
            (data[i + 2], data[i + 1], data[i])
        };
        let size = field_size(300.0, 100.0, 3);
        let (left, top) = origin(300.0, 100.0, 3);
        let centre = |i: usize| {
            (
                // Left of the letter on its body.
                (left + (i as f64 + 0.28) * size) as usize,
                (top + size * 0.55) as usize,
            )
        };
        let (r, g, _) = px(centre(0).0, centre(0).1);
        assert!(
            g > r,
            "an X frog is green: {:?}",
            px(centre(0).0, centre(0).1)
        );
        let (r, g, _) = px(centre(2).0, centre(2).1);
        assert!(
            r > g,
            "a Y frog is orange: {:?}",
            px(centre(2).0, centre(2).1)
        );
        let (r, g, b) = px(centre(1).0, centre(1).1);
        assert!(
            r > 235 && g > 235 && b > 230,
            "the empty field is light: {r} {g} {b}"
        );
    }
}
