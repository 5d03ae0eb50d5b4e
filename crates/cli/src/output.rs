//! What the commands print: text from files made safe for a terminal, and
//! standard output that may be closed early (`| head`).

use std::io::{self, Write};

/// `text` with every hidden character (escape sequences, bells, carriage
/// returns, direction marks) written as `\u{..}`, so that text from a file
/// or the command line cannot rewrite the terminal. Letters of any language
/// stay as they are.
pub fn printable(text: &str) -> String {
    match5_common::text::escape(text)
}

/// Writes `text` to standard output. A reader that stopped reading (a
/// closed pipe) is not an error: the rest is not wanted.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        assert_eq!(
            printable("Zoë\u{1b}]0;pwned\u{7}\r\n\u{202e}x"),
            "Zoë\\u{1b}]0;pwned\\u{7}\\u{d}\\u{a}\\u{202e}x"
        );
    }
}
