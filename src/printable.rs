//! Text from a ruleset or a record, made safe to show on a terminal.
//!
//! Names, summaries and result reasons come from files someone else wrote; a control
//! character in them (an escape sequence, a carriage return) would reach the terminal
//! and could redraw or hide what the program prints. So could the characters that
//! reorder text (U+202E turns the rest of a line around, so `x wins` can show as another
//! player's win) and those that end a line without being a newline (U+2028, U+2029).
//! They are all shown escaped instead, as Rust writes them in strings: `\u{1b}`, `\r`,
//! `\u{202e}`.
//!
//! ```
//! use variant_run::printable::printable;
//! assert_eq!(printable("x wins"), "x wins");
//! assert_eq!(printable("x\u{1b}[2J wins\r"), "x\\u{1b}[2J wins\\r");
//! assert_eq!(printable("\u{202e}sniw o"), "\\u{202e}sniw o");
//! ```

use std::borrow::Cow;

/// Whether a character must not reach a terminal as it is: a control character (C0, C1,
/// delete), a line or paragraph separator, or a character that changes the direction of
/// the text around it (the bidirectional marks, embeddings, overrides and isolates).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' // line and paragraph separators
                | '\u{061c}' | '\u{200e}' | '\u{200f}' // direction marks
                | '\u{202a}'..='\u{202e}' // embeddings and overrides
                | '\u{2066}'..='\u{2069}' // isolates
        )
}

/// An unsafe character in words, for messages that refuse it: `a control character
/// (U+001B)`, `a character that turns text around (U+202E)`.
pub fn unsafe_words(c: char) -> String {
    let kind = if c.is_control() {
        "a control character"
    } else if matches!(c, '\u{2028}' | '\u{2029}') {
        "a line separator"
    } else {
        "a character that turns text around"
    };
    format!("{kind} (U+{:04X})", c as u32)
}

/// The text with every unsafe character escaped (newlines and tabs too: the texts this
/// is for are one line each).
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_unsafe(text, false)
}

/// Like [`printable`], keeping newlines: for messages of several lines.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escape_unsafe(text, true)
}

fn escape_unsafe(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let is_escaped = |c: char| is_unsafe(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// How many characters of a quote a message keeps: enough to recognise what was
/// written, short of a line read from a 16 MB record.
pub const QUOTE_CHARS: usize = 60;

/// How many characters of one line a message keeps.
pub const MESSAGE_LINE_CHARS: usize = 1000;

/// A message as it may be shown: unsafe characters escaped (newlines kept), every quote
/// in backticks longer than [`QUOTE_CHARS`] cut short, and every line cut at
/// [`MESSAGE_LINE_CHARS`], each cut saying how much it left out. Messages quote what was
/// typed or read, which may be anything, of any length.
pub fn message(text: &str) -> String {
    let text = printable_lines(text);
    let mut out = String::with_capacity(text.len().min(4 * MESSAGE_LINE_CHARS));
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&clip(&clip_quotes(line), MESSAGE_LINE_CHARS));
    }
    out
}

/// The text cut after `most` characters, with how many bytes were left out.
pub fn clip(text: &str, most: usize) -> Cow<'_, str> {
    match text.char_indices().nth(most) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}... ({} bytes in all)", &text[..end], text.len())),
    }
}

/// Every span between two backticks cut to [`QUOTE_CHARS`] characters.
fn clip_quotes(line: &str) -> Cow<'_, str> {
    if line.len() <= QUOTE_CHARS + 2 {
        return Cow::Borrowed(line);
    }
    let mut out = String::new();
    let mut parts = line.split('`');
    out.push_str(parts.next().unwrap_or_default());
    let mut quoted = true;
    for part in parts {
        out.push('`');
        if quoted {
            out.push_str(&clip(part, QUOTE_CHARS));
        } else {
            out.push_str(part);
        }
        quoted = !quoted;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(printable("a1-b2 wins: é ü 中"), Cow::Borrowed(_)));
    }

    #[test]
    fn c0_c1_and_delete_are_escaped() {
        assert_eq!(
            printable("a\u{7f}b\u{9b}c\td\ne"),
            "a\\u{7f}b\\u{9b}c\\td\\ne"
        );
        assert_eq!(printable_lines("a\u{1b}\nb"), "a\\u{1b}\nb");
    }

    #[test]
    fn direction_changes_and_separators_are_escaped() {
        for (c, shown) in [
            ('\u{202e}', "\\u{202e}"),
            ('\u{202a}', "\\u{202a}"),
            ('\u{2066}', "\\u{2066}"),
            ('\u{2069}', "\\u{2069}"),
            ('\u{200f}', "\\u{200f}"),
            ('\u{061c}', "\\u{61c}"),
            ('\u{2028}', "\\u{2028}"),
            ('\u{2029}', "\\u{2029}"),
            ('\u{85}', "\\u{85}"),
        ] {
            assert_eq!(printable(&format!("a{c}b")), format!("a{shown}b"), "{c:?}");
            assert_eq!(printable_lines(&format!("a{c}\nb")), format!("a{shown}\nb"));
        }
    }

    #[test]
    fn long_quotes_and_lines_are_cut_short() {
        let long = "b".repeat(100);
        assert_eq!(
            message(&format!("turn 1 `{long}`: `{long}` is not a turn\nnext")),
            format!(
                "turn 1 `{b}... (100 bytes in all)`: `{b}... (100 bytes in all)` is not a \
                 turn\nnext",
                b = "b".repeat(QUOTE_CHARS)
            )
        );
        assert_eq!(message("short `quote` kept"), "short `quote` kept");
        let line = "é".repeat(3000);
        assert_eq!(
            message(&line),
            format!("{}... (6000 bytes in all)", "é".repeat(MESSAGE_LINE_CHARS))
        );
        assert_eq!(message("a\u{1b}\nb"), "a\\u{1b}\nb");
    }
}
