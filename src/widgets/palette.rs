//! Colours of the GNOME palette that every drawn surface shares.

/// The accent blue, light or dark: the keyboard cursor, the line of a
/// chart's main figure.
pub fn accent(dark: bool) -> (f64, f64, f64) {
    if dark {
        (0.47, 0.68, 0.93)
    } else {
        (0.21, 0.52, 0.89)
    }
}
