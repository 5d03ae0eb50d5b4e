//! Reading a line protocol safely: a line is at most [`MAX_LINE`] bytes, and
//! whatever comes beyond that is skipped, never kept in memory.

use std::io::{self, BufRead};

/// The longest line read, in bytes (64 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// Bytes that are not UTF-8.
    NotText,
    /// A line longer than the limit: how long it was.
    TooLong(usize),
}

/// The next line of `input`, or `None` at the end. A line longer than `max`
/// is read to its end but not kept.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let (chunk, used, end) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if length + chunk.len() <= max {
            kept.extend_from_slice(chunk);
        }
        length = length.saturating_add(chunk.len());
        input.consume(used);
        if end {
            break;
        }
    }
    if length > max {
        return Ok(Some(Line::TooLong(length)));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(t) => Line::Text(t),
        Err(_) => Line::NotText,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_whole_and_short_ones_read() {
        let mut data = b"TURN 1,2\r\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', 100_000));
        data.extend_from_slice(b"\n\xff\xfe\nEND");
        let mut input = io::BufReader::with_capacity(1024, &data[..]);
        let mut next = || read_line(&mut input, 1000).unwrap();
        assert_eq!(next(), Some(Line::Text("TURN 1,2".into())));
        assert_eq!(next(), Some(Line::TooLong(100_000)));
        assert_eq!(next(), Some(Line::NotText));
        assert_eq!(next(), Some(Line::Text("END".into())));
        assert_eq!(next(), None);
    }
}
