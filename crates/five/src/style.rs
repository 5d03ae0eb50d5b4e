//! How the computer plays where no pattern tells it: the 2012 program's
//! way, or sharper. Both learn exactly as the seed says (error patterns,
//! the chain of forced moves, lost lines), so both keep the promise: they
//! never lose the same game twice.

use std::fmt;
use std::str::FromStr;

/// The computer's style, chosen by the person with the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// As the 2012 program plays: without a matching pattern, a random
    /// empty field next to a stone. It knows nothing but what it learned.
    #[default]
    Classic,
    /// Without a matching pattern it does not play at random: it makes
    /// five, stops five, plays its own win by fours, stops the other
    /// side's four, fours or threats, and otherwise the field that leaves
    /// it the best open lines ([`crate::threats`]), within a budget.
    Sharp,
}

impl Style {
    /// Every style, the default first.
    pub const ALL: [Style; 2] = [Style::Classic, Style::Sharp];

    /// The name scripts and files use: `classic` or `sharp`.
    pub fn key(self) -> &'static str {
        match self {
            Style::Classic => "classic",
            Style::Sharp => "sharp",
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A name that is no style.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is no style of the computer: say classic or sharp")]
pub struct UnknownStyle(pub String);

impl FromStr for Style {
    type Err = UnknownStyle;

    fn from_str(text: &str) -> Result<Style, UnknownStyle> {
        Style::ALL
            .into_iter()
            .find(|s| s.key() == text)
            .ok_or_else(|| UnknownStyle(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_style_reads_back_from_its_name_and_nothing_else_reads() {
        for style in Style::ALL {
            assert_eq!(style.key().parse::<Style>(), Ok(style));
        }
        assert_eq!(Style::default(), Style::Classic);
        for bad in ["", "Sharp", "2012", "sharp "] {
            assert!(bad.parse::<Style>().is_err(), "{bad:?}");
        }
    }
}
