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

/// The text and line colour of a drawn surface, light or dark: Adwaita's
/// window foreground (black at 80% on the light window, white on the dark
/// one). Read from the style rather than the widget's CSS colour, whose
/// getter GTK deprecates after 4.8.
pub fn foreground(dark: bool) -> (f64, f64, f64) {
    if dark {
        (1.0, 1.0, 1.0)
    } else {
        (0.2, 0.2, 0.2)
    }
}
