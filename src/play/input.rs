//! Lines a person types at the prompt, read within bounds.
//!
//! Standard input may be anything: a pasted file, bytes that are not text, one line of a
//! hundred megabytes. A line is read without keeping more than a turn could need, so a
//! long one costs no memory, and one that is not UTF-8 is refused like any other text
//! that is not a turn, leaving the game as it was.

use std::io::{self, BufRead};

/// The longest line read as a turn, in bytes; turns are a few dozen characters.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`]: how long it was.
    TooLong { bytes: u64 },
    /// A line that is not UTF-8.
    NotText,
}

impl Line {
    /// Why the line cannot be a turn, for the prompt; `None` for text.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Line::Text(_) => None,
            Line::TooLong { bytes } => Some(format!(
                "a line of {bytes} bytes is not a turn (a turn is at most {MAX_LINE_BYTES} bytes); \
                 it was ignored"
            )),
            Line::NotText => Some("that line is not UTF-8 text; it was ignored".into()),
        }
    }
}

/// Reads the next line, keeping at most [`MAX_LINE_BYTES`] of it; `None` at the end of
/// the input.
///
/// # Errors
/// Reading fails.
pub fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut length: u64 = 0;
    let mut read_any = false;
    let mut ended = false;
    while !ended {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let chunk = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => {
                ended = true;
                &buffer[..i]
            }
            None => buffer,
        };
        // One byte more than the limit is kept: enough to tell a line that is too long.
        let room = (MAX_LINE_BYTES + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len() as u64;
        let used = chunk.len() + usize::from(ended);
        input.consume(used);
    }
    if !read_any {
        return Ok(None);
    }
    // A line that ends `\r\n` was written on Windows.
    if length <= MAX_LINE_BYTES as u64 + 1 && kept.last() == Some(&b'\r') {
        kept.pop();
        length -= 1;
    }
    if length > MAX_LINE_BYTES as u64 {
        return Ok(Some(Line::TooLong { bytes: length }));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotText,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut input = io::BufReader::with_capacity(16, bytes);
        std::iter::from_fn(|| read_line(&mut input).unwrap()).collect()
    }

    #[test]
    fn text_lines_lose_their_endings() {
        assert_eq!(
            lines(b"a1-b2\r\nquit\nlast"),
            [
                Line::Text("a1-b2".into()),
                Line::Text("quit".into()),
                Line::Text("last".into())
            ]
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_one_refused_line() {
        assert_eq!(
            lines(b"\xff\xfe\nmoves\n"),
            [Line::NotText, Line::Text("moves".into())]
        );
    }

    #[test]
    fn a_long_line_is_measured_not_kept() {
        let mut long = vec![b'a'; 100_000];
        long.extend_from_slice(b"\nquit\n");
        assert_eq!(
            lines(&long),
            [Line::TooLong { bytes: 100_000 }, Line::Text("quit".into())]
        );
        let exactly = vec![b'b'; MAX_LINE_BYTES];
        assert!(matches!(&lines(&exactly)[..], [Line::Text(t)] if t.len() == MAX_LINE_BYTES));
    }
}
