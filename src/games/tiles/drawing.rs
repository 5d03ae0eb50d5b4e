//! Where the tile game is drawn: the pot's next tiles in a strip, the bowls
//! with their tiles (yellow first), and both players' boards, the board of
//! the player to move outlined; a hint and the keyboard cursor ring the
//! tiles of a bowl they name. Light and dark.

use gtk::cairo;
use match5_tiles::{Colour, Move, Row};

use crate::widgets::shapes::rounded_rect;

/// Everything on the picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The tiles left in the pot, next first.
    pub pot: Vec<Colour>,
    /// Per bowl: yellow and blue tiles.
    pub bowls: Vec<[u8; 2]>,
    pub bowl_size: usize,
    pub boards: [Vec<Row>; 2],
    pub row_length: usize,
    /// The sides' names, the seed's Femke and Lieke.
    pub names: [String; 2],
    /// The side of a person playing against a computer: "You" over its
    /// board, not the side's name.
    pub you: Option<usize>,
    /// "Pot", and each bowl's name ("Bowl 0", …), in the person's language.
    pub pot_label: String,
    pub bowl_labels: Vec<String>,
    pub to_move: usize,
    pub over: bool,
    /// The keyboard's choice: a bowl and a colour.
    pub cursor: Option<Move>,
    pub hint: Option<Move>,
}

impl Scene {
    /// What a side is called over its board: "You", or its name.
    pub fn name(&self, side: usize) -> String {
        if self.you == Some(side) {
            crate::i18n::gettext("You")
        } else {
            self.names[side].clone()
        }
    }
}

/// Where things lie in a `width` × `height` area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    margin: f64,
    /// The pot strip: top, tile size.
    pot_top: f64,
    pot_tile: f64,
    /// The bowls: top, width and height of each, tile size inside.
    bowls_top: f64,
    bowl_w: f64,
    bowl_h: f64,
    bowl_tile: f64,
    bowls_left: f64,
    /// The boards: top (of the names), cell size, the left of each board.
    boards_top: f64,
    cell: f64,
    board_left: [f64; 2],
}

const LABEL: f64 = 22.0;
const BOWL_LABEL: f64 = 16.0;
/// Room below the boards for the outline of the one to move.
const OUTLINE: f64 = 6.0;

impl Layout {
    pub fn new(width: f64, height: f64, scene: &Scene) -> Layout {
        let margin = 10.0;
        let inner = (width - 2.0 * margin).max(40.0);
        let bowls = scene.bowls.len().max(1) as f64;
        let rows = scene.boards[0].len().max(1) as f64;
        let length = scene.row_length.max(1) as f64;
        let n = scene.bowl_size.max(1) as f64;
        // Sizes from the width, then all scaled down to fit the height.
        let pot_tile = (inner / 26.0).clamp(8.0, 18.0);
        let bowl_w = (inner / bowls - 8.0).min(150.0);
        let bowl_tile = (bowl_w / (n + 1.0)).min(26.0);
        let bowl_h = bowl_tile * 1.8;
        let gap = 14.0;
        let cell = ((inner - gap) / 2.0 / length).min(40.0);
        let need = pot_tile + gap + bowl_h + BOWL_LABEL + gap + LABEL + rows * cell + OUTLINE;
        let scale = ((height - 2.0 * margin) / need).clamp(0.3, 1.0);
        let (pot_tile, bowl_w, bowl_tile, bowl_h, cell) = (
            pot_tile * scale,
            bowl_w * scale.max(0.6),
            bowl_tile * scale,
            bowl_h * scale,
            cell * scale,
        );
        let used = pot_tile + gap + bowl_h + BOWL_LABEL + gap + LABEL + rows * cell + OUTLINE;
        let top = margin + ((height - 2.0 * margin - used) / 2.0).max(0.0);
        let board_w = cell * length;
        let between = (inner - 2.0 * board_w).max(gap).min(60.0);
        let boards_left = margin + (inner - 2.0 * board_w - between) / 2.0;
        let bowls_w = bowls * (bowl_w + 8.0) - 8.0;
        Layout {
            margin,
            pot_top: top,
            pot_tile,
            bowls_top: top + pot_tile + gap,
            bowl_w,
            bowl_h,
            bowl_tile,
            bowls_left: margin + (inner - bowls_w) / 2.0,
            boards_top: top + pot_tile + gap + bowl_h + BOWL_LABEL + gap,
            cell,
            board_left: [boards_left, boards_left + board_w + between],
        }
    }

