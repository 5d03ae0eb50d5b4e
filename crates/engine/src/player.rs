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
    #[error("the player name holds a control character")]
    ControlCharacter,
}

/// Characters that change how text around them is shown: control
/// characters (C0, DEL, C1), line and paragraph separators, and the
/// bidirectional overrides that can make a name read backwards.
pub fn is_hidden_control(ch: char) -> bool {
    ch.is_control()
        || matches!(ch, '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The name without surrounding spaces, when it is one: not empty, at most
/// [`MAX_NAME`] characters, no control characters.
pub fn check_name(name: &str) -> Result<&str, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().nth(MAX_NAME).is_some() {
        return Err(NameError::TooLong);
    }
    if name.chars().any(is_hidden_control) {
        return Err(NameError::ControlCharacter);
    }
    Ok(name)
}

/// At most `max` characters of `text`, with `…` when cut: for echoing
/// something that may be huge (a bad name, a bad protocol line).
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
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
        ] {
            assert_eq!(check_name(bad), Err(NameError::ControlCharacter), "{bad:?}");
        }
        assert_eq!(excerpt("abcdef", 3), "abc…");
        assert_eq!(excerpt("abc", 3), "abc");
    }
}
