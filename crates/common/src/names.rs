//! Player names: what a name may hold, wherever it comes from (a file, the
//! app's name entry, D-Bus, the command line).

/// The longest player name, in characters.
pub const MAX_NAME: usize = 64;

/// Why a text cannot be a player's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a player needs a name")]
    Empty,
    #[error("the player name is longer than {MAX_NAME} characters")]
    TooLong,
    #[error(
        "the player name holds a control character or an invisible one (a direction mark, a zero-width space)"
    )]
    ControlCharacter,
}

/// The name without surrounding spaces, when it is one: not empty, at most
/// [`MAX_NAME`] characters, no hidden characters ([`crate::text::is_hidden`]:
/// controls, format characters such as direction marks, separators).
pub fn check_name(name: &str) -> Result<&str, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().nth(MAX_NAME).is_some() {
        return Err(NameError::TooLong);
    }
    if name.chars().any(crate::text::is_hidden) {
        return Err(NameError::ControlCharacter);
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_printable_text() {
        assert_eq!(check_name("  Anna  "), Ok("Anna"));
        assert_eq!(check_name(&"é".repeat(64)), Ok("é".repeat(64).as_str()));
        assert_eq!(check_name(&"é".repeat(65)), Err(NameError::TooLong));
        assert_eq!(check_name(" \t "), Err(NameError::Empty));
        for bad in [
            "a\u{1b}]0;pwned\u{7}",
            "a\rb",
            "a\nb",
            "a\u{9b}b",
            "a\u{202e}b",
            "a\u{7f}",
            "a\u{200f}b",
            "a\u{61c}b",
            "\u{feff}Anna",
            "An\u{200b}na",
            "a\u{2066}b",
        ] {
            assert_eq!(check_name(bad), Err(NameError::ControlCharacter), "{bad:?}");
        }
    }
}