    fn bowl_left(&self, bowl: usize) -> f64 {
        self.bowls_left + bowl as f64 * (self.bowl_w + 8.0)
    }

    /// The tiles of `bowl`: each with its colour and rectangle (x, y, size).
    fn bowl_tiles(&self, bowl: usize, held: [u8; 2]) -> Vec<(Colour, f64, f64)> {
        let count = usize::from(held[0] + held[1]);
        let t = self.bowl_tile;
        let span = count as f64 * t * 1.08;
        let mut x = self.bowl_left(bowl) + (self.bowl_w - span) / 2.0;
        let y = self.bowls_top + (self.bowl_h - t) / 2.0;
        let mut out = Vec::new();
        for colour in Colour::BOTH {
            for _ in 0..held[colour as usize] {
                out.push((colour, x, y));
                x += t * 1.08;
            }
        }
        out
    }

    /// The bowl and colour under a point, if a tile is there (or the bowl
    /// holds one colour only: then anywhere on the bowl).
    pub fn move_at(&self, scene: &Scene, x: f64, y: f64) -> Option<Move> {
        for (bowl, held) in scene.bowls.iter().enumerate() {
            let left = self.bowl_left(bowl);
            let inside = x >= left
                && x <= left + self.bowl_w
                && y >= self.bowls_top
                && y <= self.bowls_top + self.bowl_h;
            if !inside {
                continue;
            }
            let tiles = self.bowl_tiles(bowl, *held);
            let t = self.bowl_tile * 1.08;
            if let Some((colour, _, _)) = tiles.iter().find(|(_, tx, _)| x >= *tx && x < tx + t) {
                return Some(Move {
                    bowl,
                    colour: *colour,
                });
            }
            let only: Vec<Colour> = Colour::BOTH
                .into_iter()
                .filter(|c| held[*c as usize] > 0)
                .collect();
            if let [colour] = only[..] {
                return Some(Move { bowl, colour });
            }
        }
        None
    }
}

struct Palette {
    surface: (f64, f64, f64),
    cell: (f64, f64, f64),
    line: (f64, f64, f64, f64),
    text: (f64, f64, f64),
    accent: (f64, f64, f64),
    hint: (f64, f64, f64),
}

impl Palette {
    fn new(dark: bool) -> Palette {
        let mut p = Palette::plain(dark);
        if crate::widgets::palette::look().high_contrast {
            p.line.3 = 0.6;
            p.text = crate::widgets::palette::foreground(dark);
            p.cell = if dark {
                (0.0, 0.0, 0.0)
            } else {
                (1.0, 1.0, 1.0)
            };
        }
        p
    }

    fn plain(dark: bool) -> Palette {
        if dark {
            Palette {
                surface: (0.24, 0.24, 0.26),
                cell: (0.17, 0.17, 0.18),
                line: (1.0, 1.0, 1.0, 0.14),
                text: (0.92, 0.92, 0.92),
                accent: crate::widgets::palette::accent(true),
                hint: (0.34, 0.89, 0.54),
            }
        } else {
            Palette {
                surface: (0.94, 0.93, 0.91),
                cell: (1.0, 1.0, 1.0),
                line: (0.0, 0.0, 0.0, 0.14),
                text: (0.18, 0.18, 0.18),
                accent: crate::widgets::palette::accent(false),
                hint: (0.18, 0.76, 0.49),
            }
        }
    }
}

/// A tile's fill and edge (GNOME's yellow and blue). A yellow tile's
/// edge is a deep amber: the light bowl and the yellow differ by 1.2:1
/// only, the edge by 3:1 and more.
fn tile_colours(colour: Colour, dark: bool) -> ((f64, f64, f64), (f64, f64, f64)) {
    match (colour, dark) {
        (Colour::Yellow, false) => ((0.96, 0.83, 0.18), (0.60, 0.40, 0.0)),
        (Colour::Yellow, true) => ((0.97, 0.83, 0.24), (0.90, 0.65, 0.04)),
        (Colour::Blue, false) => ((0.21, 0.52, 0.89), (0.10, 0.37, 0.71)),
        (Colour::Blue, true) => ((0.38, 0.63, 0.92), (0.21, 0.52, 0.89)),
    }
}

