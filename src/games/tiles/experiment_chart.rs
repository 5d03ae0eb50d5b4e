//! The take-back experiment's rows and its charts: per move taken back,
//! two lines on a logarithmic scale (the positions, and the times).

use gtk::cairo;

/// One measured row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    pub taken_back: usize,
    pub score: Option<i32>,
    pub visited: Option<u64>,
    pub ms: Option<f64>,
    pub tree: Option<u128>,
    pub distinct: Option<u64>,
    pub tree_ms: Option<f64>,
}

/// What a chart shows of each row: the blue line's value and the green
/// line's, if measured.
pub type Pick = fn(&Row) -> Option<(f64, f64)>;

/// Positions: the full tree (blue) and those looked at (green).
pub fn positions(row: &Row) -> Option<(f64, f64)> {
    Some((row.tree? as f64, row.visited? as f64))
}

/// Milliseconds: counting the tree (blue) and the best-score search (green).
pub fn times(row: &Row) -> Option<(f64, f64)> {
    Some((row.tree_ms?, row.ms?))
}

/// A chart: per move taken back, two lines on a logarithmic scale with a
/// line per power of ten (the smallest shown is 10⁻²).
pub fn draw(
    cr: &cairo::Context,
    w: f64,
    h: f64,
    rows: &[Row],
    pick: Pick,
    text: (f64, f64, f64),
    dark: bool,
) {
    let points: Vec<(usize, f64, f64)> = rows
        .iter()
        .filter_map(|r| pick(r).map(|(a, b)| (r.taken_back, a, b)))
        .collect();
    if points.is_empty() {
        return;
    }
    let (left, right, top, bottom) = (48.0, w - 10.0, 10.0, h - 22.0);
    let floor = 0.01;
    let values = points.iter().flat_map(|p| [p.1, p.2]);
    let most = values.clone().fold(1.0, f64::max);
    let least = values.fold(f64::INFINITY, f64::min).max(floor);
    let (lo, hi) = (
        least.log10().floor(),
        most.log10().ceil().max(least.log10().floor() + 1.0),
    );
    let y = |v: f64| bottom - (v.max(floor).log10() - lo) / (hi - lo) * (bottom - top);
    let n = points.last().map_or(1, |p| p.0).max(2);
    let x = |i: usize| left + (i.saturating_sub(1)) as f64 / (n - 1) as f64 * (right - left);
    cr.set_line_width(1.0);
    cr.set_font_size(10.0);
    for d in lo as i32..=hi as i32 {
        let yy = y(10f64.powi(d));
        cr.set_source_rgba(text.0, text.1, text.2, 0.12);
        cr.move_to(left, yy.round() + 0.5);
        cr.line_to(right, yy.round() + 0.5);
        let _ = cr.stroke();
        cr.set_source_rgba(text.0, text.1, text.2, 0.7);
        cr.move_to(4.0, yy + 3.0);
        let _ = cr.show_text(&power_of_ten(d));
    }
    for i in [1, n] {
        cr.move_to(x(i) - 3.0, h - 6.0);
        let _ = cr.show_text(&i.to_string());
    }
    let blue = crate::widgets::palette::accent(dark);
    let green = if dark {
        (0.34, 0.89, 0.54)
    } else {
        (0.15, 0.64, 0.41)
    };
    for (colour, first) in [(blue, true), (green, false)] {
        let value = |p: &(usize, f64, f64)| if first { p.1 } else { p.2 };
        cr.set_source_rgb(colour.0, colour.1, colour.2);
        cr.set_line_width(2.0);
        for (k, p) in points.iter().enumerate() {
            if k == 0 {
                cr.move_to(x(p.0), y(value(p)));
            } else {
                cr.line_to(x(p.0), y(value(p)));
            }
        }
        let _ = cr.stroke();
        for p in &points {
            cr.arc(x(p.0), y(value(p)), 3.0, 0.0, std::f64::consts::TAU);
            let _ = cr.fill();
        }
    }
}

/// "10⁴", "10⁻²": a power of ten as a chart axis says it.
fn power_of_ten(exponent: i32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut text = String::from("10");
    if exponent < 0 {
        text.push('⁻');
    }
    for digit in exponent.unsigned_abs().to_string().bytes() {
        text.push(DIGITS[usize::from(digit - b'0')]);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_ten_are_written_with_superscripts() {
        assert_eq!(power_of_ten(4), "10⁴");
        assert_eq!(power_of_ten(0), "10⁰");
        assert_eq!(power_of_ten(-2), "10⁻²");
        assert_eq!(power_of_ten(12), "10¹²");
    }
}
