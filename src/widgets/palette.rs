//! Colours every drawn surface shares, and the desktop's settings that
//! change how they are drawn: high contrast, the accent colour, the text
//! size and whether things move. The app follows the desktop
//! ([`follow_desktop`], at start-up); the drawing code reads [`look`].
//! Unit tests, with no desktop, draw the plain look.

use std::cell::{Cell, RefCell};

use gtk::prelude::*;

/// How the desktop asks things to be drawn now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// High contrast (Accessibility settings).
    pub high_contrast: bool,
    /// The person's accent colour, light and dark (its lighter tone for
    /// dark surfaces); GNOME's blue when none is set.
    pub accent_light: (f64, f64, f64),
    pub accent_dark: (f64, f64, f64),
    /// Text size against the standard 11 pt at 96 dpi (Large Text is
    /// 1.25); never below 1, the size the boards were drawn for.
    pub text_scale: f64,
    /// Animations on (off: every animation jumps to its end). Off when the
    /// desktop turns animations off or asks for reduced motion.
    pub animations: bool,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            high_contrast: false,
            accent_light: (0.21, 0.52, 0.89),
            accent_dark: (0.47, 0.68, 0.93),
            text_scale: 1.0,
            animations: true,
        }
    }
}

thread_local! {
    static LOOK: Cell<Look> = Cell::new(Look::default());
    static FOLLOWERS: RefCell<Vec<Box<dyn Fn() -> bool>>> = const { RefCell::new(Vec::new()) };
}

/// The desktop's look now (the plain one until [`follow_desktop`]).
pub fn look() -> Look {
    LOOK.with(Cell::get)
}

/// Reads the desktop's settings now and whenever they change (style
/// manager and GTK settings); each change redraws what [`redraw_on_change`]
/// was given. Called once, when GTK is up.
pub fn follow_desktop() {
    read_desktop();
    let style = adw::StyleManager::default();
    for property in ["dark", "high-contrast", "accent-color-rgba"] {
        style.connect_notify_local(Some(property), |_, _| changed());
    }
    if let Some(settings) = gtk::Settings::default() {
        for property in [
            "gtk-font-name",
            "gtk-xft-dpi",
            "gtk-enable-animations",
            "gtk-interface-reduced-motion",
        ] {
            settings.connect_notify_local(Some(property), |_, _| changed());
        }
    }
}

fn changed() {
    read_desktop();
    FOLLOWERS.with(|f| f.borrow_mut().retain(|redraw| redraw()));
}

fn read_desktop() {
    let style = adw::StyleManager::default();
    let accent = style.accent_color();
    // Light: the accent itself (3:1 and more on a light board); dark: its
    // lighter tone for dark surfaces.
    let tone = |dark: bool| {
        let c = if dark {
            accent.to_standalone_rgba(true)
        } else {
            accent.to_rgba()
        };
        (c.red() as f64, c.green() as f64, c.blue() as f64)
    };
    let mut look = Look {
        high_contrast: style.is_high_contrast(),
        accent_light: tone(false),
        accent_dark: tone(true),
        ..Look::default()
    };
    if let Some(settings) = gtk::Settings::default() {
        // GNOME's Reduce Animation (GTK 4.22's reduced motion) as well as
        // animations turned off.
        look.animations = settings.is_gtk_enable_animations()
            && settings.gtk_interface_reduced_motion() != gtk::ReducedMotion::Reduce;
        let size = settings
            .gtk_font_name()
            .map(|name| gtk::pango::FontDescription::from_string(&name))
            .map(|font| font.size() as f64 / gtk::pango::SCALE as f64)
            .filter(|size| *size > 0.0)
            .unwrap_or(11.0);
        let dpi = match settings.gtk_xft_dpi() {
            dpi if dpi > 0 => dpi as f64 / 1024.0,
            _ => 96.0,
        };
        look.text_scale = (size / 11.0 * dpi / 96.0).clamp(1.0, 3.0);
    }
    LOOK.with(|l| l.set(look));
}

/// Draws `widget` again whenever the desktop's look changes, while it
/// lives.
pub fn redraw_on_change(widget: &impl IsA<gtk::Widget>) {
    let weak = widget.downgrade();
    FOLLOWERS.with(|f| {
        f.borrow_mut().push(Box::new(move || {
            weak.upgrade().map(|w| w.queue_draw()).is_some()
        }));
    });
}

/// The accent colour, light or dark: the keyboard cursor, a hint, the
/// line of a chart's main figure.
pub fn accent(dark: bool) -> (f64, f64, f64) {
    let look = look();
    if dark {
        look.accent_dark
    } else {
        look.accent_light
    }
}

/// The text and line colour of a drawn surface, light or dark: Adwaita's
/// window foreground (black at 80% on the light window, white on the dark
/// one; black itself in high contrast). Read from the style rather than
/// the widget's CSS colour, whose getter GTK deprecates after 4.8.
pub fn foreground(dark: bool) -> (f64, f64, f64) {
    match (dark, look().high_contrast) {
        (true, _) => (1.0, 1.0, 1.0),
        (false, true) => (0.0, 0.0, 0.0),
        (false, false) => (0.2, 0.2, 0.2),
    }
}

/// How opaque dim text drawn on a board is: 4.5:1 against the board
/// (the foreground at 85%), opaque in high contrast.
pub fn dim_alpha() -> f64 {
    if look().high_contrast { 1.0 } else { 0.85 }
}

/// A font size of `px` at the standard text size, grown with the
/// desktop's text size.
pub fn text_px(px: f64) -> f64 {
    px * look().text_scale
}

/// Relative luminance (WCAG 2) of an sRGB colour (the tests' measure;
/// the e2e tests measure the same on screenshots).
#[cfg(test)]
pub fn luminance((r, g, b): (f64, f64, f64)) -> f64 {
    let linear = |c: f64| {
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio (WCAG 2) of two colours: 1 to 21.
#[cfg(test)]
pub fn contrast(a: (f64, f64, f64), b: (f64, f64, f64)) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_is_measured_as_wcag_does() {
        assert!((contrast((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)) - 21.0).abs() < 0.01);
        assert!((contrast((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_plain_look_is_gnomes_blue_at_the_standard_size() {
        assert_eq!(accent(false), (0.21, 0.52, 0.89));
        assert_eq!(text_px(10.0), 10.0);
    }
}