fn tile(cr: &cairo::Context, colour: Colour, x: f64, y: f64, size: f64, dark: bool) {
    let (fill, edge) = tile_colours(colour, dark);
    rounded_rect(cr, x + 1.0, y + 1.0, size - 2.0, size - 2.0, size * 0.18);
    cr.set_source_rgb(fill.0, fill.1, fill.2);
    let _ = cr.fill_preserve();
    cr.set_source_rgb(edge.0, edge.1, edge.2);
    cr.set_line_width((size * 0.09).max(1.5));
    let _ = cr.stroke();
}

fn text(cr: &cairo::Context, label: &str, x: f64, y: f64, size: f64, bold: bool) {
    cr.select_font_face(
        "Sans",
        cairo::FontSlant::Normal,
        if bold {
            cairo::FontWeight::Bold
        } else {
            cairo::FontWeight::Normal
        },
    );
    cr.set_font_size(size);
    cr.move_to(x, y);
    let _ = cr.show_text(label);
}

/// Draws `scene` into a `width` × `height` area.
pub fn draw(cr: &cairo::Context, width: f64, height: f64, scene: &Scene, dark: bool) {
    if scene.bowls.is_empty() {
        return;
    }
    let p = Palette::new(dark);
    let l = Layout::new(width, height, scene);
    // The pot, named: as many of the next tiles as fit, then how many more.
    cr.set_source_rgb(p.text.0, p.text.1, p.text.2);
    let font = (l.pot_tile * 0.85).max(crate::widgets::palette::text_px(9.0));
    cr.set_font_size(font);
    let label_w = cr
        .text_extents(&scene.pot_label)
        .map_or(0.0, |e| e.x_advance())
        + 8.0;
    text(
        cr,
        &scene.pot_label,
        l.margin,
        l.pot_top + l.pot_tile * 0.82,
        font,
        true,
    );
    let start = l.margin + label_w;
    let fit = ((width - l.margin - start) / (l.pot_tile * 1.1) - 3.0).max(1.0) as usize;
    if scene.pot.is_empty() {
        cr.set_source_rgba(
            p.text.0,
            p.text.1,
            p.text.2,
            crate::widgets::palette::dim_alpha(),
        );
        text(cr, "—", start, l.pot_top + l.pot_tile * 0.82, font, false);
    }
    for (i, colour) in scene.pot.iter().take(fit).enumerate() {
        tile(
            cr,
            *colour,
            start + i as f64 * l.pot_tile * 1.1,
            l.pot_top,
            l.pot_tile,
            dark,
        );
    }
    if scene.pot.len() > fit {
        cr.set_source_rgb(p.text.0, p.text.1, p.text.2);
        let x = start + fit as f64 * l.pot_tile * 1.1 + 4.0;
        text(
            cr,
            &format!("+{}", scene.pot.len() - fit),
            x,
            l.pot_top + l.pot_tile * 0.8,
            l.pot_tile * 0.8,
            false,
        );
    }
    // The bowls.
    for (bowl, held) in scene.bowls.iter().enumerate() {
        let x = l.bowl_left(bowl);
        rounded_rect(cr, x, l.bowls_top, l.bowl_w, l.bowl_h, l.bowl_h * 0.45);
        cr.set_source_rgb(p.surface.0, p.surface.1, p.surface.2);
        let _ = cr.fill_preserve();
        cr.set_source_rgba(p.line.0, p.line.1, p.line.2, p.line.3);
        cr.set_line_width(1.0);
        let _ = cr.stroke();
        for (colour, tx, ty) in l.bowl_tiles(bowl, *held) {
            tile(cr, colour, tx, ty, l.bowl_tile, dark);
        }
        if let Some(label) = scene.bowl_labels.get(bowl) {
            cr.set_source_rgba(
                p.text.0,
                p.text.1,
                p.text.2,
                crate::widgets::palette::dim_alpha(),
            );
            let size = crate::widgets::palette::text_px(11.0);
            cr.set_font_size(size);
            let w = cr.text_extents(label).map_or(0.0, |e| e.x_advance());
            text(
                cr,
                label,
                x + (l.bowl_w - w) / 2.0,
                l.bowls_top + l.bowl_h + size + 2.0,
                size,
                false,
            );
        }
        for (mark, rgb, width) in [(scene.hint, p.hint, 3.0), (scene.cursor, p.accent, 2.0)] {
            let Some(m) = mark.filter(|m| m.bowl == bowl) else {
                continue;
            };
            let tiles: Vec<(Colour, f64, f64)> = l
                .bowl_tiles(bowl, *held)
                .into_iter()
                .filter(|(c, _, _)| *c == m.colour)
                .collect();
            if let (Some(first), Some(last)) = (tiles.first(), tiles.last()) {
                let pad = 3.0;
                rounded_rect(
                    cr,
                    first.1 - pad,
                    first.2 - pad,
                    last.1 - first.1 + l.bowl_tile + 2.0 * pad,
                    l.bowl_tile + 2.0 * pad,
                    l.bowl_tile * 0.3,
                );
                cr.set_source_rgb(rgb.0, rgb.1, rgb.2);
                cr.set_line_width(width);
                let _ = cr.stroke();
            }
        }
    }
    // The boards, each under its player's name and full rows.
    for (player, board) in scene.boards.iter().enumerate() {
        let left = l.board_left[player];
        let top = l.boards_top + LABEL;
        let board_w = l.cell * scene.row_length as f64;
        cr.set_source_rgb(p.text.0, p.text.1, p.text.2);
        let full = board
            .iter()
            .filter(|r| usize::from(r.tiles()) == scene.row_length)
            .count();
        text(
            cr,
            &format!("{} · {full}", scene.name(player)),
            left,
            l.boards_top + LABEL * 0.7,
            (LABEL * 0.62)
                .min(l.cell * 0.6)
                .max(crate::widgets::palette::text_px(9.0)),
            player == scene.to_move && !scene.over,
        );
        if player == scene.to_move && !scene.over {
            rounded_rect(
                cr,
                left - 4.0,
                top - 4.0,
                board_w + 8.0,
                l.cell * board.len() as f64 + 8.0,
                8.0,
            );
            cr.set_source_rgb(p.accent.0, p.accent.1, p.accent.2);
            cr.set_line_width(2.5);
            let _ = cr.stroke();
        }
        for (r, row) in board.iter().enumerate() {
            let y = top + r as f64 * l.cell;
            for c in 0..scene.row_length {
                let x = left + c as f64 * l.cell;
                match row.colour().filter(|_| c < usize::from(row.tiles())) {
                    Some(colour) => tile(cr, colour, x, y, l.cell, dark),
                    None => {
                        rounded_rect(
                            cr,
                            x + 1.5,
                            y + 1.5,
                            l.cell - 3.0,
                            l.cell - 3.0,
                            l.cell * 0.16,
                        );
                        cr.set_source_rgb(p.cell.0, p.cell.1, p.cell.2);
                        let _ = cr.fill_preserve();
                        cr.set_source_rgba(p.line.0, p.line.1, p.line.2, p.line.3);
                        cr.set_line_width(1.0);
                        let _ = cr.stroke();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene {
            pot: vec![Colour::Yellow; 17],
            bowls: vec![[2, 2], [1, 0]],
            bowl_size: 4,
            boards: [vec![Row::default(); 5], vec![Row::default(); 5]],
            row_length: 5,
            names: ["Femke".into(), "Lieke".into()],
            you: None,
            ..Scene::default()
        }
    }

    #[test]
    fn a_click_on_a_tile_names_its_bowl_and_colour() {
        let s = scene();
        for (w, h) in [(720.0, 520.0), (360.0, 420.0)] {
            let l = Layout::new(w, h, &s);
            let tiles = l.bowl_tiles(0, s.bowls[0]);
            let (_, x, y) = tiles[3];
            let mid = l.bowl_tile / 2.0;
            assert_eq!(
                l.move_at(&s, x + mid, y + mid),
                Some(Move {
                    bowl: 0,
                    colour: Colour::Blue
                })
            );
            let (_, x, y) = tiles[0];
            assert_eq!(
                l.move_at(&s, x + mid, y + mid).map(|m| m.colour),
                Some(Colour::Yellow)
            );
            // Bowl 1 holds yellow only: anywhere on it.
            let left = l.bowl_left(1);
            assert_eq!(
                l.move_at(&s, left + 3.0, l.bowls_top + 3.0),
                Some(Move {
                    bowl: 1,
                    colour: Colour::Yellow
                })
            );
            assert_eq!(l.move_at(&s, 1.0, h - 1.0), None);
            // Both boards fit in the width.
            assert!(l.board_left[1] + l.cell * 5.0 <= w - l.margin + 0.5, "{w}");
        }
    }
}
