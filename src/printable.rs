//! Text from a ruleset or a record, made safe to show on a terminal.
//!
//! Names, summaries and result reasons come from files someone else wrote; a control
//! character in them (an escape sequence, a carriage return) would reach the terminal
//! and could redraw or hide what the program prints. They are shown escaped instead, as
//! Rust writes them in strings: `\u{1b}`, `\r`.
//!
//! ```
//! use variant_run::printable::printable;
//! assert_eq!(printable("x wins"), "x wins");
//! assert_eq!(printable("x\u{1b}[2J wins\r"), "x\\u{1b}[2J wins\\r");
//! ```

use std::borrow::Cow;

/// The text with every control character escaped (newlines and tabs too: the texts this
/// is for are one line each).
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_controls(text, false)
}

/// Like [`printable`], keeping newlines: for messages of several lines.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escape_controls(text, true)
}

fn escape_controls(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let is_escaped = |c: char| c.is_control() && !(keep_newlines && c == '\n');
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(printable("a1-b2 wins: é"), Cow::Borrowed(_)));
    }

    #[test]
    fn c0_c1_and_delete_are_escaped() {
        assert_eq!(
            printable("a\u{7f}b\u{9b}c\td\ne"),
            "a\\u{7f}b\\u{9b}c\\td\\ne"
        );
        assert_eq!(printable_lines("a\u{1b}\nb"), "a\\u{1b}\nb");
    }
}
