//! Shapes every drawn surface uses.

use gtk::cairo;

/// A rectangle with round corners of radius `r`, as a path.
pub fn rounded_rect(cr: &cairo::Context, x: f64, y: f64, w: f64, h: f64, r: f64) {
    use std::f64::consts::PI;
    cr.new_sub_path();
    cr.arc(x + w - r, y + r, r, -PI / 2.0, 0.0);
    cr.arc(x + w - r, y + h - r, r, 0.0, PI / 2.0);
    cr.arc(x + r, y + h - r, r, PI / 2.0, PI);
    cr.arc(x + r, y + r, r, PI, 1.5 * PI);
    cr.close_path();
}

/// `text` centred on `(x, y)`, in the font size and colour set on `cr`.
pub fn centred_text(cr: &cairo::Context, text: &str, x: f64, y: f64) {
    if let Ok(ext) = cr.text_extents(text) {
        cr.move_to(
            x - ext.width() / 2.0 - ext.x_bearing(),
            y - ext.height() / 2.0 - ext.y_bearing(),
        );
        let _ = cr.show_text(text);
    }
}
